import assert from "node:assert/strict";
import { diffTrees } from "../../lib/snapshot/diff.ts";

Deno.test("identical trees have no changes", () => {
  const tree = '- heading "Cart" [level=1]\n- button "Pay" [ref=@e1]\n';
  assert.deepEqual(diffTrees(tree, tree), { added: [], removed: [], changed: [] });
});

Deno.test("a line whose element kept its ref but whose text changed is `changed`, with its new text", () => {
  const before = '- checkbox "Agree" [ref=@e1]\n- textbox "Email" [ref=@e2]: a\n';
  const after = '- checkbox "Agree" [checked] [ref=@e1]\n- textbox "Email" [ref=@e2]: ab\n';
  assert.deepEqual(diffTrees(before, after), {
    added: [],
    removed: [],
    changed: ['- checkbox "Agree" [checked] [ref=@e1]', '- textbox "Email" [ref=@e2]: ab'],
  });
});

Deno.test("elements that appeared or left are added or removed, followed by their ref; a removed one is its ref alone", () => {
  const before = '- button "Alpha" [ref=@e1]\n- button "Beta" [ref=@e2]\n';
  const after = '- button "Alpha" [ref=@e1]\n- button "Gamma" [ref=@e3]\n';
  assert.deepEqual(diffTrees(before, after), {
    added: ['- button "Gamma" [ref=@e3]'],
    removed: ["@e2"],
    changed: [],
  });
});

Deno.test("lines without refs are compared by text, repeated lines counted", () => {
  const before = "- text: Count: 0\n- listitem: x\n- listitem: x\n";
  const after = "- text: Count: 1\n- listitem: x\n";
  assert.deepEqual(diffTrees(before, after), {
    added: ["- text: Count: 1"],
    removed: ["- text: Count: 0", "- listitem: x"],
    changed: [],
  });
});

Deno.test("a ref-lookalike inside a quoted name does not count as a ref", () => {
  const before = '- paragraph: "\\u005bref=@e9]"\n';
  const after = '- paragraph: "\\u005bref=@e9] more"\n';
  assert.deepEqual(diffTrees(before, after), {
    added: ['- paragraph: "\\u005bref=@e9] more"'],
    removed: ['- paragraph: "\\u005bref=@e9]"'],
    changed: [],
  });
});
