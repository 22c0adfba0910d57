/**
 * Keyboard and text fidelity against real Chromium: `type` presses real keys (and enters what
 * the US layout cannot type as text, as an input method commits it), `fill` is one IME-free
 * insertion, Unicode (CJK, emoji, RTL) arrives intact, and controlled inputs and rich-text
 * editors that own their DOM see what a user's typing would give them.
 */
import assert from "node:assert/strict";
import { browserTest, sharedPorthole, Site } from "../support/harness.ts";

/** Records keys and input events (with their inputType) of every element with an id. */
const LOG = `<script>
window.log = [];
addEventListener("keydown", (e) => log.push("keydown:" + e.key), true);
addEventListener("keyup", (e) => log.push("keyup:" + e.key), true);
addEventListener("beforeinput", (e) => log.push("beforeinput:" + e.inputType), true);
addEventListener("input", (e) => e.target.id && log.push("input:" + e.target.id), true);
</script>`;

const FIELDS = `<!doctype html><title>Fields</title>${LOG}
<label>Name <input id="name"></label>
<label>Notes <textarea id="notes"></textarea></label>
<label>Area <input id="area" maxlength="3"
  oninput="if (this.value.length === 3) document.getElementById('number').focus()"></label>
<label>Number <input id="number"></label>`;

/** An input re-rendered from state on every key, the way a React controlled input is. */
const CONTROLLED = `<!doctype html><title>Controlled</title>${LOG}
<label>Shout <input id="shout"></label>
<p id="preview"></p><p id="renders">0</p>
<script>
let state = "";
let renders = 0;
const input = document.getElementById("shout");
const render = () => {
  renders++;
  input.value = state;
  document.getElementById("preview").textContent = state;
  document.getElementById("renders").textContent = String(renders);
};
input.addEventListener("input", () => { state = input.value.toUpperCase(); render(); });
</script>`;

/**
 * A rich-text editor that owns its document, as ProseMirror or Lexical do: it cancels every
 * beforeinput, applies it to its model (paragraphs) and renders the model again.
 */
const EDITOR = `<!doctype html><title>Editor</title>${LOG}
<div id="editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Body"><p><br></p></div>
<script>
const editor = document.getElementById("editor");
let model = [""];
const render = () => {
  editor.replaceChildren(...model.map((text) => {
    const p = document.createElement("p");
    if (text) p.textContent = text; else p.append(document.createElement("br"));
    return p;
  }));
  const range = document.createRange();
  range.selectNodeContents(editor.lastChild);
  range.collapse(false);
  getSelection().removeAllRanges();
  getSelection().addRange(range);
};
editor.addEventListener("beforeinput", (e) => {
  e.preventDefault();
  const all = !getSelection().isCollapsed;
  if (all) model = [""];
  if (e.inputType === "insertText") model[model.length - 1] += e.data;
  else if (e.inputType === "insertParagraph" || e.inputType === "insertLineBreak") model.push("");
  else if (e.inputType === "deleteContentBackward" && !all) {
    const last = model.length - 1;
    if (model[last]) model[last] = [...model[last]].slice(0, -1).join(""); else if (last) model.pop();
  }
  render();
});
window.modelText = () => model.join("\\n");
</script>`;

const site = new Site({ "/fields": FIELDS, "/controlled": CONTROLLED, "/editor": EDITOR });
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const log = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.log");
const value = (sid: string, id: string): Promise<string> =>
  ph.pageEval(sid, `document.getElementById(${JSON.stringify(id)}).value`);

Deno.test("type presses a real key for each character of the US layout", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const r = await ph.actOn(s.sid, s.state, "type", /textbox "Name"/, { text: "Hi" });
  assert.equal(r.error, undefined);
  assert.equal(await value(s.sid, "name"), "Hi");
  assert.deepEqual(await log(s.sid), [
    "keydown:H",
    "beforeinput:insertText",
    "input:name",
    "keyup:H",
    "keydown:i",
    "beforeinput:insertText",
    "input:name",
    "keyup:i",
  ]);
});

