/**
 * The core `locate` against real Chromium: every locator type names exactly the ref the
 * observation shows for its element, or says why there is none.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { locate, type Locator, resolveRef } from "../../lib/session/locate/locate.ts";

const PAGE = `<!doctype html><title>Locate</title>
<h1>Heading only</h1>
<button data-testid="save" aria-label="Save changes"><span><i>Save</i></span></button>
<a href="#docs">Docs</a>
<input id="q" placeholder="Search the site">
<label for="name">Full name</label><input id="name">
<button class="dup">Dup</button><button class="dup">Dup</button>
<button id="ghost" style="display:none">Ghost</button>
<div style="position:absolute;left:500px;top:10px"><button id="pos" style="width:100px;height:40px">Placed</button></div>
<iframe src="/inner" style="position:absolute;left:700px;top:100px;width:220px;height:120px;border:0"></iframe>
<div id="host"></div>
<script>
  const root = document.getElementById("host").attachShadow({ mode: "open" });
  root.innerHTML = '<button id="shadowed">In shadow</button>';
</script>`;

const site = new Site({
  "/": PAGE,
  "/inner": `<!doctype html><body style="margin:0"><button style="width:200px;height:100px">Framed</button>`,
});
const ph = await Porthole.start();
globalThis.addEventListener("unload", () => {
  ph.server.close();
  site.server.shutdown();
});

async function opened(): Promise<{ sid: string; state: Json; run: (loc: Locator) => Promise<Json> }> {
  const sid = await ph.session();
  let state = await ph.open(sid, site.url("/"));
  // The iframe's document may still be loading at the first observation.
  for (let i = 0; i < 50 && !/button "Framed" \[ref=/.test(state.tree); i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = await ph.observe(sid);
  }
  const session = ph.server.registry.get(sid);
  const run = (loc: Locator) => {
    const current = session.states.current!;
    const rec = session.pages.get(current.pageId)!;
    return locate(rec.driver, current, loc, AbortSignal.timeout(5000));
  };
  return { sid, state, run };
}

Deno.test("every locator type names the ref observe shows for its element", browserTest, async () => {
  const { state, run } = await opened();
  const save = refOf(state, /button "Save changes"/);
  const cases: [Locator, string][] = [
    [{ type: "css", value: "[data-testid=save]" }, save],
    [{ type: "xpath", value: "//a[text()='Docs']" }, refOf(state, /link "Docs"/)],
    [{ type: "role", role: "button", name: "save changes" }, save],
    [{ type: "role", role: "link", name: "Docs", exact: true }, refOf(state, /link "Docs"/)],
    [{ type: "text", value: "Save", exact: true }, save],
    [{ type: "semantic", description: "Docs" }, refOf(state, /link "Docs"/)],
    [{ type: "label", value: "full name" }, refOf(state, /textbox "Full name"/)],
    [{ type: "placeholder", value: "search" }, refOf(state, /textbox "Search the site"/)],
    [{ type: "testId", value: "save" }, save],
    [{ type: "coordinates", x: 550, y: 30 }, refOf(state, /button "Placed"/)],
    [{ type: "coordinates", x: 800, y: 150 }, refOf(state, /button "Framed"/)],
    [{ type: "ref", ref: save }, save],
    [{ type: "ref", ref: save.slice(1) }, save],
    [{ type: "css", value: "#shadowed" }, refOf(state, /button "In shadow"/)],
  ];
  for (const [loc, ref] of cases) {
    const r = await run(loc);
    assert.deepEqual([r.ok, r.ref], [true, ref], JSON.stringify(loc));
    assert.equal(r.target.ref, ref);
  }
});

Deno.test(
  "locate says why no one ref is named: none, several, hidden, no ref, unknown, invalid",
  browserTest,
  async () => {
    const { run } = await opened();
    assert.deepEqual(await run({ type: "css", value: "#missing" }), { ok: false, why: "not_found" });
    assert.deepEqual(await run({ type: "css", value: ".dup" }), { ok: false, why: "ambiguous", count: 2 });
    assert.deepEqual(await run({ type: "text", value: "Dup" }), { ok: false, why: "ambiguous", count: 2 });
    assert.deepEqual(await run({ type: "css", value: "#ghost" }), { ok: false, why: "not_visible" });
    assert.deepEqual(
      await run({ type: "role", role: "button", name: "Ghost" }),
      { ok: false, why: "not_found" },
      "a hidden element has no role the observation could show",
    );
    assert.deepEqual(await run({ type: "text", value: "Heading only" }), { ok: false, why: "no_ref" });
    assert.deepEqual(await run({ type: "ref", ref: "@e999" }), { ok: false, why: "unknown_ref" });
    assert.deepEqual(await run({ type: "ref", ref: "@save" }), { ok: false, why: "unknown_ref" });
    const bad = await run({ type: "css", value: "a[" });
    assert.equal(bad.why, "invalid");
    assert.match(bad.message, /not a valid selector/);
  },
);

Deno.test(
  "resolveRef gives the element behind a core ref, and nothing for a ref the state lacks",
  browserTest,
  async () => {
    const { sid, state } = await opened();
    const session = ph.server.registry.get(sid);
    const current = session.states.current!;
    const rec = session.pages.get(current.pageId)!;
    const found = await resolveRef(rec.driver, current, refOf(state, /link "Docs"/));
    assert.ok(found);
    assert.equal(found.frame.frameId, current.frameId);
    const text = await rec.driver.callOn<string>(found.objectId, "function () { return this.textContent; }");
    assert.equal(text, "Docs");
    await rec.driver.release(found.objectId);
    assert.equal(await resolveRef(rec.driver, current, "@e999"), null);
  },
);
