import assert from "node:assert/strict";
import { sinceOutcome } from "../../lib/session/observe/history.ts";
import type { StateRecord } from "../../lib/session/core/states.ts";

function state(over: Partial<StateRecord> = {}): StateRecord {
  return {
    stateId: "st_2",
    pageId: "p_1",
    targetId: "t",
    frameId: "f",
    loaderId: "l",
    documentId: "f.l.1",
    documentNode: 1,
    token: "t",
    origin: "http://127.0.0.1:80",
    url: "http://127.0.0.1/",
    generation: 1,
    refs: new Map(),
    tree: '- button "Pay" [ref=@e1]\n',
    uncut: '- button "Pay" [ref=@e1]\n',
    tier: "full",
    maxDepth: 12,
    walkCut: false,
    truncated: false,
    ...over,
  };
}

const CAP = 48 * 1024;
const reason = (o: ReturnType<typeof sinceOutcome>) => "unavailable" in o ? o.unavailable.reason : "changes";

Deno.test("since against a known state of the same document gives the changes", () => {
  const base = state({ stateId: "st_1", uncut: '- button "Pay" [ref=@e1]\n- text: 0\n' });
  const now = state({ uncut: '- button "Pay" [ref=@e1]\n- text: 1\n' });
  assert.deepEqual(sinceOutcome("st_1", base, now, CAP), {
    changes: { added: ["- text: 1"], removed: ["- text: 0"], changed: [] },
  });
});

Deno.test("since is unavailable, with the reason, for an unknown state or another page, frame or document", () => {
  assert.equal(reason(sinceOutcome("st_x", null, state(), CAP)), "unknown_state");
  assert.equal(reason(sinceOutcome("st_1", state({ pageId: "p_2" }), state(), CAP)), "other_page");
  assert.equal(reason(sinceOutcome("st_1", state({ generation: 0 }), state(), CAP)), "other_document");
  assert.equal(reason(sinceOutcome("st_1", state({ frameId: "g" }), state(), CAP)), "other_frame");
  assert.equal(reason(sinceOutcome("st_1", state({ documentId: "f.l2.7" }), state(), CAP)), "other_document");
});

Deno.test("since needs the same tier and depth, and pages small enough to be read whole", () => {
  assert.equal(reason(sinceOutcome("st_1", state({ tier: "minimal" }), state(), CAP)), "other_options");
  assert.equal(reason(sinceOutcome("st_1", state({ maxDepth: 3 }), state(), CAP)), "other_options");
  assert.equal(reason(sinceOutcome("st_1", state({ walkCut: true }), state(), CAP)), "truncated");
  assert.equal(reason(sinceOutcome("st_1", state(), state({ walkCut: true }), CAP)), "truncated");
});

Deno.test("trees cut at the size cap are compared whole; changes larger than the cap are refused", () => {
  const long = (n: number) =>
    Array.from({ length: n }, (_, i) => `- button "B${i}" [ref=@e${i + 1}]\n`).join("");
  const base = state({ stateId: "st_1", truncated: true, uncut: long(50) + "- text: 0\n" });
  const now = state({ truncated: true, uncut: long(50) + "- text: 1\n" });
  assert.deepEqual(sinceOutcome("st_1", base, now, 100), {
    changes: { added: ["- text: 1"], removed: ["- text: 0"], changed: [] },
  });
  assert.equal(
    reason(sinceOutcome("st_1", state({ uncut: "" }), state({ uncut: long(50) }), 100)),
    "truncated",
  );
});
