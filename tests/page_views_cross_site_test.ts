/**
 * The page views of a cross-site (out-of-process) iframe that `frames` lists: `content`,
 * `element` and `aria` read it on its own target as they read a same-origin frame. Two sites:
 * 127.0.0.1 and localhost (another port of the same host would stay in the page's process).
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, sharedPorthole, Site } from "./harness.ts";

const far = new Site({
  "/far": `<!doctype html><title>Far</title><main><h1>Far away</h1>
    <p>Some <a href="https://example.test/x?token=s3cr3t">link</a></p>
    <label>Password <input id="pw" type="password" value="hunter2"></label>
    <button id="go" disabled>Go far</button></main>`,
}, "localhost");
const site = new Site({
  "/": `<!doctype html><title>Near</title><h1>Near</h1><iframe src="${far.url("/far")}"></iframe>`,
});
globalThis.addEventListener("unload", () => {
  far.server.shutdown();
  site.server.shutdown();
});
const { ph, session } = await sharedPorthole();

/** A session on the page, and the frameId `frames` lists for its cross-site iframe. */
async function crossSite() {
  const s = await session(site.url("/"));
  const frame = await eventually("the cross-site frame to be listed", async () => {
    const frames = (await ph.post(`/v1/sessions/${s.sid}/frames`, {})).body.frames as Json[];
    return frames.find((f) => String(f.url).startsWith(far.origin));
  });
  return { ...s, frameId: frame.frameId as string };
}

const post = (sid: string, op: string, body: Json) => ph.post(`/v1/sessions/${sid}/${op}`, body);

Deno.test(
  "content reads a cross-site frame that frames lists, as HTML, text and Markdown, redacted",
  browserTest,
  async () => {
    await using s = await crossSite();
    const r = await post(s.sid, "content", { frameId: s.frameId, formats: ["html", "text", "markdown"] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.frameId, s.frameId);
    assert.equal(r.body.title, "Far");
    assert.ok(String(r.body.url).startsWith(far.origin), r.body.url);
    assert.match(r.body.text, /Far away/);
    assert.doesNotMatch(r.body.text, /Near/, "the frame's document, not the page's");
    assert.match(r.body.html, /<h1>Far away<\/h1>/);
    assert.match(r.body.markdown, /# Far away/);
    assert.equal(JSON.stringify(r.body).includes("hunter2"), false, "the password is redacted");
    assert.equal(JSON.stringify(r.body).includes("s3cr3t"), false, "the link's secret is redacted");
  },
);

Deno.test(
  "element reads the element a locator names in a cross-site frame that frames lists",
  browserTest,
  async () => {
    await using s = await crossSite();
    const go = await post(s.sid, "element", {
      frameId: s.frameId,
      locator: { type: "role", role: "button", name: "Go far" },
      properties: ["visible", "enabled", "text"],
    });
    assert.equal(go.status, 200, JSON.stringify(go.body));
    assert.deepEqual(go.body, { found: true, visible: true, enabled: false, text: "Go far" });
    const pw = await post(s.sid, "element", {
      frameId: s.frameId,
      locator: { type: "css", value: "#pw" },
      properties: ["value"],
    });
    assert.equal(pw.status, 200, JSON.stringify(pw.body));
    assert.equal(pw.body.found, true);
    assert.notEqual(pw.body.value, "hunter2", "a credential field never shows its value");
    const none = await post(s.sid, "element", {
      frameId: s.frameId,
      locator: { type: "css", value: "#none" },
      properties: ["text"],
    });
    assert.deepEqual(none.body, { found: false });
  },
);

Deno.test("aria reads a cross-site frame that frames lists, or one element in it", browserTest, async () => {
  await using s = await crossSite();
  const page = await post(s.sid, "aria", { frameId: s.frameId });
  assert.equal(page.status, 200, JSON.stringify(page.body));
  assert.match(page.body.snapshot, /heading "Far away"/);
  assert.doesNotMatch(page.body.snapshot, /Near/);
  const go = await post(s.sid, "aria", { frameId: s.frameId, locator: { type: "css", value: "#go" } });
  assert.equal(go.status, 200, JSON.stringify(go.body));
  assert.match(go.body.snapshot, /button "Go far"/);
  const tree = await post(s.sid, "aria", { frameId: s.frameId, format: "tree", maxDepth: 3 });
  assert.equal(tree.status, 200, JSON.stringify(tree.body));
  assert.equal(tree.body.tree.role, "RootWebArea");
});

Deno.test("a frameId that is not a frame of the page stays 404 frame_not_found", browserTest, async () => {
  await using s = await crossSite();
  for (const op of ["content", "element", "aria"]) {
    const body: Json = { frameId: "NOT-A-FRAME" };
    if (op === "element") {
      Object.assign(body, { locator: { type: "css", value: "h1" }, properties: ["text"] });
    }
    assertError(await post(s.sid, op, body), 404, "frame_not_found");
  }
});
