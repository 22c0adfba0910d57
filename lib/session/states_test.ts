import assert from "node:assert/strict";
import { StateAuthority, type StateRecord } from "./states.ts";

function state(id: string, pageId = "p_1"): StateRecord {
  return {
    stateId: id,
    pageId,
    targetId: "t",
    frameId: "f",
    loaderId: "l",
    documentId: "d",
    documentNode: 1,
    origin: "http://127.0.0.1:80",
    url: "http://127.0.0.1/",
    generation: 1,
    refs: new Map(),
    tree: "",
  };
}

Deno.test("a state is good for exactly one action", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  assert.equal(a.take("st_1").kind, "current");
  assert.deepEqual(a.take("st_1"), { kind: "stale", why: "consumed" });
});

Deno.test("an unknown state id does not consume the current state", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  assert.deepEqual(a.take("st_nope"), { kind: "unknown" });
  assert.equal(a.take("st_1").kind, "current");
});

Deno.test("a newer observation replaces the current state, whatever page it is of", () => {
  const a = new StateAuthority();
  a.publish(state("st_1", "p_1"));
  a.publish(state("st_2", "p_2"));
  assert.deepEqual(a.take("st_1"), { kind: "stale", why: "replaced" });
  assert.equal(a.take("st_2").kind, "current");
});

Deno.test("a stale id does not consume the current state either", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  a.publish(state("st_2"));
  assert.equal(a.take("st_1").kind, "stale");
  assert.equal(a.peek("st_2")?.stateId, "st_2");
});

Deno.test("invalidation makes the current state stale", () => {
  const a = new StateAuthority();
  a.publish(state("st_1", "p_1"));
  assert.equal(a.invalidate((s) => s.pageId === "p_2"), false);
  assert.equal(a.invalidate((s) => s.pageId === "p_1"), true);
  assert.deepEqual(a.take("st_1"), { kind: "stale", why: "invalidated" });
});
