/**
 * What input actions do to the page, against real Chromium: type, fill, clear, press (keys and
 * chords), click, dblclick and hover. Every test reads the page's own values and events.
 */
import assert from "node:assert/strict";
import {
  assertCaptured,
  assertCompleted,
  assertNotDispatched,
  browserTest,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

/** A form that records its input events and submissions in `window.log`. */
const FORM = `<!doctype html><title>Form</title>
<script>
window.log = [];
addEventListener("input", (e) => log.push("input:" + e.target.id), true);
addEventListener("keydown", (e) => log.push("keydown:" + e.key), true);
</script>
<form id="form" onsubmit="event.preventDefault(); log.push('submit:' + new FormData(this).get('q'))">
  <label>Search <input id="q" name="q"></label>
</form>
<label>Comment <textarea id="comment"></textarea></label>
<label>Prefilled <input id="pre" value="old text"></label>
<div id="editor" contenteditable="true" role="textbox" aria-label="Editor"></div>`;

const POINTER = `<!doctype html><title>Pointer</title>
<script>
window.log = [];
for (const type of ["click", "dblclick", "mouseover", "mousedown"]) {
  addEventListener(type, (e) => e.target.id && log.push(type + ":" + e.target.id), true);
}
</script>
<button id="once">Once</button>
<button id="twice">Twice</button>
<button id="over" onmouseover="this.textContent = 'Hovered'">Hover me</button>`;

/** A form that navigates on submit, to see press Enter start a navigation. */
const GET_FORM = `<!doctype html><title>Get form</title>
<form action="/results"><label>Query <input name="q"></label></form>`;
const RESULTS = `<!doctype html><title>Results</title><h1>Results</h1>`;

/** A page whose form lives in a same-origin frame. */
const FRAMED = `<!doctype html><title>Framed</title><h1>Outer</h1><iframe src="/form"></iframe>`;

const site = new Site({
  "/framed": FRAMED,
  "/form": FORM,
  "/pointer": POINTER,
  "/get-form": GET_FORM,
  "/results": RESULTS,
});
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const value = (sid: string, id: string): Promise<string> =>
  ph.pageEval(sid, `document.getElementById(${JSON.stringify(id)}).value`);
const log = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.log");

Deno.test(
  "type enters the text one character at a time, with an input event per character",
  browserTest,
  async () => {
    await using s = await session(site.url("/form"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Search"/, { text: "café ☕" });
    assertCompleted(r);
    assert.equal(await value(s.sid, "q"), "café ☕");
    assert.deepEqual((await log(s.sid)).filter((e) => e.startsWith("input:")), Array(6).fill("input:q"));
    // The fresh observation shows the value in the tree.
    assert.match(r.freshState.tree, /textbox "Search".*: café ☕/);
  },
);

Deno.test(
  "type adds to what the field holds; fill replaces it with one input event",
  browserTest,
  async () => {
    await using s = await session(site.url("/form"));
    const typed = await ph.actOn(s.sid, s.state, "type", /textbox "Prefilled"/, { text: "!" });
    assert.equal(typed.error, undefined);
    assert.equal((await value(s.sid, "pre")).replace("!", ""), "old text");
    await ph.pageEval(s.sid, "window.log.length = 0");
    const filled = await ph.actOn(s.sid, typed.freshState, "fill", /textbox "Prefilled"/, {
      text: "new text",
    });
    assertCompleted(filled);
    assert.equal(await value(s.sid, "pre"), "new text");
    assert.deepEqual(await log(s.sid), ["input:pre"]);
  },
);

Deno.test("fill writes several lines into a textarea", browserTest, async () => {
  await using s = await session(site.url("/form"));
  const r = await ph.actOn(s.sid, s.state, "fill", /textbox "Comment"/, { text: "one\ntwo" });
  assert.equal(r.error, undefined);
  assert.equal(await value(s.sid, "comment"), "one\ntwo");
});

Deno.test("fill writes into a contenteditable element", browserTest, async () => {
  await using s = await session(site.url("/form"));
  const r = await ph.actOn(s.sid, s.state, "fill", /textbox "Editor"/, { text: "rich" });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('editor').textContent"), "rich");
});

Deno.test("clear empties a field", browserTest, async () => {
  await using s = await session(site.url("/form"));
  const r = await ph.actOn(s.sid, s.state, "clear", /textbox "Prefilled"/);
  assertCompleted(r);
  assert.equal(await value(s.sid, "pre"), "");
  assert.ok((await log(s.sid)).includes("input:pre"));
});

Deno.test("press Enter in a form field submits the form", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/form"));
  const typed = await ph.actOn(s.sid, state, "type", /textbox "Search"/, { text: "shoes" });
  state = typed.freshState;
  const r = await ph.actOn(s.sid, state, "press", /textbox "Search"/, { key: "Enter" });
  assertCompleted(r);
  assert.ok((await log(s.sid)).includes("submit:shoes"));
});

Deno.test("press Enter in a form that navigates waits for the results page", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/get-form"));
  const typed = await ph.actOn(s.sid, state, "fill", /textbox "Query"/, { text: "boots" });
  state = typed.freshState;
  const r = await ph.actOn(s.sid, state, "press", /textbox "Query"/, { key: "Enter" });
  assertCaptured(r);
  assert.equal(r.freshState.url, `${site.url("/results")}?q=[redacted]`);
  assert.match(r.freshState.tree, /heading "Results"/);
  assert.equal(await ph.pageEval(s.sid, "location.search"), "?q=boots");
});

Deno.test("press Control+A selects the whole field", browserTest, async () => {
  await using s = await session(site.url("/form"));
  const r = await ph.actOn(s.sid, s.state, "press", /textbox "Prefilled"/, { key: "Control+A" });
  assertCompleted(r);
  const selection = await ph.pageEval(
    s.sid,
    "(() => { const el = document.getElementById('pre'); return [document.activeElement.id, el.selectionStart, el.selectionEnd]; })()",
  );
  assert.deepEqual(selection, ["pre", 0, "old text".length]);
  assert.equal(await value(s.sid, "pre"), "old text");
});

Deno.test(
  "press of a character outside the US keyboard layout types it, and Shift+a types A",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/form"));
    for (const key of ["é", "€", "Shift+a"]) {
      const r = await ph.actOn(s.sid, state, "press", /textbox "Search"/, { key });
      assert.equal(r.error, undefined, key);
      assert.equal(r.execution, "completed", key);
      state = r.freshState;
    }
    assert.equal(await value(s.sid, "q"), "é€A");
  },
);

