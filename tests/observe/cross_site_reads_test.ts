/**
 * The reads of a cross-site (out-of-process) iframe that `frames` lists: `content`, `element`,
 * `aria`, `extract`, `discover` and `elements` read it on its own target as they read a
 * same-origin frame. Two sites: 127.0.0.1 and localhost (another port of the same host would
 * stay in the page's process).
 */
import assert from "node:assert/strict";
import {
  assertError,
  browserTest,
  eventually,
  type Json,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

const far = new Site({
  "/far": `<!doctype html><title>Far</title><main><h1>Far away</h1>
    <p>Some <a href="https://example.test/x?token=s3cr3t">link</a></p>
    <label>Password <input id="pw" type="password" value="hunter2"></label>
    <button id="go" disabled>Go far</button><a href="/next">Next far</a>
    <form toolname="far_search" tooldescription="Search far away"><input name="q"></form></main>`,
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
  for (const op of ["content", "element", "aria", "extract", "discover", "elements"]) {
    const body: Json = { frameId: "NOT-A-FRAME" };
    if (op === "element") {
      Object.assign(body, { locator: { type: "css", value: "h1" }, properties: ["text"] });
    }
    if (op === "extract") body.schema = { type: "string" };
    assertError(await post(s.sid, op, body), 404, "frame_not_found");
  }
});

Deno.test(
  "extract reads a cross-site frame that frames lists, whole, under a locator, or under a ref of it",
  browserTest,
  async () => {
    await using s = await crossSite();
    const extract = (body: Json) => post(s.sid, "extract", { schema: { type: "string" }, ...body });
    const whole = await extract({ frameId: s.frameId });
    assert.equal(whole.status, 200, JSON.stringify(whole.body));
    assert.match(whole.body.data, /Far away/);
    assert.doesNotMatch(whole.body.data, /Near/);
    const h1 = await extract({ frameId: s.frameId, locator: { type: "css", value: "h1" } });
    assert.equal(h1.status, 200, JSON.stringify(h1.body));
    assert.equal(h1.body.data, "Far away");
    const state = await ph.observe(s.sid, { frameId: s.frameId });
    const ref = refOf(state, /button "Go far"/);
    const byRef = await extract({ ref, stateId: state.stateId });
    assert.equal(byRef.status, 200, JSON.stringify(byRef.body));
    assert.equal(byRef.body.data, "Go far");
  },
);

Deno.test("discover finds the tools a cross-site frame that frames lists declares", browserTest, async () => {
  await using s = await crossSite();
  const r = await post(s.sid, "discover", { frameId: s.frameId });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.frameId, s.frameId);
  assert.deepEqual(r.body.tools.map((t: Json) => t.name), ["far_search"]);
});

Deno.test(
  "elements lists a cross-site frame that frames lists, its refs the session's current state",
  browserTest,
  async () => {
    await using s = await crossSite();
    const r = await post(s.sid, "elements", { frameId: s.frameId, metadata: true, tools: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.frameId, s.frameId);
    assert.equal(r.body.title, "Far");
    const names = r.body.elements.map((e: Json) => e.name);
    assert.ok(names.includes("Go far") && names.includes("Next far"), JSON.stringify(names));
    const pw = r.body.elements.find((e: Json) => e.tagName === "input" && e.name === "Password");
    assert.ok(pw, JSON.stringify(r.body.elements));
    assert.equal(JSON.stringify(r.body).includes("hunter2"), false, "the password is redacted");
    assert.deepEqual(r.body.tools.map((t: Json) => t.name), ["far_search"]);
    const go = r.body.elements.find((e: Json) => e.name === "Go far");
    const props = await post(s.sid, "element", {
      locator: { type: "ref", ref: go.ref },
      properties: ["enabled"],
    });
    assert.deepEqual(props.body, { found: true, enabled: false }, "its refs are the current state's");
    const plain = await post(s.sid, "elements", { frameId: s.frameId, observe: false, metadata: true });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.equal(plain.body.title, "Far");
  },
);
