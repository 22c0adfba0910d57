/**
 * Drag onto a drop target the dragged node itself overlaps, as with a small jQuery UI
 * draggable over its droppable: a pointer-event version written here (no CDN) and an HTML5
 * drag and drop one. A drop target covered by something else stays obscured.
 */
import assert from "node:assert/strict";
import { assertCaptured, browserTest, Porthole, refOf, Site } from "../support/harness.ts";

/** A draggable box that starts over its drop zone, moved by pointer events (as jQuery UI's draggable). */
const POINTER_DRAG = `<!doctype html><title>Pointer drag</title>
<style>
  #zone { position: absolute; left: 40px; top: 40px; width: 200px; height: 120px; background: #eee; }
  #box { position: absolute; left: 60px; top: 60px; width: 160px; height: 90px; background: #9cf; cursor: move; }
</style>
<div id="zone" role="region" aria-label="Drop zone" tabindex="0">Drop here</div>
<div id="box" role="button" aria-label="Card" tabindex="0">Card</div>
<p id="out">not dropped</p>
<script>
  const box = document.getElementById("box"), zone = document.getElementById("zone");
  let grab = null;
  box.addEventListener("pointerdown", (e) => {
    grab = { dx: e.clientX - box.offsetLeft, dy: e.clientY - box.offsetTop };
    box.setPointerCapture(e.pointerId);
  });
  box.addEventListener("pointermove", (e) => {
    if (!grab) return;
    box.style.left = (e.clientX - grab.dx) + "px";
    box.style.top = (e.clientY - grab.dy) + "px";
  });
  box.addEventListener("pointerup", (e) => {
    grab = null;
    const z = zone.getBoundingClientRect();
    const inside = e.clientX >= z.left && e.clientX <= z.right && e.clientY >= z.top && e.clientY <= z.bottom;
    document.getElementById("out").textContent = inside ? "dropped in zone" : "dropped outside";
  });
</script>`;

/** The same overlap with HTML5 drag and drop. */
const HTML5_DRAG = `<!doctype html><title>HTML5 drag</title>
<style>
  #zone { position: absolute; left: 40px; top: 40px; width: 200px; height: 120px; background: #eee; }
  #box { position: absolute; left: 60px; top: 60px; width: 160px; height: 90px; background: #9cf; }
</style>
<div id="zone" role="region" aria-label="Drop zone" tabindex="0"
  ondragover="event.preventDefault()"
  ondrop="event.preventDefault(); document.getElementById('out').textContent = 'dropped ' + event.dataTransfer.getData('text/plain')">Drop here</div>
<div id="box" draggable="true" role="button" aria-label="Card" tabindex="0"
  ondragstart="event.dataTransfer.setData('text/plain', 'card')">Card</div>
<p id="out">not dropped</p>`;

/** A drop zone under a banner that is not the dragged node. */
const COVERED = `<!doctype html><title>Covered</title>
<style>
  #zone { position: absolute; left: 40px; top: 40px; width: 200px; height: 120px; }
  #cover { position: absolute; left: 0; top: 0; width: 400px; height: 300px; background: rgba(0,0,0,.3); }
  #box { position: absolute; left: 40px; top: 400px; width: 80px; height: 40px; z-index: 2; }
</style>
<div id="zone" role="region" aria-label="Drop zone" tabindex="0">Drop here</div>
<div id="cover">Overlay</div>
<div id="box" draggable="true" role="button" aria-label="Card" tabindex="0">Card</div>`;

const { ph } = { ph: await Porthole.start() };

/** The card dragged onto the drop zone of `page`, in a new session: the act's result. */
async function dragCard(page: string) {
  await using site = new Site({ "/": page });
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  return await ph.act(sid, state, {
    action: "drag",
    ref: refOf(state, /button "Card"/),
    toRef: refOf(state, /region "Drop zone"/),
  });
}

Deno.test(
  "drag of a pointer-driven box that overlaps its drop zone lands in the zone",
  browserTest,
  async () => {
    const r = await dragCard(POINTER_DRAG);
    assertCaptured(r);
    assert.match(r.freshState.tree, /dropped in zone/);
  },
);

Deno.test("drag with HTML5 drag and drop over its own drop target drops there", browserTest, async () => {
  const r = await dragCard(HTML5_DRAG);
  assertCaptured(r);
  assert.match(r.freshState.tree, /dropped card/);
});

Deno.test("drag onto a drop target covered by another element is still obscured", browserTest, async () => {
  const r = await dragCard(COVERED);
  assert.equal(r.execution, "not_dispatched");
  assert.equal(r.error.code, "obscured");
  // The covering element is page text: it is named in details, never in Porthole's message.
  assert.match(r.error.details.coveredBy, /div#cover/);
  assert.doesNotMatch(r.error.message, /div#cover/);
  await ph[Symbol.asyncDispose]();
});
