/**
 * Elements an ancestor's overflow clips: a carousel's slides outside its `overflow: hidden`
 * viewport are `[offscreen]` (no scroll shows them), not `[covered]` (nothing covers them), and a
 * click on one is `element_not_visible`, not `obscured`; rows a scrolling box clips are reachable
 * as rows below the fold are (the click scrolls them into view); a menu positioned outside a
 * clipping box that is not its containing block is not clipped at all.
 */
import assert from "node:assert/strict";
import { assertCaptured, type Json, refOf, sharedPorthole, Site } from "../support/harness.ts";

const { ph, session } = await sharedPorthole();

const PAGE = `<!doctype html><title>Clipped</title>
<style>
  .viewport { width: 200px; overflow: hidden; border: 1px solid; }
  .track { display: flex; transition: transform .2s; }
  .slide { flex: 0 0 200px; height: 80px; }
  #list { height: 60px; overflow: auto; width: 200px; }
  #list button { display: block; height: 30px; }
  .holder { overflow: hidden; width: 120px; height: 30px; }
  #menu { position: absolute; top: 260px; left: 300px; }
</style>
<section aria-label="Offers">
  <div class="viewport"><div class="track" id="track">
    <div class="slide"><button onclick="out('one')">Offer one</button></div>
    <div class="slide"><button onclick="out('two')">Offer two</button></div>
    <div class="slide"><button onclick="out('three')">Offer three</button></div>
  </div></div>
  <button id="next" onclick="go()">Next offer</button>
</section>
<div id="list"><button>Row 1</button><button>Row 2</button><button>Row 3</button><button onclick="out('row 6')">Row 6</button></div>
<div class="holder"><span>Menu</span><div id="menu"><button onclick="out('menu')">Menu item</button></div></div>
<p id="out">nothing</p>
<script>
  let at = 0;
  function go() { at = (at + 1) % 3; document.getElementById("track").style.transform = "translateX(" + (-200 * at) + "px)"; }
  function out(what) { document.getElementById("out").textContent = "pressed " + what; }
</script>`;

/** The tree line of the ref'd element named `name`, with its ref cut off. */
function lineOf(state: Json, name: string): string {
  const line = String(state.tree).split("\n").find((l) => l.includes(`"${name}"`) && l.includes("[ref="));
  assert.ok(line, `a ref line for ${name} in:\n${state.tree}`);
  return line.trim().replace(/ \[ref=@e\d+\].*$/, "");
}

Deno.test("a carousel's slides outside its overflow-hidden viewport are offscreen, not covered", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using site = new Site({ "/": PAGE });
  await using s = await session(site.url("/"));
  assert.equal(lineOf(s.state, "Offer one"), '- button "Offer one"');
  assert.equal(lineOf(s.state, "Offer two"), '- button "Offer two" [offscreen]');
  assert.equal(lineOf(s.state, "Offer three"), '- button "Offer three" [offscreen]');
  // A scrolling box's rows below its fold: scrolling it shows them.
  assert.equal(lineOf(s.state, "Row 6"), '- button "Row 6"');
  // Positioned outside a clipping box that does not contain it: not clipped.
  assert.equal(lineOf(s.state, "Menu item"), '- button "Menu item"');

  const r = await ph.actOn(s.sid, s.state, "click", /button "Offer three"/);
  assert.equal(r.execution, "not_dispatched");
  assert.equal(r.error.code, "element_not_visible");
  assert.equal(r.error.details.clipped, true);
  assert.equal(r.error.details.transient, undefined);
  assert.match(r.error.message, /clipped out of view.*no scroll shows it/);
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "nothing");

  // Brought into view the page's way, the slide is reachable.
  let state = await ph.observe(s.sid, {});
  for (let i = 0; i < 2; i++) {
    const next = await ph.actOn(s.sid, state, "click", /button "Next offer"/);
    assertCaptured(next);
    state = next.freshState;
  }
  await ph.pageEval(s.sid, "new Promise((r) => setTimeout(r, 400))");
  state = await ph.observe(s.sid, {});
  assert.equal(lineOf(state, "Offer three"), '- button "Offer three"');
  assert.equal(lineOf(state, "Offer one"), '- button "Offer one" [offscreen]');
  const pressed = await ph.act(s.sid, state, { action: "click", ref: refOf(state, /button "Offer three"/) });
  assertCaptured(pressed);
  assert.match(pressed.freshState.tree, /pressed three/);
});

Deno.test("a slide clipped while its carousel moves is refused as a clip of the moment", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using site = new Site({ "/": PAGE });
  await using s = await session(site.url("/"));
  // A slow slide, longer than the settle waits for: the act answers while the track moves.
  await ph.pageEval(s.sid, "document.getElementById('track').style.transition = 'transform 20s linear'");
  const state = await ph.observe(s.sid, {});
  const next = await ph.actOn(s.sid, state, "click", /button "Next offer"/);
  assertCaptured(next);
  const r = await ph.act(s.sid, next.freshState, {
    action: "click",
    ref: refOf(state, /button "Offer two"/),
  });
  assert.equal(r.execution, "not_dispatched");
  assert.equal(r.error.code, "element_not_visible");
  assert.equal(r.error.details.clipped, true);
  assert.equal(r.error.details.transient, true);
  assert.match(r.error.message, /for the moment: an animation is moving it/);
  assert.match(r.error.recoveryHint, /observe again/);
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('out').textContent"), "nothing");
});

Deno.test("a row a scrolling box clips is scrolled into view and clicked", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  {
    await using site = new Site({ "/": PAGE });
    await using s = await session(site.url("/"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Row 6"/);
    assertCaptured(r);
    assert.match(r.freshState.tree, /pressed row 6/);
  }
  await ph[Symbol.asyncDispose]();
});
