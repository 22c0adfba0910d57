/** The element list's options over HTTP: roles, stability and changes, metadata, tools, screenshots. */
import assert from "node:assert/strict";
import { browserTest, type Json, sharedPorthole, Site } from "../support/harness.ts";

const site = new Site({
  "/form": `<!doctype html><title>Sign in</title>
    <form toolname="sign_in" tooldescription="Sign in"><input name="user"></form>
    <label>Email <input id="email" value="ada@example.com"></label>
    <label>Password <input id="pw" type="password" value="hunter2"></label>
    <button id="go" onclick="document.getElementById('go').textContent = 'Sent'">Go</button>
    <button id="add" onclick="const b = document.createElement('button'); b.textContent = 'Extra'; document.body.append(b)">Add</button>
    <a href="/next">Next page</a>`,
});
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

const elements = async (sid: string, body: unknown) => {
  const r = await ph.post(`/v1/sessions/${sid}/elements`, body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
};
const byName = (list: Json[], name: string) => list.find((e) => e.name === name);

Deno.test("elements lists only the roles asked for, and counts them all", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/form"));
  const r = await elements(s.sid, { roles: ["button"] });
  assert.deepEqual(r.elements.map((e: Json) => e.name), ["Go", "Add"]);
  assert.ok(r.totalElements > 2, JSON.stringify(r));
  assert.ok(byName(r.elements, "Go").actionHints.includes("clickable"));
});

Deno.test("elements gives a field's value, and a credential field's as [REDACTED]", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/form"));
  const r = await elements(s.sid, { roles: ["textbox"] });
  const values = r.elements.map((e: Json) => e.value);
  assert.ok(values.includes("ada@example.com"), JSON.stringify(r.elements));
  assert.ok(values.includes("[REDACTED]"), JSON.stringify(r.elements));
  assert.equal(JSON.stringify(r).includes("hunter2"), false);
});

Deno.test(
  "elements with stability marks what the previous listing had, and changes lists what changed",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/form"));
    const first = await elements(s.sid, { stability: true, changes: true });
    assert.ok(first.elements.every((e: Json) => e.stability === "new"), JSON.stringify(first));
    assert.equal(first.changes, undefined, "no previous listing: no changes");
    const go = byName(first.elements, "Go");
    const add = byName(first.elements, "Add");
    await ph.act(s.sid, first, { action: "click", ref: go.ref });
    const clicked = await elements(s.sid, { roles: ["button"] });
    await ph.act(s.sid, clicked, { action: "click", ref: byName(clicked.elements, "Add").ref });
    const second = await elements(s.sid, { stability: true, changes: true });
    assert.equal(byName(second.elements, "Add").stability, "stable");
    assert.equal(byName(second.elements, "Extra").stability, "new");
    assert.deepEqual(second.changes.added.map((e: Json) => e.name), ["Extra"]);
    assert.deepEqual(second.changes.updated.map((e: Json) => e.ref), [go.ref]);
    assert.deepEqual(second.changes.removed, []);
    assert.equal(add.ref, byName(second.elements, "Add").ref);
    const fresh = await elements(s.sid, { stability: true, refresh: true });
    assert.ok(fresh.elements.every((e: Json) => e.stability === "new"), JSON.stringify(fresh));
  },
);

Deno.test(
  "elements with metadata, tools and screenshot gives the title, viewport, WebMCP tools and a JPEG",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/form"));
    const r = await elements(s.sid, { metadata: true, tools: true, screenshot: true, maxElements: 0 });
    assert.equal(r.title, "Sign in");
    assert.ok(r.viewport.width > 0 && r.viewport.height > 0, JSON.stringify(r.viewport));
    assert.deepEqual(r.tools.map((t: Json) => t.name), ["sign_in"]);
    assert.equal(r.screenshot.annotated, false);
    assert.equal(r.screenshot.artifact.mimeType, "image/jpeg");
    const plain = await elements(s.sid, {});
    for (const key of ["title", "viewport", "tools", "screenshot", "changes"]) {
      assert.equal(plain[key], undefined);
    }
  },
);

Deno.test(
  "elements with observe: false reads metadata, tools and a screenshot without observing, so the current state stays",
  browserTest,
  async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/form"));
    const r = await elements(s.sid, { observe: false, metadata: true, tools: true, screenshot: true });
    assert.deepEqual([r.stateId, r.elements, r.totalElements], [undefined, [], 0]);
    assert.deepEqual([r.title, r.url, r.tools.map((t: Json) => t.name)], ["Sign in", site.url("/form"), [
      "sign_in",
    ]]);
    assert.equal(r.screenshot.artifact.mimeType, "image/jpeg");
    const acted = await ph.actOn(s.sid, state, "click", /button "Go"/);
    assert.equal(acted.execution, "completed", "the state navigate returned is still the current one");
    const marked = await ph.post(`/v1/sessions/${s.sid}/elements`, { observe: false, annotate: true });
    assert.equal(marked.status, 400, JSON.stringify(marked.body));
    assert.equal(marked.body.error.details.field, "observe");
    for (const shaping of [{ roles: ["button"] }, { maxElements: 5 }]) {
      const r = await ph.post(`/v1/sessions/${s.sid}/elements`, { observe: false, ...shaping });
      assert.equal(r.status, 400, `${JSON.stringify(shaping)} is refused, not ignored`);
      assert.match(r.body.error.message, new RegExp(`^${Object.keys(shaping)[0]} needs an observation`));
    }
  },
);

Deno.test("elements with annotate options labels boxes by ref", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/form"));
  const r = await elements(s.sid, { roles: ["button"], annotate: { enabled: true, labelFormat: "ref" } });
  assert.deepEqual(r.screenshot.labels.map((l: Json) => l.label), r.elements.map((e: Json) => e.ref));
});

Deno.test("elements refuses bad options naming the field", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/form"));
  for (const [body, field] of [[{ roles: "button" }, "roles"], [{ stability: 1 }, "stability"]] as const) {
    const r = await ph.post(`/v1/sessions/${s.sid}/elements`, body);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.error.details.field, field, JSON.stringify(r.body));
  }
});
