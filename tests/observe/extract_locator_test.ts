/** The extract operation scoped by a locator (waited for) and in a chosen frame, over HTTP. */
import assert from "node:assert/strict";
import { browserTest, type Json, sharedPorthole, Site } from "../support/harness.ts";

const site = new Site({
  "/": `<!doctype html><title>Shop</title>
    <ul id="a"><li>Red mug</li><li>Blue cup</li></ul>
    <ul id="b"><li>Green pot</li></ul>
    <ul class="twin"><li>x</li></ul><ul class="twin"><li>y</li></ul>
    <script>setTimeout(() => { const u = document.createElement("ul"); u.id = "late";
      u.innerHTML = "<li>Late one</li>"; document.body.append(u); }, 300)</script>
    <iframe src="/inner"></iframe>`,
  "/inner": `<!doctype html><ul id="inner"><li>Framed item</li></ul>`,
});
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

const extract = (sid: string, body: Json) =>
  ph.post(`/v1/sessions/${sid}/extract`, { schema: { type: "string" }, ...body });

Deno.test(
  "extract with a locator reads only under the element it names, waiting for it",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/"));
    const b = await extract(s.sid, { locator: { type: "css", value: "#b" } });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.equal(b.body.data, "Green pot");
    const late = await extract(s.sid, { locator: { type: "css", value: "#late" }, timeoutMs: 5000 });
    assert.equal(late.status, 200, JSON.stringify(late.body));
    assert.equal(late.body.data, "Late one");
  },
);

Deno.test("extract reads the frame it is given", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/"));
  const frames = await ph.post(`/v1/sessions/${s.sid}/frames`, {});
  const inner = frames.body.frames.find((f: Json) => f.url.endsWith("/inner"));
  assert.ok(inner, JSON.stringify(frames.body));
  const r = await extract(s.sid, { frameId: inner.frameId });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.data, /Framed item/);
});

Deno.test(
  "extract refuses a locator that names several elements, none in time, or comes with a ref",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/"));
    const twins = await extract(s.sid, { locator: { type: "css", value: ".twin" } });
    assert.equal(twins.body.error.code, "selector_ambiguous", JSON.stringify(twins.body));
    const none = await extract(s.sid, { locator: { type: "css", value: "#nowhere" }, timeoutMs: 300 });
    assert.equal(none.body.error.code, "element_not_found", JSON.stringify(none.body));
    const both = await extract(s.sid, { locator: { type: "css", value: "#a" }, ref: "@e1", stateId: "x" });
    assert.equal(both.status, 400, JSON.stringify(both.body));
    assert.equal(both.body.error.details.field, "locator");
    const bad = await extract(s.sid, { locator: { type: "css" } });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.match(bad.body.error.details.field, /^locator/);
  },
);
