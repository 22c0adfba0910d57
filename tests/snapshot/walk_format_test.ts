import assert from "node:assert/strict";
import { parseWalk, WALK_FORMAT, type WalkNode, type WalkResult } from "../../lib/snapshot/walker.ts";

// The walker's answer is written in the page and read here: the same function, run as the page runs it.
const encode = new Function(`return ${WALK_FORMAT}`)() as (head: unknown, nodes: WalkNode[]) => string;

const head = {
  token: "0123456789abcdef",
  next: 9,
  origin: "http://127.0.0.1:8000",
  title: 'A "title"\twith\nbreaks \\ and more',
  cut: false,
  recorder: true,
  refs: true,
};

function roundTrip(nodes: WalkNode[], h: Omit<WalkResult, "nodes"> = head): string {
  const text = encode(h, nodes);
  assert.deepEqual(parseWalk(text), { ...h, nodes });
  return text;
}

Deno.test("every field of a record reads back exactly as the page wrote it", () => {
  roundTrip([
    { d: 0, r: "main" },
    { d: 1, r: "heading", n: "Orders", lv: 2 },
    { d: 2, r: "text", t: "Orders" },
    {
      d: 1,
      r: "textbox",
      n: "Notes",
      ref: 3,
      f: 64 | 256,
      v: "line one\nline\ttwo \\n",
      fx: {
        tag: "textarea",
        type: null,
        autocomplete: null,
        name: "notes",
        id: "n\t1",
        placeholder: 'say "hi"',
        ariaLabel: null,
        labelledbyUnresolved: false,
        dataSensitive: false,
        labelText: "Notes\\",
      },
    },
    { d: 1, r: "combobox", n: "Size", ref: 4, sel: 1 },
    { d: 2, r: "option", n: "Small", ref: 5, f: 8 },
    { d: 1, r: "generic", ref: 6, sc: { at: 40, shown: 50, total: 500 } },
    { d: 1, r: "list", ref: 7, sc: { at: 0, shown: 300, total: 1200, x: 1 } },
    { d: 1, r: "textbox", n: "Editor", ref: 8, v: "Hello bold", rich: 1 },
    { d: 2, r: "strong", n: "bold" },
    { d: 1, r: "Iframe", n: "Frame", fr: -1 },
    { d: 1, r: "Iframe", fr: 2 },
    { d: 1, r: "", c: 0 },
    { d: 1, r: "button", n: "Go", ref: 9, m: 1 },
    { d: 1, r: "region", a: 1 },
    { d: 1, r: "text", t: "  spaces\tand\nbreaks  ", m: 1 },
  ]);
});

Deno.test("a text that repeats its parent's name is written as =, and reads back as that name", () => {
  const nodes: WalkNode[] = [
    { d: 0, r: "link", n: "Item 1", ref: 1, u: "http://127.0.0.1:8000/item/1" },
    { d: 1, r: "text", t: "Item 1" },
    { d: 0, r: "button", ref: 2 },
    // No name on the parent: nothing to repeat, though the text before had one.
    { d: 1, r: "text", t: "Item 1" },
    { d: 0, r: "button", n: "=", ref: 3 },
    { d: 1, r: "text", t: "=" },
    { d: 0, r: "text", t: "Item 1" },
    { d: 0, r: "paragraph", n: "'quoted" },
    { d: 1, r: "text", t: "'quoted" },
    { d: 1, r: "text", t: "another" },
  ];
  const text = roundTrip(nodes);
  assert.deepEqual(text.split("\n").slice(1).map((l) => l.split("\t")[1]), [
    "link",
    "=",
    "button",
    "'Item 1",
    "button",
    "=",
    "'Item 1",
    "paragraph",
    "=",
    "'another",
  ]);
});

Deno.test("a link on the document's origin crosses as its path; any other link, and any link of an opaque document, whole", () => {
  const nodes: WalkNode[] = [
    { d: 0, r: "link", ref: 1, u: "http://127.0.0.1:8000/a?b=c#d" },
    { d: 0, r: "link", ref: 2, u: "http://127.0.0.1:8000" },
    { d: 0, r: "link", ref: 3, u: "http://127.0.0.1:80001/other-port" },
    { d: 0, r: "link", ref: 4, u: "https://example.com/x" },
    { d: 0, r: "link", ref: 5, u: "javascript:void 0" },
  ];
  const text = roundTrip(nodes);
  assert.match(text, /\tu\/a\?b=c#d/);
  assert.match(text, /\tuhttp:\/\/127\.0\.0\.1:80001\/other-port/);
  roundTrip(nodes, { ...head, origin: "null" });
});

Deno.test("the answer is one line a record: no value can add a line or a field", () => {
  const nodes: WalkNode[] = [
    { d: 0, r: "text", t: "a\nb\tc\\" },
    { d: 0, r: "button", n: "x\n1\t#5", ref: 1 },
  ];
  const text = roundTrip(nodes);
  assert.equal(text.split("\n").length, 3);
  assert.equal(text.split("\n")[2].split("\t").length, 4);
});

Deno.test("an answer with an unknown field is refused, not misread", () => {
  assert.throws(() => parseWalk(`${JSON.stringify(head)}\n0\tbutton\tz1`), /unknown field/);
});
