import assert from "node:assert/strict";
import { parseChord } from "./keys.ts";

Deno.test("press keys parse as chords of modifiers and one key", () => {
  assert.deepEqual(parseChord("Enter"), { modifiers: [], key: "Enter", printable: false });
  assert.deepEqual(parseChord("Control+A"), { modifiers: ["Control"], key: "A", printable: false });
  assert.deepEqual(parseChord("Shift+Tab"), { modifiers: ["Shift"], key: "Tab", printable: false });
  assert.deepEqual(parseChord("a"), { modifiers: [], key: "a", printable: true });
  assert.deepEqual(parseChord("Control++"), { modifiers: ["Control"], key: "+", printable: false });
  assert.ok("error" in parseChord("Hyper+A"));
  assert.ok("error" in parseChord("Enterr"));
});
