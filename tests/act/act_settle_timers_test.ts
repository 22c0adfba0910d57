/**
 * The settle waits for the short timers an action's input made the page set (a debounced filter or
 * search), and never for intervals or timer loops past a bounded depth.
 */
import assert from "node:assert/strict";
import { assertCaptured, browserTest, type Json, Porthole, refOf } from "../support/harness.ts";
import { openedPorthole } from "../support/fixtures.ts";
import { MAX_DEPTH } from "../../lib/snapshot/timers.ts";

/** A country list that a text field filters `delay` ms after the last key, as intl-tel-input does. */
const filterPage = (delay: number) =>
  `<!doctype html><title>Countries</title>
<label>Search <input id="q"></label>
<ul id="list" role="listbox" aria-label="Countries">
  ${["Finland", "France", "Germany", "Spain", "Sweden"].map((c) => `<li role="option">${c}</li>`).join("")}
</ul>
<script>
let timer = 0;
document.getElementById("q").addEventListener("input", (e) => {
  clearTimeout(timer);
  // The timer's extra arguments reach its callback, as they do without Porthole.
  timer = setTimeout((field, word) => {
    for (const li of document.querySelectorAll("li")) {
      li.hidden = !li.textContent.toLowerCase().startsWith(field.value.toLowerCase());
    }
    document.getElementById("list").setAttribute("aria-label", word);
  }, ${delay}, e.target, "Matching countries");
});
</script>`;

/** Types `text` into the textbox `field` of a page served as "/", in a Porthole of its own. */
async function typeInto(page: string, field: string, text: string): Promise<Json> {
  await using t = await openedPorthole({ "/": page });
  const r = await t.ph.act(t.sid, t.state, {
    action: "type",
    ref: refOf(t.state, new RegExp(`textbox "${field}"`)),
    text,
  });
  assertCaptured(r);
  return r;
}

for (const delay of [100, 300]) {
  Deno.test(
    `act: after type, a list filtered ${delay} ms after the last key is shown filtered`,
    browserTest,
    async () => {
      const r = await typeInto(filterPage(delay), "Search", "Fr");
      const tree: string = r.freshState.tree;
      assert.match(tree, /listbox "Matching countries"/, tree);
      assert.match(tree, /option "France"/);
      assert.doesNotMatch(tree, /option "(Finland|Germany|Spain|Sweden)"/);
      assert.equal(r.settle.state, "quiet", JSON.stringify(r.settle));
      assert.ok(r.settle.timers >= 1, JSON.stringify(r.settle));
    },
  );
}