Deno.test(
  "type enters CJK, emoji and right-to-left text whole, one input per character, as an input method would",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    const text = "日本語 👩‍💻 שלום";
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Name"/, { text });
    assert.equal(r.error, undefined);
    assert.equal(await value(s.sid, "name"), text);
    const events = await log(s.sid);
    // 3 + 1 + 4 characters entered as text; the two spaces are keys.
    assert.equal(events.filter((e) => e === "input:name").length, 10);
    assert.deepEqual(events.filter((e) => e.startsWith("keydown")), ["keydown: ", "keydown: "]);
    assert.match(r.freshState.tree, /textbox "Name".*日本語 👩‍💻 שלום/);
  },
);

Deno.test(
  "fill replaces the value with one insertion and no key events, Unicode intact",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    await ph.pageEval(s.sid, `document.getElementById("name").value = "old"`);
    const text = "Zoë — 東京 🚀 مرحبا";
    const r = await ph.actOn(s.sid, s.state, "fill", /textbox "Name"/, { text });
    assert.equal(r.error, undefined);
    assert.equal(await value(s.sid, "name"), text);
    assert.deepEqual(await log(s.sid), ["beforeinput:insertText", "input:name"]);
  },
);

Deno.test("type of a line break into a textarea presses Enter", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const r = await ph.actOn(s.sid, s.state, "type", /textbox "Notes"/, { text: "a\nb" });
  assert.equal(r.error, undefined);
  assert.equal(await value(s.sid, "notes"), "a\nb");
  assert.ok((await log(s.sid)).includes("keydown:Enter"));
});

Deno.test(
  "type stops with focus_lost when the page moves focus mid-text, and the rest is not typed",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Area"/, { text: "12345" });
    assert.equal(r.execution, "dispatched_unknown");
    assert.equal(r.error.code, "focus_lost");
    assert.match(r.error.message, /after 3 of 5 characters/);
    assert.equal(await value(s.sid, "area"), "123");
    assert.equal(await value(s.sid, "number"), "");
  },
);

Deno.test(
  "type into an input re-rendered from state on every key keeps every character",
  browserTest,
  async () => {
    await using s = await session(site.url("/controlled"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Shout"/, {
      text: "hello, world",
      expect: { selector: "#preview", text: "HELLO, WORLD" },
    });
    assert.equal(r.error, undefined);
    assert.equal(r.postcondition, "met");
    assert.equal(await value(s.sid, "shout"), "HELLO, WORLD");
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("renders").textContent`), "12");
  },
);

Deno.test(
  "fill into an input re-rendered from state renders once with the whole text",
  browserTest,
  async () => {
    await using s = await session(site.url("/controlled"));
    const r = await ph.actOn(s.sid, s.state, "fill", /textbox "Shout"/, { text: "quiet ünïcode" });
    assert.equal(r.error, undefined);
    assert.equal(await value(s.sid, "shout"), "QUIET ÜNÏCODE");
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("renders").textContent`), "1");
  },
);

Deno.test(
  "type into a rich-text editor that owns its document: characters, and Enter as a new paragraph",
  browserTest,
  async () => {
    await using s = await session(site.url("/editor"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Body"/, { text: "Dear Ada,\nThanks ✨" });
    assert.equal(r.error, undefined);
    assert.equal(await ph.pageEval(s.sid, "modelText()"), "Dear Ada,\nThanks ✨");
    assert.equal(await ph.pageEval(s.sid, `document.querySelectorAll("#editor p").length`), 2);
    assert.ok((await log(s.sid)).includes("beforeinput:insertParagraph"));
  },
);

Deno.test("fill replaces a rich-text editor's content with one insertion", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/editor"));
  const typed = await ph.actOn(s.sid, state, "type", /textbox "Body"/, { text: "draft" });
  state = typed.freshState;
  await ph.pageEval(s.sid, "window.log.length = 0");
  const r = await ph.actOn(s.sid, state, "fill", /textbox "Body"/, { text: "Final — 完成" });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "modelText()"), "Final — 完成");
  assert.deepEqual(await log(s.sid), ["beforeinput:insertText"]);
});

Deno.test("press takes common key spellings: shift+tab moves focus back", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const r = await ph.actOn(s.sid, s.state, "press", /textbox "Notes"/, { key: "shift+tab" });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "document.activeElement.id"), "name");
});

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
