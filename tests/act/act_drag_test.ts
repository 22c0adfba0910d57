/**
 * Drag onto a drop target the dragged node itself overlaps, as with a small jQuery UI
 * draggable over its droppable: a pointer-event version written here (no CDN) and an HTML5
 * drag and drop one; a box dragged into a larger box on a board, as MiniWoB's drag-box task
 * has it, on the jQuery UI it uses (test-only, from tests/realworld/libs). A drop target covered
 * by something else stays obscured.
 */
import assert from "node:assert/strict";
import { assertCaptured, browserTest, Porthole, refOf, Site } from "../support/harness.ts";
import { libraryFile } from "../support/test_libs.ts";

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

/**
 * A board of 154×100 px in a 160×210 px task area, as MiniWoB's drag-box: a small box (28 px
 * with its padding and border, above) and a large one (58 px), both absolutely placed and made
 * draggable by jQuery UI 1.12 (mouse events; the box follows the pointer from where it was
 * grabbed). Where they start comes from the query (`s=x,y&l=x,y`; `region` names the large box
 * a region, as a drop zone would be). When a drag stops, the page
 * says whether the small box lies wholly inside the large one, by MiniWoB's own rule.
 */
const BOARD = `<!doctype html><title>Drag box</title>
<style>
  body { margin: 0; font: 14px Arial; }
  #wrap { width: 160px; height: 210px; }
  #query { height: 44px; padding: 3px; font-size: 10px; }
  #area { padding: 2px; font-size: 10px; }
  #board { position: relative; width: 154px; height: 100px; }
  #small { position: absolute; width: 20px; height: 20px; padding: 3px; border: 1px solid; background: red; z-index: 20; }
  #large { position: absolute; width: 50px; height: 50px; padding: 3px; border: 1px solid; background: blue; z-index: 2; }
</style>
<div id="wrap"><div id="query">Drag the smaller box so that it is completely inside the larger box.</div>
<div id="area"><div id="board"><div id="small">s</div><div id="large">L</div></div></div></div>
<p id="out">not moved</p>
<script src="jquery.js"></script><script src="jquery-ui.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  const place = (id, at) => { const [x, y] = at.split(","); $(id).css({ left: x + "px", top: y + "px" }); };
  place("#small", q.get("s"));
  place("#large", q.get("l"));
  if (q.has("region")) $("#large").attr({ role: "region", "aria-label": "Large box" });
  const px = (id, side) => parseInt($(id).css(side), 10);
  $("#small, #large").draggable({
    stop() {
      const dx = px("#small", "left") - px("#large", "left"), dy = px("#small", "top") - px("#large", "top");
      const inside = dx > 0 && dx < 30 && dy > 0 && dy < 30;
      $("#out").text(inside ? "small box inside" : "small box outside at " + dx + "," + dy);
    },
  });
</script>`;

const script = (text: string) => () =>
  new Response(text, { headers: { "content-type": "text/javascript; charset=utf-8" } });

for (
  const [how, small, large] of [
    // Straight across: the two boxes are of one role, but no list lays them out.
    ["from the right, level with it", "120,20", "0,20"],
    ["from below", "100,70", "96,0"],
    // The small box starts over the large one's centre, off its own: it moves along with the
    // pointer, so the centre is where the pointer goes, covered or not.
    ["from over its centre", "66,46", "40,20&region"],
  ]
) {
  Deno.test(
    `drag of a freely placed jQuery UI box into a larger box ${how} lands inside it`,
    browserTest,
    async () => {
      await using site = new Site({
        "/": BOARD,
        "/jquery.js": script(await libraryFile("jquery-ui-dist/external/jquery/jquery.js")),
        "/jquery-ui.js": script(await libraryFile("jquery-ui-dist/jquery-ui.min.js")),
      });
      const sid = await ph.session();
      const state = await ph.open(sid, site.url(`/?s=${small}&l=${large}`));
      const r = await ph.act(sid, state, {
        action: "drag",
        ref: refOf(state, /: s$/),
        toRef: refOf(state, /: L$|region "Large box"/),
      });
      assertCaptured(r);
      assert.match(r.freshState.tree, /small box inside/);
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    },
  );
}

Deno.test("drag onto a drop target covered by another element is still obscured", browserTest, async () => {
  const r = await dragCard(COVERED);
  assert.equal(r.execution, "not_dispatched");
  assert.equal(r.error.code, "obscured");
  // The covering element is page text: it is named in details, never in Porthole's message.
  assert.match(r.error.details.coveredBy, /div#cover/);
  assert.doesNotMatch(r.error.message, /div#cover/);
  await ph[Symbol.asyncDispose]();
});
