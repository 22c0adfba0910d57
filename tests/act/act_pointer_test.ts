/**
 * The pointer beyond clicks, against real Chromium: drag (a slider driven by pointer events, an
 * HTML5 drag-and-drop list) and scroll (the page, a scrolling box, a node into view). Every test
 * reads what the page itself recorded.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  assertNotDispatched,
  browserTest,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

/** A custom slider: pointer down on the thumb, moves (captured) set the value, up ends. */
const SLIDER = `<!doctype html><title>Slider</title>
<style>body { margin: 0 } #track { position: relative; width: 400px; height: 20px; margin: 60px 40px 0; background: #ddd }
#thumb { position: absolute; left: -10px; top: -5px; width: 20px; height: 30px; background: #333; touch-action: none }
.tick { position: absolute; top: 40px; width: 40px; transform: translateX(-50%) }</style>
<div id="track">
  <div id="thumb" role="slider" tabindex="0" aria-label="Price" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"></div>
  <button class="tick" style="left: 300px">75</button>
</div>
<p id="out">0</p>
<script>
window.log = [];
let dragging = false;
const set = (v) => {
  thumb.setAttribute("aria-valuenow", v);
  thumb.style.left = (v * 4 - 10) + "px";
  out.textContent = String(v);
};
thumb.addEventListener("pointerdown", (e) => { dragging = true; thumb.setPointerCapture(e.pointerId); log.push("down"); });
thumb.addEventListener("pointermove", (e) => {
  if (!dragging) return;
  const r = track.getBoundingClientRect();
  set(Math.round(Math.max(0, Math.min(100, (e.clientX - r.left) / r.width * 100))));
  log.push("move");
});
thumb.addEventListener("pointerup", () => { dragging = false; log.push("up:" + out.textContent); });
</script>`;

/** A list sorted by HTML5 drag and drop: a dropped item moves before the item it is dropped on. */
const SORTABLE = `<!doctype html><title>Sortable</title>
<style>.item { width: 200px; padding: 10px; margin: 8px; background: #eee }</style>
<div id="list">
  <div class="item" draggable="true" role="button" tabindex="0" id="apples">Apples</div>
  <div class="item" draggable="true" role="button" tabindex="0" id="bananas">Bananas</div>
  <div class="item" draggable="true" role="button" tabindex="0" id="cherries">Cherries</div>
</div>
<div id="overlay" hidden style="position: fixed; inset: 0; background: rgba(0,0,0,0.2)"></div>
<script>
window.log = [];
for (const type of ["dragstart", "dragenter", "drop", "dragend"]) {
  addEventListener(type, (e) => e.target.id && log.push(type + ":" + e.target.id), true);
}
list.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", e.target.id));
list.addEventListener("dragover", (e) => e.preventDefault());
list.addEventListener("drop", (e) => {
  e.preventDefault();
  const moved = document.getElementById(e.dataTransfer.getData("text/plain"));
  const onto = e.target.closest(".item");
  if (moved && onto && moved !== onto) list.insertBefore(moved, onto);
});
</script>`;

const SCROLLING = `<!doctype html><title>Scrolling</title>
<script>window.scrolls = 0; addEventListener("scroll", () => scrolls++);</script>
<div id="box" role="region" aria-label="Messages" tabindex="0" style="height: 100px; overflow: auto">
  <div style="height: 1000px"><button id="inner">Inner</button></div>
</div>
<div style="height: 3000px">tall</div>
<button id="far">Far button</button>`;

const site = new Site({ "/slider": SLIDER, "/sortable": SORTABLE, "/scrolling": SCROLLING });
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const log = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.log");
const order = (sid: string): Promise<string[]> =>
  ph.pageEval(sid, `[...document.querySelectorAll(".item")].map((i) => i.id)`);

// ---- drag ------------------------------------------------------------------------------

Deno.test(
  "drag moves a pointer-driven slider's thumb to the drop target: down, moves, up",
  browserTest,
  async () => {
    await using s = await session(site.url("/slider"));
    const r = await ph.actOn(s.sid, s.state, "drag", /slider "Price"/, {
      toRef: refOf(s.state, /button "75"/),
      expect: { selector: "#out", text: "75" },
    });
    assertCompleted(r);
    assert.equal(r.postcondition, "met");
    const events = await log(s.sid);
    assert.equal(events[0], "down");
    assert.equal(events.at(-1), "up:75");
    assert.ok(events.filter((e) => e === "move").length >= 5, `moves in steps: ${events}`);
  },
);

Deno.test("drag by deltaX moves the thumb by that many pixels", browserTest, async () => {
  await using s = await session(site.url("/slider"));
  const r = await ph.actOn(s.sid, s.state, "drag", /slider "Price"/, { deltaX: 200 });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "out.textContent"), "50");
  assert.match(r.freshState.tree, /slider "Price"/);
});

