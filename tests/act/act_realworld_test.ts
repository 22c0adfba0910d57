/**
 * Defect classes real component libraries showed (issue: the real-world gauntlet), each on a
 * small hand-written page: a shadow-root button labelled by slotted light-DOM text, list items
 * a parent's listener drags, a drop aimed at an item's centre, and a row that ignores pointer
 * events for a moment after its list scrolls.
 */
import assert from "node:assert/strict";
import {
  assertCaptured,
  browserTest,
  type Json,
  refOf,
  sharedPorthole,
  Site,
  untilPage,
} from "../support/harness.ts";

const { ph, session } = await sharedPorthole();

/** A design-system button: a `<button>` in the shadow root, its label light-DOM text in a slot. */
const SLOTTED = `<!doctype html><title>Slotted</title>
<x-button id="save">Save draft</x-button><p id="out">not saved</p>
<script>
  customElements.define("x-button", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML =
        '<style>button { font: 16px sans-serif; padding: 12px 24px; }</style><button><slot></slot></button>';
      this.shadowRoot.querySelector("button").addEventListener("click", () => {
        document.getElementById("out").textContent = "saved";
      });
    }
  });
</script>`;

Deno.test(
  "a shadow-root button whose label is slotted light-DOM text is clickable, not covered by its host",
  browserTest,
  async () => {
    await using site = new Site({ "/": SLOTTED });
    await using s = await session(site.url("/"));
    assert.match(s.state.tree, /button "Save draft" \[ref=@e\d+\]/);
    assert.doesNotMatch(s.state.tree, /\[covered\]/);
    const r = await ph.actOn(s.sid, s.state, "click", /button "Save draft"/);
    assertCaptured(r);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "saved");
  },
);

/**
 * A sortable list whose items have no listener of their own: the list listens, and an item
 * becomes `draggable` only once the pointer is down on it (its `cursor: grab` says it can be).
 * The drop lands before the item under the pointer when the pointer is in its upper half.
 */
const PARENT_DRAG = `<!doctype html><title>Sortable</title>
<style>
  li { cursor: grab; padding: 10px; margin: 4px 0; width: 200px; background: #eef; list-style: none; }
  li span { font-weight: bold; }
</style>
<ul id="list" aria-label="Fruit"><li><span>Apple</span></li><li><span>Banana</span></li><li><span>Cherry</span></li><li><span>Damson</span></li></ul>
<p id="out"></p>
<script>
  const list = document.getElementById("list");
  let dragged = null;
  const order = () => [...list.children].map((li) => li.textContent).join(",");
  list.addEventListener("pointerdown", (e) => {
    const li = e.target.closest("li");
    if (li) li.draggable = true;
  });
  list.addEventListener("dragstart", (e) => { dragged = e.target.closest("li"); e.dataTransfer.setData("text/plain", dragged.textContent); });
  list.addEventListener("dragover", (e) => e.preventDefault());
  list.addEventListener("drop", (e) => {
    e.preventDefault();
    const li = e.target.closest("li");
    if (!li || !dragged || li === dragged) return;
    const r = li.getBoundingClientRect();
    list.insertBefore(dragged, e.clientY < r.top + r.height / 2 ? li : li.nextSibling);
    dragged.draggable = false;
    document.getElementById("out").textContent = order();
  });
</script>`;

/** Drags the item named `from` onto the item named `to`; the page's order afterwards, and the result. */
async function reorder(sid: string, state: Json, from: string, to: string) {
  const r = await ph.act(sid, state, {
    action: "drag",
    ref: refOf(state, new RegExp(`listitem.*${from}`)),
    toRef: refOf(state, new RegExp(`listitem.*${to}`)),
  });
  assertCaptured(r);
  return { r, order: await ph.pageEval(sid, "document.getElementById('out').textContent") };
}

Deno.test(
  "list items dragged by their parent's listener (cursor: grab) have refs, and a drag moves one",
  browserTest,
  async () => {
    await using site = new Site({ "/": PARENT_DRAG });
    await using s = await session(site.url("/"));
    assert.match(s.state.tree, /listitem \[ref=@e\d+\]: Cherry/);
    assert.equal((await reorder(s.sid, s.state, "Cherry", "Banana")).order, "Apple,Cherry,Banana,Damson");
  },
);

Deno.test(
  "a drop aimed at the centre of an item lands where it aims, not after the item",
  browserTest,
  async () => {
    await using site = new Site({ "/": PARENT_DRAG });
    await using s = await session(site.url("/"));
    const up = await reorder(s.sid, s.state, "Damson", "Apple");
    assert.equal(up.order, "Damson,Apple,Banana,Cherry");
    // Down the list, onto an item's centre: it takes that item's place too.
    assert.equal(
      (await reorder(s.sid, up.r.freshState, "Apple", "Cherry")).order,
      "Damson,Banana,Cherry,Apple",
    );
  },
);

/**
 * A list whose rows ignore pointer events while it scrolls (until `ms` after the last scroll). A
 * settle waits for a timer of at most 500 ms (snapshot/timers.ts): 800 ms outlasts it.
 */
const scrolling = (ms: number) =>
  `<!doctype html><title>Scrolling</title>
<style>#list.scrolling button { pointer-events: none; } button { display: block; height: 40px; width: 200px; }</style>
<div id="list" role="region" aria-label="Rows" style="height:200px;overflow:auto">${
    Array.from(
      { length: 40 },
      (_, i) => `<button onclick="document.getElementById('out').textContent='row ${i}'">Row ${i}</button>`,
    )
      .join("")
  }</div><p id="out"></p>
<script>
  const list = document.getElementById("list");
  let t = 0;
  list.addEventListener("scroll", () => {
    list.classList.add("scrolling");
    clearTimeout(t);
    t = setTimeout(() => list.classList.remove("scrolling"), ${ms});
  });
</script>`;

Deno.test(
  "a row that ignores pointer events just after its list scrolled is obscured for now, and says so",
  browserTest,
  async () => {
    await using site = new Site({ "/": scrolling(800) });
    await using s = await session(site.url("/"));
    const scrolled = await ph.actOn(s.sid, s.state, "scroll", /region "Rows"/, { deltaY: 400 });
    assertCaptured(scrolled);
    const r = await ph.actOn(s.sid, scrolled.freshState, "click", /button "Row 12"/);
    assert.equal(r.error?.code, "obscured", JSON.stringify(r));
    assert.equal(r.execution, "not_dispatched");
    assert.equal(r.error.details.transient, true);
    assert.match(r.error.recoveryHint, /observe again/i);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "");
    // As the hint says: once the list is still, a fresh observation's click lands.
    await untilPage(ph, s.sid, "!document.getElementById('list').classList.contains('scrolling')");
    const again = await ph.actOn(s.sid, await ph.observe(s.sid), "click", /button "Row 12"/);
    assertCaptured(again);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "row 12");
  },
);

Deno.test(
  "a row that ignores pointer events for a short while after its list scrolled takes the next click",
  browserTest,
  async () => {
    await using site = new Site({ "/": scrolling(300) });
    await using s = await session(site.url("/"));
    // The scroll's settle waits for the list's 300 ms timer: its fresh state shows the list still.
    const scrolled = await ph.actOn(s.sid, s.state, "scroll", /region "Rows"/, { deltaY: 400 });
    assertCaptured(scrolled);
    assert.ok(scrolled.settle.timers >= 1, JSON.stringify(scrolled.settle));
    const r = await ph.actOn(s.sid, scrolled.freshState, "click", /button "Row 12"/);
    assertCaptured(r);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "row 12");
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
});
