/**
 * A page's frame tree is read from Chromium once and kept while no frame event says it changed: a
 * new main document is its committed frame alone, and any frame that attaches, detaches or navigates
 * makes the next read ask again. What an act sends to a healthy page: no probe of the renderer, no
 * separate arm of the settle, no frame tree after a link's new document loaded.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";
import type { PageDriver } from "../../lib/driver/page_driver.ts";

const PAGES = {
  "/": `<!doctype html><title>One</title><p id="n">0</p>
    <button onclick="n.textContent = String(Number(n.textContent) + 1)">Add</button>
    <a href="/two">Two</a> <a href="/framed">Framed</a>`,
  "/two": `<!doctype html><title>Two</title><h1>Second page</h1>`,
  // The frame comes after a timer longer than a settle waits for (timers.ts SHORT_MS): after the act.
  "/framed": `<!doctype html><title>Framed</title><h1>Framed</h1>
    <script>setTimeout(() => { const f = document.createElement("iframe"); f.src = "/two";
      document.body.append(f); }, 700);</script>`,
};

/** Every command the driver sends from now on, by method. */
function commands(driver: PageDriver): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const send = driver.send;
  driver.send = ((method: string, params?: Record<string, unknown>, signal?: AbortSignal) => {
    sent.push(method === "Runtime.evaluate" && params?.expression === "0" ? "probe" : method);
    return send.call(driver, method, params, signal);
  }) as typeof driver.send;
  return { sent, stop: () => (driver.send = send) };
}

Deno.test(
  "the frame tree is kept until a frame event, a new main document is its committed frame, and an act on a healthy page sends no probe and no separate arm",
  browserTest,
  async () => {
    await using site = new Site(PAGES);
    await using ph = await Porthole.start();
    const sid = await ph.session();
    let state = await ph.open(sid, site.url("/"));
    const session = ph.server.registry.get(sid);
    const driver = session.pages.get(session.activePageId!)!.driver;

    // Read once, then kept: the same answer without asking Chromium again.
    const first = await driver.frames();
    const log = commands(driver);
    assert.deepEqual(await driver.frames(), first);
    assert.equal(log.sent.filter((m) => m === "Page.getFrameTree").length, 0);

    // A click that changes the DOM: the ref's read arms the settle; nothing probes the renderer.
    log.sent.length = 0;
    let r = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /button "Add"/),
    });
    assert.equal(r.body.execution, "completed", JSON.stringify(r.body));
    state = r.body.freshState;
    assert.match(state.tree, /\b1\b/);
    assert.ok(!log.sent.includes("probe"), log.sent.join(", "));
    assert.ok(!log.sent.includes("Page.getFrameTree"), log.sent.join(", "));
    const input = log.sent.findIndex((m) => m.startsWith("Input."));
    assert.deepEqual(
      log.sent.slice(0, input).filter((m) => m.startsWith("Runtime.")),
      ["Runtime.callFunctionOn"],
      `the ref's read (with the arm) is the one call into the page before the input: ${log.sent.join(", ")}`,
    );

    // A link to a new document: its frame is known from the commit, not read after the load.
    log.sent.length = 0;
    r = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /link "Framed"/),
    });
    assert.equal(r.body.execution, "completed", JSON.stringify(r.body));
    assert.match(r.body.freshState.tree, /heading "Framed"/);
    assert.ok(!log.sent.includes("Page.getFrameTree"), log.sent.join(", "));
    const committed = await driver.frames();
    assert.equal(committed.length, 1);
    assert.equal(committed[0].frameId, first[0].frameId);
    assert.notEqual(committed[0].loaderId, first[0].loaderId, "the new document's loader");
    assert.equal(committed[0].url, site.url("/framed"));
    assert.equal(committed[0].securityOrigin, site.origin);

    // A frame the page attaches later: the next read asks Chromium and sees it.
    const deadline = Date.now() + 5_000;
    let frames = committed;
    while (frames.length < 2 && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50));
      frames = await driver.frames();
    }
    assert.equal(frames.length, 2, "the attached iframe is in the tree");
    assert.equal(frames[1].parentId, committed[0].frameId);
    assert.ok(log.sent.includes("Page.getFrameTree"));
    log.stop();
  },
);