Deno.test(
  "drag reorders an HTML5 drag-and-drop list: dragstart, dragenter, drop, dragend in order",
  browserTest,
  async () => {
    await using s = await session(site.url("/sortable"));
    const r = await ph.actOn(s.sid, s.state, "drag", /button "Cherries"/, {
      toRef: refOf(s.state, /button "Apples"/),
    });
    assertCompleted(r);
    assert.deepEqual(await order(s.sid), ["cherries", "apples", "bananas"]);
    const events = await log(s.sid);
    assert.equal(events[0], "dragstart:cherries");
    assert.ok(events.includes("dragenter:apples"), String(events));
    assert.deepEqual(events.slice(-2), ["drop:apples", "dragend:cherries"]);
    // The page takes input again after the drag: a second one works too.
    const again = await ph.actOn(s.sid, r.freshState, "drag", /button "Bananas"/, {
      toRef: refOf(r.freshState, /button "Cherries"/),
    });
    assert.equal(again.error, undefined);
    assert.deepEqual(await order(s.sid), ["bananas", "cherries", "apples"]);
  },
);

Deno.test("drag onto a covered drop target is obscured and nothing is dragged", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/sortable"));
  await ph.pageEval(s.sid, `document.getElementById("overlay").hidden = false`);
  const state = await ph.observe(s.sid);
  const r = await ph.actOn(s.sid, state, "drag", /button "Cherries"/, {
    toRef: refOf(state, /button "Apples"/),
  });
  assertNotDispatched(r, "obscured");
  assert.deepEqual(await order(s.sid), ["apples", "bananas", "cherries"]);
  assert.deepEqual(await log(s.sid), []);
});

Deno.test("drag needs a toRef or a delta, and a toRef of the same observation", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/sortable"));
  for (
    const [extra, field] of [[{}, "toRef"], [{ toRef: "@e999" }, "toRef"], [
      { toRef: "@e1", deltaX: 5 },
      "toRef",
    ]] as const
  ) {
    const r = await ph.act(s.sid, state, {
      action: "drag",
      ref: refOf(state, /button "Cherries"/),
      ...extra,
    });
    assert.equal(r.execution, "not_dispatched", JSON.stringify(extra));
    assert.equal(r.error.code, "invalid_params", JSON.stringify(extra));
    assert.equal(r.error.details.field, field);
    state = r.freshState;
  }
  assert.deepEqual(await log(s.sid), []);
});

// ---- scroll --------------------------------------------------------------------------------

Deno.test(
  "scroll by deltaY scrolls the page, and its scroll listeners ran before the observation",
  browserTest,
  async () => {
    await using s = await session(site.url("/scrolling"));
    const r = await ph.act(s.sid, s.state, { action: "scroll", deltaY: 500 });
    assertCompleted(r);
    assert.equal(await ph.pageEval(s.sid, "scrollY"), 500);
    assert.ok(await ph.pageEval(s.sid, "window.scrolls") > 0);
    const back = await ph.act(s.sid, r.freshState, { action: "scroll", deltaY: -200 });
    assert.equal(back.error, undefined);
    assert.equal(await ph.pageEval(s.sid, "scrollY"), 300);
  },
);

Deno.test("scroll of a scrolling box by deltaY scrolls the box and not the page", browserTest, async () => {
  await using s = await session(site.url("/scrolling"));
  const r = await ph.actOn(s.sid, s.state, "scroll", /region "Messages"/, { deltaY: 300 });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "box.scrollTop"), 300);
  assert.equal(await ph.pageEval(s.sid, "scrollY"), 0);
});

Deno.test(
  "scroll of a node that does not scroll moves its nearest scrolling ancestor",
  browserTest,
  async () => {
    await using s = await session(site.url("/scrolling"));
    const r = await ph.actOn(s.sid, s.state, "scroll", /button "Inner"/, { deltaY: 120 });
    assert.equal(r.error, undefined);
    assert.equal(await ph.pageEval(s.sid, "box.scrollTop"), 120);
    assert.equal(await ph.pageEval(s.sid, "scrollY"), 0);
  },
);

Deno.test("scroll with a ref and no delta brings the node into view", browserTest, async () => {
  await using s = await session(site.url("/scrolling"));
  const r = await ph.actOn(s.sid, s.state, "scroll", /button "Far button"/);
  assertCompleted(r);
  const rect = await ph.pageEval(
    s.sid,
    `(() => { const r = far.getBoundingClientRect(); return [r.top >= 0, r.bottom <= innerHeight]; })()`,
  );
  assert.deepEqual(rect, [true, true]);
});

Deno.test(
  "scroll with neither a ref nor a delta is invalid_params and nothing moves",
  browserTest,
  async () => {
    await using s = await session(site.url("/scrolling"));
    const r = await ph.act(s.sid, s.state, { action: "scroll" });
    assertNotDispatched(r, "invalid_params");
    assert.equal(await ph.pageEval(s.sid, "scrollY"), 0);
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
