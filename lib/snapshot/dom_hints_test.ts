import assert from "node:assert/strict";
import type { Protocol } from "devtools-protocol";
import type { AXNodeLike } from "./ax_tree.ts";
import { domHints } from "./dom_hints.ts";

// ---- a tiny builder for DOMSnapshot.captureSnapshot results -----------------------------

interface El {
  tag: string;
  /** Backend node id. */
  id: number;
  attrs?: Record<string, string>;
  /** Computed `cursor`; elements without one have no layout object. */
  cursor?: string;
  clickable?: boolean;
  /** Children; a string is a text node, `{ shadow: [...] }` an open shadow root. */
  kids?: (El | string | { shadow: El[] })[];
}

interface Doc {
  frameId: string;
  url: string;
  base?: string;
  body: El[];
}

function snapshot(...docs: Doc[]): Protocol.DOMSnapshot.CaptureSnapshotResponse {
  const strings: string[] = [];
  const s = (text: string) => {
    const at = strings.indexOf(text);
    return at >= 0 ? at : strings.push(text) - 1;
  };
  let nextBackend = 10_000;
  const documents = docs.map((d) => {
    const nodes = {
      parentIndex: [] as number[],
      nodeType: [] as number[],
      nodeName: [] as number[],
      backendNodeId: [] as number[],
      attributes: [] as number[][],
      isClickable: { index: [] as number[] },
    };
    const layout = {
      nodeIndex: [] as number[],
      styles: [] as number[][],
      bounds: [],
      text: [],
      stackingContexts: { index: [] },
    };
    const add = (
      type: number,
      name: string,
      parent: number,
      backend: number,
      attrs: Record<string, string> = {},
    ) => {
      nodes.parentIndex.push(parent);
      nodes.nodeType.push(type);
      nodes.nodeName.push(s(name));
      nodes.backendNodeId.push(backend);
      nodes.attributes.push(Object.entries(attrs).flatMap(([k, v]) => [s(k), s(v)]));
      return nodes.parentIndex.length - 1;
    };
    const addEl = (el: El, parent: number) => {
      const i = add(1, el.tag.toUpperCase(), parent, el.id, el.attrs);
      if (el.clickable) nodes.isClickable.index.push(i);
      if (el.cursor) {
        layout.nodeIndex.push(i);
        layout.styles.push([s(el.cursor)]);
      }
      for (const kid of el.kids ?? []) {
        if (typeof kid === "string") add(3, "#text", i, nextBackend++);
        else if ("shadow" in kid) {
          const root = add(11, "#document-fragment", i, nextBackend++);
          for (const inner of kid.shadow) addEl(inner, root);
        } else addEl(kid, i);
      }
    };
    const docIndex = add(9, "#document", -1, nextBackend++);
    addEl({
      tag: "html",
      id: nextBackend++,
      cursor: "auto",
      kids: [{ tag: "body", id: nextBackend++, cursor: "auto", kids: d.body }],
    }, docIndex);
    return {
      documentURL: s(d.url),
      baseURL: s(d.base ?? d.url),
      title: s(""),
      contentLanguage: s(""),
      encodingName: s("UTF-8"),
      publicId: s(""),
      systemId: s(""),
      frameId: s(d.frameId),
      nodes,
      layout,
      textBoxes: { layoutIndex: [], bounds: [], start: [], length: [] },
    };
  });
  return { documents, strings } as unknown as Protocol.DOMSnapshot.CaptureSnapshotResponse;
}

const MAIN = "FRAME-MAIN";

// ---- click handlers and pointer cursors -----------------------------------------------

Deno.test("nodes Chromium reports as clickable become click hints", () => {
  const hints = domHints(
    snapshot({
      frameId: MAIN,
      url: "https://shop.test/",
      body: [
        { tag: "div", id: 1, clickable: true, kids: ["Listener"] },
        { tag: "div", id: 2, kids: ["Plain"] },
        { tag: "circle", id: 3, clickable: true },
      ],
    }),
    MAIN,
    [],
  );
  assert.deepEqual([...hints.clickable].sort(), [1, 3]);
});

