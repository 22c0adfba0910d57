/** The page views over HTTP: content, one element's properties, ARIA YAML and tree. */
import assert from "node:assert/strict";
import { browserTest, type Json, sharedPorthole, Site } from "../support/harness.ts";

const site = new Site({
  "/": `<!doctype html><title>Views</title><main>
    <h1>Hello</h1><p>Some <a href="https://example.test/x?token=s3cr3t">link</a></p>
    <label>Password <input id="pw" type="password" value="hunter2"></label>
    <label><input type="checkbox" id="ok" checked> Agree</label>
    <button class="twin">A</button><button class="twin">B</button>
    <nav id="nav"><a href="/one">One</a></nav></main>
    <iframe src="/inner"></iframe>`,
  "/inner": `<!doctype html><title>Inner</title><p>Framed text</p>`,
});
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

const post = async (sid: string, op: string, body: Json, status = 200) => {
  const r = await ph.post(`/v1/sessions/${sid}/${op}`, body);
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};

Deno.test(
  "content gives the document as HTML, text and Markdown, credentials and URLs redacted",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/"));
    const r = await post(s.sid, "content", { formats: ["html", "text", "markdown"] });
    assert.equal(r.title, "Views");
    assert.match(r.text, /Hello/);
    assert.match(r.markdown, /# Hello/);
    assert.match(r.html, /<h1>Hello<\/h1>/);
    assert.equal(JSON.stringify(r).includes("hunter2"), false);
    assert.equal(JSON.stringify(r).includes("s3cr3t"), false);
    const plain = await post(s.sid, "content", {});
    assert.equal(plain.html, undefined);
    assert.match(plain.text, /Hello/);
    const frames = await post(s.sid, "frames", {});
    const inner = frames.frames.find((f: Json) => f.url.endsWith("/inner"));
    assert.match((await post(s.sid, "content", { frameId: inner.frameId })).text, /Framed text/);
  },
);

Deno.test("element reads the properties of the one element a locator names", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/"));
  const ok = await post(s.sid, "element", {
    locator: { type: "css", value: "#ok" },
    properties: ["visible", "enabled", "checked"],
  });
  assert.deepEqual(ok, { found: true, visible: true, enabled: true, checked: true });
  const pw = await post(s.sid, "element", { locator: { type: "css", value: "#pw" }, properties: ["value"] });
  assert.notEqual(pw.value, "hunter2");
  const none = await post(s.sid, "element", {
    locator: { type: "css", value: "#none" },
    properties: ["text"],
  });
  assert.deepEqual(none, { found: false });
  const twins = await ph.post(`/v1/sessions/${s.sid}/element`, {
    locator: { type: "css", value: ".twin" },
    properties: ["text"],
  });
  assert.equal(twins.body.error.code, "selector_ambiguous", JSON.stringify(twins.body));
  const bad = await ph.post(`/v1/sessions/${s.sid}/element`, { locator: { type: "css", value: "#ok" } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details.field, "properties");
});

Deno.test("aria gives ARIA YAML of the page or one element, or a node tree", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/"));
  const page = await post(s.sid, "aria", {});
  assert.match(page.snapshot, /heading "Hello"/);
  assert.equal(page.title, "Views");
  const nav = await post(s.sid, "aria", { locator: { type: "css", value: "#nav" } });
  assert.match(nav.snapshot, /link "One"/);
  assert.doesNotMatch(nav.snapshot, /Hello/);
  const tree = await post(s.sid, "aria", { format: "tree", maxDepth: 3 });
  assert.equal(tree.tree.role, "RootWebArea");
  assert.ok(tree.tree.children.length > 0);
  const missing = await ph.post(`/v1/sessions/${s.sid}/aria`, { locator: { type: "css", value: "#none" } });
  assert.equal(missing.body.error.code, "element_not_found", JSON.stringify(missing.body));
  const bad = await ph.post(`/v1/sessions/${s.sid}/aria`, { format: "xml" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details.field, "format");
});
