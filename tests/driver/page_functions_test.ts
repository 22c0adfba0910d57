/**
 * Porthole's page functions are sent whole once per world of its own, then called by number: the
 * page's own world never holds them, a new document's world gets them anew, and a world that lost
 * them gets them sent whole again.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";

const PAGES = {
  "/": `<!doctype html><title>One</title><p id="n">0</p>
    <button onclick="n.textContent = String(Number(n.textContent) + 1)">Add</button>
    <a href="/two">Two</a>`,
  "/two": `<!doctype html><title>Two</title><h1>Second page</h1>`,
};

/** A function long enough to be kept by number; it reads the document and counts its calls. */
const LONG = `function (tag) {
  // ${"padding that makes this function worth keeping ".repeat(12)}
  globalThis.__calls = (globalThis.__calls || 0) + 1;
  return { count: document.getElementsByTagName(tag).length, calls: globalThis.__calls };
}`;

Deno.test(
  "page functions are kept in Porthole's world only, and sent again when a world lost them",
  browserTest,
  async () => {
    await using site = new Site(PAGES);
    await using ph = await Porthole.start();
    const sid = await ph.session();
    let state = await ph.open(sid, site.url("/"));
    const session = ph.server.registry.get(sid);
    const driver = session.pages.get(session.activePageId!)!.driver;
    const frame = (await driver.frames()).find((f) => f.parentId === null)!;

    // Sent whole, then by number: both calls run the same function in the same world.
    assert.deepEqual(await driver.callIn(frame, LONG, ["p"]), { count: 1, calls: 1 });
    assert.deepEqual(await driver.callIn(frame, LONG, ["button"]), { count: 1, calls: 2 });
    // Acting and observing (the walker, the preflight, the settle) go the same way, twice.
    for (let i = 1; i <= 2; i++) {
      const r = await ph.post(`/v1/sessions/${sid}/act`, {
        stateId: state.stateId,
        targetId: state.targetId,
        action: "click",
        ref: refOf(state, /button "Add"/),
      });
      assert.equal(r.body.execution, "completed", JSON.stringify(r.body));
      state = r.body.freshState;
      assert.match(state.tree, new RegExp(`\\b${i}\\b`));
    }
    // The page's own world holds nothing of Porthole's.
    assert.equal(await driver.page.evaluate("typeof globalThis.__portholeFunctions"), "undefined");

    // A world that lost its functions gets them sent whole again.
    await driver.callIn(frame, "function () { delete globalThis.__portholeFunctions; }");
    assert.deepEqual(await driver.callIn(frame, LONG, ["p"]), { count: 1, calls: 3 });
    const again = await ph.post(`/v1/sessions/${sid}/observe`, {});
    assert.equal(again.status, 200, JSON.stringify(again.body));

    // A new document has a new world: the functions are sent to it whole, and work there.
    const next = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: again.body.stateId,
      targetId: again.body.targetId,
      action: "click",
      ref: refOf(again.body, /link "Two"/),
    });
    assert.equal(next.body.execution, "completed", JSON.stringify(next.body));
    assert.match(next.body.freshState.tree, /Second page/);
    const second = (await driver.frames()).find((f) => f.parentId === null)!;
    assert.deepEqual(await driver.callIn(second, LONG, ["h1"]), { count: 1, calls: 1 });
  },
);