Deno.test("a pointer cursor counts only where it is not inherited from the parent element", () => {
  const hints = domHints(
    snapshot({
      frameId: MAIN,
      url: "https://shop.test/",
      body: [
        // A pointer card: its child inherits the cursor and is not a click target of its own.
        {
          tag: "div",
          id: 1,
          cursor: "pointer",
          kids: ["Card ", { tag: "span", id: 2, cursor: "pointer", kids: ["title"] }],
        },
        // Pointer set on a child of a default-cursor element is the child's own.
        { tag: "div", id: 3, cursor: "default", kids: [{ tag: "span", id: 4, cursor: "pointer" }] },
        // Across a shadow root the host is the parent element.
        {
          tag: "x-card",
          id: 5,
          cursor: "pointer",
          kids: [{ shadow: [{ tag: "button", id: 6, cursor: "pointer" }] }],
        },
        {
          tag: "x-row",
          id: 7,
          cursor: "auto",
          kids: [{ shadow: [{ tag: "div", id: 8, cursor: "pointer" }] }],
        },
        { tag: "div", id: 9, cursor: "text" },
      ],
    }),
    MAIN,
    [],
  );
  assert.deepEqual([...hints.pointer].sort((a, b) => a - b), [1, 4, 5, 8]);
});

// ---- link targets ---------------------------------------------------------------------

Deno.test("link targets resolve against the document's base URL; an unresolvable href gives none", () => {
  const hints = domHints(
    snapshot({
      frameId: MAIN,
      url: "https://shop.test/cat/page?x=1",
      base: "https://cdn.shop.test/base/",
      body: [
        { tag: "a", id: 1, attrs: { href: "../item?id=42#top" } },
        { tag: "a", id: 2, attrs: { href: "https://other.test/" } },
        { tag: "area", id: 3, attrs: { href: "map" } },
        { tag: "a", id: 4 },
        { tag: "a", id: 5, attrs: { href: "http://[broken" } },
        { tag: "div", id: 6, attrs: { href: "/not-a-link" } },
      ],
    }),
    MAIN,
    [],
  );
  assert.deepEqual(
    [...hints.hrefs].sort(([a], [b]) => a - b),
    [[1, "https://cdn.shop.test/item?id=42#top"], [2, "https://other.test/"], [
      3,
      "https://cdn.shop.test/base/map",
    ]],
  );
});

// ---- credential fields ----------------------------------------------------------------

Deno.test("credential fields are marked sensitive by type, autocomplete, name, id and label; others are not", () => {
  const field = (id: number, attrs: Record<string, string>, tag = "input"): El => ({ tag, id, attrs });
  const ax: AXNodeLike[] = [{ nodeId: "1", backendDOMNodeId: 8, name: { value: "Security code" } }];
  const hints = domHints(
    snapshot({
      frameId: MAIN,
      url: "https://shop.test/",
      body: [
        field(1, { type: "password" }),
        field(2, { autocomplete: "one-time-code" }),
        field(3, { autocomplete: "billing cc-number" }),
        field(4, { name: "api_token" }),
        field(5, { id: "user-password" }),
        field(6, { "aria-label": "PIN" }),
        field(7, { name: "client_secret" }, "textarea"),
        field(8, {}),
        field(9, { autocomplete: "cc-exp-month" }, "select"),
        field(20, { type: "email", name: "email" }),
        field(21, { type: "search", "aria-label": "Search" }),
        field(22, { name: "comment" }, "textarea"),
        field(23, { name: "country" }, "select"),
        field(24, { type: "password" }, "div"),
      ],
    }),
    MAIN,
    ax,
  );
  assert.deepEqual([...hints.sensitive].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

// ---- frames ---------------------------------------------------------------------------

Deno.test("only the observed frame's document is read", () => {
  const snap = snapshot(
    { frameId: MAIN, url: "https://shop.test/", body: [{ tag: "div", id: 1, clickable: true }] },
    {
      frameId: "FRAME-CHILD",
      url: "https://shop.test/frame",
      body: [{ tag: "a", id: 2, clickable: true, attrs: { href: "/in-frame" } }, {
        tag: "input",
        id: 3,
        attrs: { type: "password" },
      }],
    },
  );
  const child = domHints(snap, "FRAME-CHILD", []);
  assert.deepEqual([...child.clickable], [2]);
  assert.deepEqual([...child.hrefs], [[2, "https://shop.test/in-frame"]]);
  assert.deepEqual([...child.sensitive], [3]);
  const main = domHints(snap, MAIN, []);
  assert.deepEqual([...main.clickable], [1]);
  assert.equal(main.hrefs.size + main.sensitive.size, 0);
  const none = domHints(snap, "FRAME-GONE", []);
  assert.equal(none.clickable.size + none.pointer.size + none.hrefs.size + none.sensitive.size, 0);
});