Deno.test(
  "press of Control with a character outside the US keyboard layout is invalid_params",
  browserTest,
  async () => {
    await using s = await session(site.url("/form"));
    const r = await ph.actOn(s.sid, s.state, "press", /textbox "Search"/, { key: "Control+é" });
    assertNotDispatched(r, "invalid_params", "key");
  },
);

Deno.test("press without a ref sends the key to the focused element", browserTest, async () => {
  await using s = await session(site.url("/form"));
  await ph.pageEval(s.sid, "document.getElementById('q').focus()");
  const r = await ph.act(s.sid, s.state, { action: "press", key: "x" });
  assertCompleted(r);
  assert.equal(await value(s.sid, "q"), "x");
});

Deno.test(
  "press with a key that is not a key name is invalid_params and sends nothing",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/form"));
    for (const key of ["Enterr", "Hyper+A", ""]) {
      const r = await ph.actOn(s.sid, state, "press", /textbox "Search"/, { key });
      assert.equal(r.execution, "not_dispatched", key);
      assert.equal(r.error.code, "invalid_params", key);
      assert.equal(r.error.details.field, "key", key);
      state = r.freshState;
    }
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test("type and press act inside a same-origin frame observed by its frameId", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/framed"));
  const runtime = ph.server.registry.get(s.sid);
  const frames = await runtime.pages.get(runtime.activePageId!)!.driver.frames();
  const frameId = frames.find((f) => f.parentId !== null)!.frameId;
  const state = await ph.observe(s.sid, { frameId });
  const typed = await ph.actOn(s.sid, state, "type", /textbox "Search"/, { text: "hats" });
  assert.equal(typed.error, undefined);
  assert.equal(typed.freshState.frameId, frameId);
  const pressed = await ph.actOn(s.sid, typed.freshState, "press", /textbox "Search"/, { key: "Enter" });
  assert.equal(pressed.error, undefined);
  const inner = "document.querySelector('iframe').contentWindow";
  assert.equal(await ph.pageEval(s.sid, `${inner}.document.getElementById('q').value`), "hats");
  assert.ok((await ph.pageEval(s.sid, `${inner}.log`)).includes("submit:hats"));
});

Deno.test("click sends exactly one click to the button", browserTest, async () => {
  await using s = await session(site.url("/pointer"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Once"/);
  assert.equal(r.execution, "completed");
  assert.deepEqual((await log(s.sid)).filter((e) => !e.startsWith("mouseover")), [
    "mousedown:once",
    "click:once",
  ]);
});

Deno.test("dblclick sends two clicks and one dblclick", browserTest, async () => {
  await using s = await session(site.url("/pointer"));
  const r = await ph.actOn(s.sid, s.state, "dblclick", /button "Twice"/);
  assert.equal(r.execution, "completed");
  assert.deepEqual((await log(s.sid)).filter((e) => !e.startsWith("mouseover")), [
    "mousedown:twice",
    "click:twice",
    "mousedown:twice",
    "click:twice",
    "dblclick:twice",
  ]);
});

Deno.test("hover moves the pointer over the element and clicks nothing", browserTest, async () => {
  await using s = await session(site.url("/pointer"));
  const r = await ph.actOn(s.sid, s.state, "hover", /button "Hover me"/, {
    expect: { selector: "#over", text: "Hovered" },
  });
  assert.equal(r.execution, "completed");
  assert.equal(r.postcondition, "met");
  assert.deepEqual(await log(s.sid), ["mouseover:over"]);
});

Deno.test(
  "an action that does not fit its target is invalid_params, not dispatched",
  browserTest,
  async () => {
    await using s = await session(site.url("/form"));
    const r = await ph.actOn(s.sid, s.state, "check", /textbox "Search"/);
    assertNotDispatched(r, "invalid_params", "ref");
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
