import assert from "node:assert/strict";
import { assignRefs, baseRef, hash6, type Identity, type RefEntry, similarity } from "./refs.ts";

const button = (extra: Partial<Identity> = {}): Identity => ({
  role: "button",
  name: "Save",
  tagName: "button",
  ...extra,
});

Deno.test("a ref comes from the test id, else the id, else the aria-label, normalized", () => {
  assert.equal(baseRef(button({ testId: "Save-Btn", id: "x" })), "@savebtn");
  assert.equal(baseRef(button({ id: "main_email", ariaLabel: "Email" })), "@mainemail");
  assert.equal(baseRef(button({ ariaLabel: "Close the dialog now" })), "@closethedial");
  assert.equal(
    baseRef(button({ testId: "---", id: "ok" })),
    "@ok",
    "a source that normalizes to nothing is skipped",
  );
});

Deno.test("without those, a ref is @e and a 6-character hash of role, name, tag and position", () => {
  const r = baseRef(button());
  assert.match(r, /^@e[0-9a-z]{6}$/);
  assert.equal(baseRef(button()), r, "the same identity gives the same ref");
  assert.notEqual(baseRef(button({ siblingIndex: 1 })), r);
  assert.equal(hash6("").length, 6);
});

Deno.test("similarity weighs test id and id most, and ignores fields neither side has", () => {
  assert.equal(similarity(button(), button()), 1);
  assert.ok(similarity(button({ testId: "a" }), button({ testId: "b" })) < 0.8);
  assert.ok(similarity(button({ name: "Save" }), button({ name: "Saved" })) <= 0.8);
  assert.equal(similarity(button({ parentRole: "list" }), button({ parentRole: "list" })), 1);
});

Deno.test("refs are unique within one observation; a taken ref with another identity gets a suffix", () => {
  const same = [button({ parentRole: "card" }), button({ parentRole: "card" })];
  const first = assignRefs(same, new Map());
  assert.notEqual(first[0].ref, first[1].ref);
  assert.equal(first[1].ref, `${first[0].ref}_2`);
  assert.deepEqual(first.map((r) => r.stable), [false, false]);
  const registry = new Map<string, RefEntry>(first.map((r, i) => [r.ref, { identity: same[i] } as RefEntry]));
  const again = assignRefs(same, registry);
  assert.deepEqual(again, first.map((r) => ({ ...r, stable: true })));
  const other = assignRefs(
    [button({ testId: "x", name: "Other" })],
    new Map([["@x", { identity: button({ testId: "x" }), ref: "@x" } as RefEntry]]),
  );
  assert.equal(other[0].ref, "@x_1");
});