Deno.test(
  "act: a poller on setInterval neither holds the settle nor counts as its timers",
  browserTest,
  async () => {
    // Each tick renders, and sets a short timer of its own: neither belongs to the click.
    const page = `<!doctype html><title>Poll</title>
<p id="tick">0</p><button onclick="document.getElementById('b').textContent = 'clicked'">Go</button>
<p id="b">waiting</p>
<script>
let ticks = 0;
setInterval(() => {
  document.getElementById("tick").textContent = String(++ticks);
  setTimeout(() => { document.getElementById("tick").title = "tick " + ticks; }, 20);
}, 50);
</script>`;
    await using t = await openedPorthole({ "/": page });
    let state = t.state;
    for (let i = 0; i < 3; i++) {
      const r = await t.ph.act(t.sid, state, { action: "click", ref: refOf(state, /button "Go"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, /clicked/);
      assert.equal(r.settle.state, "quiet", JSON.stringify(r.settle));
      assert.equal(r.settle.timers, undefined, JSON.stringify(r.settle));
      state = r.freshState;
    }
  },
);

/** A counter a timer loop turns every 10 ms, from load or from the first press of "Go". */
const loopPage = (fromLoad: boolean) =>
  `<!doctype html><title>Loop</title>
<p id="n">0</p><button onclick="go()">Go</button><p id="b">waiting</p>
<script>
let n = 0, running = false;
const loop = () => { running = true; document.getElementById("n").textContent = String(++n); setTimeout(loop, 10); };
function go() {
  document.getElementById("b").textContent = "clicked";
  if (!running) loop();
}
${fromLoad ? "loop();" : ""}
</script>`;

Deno.test("act: a timer loop a click starts is waited for to a bounded depth only", browserTest, async () => {
  await using t = await openedPorthole({ "/": loopPage(false) });
  const r = await t.ph.act(t.sid, t.state, { action: "click", ref: refOf(t.state, /button "Go"/) });
  assertCaptured(r);
  assert.match(r.freshState.tree, /clicked/);
  assert.notEqual(r.settle.state, "skipped");
  // The loop's turns, each set by the one before, up to the depth; none after.
  assert.equal(r.settle.timers, MAX_DEPTH, JSON.stringify(r.settle));
});

Deno.test(
  "act: a timer loop that runs since load holds no settle past its bounded depth",
  browserTest,
  async () => {
    await using t = await openedPorthole({ "/": loopPage(true) });
    let state = t.state;
    for (let i = 0; i < 3; i++) {
      const r = await t.ph.act(t.sid, state, { action: "click", ref: refOf(state, /button "Go"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, /clicked/);
      assert.notEqual(r.settle.state, "skipped");
      assert.ok((r.settle.timers ?? 0) <= MAX_DEPTH, JSON.stringify(r.settle));
      state = r.freshState;
    }
  },
);

Deno.test(
  "act: a timer loop that reschedules from a promise costs the budget and the result says so",
  browserTest,
  async () => {
    // Each turn is set from a microtask, so no chain depth ties it to the one before.
    const page = `<!doctype html><title>Async loop</title>
<p id="n">0</p><button onclick="go()">Go</button>
<script>
let n = 0;
function go() {
  const turn = () => Promise.resolve().then(() => {
    document.getElementById("n").textContent = "turn " + (++n);
    setTimeout(turn, 5);
  });
  turn();
}
</script>`;
    await using t = await openedPorthole({ "/": page });
    const r = await t.ph.act(t.sid, t.state, {
      action: "click",
      ref: refOf(t.state, /button "Go"/),
      settleMs: 300,
    });
    assertCaptured(r);
    assert.equal(r.settle.state, "budget", JSON.stringify(r.settle));
    assert.match(r.freshState.tree, /turn \d+/);
  },
);

Deno.test(
  "act: a page that forges the timer hook's events only lengthens its own settle",
  browserTest,
  async () => {
    // It claims a timer on every click and never says it fired: the settle runs to its budget and says so.
    const page = `<!doctype html><title>Forged</title>
<button onclick="window.dispatchEvent(new Event('porthole:timer-set')); out.textContent = 'clicked'">Go</button>
<p id="out">waiting</p>`;
    await using t = await openedPorthole({ "/": page });
    const r = await t.ph.act(t.sid, t.state, {
      action: "click",
      ref: refOf(t.state, /button "Go"/),
      settleMs: 300,
    });
    assertCaptured(r);
    assert.equal(r.execution, "completed");
    assert.equal(r.settle.state, "budget", JSON.stringify(r.settle));
    assert.match(r.freshState.tree, /clicked/);
    // The next action on the fresh state is not held by the forged timer of the last one.
    const next = await t.ph.act(t.sid, r.freshState, {
      action: "click",
      ref: refOf(r.freshState, /button "Go"/),
    });
    assertCaptured(next);
  },
);

Deno.test("the OpenAPI document describes the settle's count of timers, as optional", async () => {
  await using ph = await Porthole.start();
  const doc = (await ph.request("GET", "/openapi.json")).body;
  const ok = doc.paths["/v1/sessions/{sessionId}/act"].post.responses["200"];
  const ref: string = ok.content["application/json"].schema.$ref;
  const settle = doc.components.schemas[ref.split("/").pop()!].properties.settle;
  assert.equal(settle.properties.timers.type, "integer");
  assert.match(settle.properties.timers.description, /setTimeout/);
  assert.ok(!settle.required.includes("timers"));
});

Deno.test(
  "act: a change the click renders in the next animation frame is in the fresh state; an animation loop running before it holds nothing",
  browserTest,
  async () => {
    // The click's render waits for a frame (two, nested), as libraries that batch DOM writes do; meanwhile
    // a loop begun at load redraws a clock every frame, and never ends.
    const page = `<!doctype html><title>Frames</title>
<p id="clock">0</p><button id="go">Show</button><p id="out">hidden</p>
<script>
let frames = 0;
const loop = () => { document.getElementById("clock").textContent = String(++frames % 7); requestAnimationFrame(loop); };
requestAnimationFrame(loop);
document.getElementById("go").addEventListener("click", () => {
  requestAnimationFrame(() => requestAnimationFrame(() => { document.getElementById("out").textContent = "Shown in a frame"; }));
});
</script>`;
    await using t = await openedPorthole({ "/": page });
    let state = t.state;
    for (let i = 0; i < 3; i++) {
      const r = await t.ph.act(t.sid, state, { action: "click", ref: refOf(state, /button "Show"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, /Shown in a frame/, r.freshState.tree);
      // Quiet, not "budget": the loop's frames were not waited for.
      assert.equal(r.settle.state, "quiet", JSON.stringify(r.settle));
      await t.ph.pageEval(t.sid, "document.getElementById('out').textContent = 'hidden'");
      state = await t.ph.observe(t.sid);
    }
  },
);
