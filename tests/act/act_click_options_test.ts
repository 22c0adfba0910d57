/**
 * Click options of `act` over HTTP against real Chromium: the button, held modifiers, a point
 * inside the element, several clicks, a pause between press and release, a pause between typed
 * keys. Every test reads what the page itself recorded.
 */
import assert from "node:assert/strict";
import {
  assertNotDispatched,
  browserTest,
  type Json,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

const PAGE = `<!doctype html><title>Clicks</title>
<style>body { margin: 0 } #wide { position: absolute; left: 20px; top: 20px; width: 400px; height: 40px }
#lid { position: absolute; left: 320px; top: 20px; width: 100px; height: 40px; background: #333 }</style>
<button id="wide">Wide</button>
<input id="name" aria-label="Name" style="position: absolute; top: 100px">
<script>
window.log = [];
const wide = document.getElementById("wide");
for (const type of ["mousedown", "mouseup", "click", "dblclick", "auxclick", "contextmenu"]) {
  wide.addEventListener(type, (e) => {
    log.push({ type, button: e.button, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey,
      detail: e.detail, offsetX: e.offsetX, at: performance.now() });
    if (type === "contextmenu") e.preventDefault();
  });
}
const name = document.getElementById("name");
name.addEventListener("keydown", (e) => log.push({ type: "keydown", key: e.key, at: performance.now() }));
</script>`;

const COVERED = PAGE.replace("<input", `<div id="lid"></div><input`);

const site = new Site({ "/": PAGE, "/covered": COVERED });
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

async function clickWide(sid: string, options: Record<string, unknown>, path = "/"): Promise<Json> {
  const state = await ph.open(sid, site.url(path));
  return await ph.actOn(sid, state, "click", /button "Wide"/, { ...options });
}

const events = async (sid: string): Promise<Json[]> => await ph.pageEval(sid, "window.log");
const types = (log: Json[]) => log.map((e) => e.type);

Deno.test("a right click fires contextmenu and auxclick, never click", browserTest, async () => {
  await using s = await session();
  const r = await clickWide(s.sid, { button: "right" });
  assert.equal(r.execution, "completed", JSON.stringify(r.error));
  const log = await events(s.sid);
  assert.ok(types(log).includes("contextmenu"), JSON.stringify(types(log)));
  assert.ok(!types(log).includes("click"));
  assert.ok(log.every((e) => e.button === 2));
});

Deno.test("a middle click fires auxclick with button 1, never click", browserTest, async () => {
  await using s = await session();
  const r = await clickWide(s.sid, { button: "middle" });
  assert.equal(r.execution, "completed", JSON.stringify(r.error));
  const log = await events(s.sid);
  assert.deepEqual(types(log), ["mousedown", "mouseup", "auxclick"]);
  assert.ok(log.every((e) => e.button === 1));
});

Deno.test(
  "a shift-click is seen by the page with shiftKey, and Shift is let go after",
  browserTest,
  async () => {
    await using s = await session();
    const r = await clickWide(s.sid, { modifiers: ["Shift", "Control"] });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    const click = (await events(s.sid)).find((e) => e.type === "click");
    assert.equal(click.shiftKey, true);
    assert.equal(click.ctrlKey, true);
    assert.equal(click.altKey, false);
    const plain = await ph.actOn(s.sid, r.freshState, "click", /button "Wide"/);
    assert.equal(plain.execution, "completed");
    const clicks = (await events(s.sid)).filter((e) => e.type === "click");
    assert.equal(clicks[1].shiftKey, false, "the modifiers are released after the click");
  },
);

Deno.test("position reaches the left or the right half of a wide button", browserTest, async () => {
  await using s = await session();
  await clickWide(s.sid, { position: { x: 10, y: 20 } });
  const left = (await events(s.sid)).find((e) => e.type === "click");
  assert.ok(Math.abs(left.offsetX - 10) <= 2, `offsetX ${left.offsetX}`);
  await clickWide(s.sid, { position: { x: 390, y: 5 } });
  const right = (await events(s.sid)).find((e) => e.type === "click");
  assert.ok(Math.abs(right.offsetX - 390) <= 2, `offsetX ${right.offsetX}`);
});

Deno.test(
  "a position outside the element's box is refused naming position, and nothing is clicked",
  browserTest,
  async () => {
    await using s = await session();
    const r = await clickWide(s.sid, { position: { x: 400, y: 10 } });
    assertNotDispatched(r, "invalid_params", "position");
    assert.deepEqual(await events(s.sid), []);
    const state = r.freshState;
    const negative = await ph.post(`/v1/sessions/${s.sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /button "Wide"/),
      position: { x: -1, y: 10 },
    });
    assert.equal(negative.status, 400);
    assert.match(JSON.stringify(negative.body.error), /position/);
  },
);

Deno.test(
  "the hit test checks the given position: a covered right half is obscured",
  browserTest,
  async () => {
    await using s = await session();
    const covered = await clickWide(s.sid, { position: { x: 350, y: 20 } }, "/covered");
    assertNotDispatched(covered, "obscured");
    const state = covered.freshState;
    const open = await ph.actOn(s.sid, state, "click", /button "Wide"/, { position: { x: 50, y: 20 } });
    assert.equal(open.execution, "completed", JSON.stringify(open.error));
  },
);

Deno.test("clickCount 3 sends three clicks with rising detail", browserTest, async () => {
  await using s = await session();
  await clickWide(s.sid, { clickCount: 3 });
  const clicks = (await events(s.sid)).filter((e) => e.type === "click");
  assert.deepEqual(clicks.map((e) => e.detail), [1, 2, 3]);
});

Deno.test("delayMs holds the button down at least that long", browserTest, async () => {
  await using s = await session();
  await clickWide(s.sid, { delayMs: 300 });
  const log = await events(s.sid);
  const down = log.find((e) => e.type === "mousedown");
  const up = log.find((e) => e.type === "mouseup");
  assert.ok(up.at - down.at >= 290, `held ${up.at - down.at} ms`);
});

Deno.test("delayMs with type pauses between keys", browserTest, async () => {
  await using s = await session(site.url("/"));
  const r = await ph.actOn(s.sid, s.state, "type", /textbox "Name"/, { text: "abc", delayMs: 150 });
  assert.equal(r.execution, "completed", JSON.stringify(r.error));
  const keys = (await events(s.sid)).filter((e) => e.type === "keydown");
  assert.deepEqual(keys.map((e) => e.key), ["a", "b", "c"]);
  assert.ok(keys[2].at - keys[0].at >= 290, `${keys[2].at - keys[0].at} ms for three keys`);
});

Deno.test(
  "click options given to an action that takes none are refused naming the field",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/"));
    for (
      const [action, extra, field] of [
        ["type", { text: "x", button: "right" }, "button"],
        ["hover", { clickCount: 2 }, "clickCount"],
        ["fill", { text: "x", position: { x: 1, y: 1 } }, "position"],
        ["hover", { delayMs: 10 }, "delayMs"],
      ] as const
    ) {
      const ref = refOf(state, action === "hover" ? /button "Wide"/ : /textbox "Name"/);
      const r = await ph.act(s.sid, state, { action, ref, ...extra });
      assert.equal(r.error?.code, "invalid_params", `${action} ${field}`);
      assert.equal(r.error.details.field, field);
      state = r.freshState;
    }
    assert.deepEqual(await events(s.sid), []);
  },
);

Deno.test("press with modifiers holds them for the key", browserTest, async () => {
  await using s = await session(site.url("/"));
  const r = await ph.actOn(s.sid, s.state, "press", /textbox "Name"/, { key: "a", modifiers: ["Shift"] });
  assert.equal(r.execution, "completed", JSON.stringify(r.error));
  const keys = (await events(s.sid)).filter((e) => e.type === "keydown").map((e) => e.key);
  assert.deepEqual(keys, ["Shift", "A"]);
});

Deno.test("the shared Porthole closes", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
});
