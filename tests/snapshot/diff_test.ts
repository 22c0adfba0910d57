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

Deno.test("a removed line whose nested lines all went stands for its subtree; one that keeps a line does not", () => {
  const before = [
    '- button "Choose date" [ref=@e1]',
    '- dialog "Arrival":',
    '  - grid "March":',
    '    - gridcell "1" [ref=@e2]',
    '    - gridcell "2" [ref=@e3]',
    '  - button "Next month" [ref=@e4]',
    "- main:",
    '  - heading "Order" [level=1]',
    '  - combobox "Size" [ref=@e5]',
    "",
  ].join("\n");
  const after = [
    '- button "Choose date" [ref=@e1]',
    '- combobox "Size" [ref=@e5]',
    "",
  ].join("\n");
  assert.deepEqual(diffTrees(before, after), {
    added: [],
    // The dialog went whole: one line. The main went but its combobox stayed: its lines are listed.
    removed: ['- dialog "Arrival":', "- main:", '  - heading "Order" [level=1]'],
    changed: ['- combobox "Size" [ref=@e5]'],
  });
});

Deno.test("a removed line with a ref stands for its subtree as its ref alone", () => {
  const before =
    '- menu "Options" [ref=@e1]:\n  - menuitem "Edit" [ref=@e2]\n  - separator\n- button "Options" [ref=@e3]\n';
  const after = '- button "Options" [ref=@e3]\n';
  assert.deepEqual(diffTrees(before, after), { added: [], removed: ["@e1"], changed: [] });
});
