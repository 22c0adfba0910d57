import assert from "node:assert/strict";
import { PortholeError } from "../../lib/protocol/errors.ts";
import type { RefTarget } from "../../lib/snapshot/render.ts";
import { DIFF_BASES, StateAuthority, type StateRecord } from "../../lib/session/core/states.ts";

function target(ref: string, role = "button", name = "Pay"): RefTarget {
  return { ref, frameId: "f", loaderId: "l", token: "t", n: Number(ref.slice(2)) || 1, role, name };
}

function state(id: string, pageId = "p_1", refs: RefTarget[] = []): StateRecord {
  return {
    stateId: id,
    pageId,
    targetId: "t",
    frameId: "f",
    loaderId: "l",
    documentId: "d",
    documentNode: 1,
    token: "t",
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

Deno.test("a state binds page, generation, origin, state id and each ref's role/name fingerprint", () => {
  const a = new StateAuthority();
  const s = state("st_1", "p_9", [target("@e1", "button", "Pay"), target("@e2", "link", "Cart")]);
  a.publish(s);
  const got = a.take("st_1");
  assert.equal(got.kind, "current");
  if (got.kind !== "current") return;
  assert.equal(got.state.pageId, "p_9");
  assert.equal(got.state.generation, 1);
  assert.equal(got.state.origin, "http://127.0.0.1:80");
  assert.deepEqual(
    [...got.state.refs.values()].map((r) => [r.ref, r.role, r.name]),
    [["@e1", "button", "Pay"], ["@e2", "link", "Cart"]],
  );
});

Deno.test("a duplicate ref invalidates the observation: it is refused with snapshot_invalid", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  const dup = state("st_2", "p_1", [target("@e1")]);
  dup.refs.set("@e2", target("@e1"));
  assert.throws(() => a.publish(dup), (e) => e instanceof PortholeError && e.code === "snapshot_invalid");
  assert.equal(a.peek("st_1")?.stateId, "st_1", "the refused observation replaced nothing");
  assert.equal(a.base("st_2"), null);
});

Deno.test("recent states stay readable as diff bases after they were used or replaced, up to a bound", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  a.take("st_1");
  a.publish(state("st_2"));
  assert.equal(a.base("st_1")?.stateId, "st_1", "a consumed state is still a diff base");
  assert.equal(a.take("st_1").kind, "stale", "but never actionable again");
  for (let i = 3; i < 3 + DIFF_BASES; i++) a.publish(state(`st_${i}`));
  assert.equal(a.base("st_1"), null, "the oldest bases are dropped");
  assert.equal(a.base(`st_${2 + DIFF_BASES}`)?.stateId, `st_${2 + DIFF_BASES}`);
});

Deno.test("page reset or disconnect clears the current state and every diff base", () => {
  const a = new StateAuthority();
  a.publish(state("st_1"));
  a.publish(state("st_2"));
  assert.equal(a.clear(), true);
  assert.equal(a.current, null);
  assert.equal(a.base("st_1"), null);
  assert.equal(a.base("st_2"), null);
  assert.deepEqual(a.take("st_2"), { kind: "stale", why: "invalidated" });
});

Deno.test("closing a page forgets its diff bases only", () => {
  const a = new StateAuthority();
  a.publish(state("st_1", "p_1"));
  a.publish(state("st_2", "p_2"));
  a.forgetPage("p_1");
  assert.equal(a.base("st_1"), null);
  assert.equal(a.base("st_2")?.stateId, "st_2");
});
