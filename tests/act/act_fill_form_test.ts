import assert from "node:assert/strict";
import { assertCaptured, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const PROFILE = `<!doctype html><title>Profile</title>
<form>
<label>First name <input name=first></label>
<label>Last name <input name=last value="old"></label>
<label>Born <input type=date name=born></label>
<label>Country <select name=country><option value="">Pick one</option><option value="fr">France</option><option value="jp">Japan</option></select></label>
<label>News <input type=checkbox name=news></label>
<label>Spam <input type=checkbox name=spam checked></label>
<label>Plan A <input type=radio name=plan value=a checked></label>
<label>Plan B <input type=radio name=plan value=b></label>
<label>Locked <input name=locked disabled></label>
<label>Bio <textarea name=bio></textarea></label>
</form>
<p id="changes">0</p>
<script>
  let n = 0;
  document.querySelector("form").addEventListener("change", () => { document.getElementById("changes").textContent = String(++n); });
</script>`;

const values = (ph: Porthole, sid: string) =>
  ph.pageEval(
    sid,
    `(() => { const f = document.forms[0]; return { first: f.first.value, last: f.last.value, born: f.born.value,
      country: f.country.value, news: f.news.checked, spam: f.spam.checked, plan: f.plan.value, bio: f.bio.value }; })()`,
  );

const { ph } = { ph: await Porthole.start() };

/** A new session at the profile form that fills `fields` (tree line → value) in one fill_form act. */
async function fillProfile(site: Site, fields: [RegExp, Json][]) {
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.act(sid, state, {
    action: "fill_form",
    fields: fields.map(([line, value]) => ({ ref: refOf(state, line), value })),
  });
  return { sid, state, r };
}

Deno.test(
  "fill_form fills text, date, select, checkbox and radio fields in one act",
  browserTest,
  async () => {
    await using site = new Site({ "/": PROFILE });
    const { sid, state, r } = await fillProfile(site, [
      [/textbox "First name"/, "Ada"],
      [/textbox "Last name"/, ""],
      [/textbox "Born"/, "1815-12-10"],
      [/combobox "Country"/, "Japan"],
      [/checkbox "News"/, true],
      [/checkbox "Spam"/, false],
      [/radio "Plan B"/, true],
      [/radio "Plan A"/, false],
      [/textbox "Bio"/, "Count of\nnumbers"],
    ]);
    assertCaptured(r);
    assert.deepEqual(await values(ph, sid), {
      first: "Ada",
      last: "",
      born: "1815-12-10",
      country: "jp",
      news: true,
      spam: false,
      plan: "b",
      bio: "Count of\nnumbers",
    });
    assert.deepEqual(r.fields.map((f: { action: string; outcome: string }) => `${f.action}:${f.outcome}`), [
      "fill:completed",
      "clear:completed",
      "fill:completed",
      "select:completed",
      "check:completed",
      "uncheck:completed",
      "check:completed",
      "uncheck:noop",
      "fill:completed",
    ]);
    assert.match(r.freshState.tree, /textbox "Born" \[ref=@e\d+\]: 1815-12-10/);
    assert.equal(r.settle.state, "quiet");
    // One state consumed, one fresh state: the old one is spent, the fresh one acts.
    const again = await ph.act(sid, state, { action: "click", ref: refOf(state, /checkbox "News"/) });
    assert.equal(again.error.code, "stale_state");
  },
);

Deno.test(
  "fill_form stops at the first refused field and says what happened to each",
  browserTest,
  async () => {
    await using site = new Site({ "/": PROFILE });
    const { sid, r } = await fillProfile(site, [
      [/textbox "First name"/, "Ada"],
      [/textbox "Locked"/, "nope"],
      [/textbox "Bio"/, "never written"],
    ]);
    assert.equal(r.execution, "completed");
    assert.equal(r.observation, "captured");
    assert.equal(r.error.code, "element_not_enabled");
    assert.deepEqual(r.fields.map((f: { outcome: string }) => f.outcome), [
      "completed",
      "refused",
      "skipped",
    ]);
    assert.equal(r.fields[1].error.code, "element_not_enabled");
    const v = await values(ph, sid);
    assert.equal(v.first, "Ada");
    assert.equal(v.bio, "");
  },
);

Deno.test(
  "fill_form refuses a value its field cannot take before anything is sent",
  browserTest,
  async () => {
    await using site = new Site({ "/": PROFILE });
    const { sid, r } = await fillProfile(site, [
      [/checkbox "News"/, "yes"],
      [/textbox "First name"/, "Ada"],
    ]);
    assert.equal(r.execution, "not_dispatched");
    assert.equal(r.error.code, "invalid_params");
    assert.equal(r.error.details.field, "fields.0.value");
    assert.deepEqual(r.fields.map((f: { outcome: string }) => f.outcome), ["refused", "skipped"]);
    const country = await ph.act(sid, r.freshState, {
      action: "fill_form",
      fields: [{ ref: refOf(r.freshState, /combobox "Country"/), value: "Mars" }],
    });
    assert.equal(country.error.code, "invalid_params");
    assert.equal(country.error.details.field, "fields.0.value");
    assert.equal((await values(ph, sid)).first, "");
    const bad = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: country.freshState.stateId,
      targetId: country.freshState.targetId,
      action: "fill_form",
      fields: [],
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.error), /fields/);
  },
);

Deno.test("browser_act over MCP fills a form with fill_form", browserTest, async () => {
  await using site = new Site({ "/": PROFILE });
  const { mcpOverHttp } = await import("../support/mcp_client.ts");
  await using mcp = await mcpOverHttp(ph);
  const nav = await mcp.call("browser_navigate", { url: site.url("/") });
  assert.ok(nav);
  const obs = await mcp.call("browser_observe", {});
  const tree = String(obs.structuredContent.tree);
  const first = refOf({ tree }, /textbox "First name"/);
  const news = refOf({ tree }, /checkbox "News"/);
  const r = await mcp.call("browser_act", {
    state_id: obs.structuredContent.state_id,
    target_id: obs.structuredContent.target_id,
    action: "fill_form",
    fields: [{ ref: first, value: "Grace" }, { ref: news, value: true }],
  });
  assert.equal(r.structuredContent.execution, "completed");
  assert.deepEqual(r.structuredContent.fields.map((f: { outcome: string }) => f.outcome), [
    "completed",
    "completed",
  ]);
  await ph[Symbol.asyncDispose]();
});
