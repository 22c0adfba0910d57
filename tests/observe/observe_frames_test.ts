/**
 * Frames in observations: same-origin iframes inline with frame-scoped refs that act in their
 * own frame, cross-site (out-of-process) and sandboxed iframes read but never given refs, frame
 * ids learned from the tree, and `frameId` observing exactly one frame.
 *
 * Two sites: 127.0.0.1 and localhost (another port of the same host would be same-site and stay
 * in the page's process).
 */
import assert from "node:assert/strict";
import { assertNotDispatched, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const FAR = `<!doctype html><title>Far</title>
<button onclick="fetch('/far-clicked')">Far button</button>`;

function pages(farOrigin: string) {
  return {
    "/": `<!doctype html><title>Top</title><h1>Top</h1>
<button onclick="window.topClicks = (window.topClicks || 0) + 1">Top button</button>
<iframe id="same" title="Same" src="/child"></iframe>
<iframe id="cross" title="Cross" src="${farOrigin}/far"></iframe>
<iframe id="sand" title="Sandbox" sandbox srcdoc="<button>Sandboxed button</button>"></iframe>`,
    "/child": `<!doctype html><title>Child</title>
<button id="c" onclick="this.dataset.clicks = (+this.dataset.clicks || 0) + 1">Child button</button>
<iframe id="deep" title="Nested" src="/grandchild"></iframe>`,
    "/grandchild": `<!doctype html><title>Grandchild</title>
<button id="g" onclick="this.dataset.clicks = (+this.dataset.clicks || 0) + 1">Deep button</button>`,
  };
}

/** The `[frame=…]` id on the iframe line whose name matches. */
function frameIdOf(state: Json, title: string): string {
  const line = String(state.tree).split("\n").find((l) => l.includes(`- iframe "${title}"`));
  const id = line?.match(/\[frame=([^\]]+)\]/)?.[1];
  if (!id || id === "unknown") throw new Error(`no frame id for ${title} in:\n${state.tree}`);
  return id;
}

/** Every frame loaded (the out-of-process one included) before the page is observed. */
async function openTop(ph: Porthole, sid: string, url: string): Promise<Json> {
  await ph.post(`/v1/sessions/${sid}/navigate`, { url, waitUntil: "load" });
  for (let i = 0; i < 100; i++) {
    const state = await ph.observe(sid);
    if (
      /Far button/.test(state.tree) && /Deep button/.test(state.tree) && /Sandboxed button/.test(state.tree)
    ) {
      return state;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the frames never all loaded");
}

Deno.test("frames in observations", browserTest, async (t) => {
  await using far = new Site({ "/far": FAR, "/far-clicked": "ok" }, "localhost");
  await using site = new Site(pages(far.origin)), ph = await Porthole.start();
  const sid = await ph.session();
  const top = await openTop(ph, sid, site.url("/"));

  await t.step("same-origin iframes appear inline, nested, with frame-scoped refs", () => {
    const sameId = frameIdOf(top, "Same");
    const nestedId = frameIdOf(top, "Nested");
    const tree: string = top.tree;
    assert.match(
      tree,
      new RegExp(`^- iframe "Same" \\[frame=${sameId}\\] \\[origin=${site.origin}\\]:$`, "m"),
    );
    assert.match(tree, /^ {2}- button "Child button" \[ref=@f\d+e1\]$/m);
    assert.match(
      tree,
      new RegExp(`^ {2}- iframe "Nested" \\[frame=${nestedId}\\] \\[origin=${site.origin}\\]:$`, "m"),
    );
    assert.match(tree, /^ {4}- button "Deep button" \[ref=@f\d+e1\]$/m);
    assert.notEqual(refOf(top, /Child button/), refOf(top, /Deep button/));
    assert.equal(refOf(top, /Top button/), "@e1");
  });

  await t.step("a ref inside a nested same-origin frame acts on its own element", async () => {
    const state = await ph.observe(sid);
    const result = await ph.actOn(sid, state, "click", /Deep button/);
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    const deep =
      "same.contentDocument.getElementById('deep').contentDocument.getElementById('g').dataset.clicks";
    assert.equal(await ph.pageEval(sid, deep), "1");
    assert.equal(
      await ph.pageEval(sid, "same.contentDocument.getElementById('c').dataset.clicks ?? null"),
      null,
    );
    assert.equal(await ph.pageEval(sid, "window.topClicks ?? null"), null);
    // The fresh state keeps the same ref for the same element.
    assert.equal(refOf(result.freshState, /Deep button/), refOf(state, /Deep button/));
  });

  await t.step(
    "a cross-site iframe is read through its own target, tagged with its origin, without refs",
    () => {
      const tree: string = top.tree;
      const crossId = frameIdOf(top, "Cross");
      assert.match(
        tree,
        new RegExp(`^- iframe "Cross" \\[frame=${crossId}\\] \\[origin=${far.origin}\\]:$`, "m"),
      );
      assert.match(tree, /^ {2}- button "Far button"$/m, "its content is shown, with no ref");
      assert.match(far.origin, /^http:\/\/localhost:\d+$/);
    },
  );

  await t.step("an opaque sandboxed iframe is tagged origin=null and has no refs", () => {
    assert.match(
      top.tree,
      /^- iframe "Sandbox" \[frame=[^\]]+\] \[origin=null\]:\n {2}- button "Sandboxed button"$/m,
    );
    assert.equal(top.refCount, 3, "Top button, Child button, Deep button");
  });

  await t.step("frameId observes exactly the frame named by the tree, and nothing else", async () => {
    const nestedId = frameIdOf(top, "Nested");
    const nested = await ph.observe(sid, { frameId: nestedId });
    assert.equal(nested.frameId, nestedId);
    assert.equal(nested.title, "Grandchild");
    assert.equal(nested.origin, site.origin);
    // An earlier step clicked it: it has the focus.
    assert.match(nested.tree, /^- button "Deep button" \[active\] \[ref=@f\d+e1\]$/m);
    assert.doesNotMatch(nested.tree, /Top button|Child button/);
    const plain = await ph.observe(sid);
    assert.equal(plain.frameId, top.frameId, "an explicit frameId does not change frame selection");
  });

  await t.step("the same node keeps its frame-scoped ref when its frame is observed on its own", async () => {
    const state = await ph.observe(sid);
    const nested = await ph.observe(sid, { frameId: frameIdOf(state, "Nested") });
    assert.equal(refOf(nested, /Deep button/), refOf(state, /Deep button/));
  });

  await t.step("acting into a cross-site frame is frame_cross_origin and nothing is clicked", async () => {
    const crossId = frameIdOf(await ph.observe(sid), "Cross");
    const inside = await ph.observe(sid, { frameId: crossId });
    assert.equal(inside.frameId, crossId);
    assert.equal(inside.origin, far.origin);
    assert.equal(inside.title, "Far");
    const result = await ph.actOn(sid, inside, "click", /Far button/);
    assertNotDispatched(result, "frame_cross_origin");
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!far.hits.includes("/far-clicked"), "the far page saw no click");
  });
});

Deno.test("an unknown frameId is 404 frame_not_found", browserTest, async () => {
  await using site = new Site({ "/": "<!doctype html><title>T</title><p>x</p>" }),
    ph = await Porthole.start();
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  const r = await ph.post(`/v1/sessions/${sid}/observe`, { frameId: "0123456789ABCDEF0123456789ABCDEF" });
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, "frame_not_found");
});
