/**
 * reconcile observes what an uncertain act did, never acting: a click whose navigation committed
 * after its answer was lost, and one that did not (the page counts its clicks on the server).
 * --session-budget steps the observation tier down, then refuses with session_budget_exhausted.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { clickCountingSite } from "../support/fixtures.ts";

Deno.test(
  "reconcile says yes for a click whose navigation committed after its answer was lost, no for one that did not, and dispatches nothing",
  browserTest,
  async () => {
    const { site, clicks } = clickCountingSite();
    await using _site = site;
    await using ph = await Porthole.start();
    const sid = await ph.session();

    // The navigation is slower than the act's timeout: the answer has no observation.
    const go = await ph.open(sid, site.url("/go"));
    const lost = await ph.act(sid, go, { action: "click", ref: refOf(go, /button "Go"/), timeoutMs: 700 });
    assert.equal(lost.observation, "unavailable", JSON.stringify(lost));
    assert.notEqual(lost.execution, "not_dispatched");
    // Time for the slow server to answer and the navigation to commit (nothing is asked of the page).
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(clicks(), 1);
    const yes = await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: lost.actionId });
    assert.equal(yes.status, 200, JSON.stringify(yes.body));
    assert.equal(yes.body.navigation.answer, "yes", JSON.stringify(yes.body));
    assert.match(yes.body.navigation.url, /\/next$/);
    assert.equal(yes.body.target.answer, "no", "the button left with its document");
    assert.equal(yes.body.request.answer, "yes");
    assert.equal(yes.body.request.method, "POST");
    assert.match(yes.body.request.url, /\/click$/);
    assert.equal(yes.body.observation, "captured");
    assert.match(yes.body.freshState.tree, /heading "Next"/);
    assert.equal(clicks(), 1, "reconcile clicked nothing");

    // The input is never acknowledged in time (the handler holds the renderer): dispatched_unknown.
    const stay = await ph.open(sid, site.url("/stay"));
    const unknown = await ph.act(sid, stay, {
      action: "click",
      ref: refOf(stay, /button "Stay"/),
      timeoutMs: 700,
    });
    assert.equal(unknown.execution, "dispatched_unknown", JSON.stringify(unknown));
    await new Promise((r) => setTimeout(r, 1500));
    const no = await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: unknown.actionId });
    assert.equal(no.status, 200, JSON.stringify(no.body));
    assert.equal(no.body.navigation.answer, "no", JSON.stringify(no.body));
    assert.equal(no.body.target.answer, "yes");
    assert.equal(no.body.value.answer, "unknown", "a click types nothing");
    assert.equal(no.body.request.answer, "yes");
    assert.equal(clicks(), 2, "the click happened once, and reconcile added none");

    assertError(
      await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: "a_nosuchaction" }),
      404,
      "action_not_found",
    );
    assertError(await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: 7 }), 400, "invalid_params");
    const entries = (await ph.request("GET", `/v1/sessions/${sid}/journal`)).body.entries;
    assert.equal(entries.filter((e: Json) => e.kind === "act").length, 2, "reconcile writes no act");
  },
);

Deno.test(
  "reconcile tells whether a fill's value is in the field",
  browserTest,
  async () => {
    await using site = new Site({ "/": `<!doctype html><title>F</title><label>Name <input></label>` });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const filled = await ph.act(sid, state, {
      action: "fill",
      ref: refOf(state, /textbox "Name"/),
      text: "Ada",
    });
    const r = await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: filled.actionId });
    assert.equal(r.body.value.answer, "yes", JSON.stringify(r.body));
    assert.ok(!JSON.stringify(r.body.value).includes("Ada"), "the value is compared, never echoed");
    await ph.pageEval(sid, "document.querySelector('input').value = 'Bob'");
    const after = await ph.post(`/v1/sessions/${sid}/reconcile`, { actionId: filled.actionId });
    assert.equal(after.body.value.answer, "no");
  },
);

const BIG = `<!doctype html><title>Big</title><main>${
  Array.from({ length: 60 }, (_, i) => `<p>Paragraph number ${i} with some words</p><button>B${i}</button>`)
    .join("")
}</main>`;

Deno.test(
  "a session budget steps the tier down (full → interactive → minimal) with a notice, then refuses observe and act",
  browserTest,
  async () => {
    await using site = new Site({ "/": BIG }), ph = await Porthole.start();
    const probe = await ph.session();
    const full = await ph.open(probe, site.url("/"));
    assert.deepEqual(full.budget, { bytesUsed: full.bytes, bytesLimit: null });
    ph.server.registry.config.sessionBudgetBytes = full.bytes * 4;

    const sid = await ph.session();
    const tiers: string[] = [];
    let last: Json = await ph.open(sid, site.url("/"));
    tiers.push(last.tier);
    let refused = null;
    for (let i = 0; i < 100 && !refused; i++) {
      const r = await ph.post(`/v1/sessions/${sid}/observe`, {});
      if (r.status !== 200) refused = r;
      else {
        last = r.body;
        tiers.push(last.tier);
        assert.equal(last.budget.bytesLimit, full.bytes * 4);
        if (last.tier !== "full") assert.match(last.budget.notice, /instead of full/);
      }
    }
    assert.ok(refused, "the budget ended in a refusal");
    assertError(refused, 409, "session_budget_exhausted");
    assert.ok(refused.body.error.details.bytesUsed >= full.bytes * 4);
    const order = ["full", "interactive", "minimal"];
    assert.deepEqual([...new Set(tiers)], order, `tiers seen: ${tiers.join(" ")}`);
    for (let i = 1; i < tiers.length; i++) assert.ok(order.indexOf(tiers[i]) >= order.indexOf(tiers[i - 1]));
    const act = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: last.stateId,
      targetId: last.targetId,
      action: "click",
      ref: refOf(last, /button "B1"/),
    });
    assertError(act, 409, "session_budget_exhausted");
  },
);

Deno.test("an act answer carries the session's budget once", browserTest, async () => {
  await using site = new Site({ "/": BIG }),
    ph = await Porthole.start((c) => (c.sessionBudgetBytes = 10_000_000));
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "B1"/) });
  // In its fresh state, where the act's bytes were counted; not a second time beside it.
  assert.equal(r.freshState.budget.bytesLimit, 10_000_000);
  assert.equal(r.freshState.budget.bytesUsed, state.bytes + r.freshState.bytes);
  assert.equal(r.budget, undefined);
  // Without a fresh state (a stale id), the answer itself carries it.
  const stale = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "B1"/) });
  assert.equal(stale.error.code, "stale_state");
  assert.deepEqual(stale.budget, r.freshState.budget);
  // Changes are counted by their lines' bytes.
  const changed = await ph.act(sid, r.freshState, {
    action: "click",
    ref: refOf(state, /button "B2"/),
    fresh: "changes",
  });
  const lines = Object.values(changed.freshState.changes).flat().join("\n");
  assert.ok(lines.length > 0);
  assert.equal(
    changed.freshState.budget.bytesUsed,
    r.freshState.budget.bytesUsed + new TextEncoder().encode(lines).length,
  );
});
