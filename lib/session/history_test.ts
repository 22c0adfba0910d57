import assert from "node:assert/strict";
import { sinceOutcome } from "./history.ts";
import type { StateRecord } from "./states.ts";

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
    tier: "full",
    maxDepth: 12,
    truncated: false,
    ...over,
  };
}

const reason = (o: ReturnType<typeof sinceOutcome>) => "unavailable" in o ? o.unavailable.reason : "changes";

Deno.test("since against a known state of the same document gives the changes", () => {
  const base = state({ stateId: "st_1", tree: '- button "Pay" [ref=@e1]\n- text: 0\n' });
  const now = state({ tree: '- button "Pay" [ref=@e1]\n- text: 1\n' });
  assert.deepEqual(sinceOutcome("st_1", base, now), {
    changes: { added: ["- text: 1"], removed: ["- text: 0"], changed: [] },
  });
});

Deno.test("since is unavailable, with the reason, for an unknown state or another page, frame or document", () => {
  assert.equal(reason(sinceOutcome("st_x", null, state())), "unknown_state");
  assert.equal(reason(sinceOutcome("st_1", state({ pageId: "p_2" }), state())), "other_page");
  assert.equal(reason(sinceOutcome("st_1", state({ generation: 0 }), state())), "other_document");
  assert.equal(reason(sinceOutcome("st_1", state({ frameId: "g" }), state())), "other_frame");
  assert.equal(reason(sinceOutcome("st_1", state({ documentId: "f.l2.7" }), state())), "other_document");
});

Deno.test("since needs the same tier and depth, and trees that were not cut at the size cap", () => {
  assert.equal(reason(sinceOutcome("st_1", state({ tier: "minimal" }), state())), "other_options");
  assert.equal(reason(sinceOutcome("st_1", state({ maxDepth: 3 }), state())), "other_options");
  assert.equal(reason(sinceOutcome("st_1", state({ truncated: true }), state())), "truncated");
  assert.equal(reason(sinceOutcome("st_1", state(), state({ truncated: true }))), "truncated");
});
