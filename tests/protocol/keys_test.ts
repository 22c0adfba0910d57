import assert from "node:assert/strict";
import { keystrokes, parseChord } from "../../lib/protocol/keys.ts";

Deno.test("press keys parse as chords of modifiers and one key", () => {
  assert.deepEqual(parseChord("Enter"), { modifiers: [], key: "Enter", printable: false });
  assert.deepEqual(parseChord("Control+A"), { modifiers: ["Control"], key: "A", printable: false });
  assert.deepEqual(parseChord("Shift+Tab"), { modifiers: ["Shift"], key: "Tab", printable: false });
  assert.deepEqual(parseChord("a"), { modifiers: [], key: "a", printable: true });
  assert.deepEqual(parseChord("Control++"), { modifiers: ["Control"], key: "+", printable: false });
  assert.deepEqual(parseChord("Space"), { modifiers: [], key: " ", printable: true });
  assert.ok("error" in parseChord("Hyper+A"));
  assert.ok("error" in parseChord("Enterr"));
  assert.ok("error" in parseChord("a+Control"));
});

Deno.test("press accepts common spellings of keys and modifiers, but a character keeps its case", () => {
  assert.deepEqual(parseChord("ctrl+a"), { modifiers: ["Control"], key: "a", printable: false });
  assert.deepEqual(parseChord("Cmd+Shift+z"), { modifiers: ["Meta", "Shift"], key: "z", printable: false });
  assert.deepEqual(parseChord("enter"), { modifiers: [], key: "Enter", printable: false });
  assert.deepEqual(parseChord("Esc"), { modifiers: [], key: "Escape", printable: false });
  assert.deepEqual(parseChord("Return"), { modifiers: [], key: "Enter", printable: false });
  assert.deepEqual(parseChord("shift+up"), { modifiers: ["Shift"], key: "ArrowUp", printable: false });
  assert.deepEqual(parseChord("F24"), { modifiers: [], key: "F24", printable: false });
  assert.deepEqual(parseChord("A"), { modifiers: [], key: "A", printable: true });
});

Deno.test("a character outside the US layout is pressed alone or with Shift only", () => {
  assert.deepEqual(parseChord("é"), { modifiers: [], key: "é", printable: true });
  assert.deepEqual(parseChord("Shift+é"), { modifiers: ["Shift"], key: "é", printable: true });
  assert.ok("error" in parseChord("Control+é"));
});

Deno.test("type presses keys of the US layout and enters every other character as text", () => {
  assert.deepEqual(keystrokes("Hi!\n"), [{ key: "H" }, { key: "i" }, { key: "!" }, { key: "Enter" }]);
  assert.deepEqual(keystrokes("a\r\nb"), [{ key: "a" }, { key: "Enter" }, { key: "b" }]);
  assert.deepEqual(keystrokes("café"), [{ key: "c" }, { key: "a" }, { key: "f" }, { text: "é" }]);
  assert.deepEqual(keystrokes("日本"), [{ text: "日" }, { text: "本" }]);
  assert.deepEqual(keystrokes("a\tb"), [{ key: "a" }, { text: "\t" }, { key: "b" }]);
});

Deno.test("type enters one user-perceived character per step: combining marks and emoji sequences stay whole", () => {
  // e + combining acute accent; a family emoji joined by zero-width joiners; a flag; Hebrew.
  assert.deepEqual(keystrokes("e\u0301"), [{ text: "e\u0301" }]);
  assert.deepEqual(keystrokes("👨‍👩‍👧 🇳🇴"), [{ text: "👨‍👩‍👧" }, { key: " " }, { text: "🇳🇴" }]);
  assert.deepEqual(keystrokes("שלום").length, 4);
});
