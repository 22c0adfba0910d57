import assert from "node:assert/strict";
import type { RefTarget } from "../../lib/snapshot/render.ts";
import type { StateRecord } from "../../lib/session/core/states.ts";
import { chainRef, coreRef, refParts, tokenOf } from "../../lib/session/locate/refs.ts";

function target(ref: string, frameId = "main", token = "tm"): RefTarget {
  const n = Number(/e(\d+)$/.exec(ref)![1]);
  return { ref, frameId, loaderId: "l", token, n, role: "button", name: ref };
}

function state(refs: RefTarget[], frameId = "main", token = "tm"): StateRecord {
  return {
    stateId: "st_1",
    pageId: "p_1",
    targetId: "t",
    frameId,
    loaderId: "l",
    documentId: "d",
    documentNode: 1,
    token,
    origin: "http://127.0.0.1:80",
    url: "http://127.0.0.1/",
    generation: 1,
    refs: new Map(refs.map((r) => [r.ref, r])),
    tree: "",
    uncut: "",
    tier: "full",
    maxDepth: 12,
    walkCut: false,
    truncated: false,
  };
}

Deno.test("a ref is read in the state's form, also from the bare form CLIs print", () => {
  assert.equal(coreRef("@e5"), "@e5");
  assert.equal(coreRef("e5"), "@e5");
  assert.equal(coreRef("f1e3"), "@f1e3");
});

Deno.test("an element maps to its own ref, else to its nearest ancestor's that the state has", () => {
  const s = state([target("@e2"), target("@e7"), target("@f1e2", "child", "tc")]);
  assert.equal(chainRef(s, "main", "tm", [7, 2])?.ref, "@e7", "its own ref first");
  assert.equal(chainRef(s, "main", "tm", [9, 2])?.ref, "@e2", "a number the state lacks is skipped");
  assert.equal(chainRef(s, "child", "tc", [2])?.ref, "@f1e2", "numbers count within their frame");
  assert.equal(chainRef(s, "main", "other-doc", [2]), null, "a number of another document is nothing");
  assert.equal(chainRef(s, "main", "tm", []), null);
});

Deno.test("a ref the state lacks is placed in its frame's document, or nowhere", () => {
  const s = state([target("@e2"), target("@f1e4", "child", "tc")]);
  assert.deepEqual(refParts(s, "@e9"), { frameId: "main", token: "tm", n: 9 });
  assert.deepEqual(refParts(s, "@f1e1"), { frameId: "child", token: "tc", n: 1 });
  assert.equal(refParts(s, "@f2e1"), null, "a frame the state did not observe");
  assert.equal(refParts(s, "@save"), null, "not a core ref");
  assert.deepEqual(refParts(state([]), "@e3"), { frameId: "main", token: "tm", n: 3 });
  assert.equal(tokenOf(s, "child"), "tc");
  assert.equal(tokenOf(s, "gone"), null);
});
