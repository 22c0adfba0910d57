import assert from "node:assert/strict";
import { BapError } from "../../lib/protocol/errors.ts";
import { readParams, SelectorSchema } from "../../lib/bap/schema.ts";

const readSelector = (raw: unknown, field = "selector") => readParams(SelectorSchema, raw, field);

function refused(raw: unknown, field = "selector"): { field: unknown; message: string } {
  try {
    readSelector(raw, field);
  } catch (err) {
    assert.ok(err instanceof BapError);
    assert.equal(err.code, -32602);
    return { field: err.extras.details?.field, message: err.message };
  }
  throw new Error(`${JSON.stringify(raw)} was accepted`);
}

Deno.test("each of the 10 selector types is read with its own members; unknown members and nulls are dropped", () => {
  assert.deepEqual(readSelector({ type: "css", value: "#a", extra: 1 }), { type: "css", value: "#a" });
  assert.deepEqual(readSelector({ type: "role", role: "button", name: null, exact: true }), {
    type: "role",
    role: "button",
    exact: true,
  });
  assert.deepEqual(readSelector({ type: "semantic", description: "the login button" }), {
    type: "semantic",
    description: "the login button",
  });
  assert.deepEqual(readSelector({ type: "coordinates", x: 10, y: 20.5 }), {
    type: "coordinates",
    x: 10,
    y: 20.5,
  });
  assert.deepEqual(readSelector({ type: "ref", ref: "e5" }), { type: "ref", ref: "e5" });
  for (const type of ["text", "label", "placeholder"]) {
    assert.deepEqual(readSelector({ type, value: "x", exact: false }), { type, value: "x", exact: false });
  }
  assert.deepEqual(readSelector({ type: "testId", value: "save" }), { type: "testId", value: "save" });
  assert.deepEqual(readSelector({ type: "xpath", value: "//a" }), { type: "xpath", value: "//a" });
});

Deno.test("a bad selector is -32602 naming the member the client sent", () => {
  assert.deepEqual(refused({ type: "css", value: "  " }), {
    field: "selector.value",
    message: "selector.value must not be empty",
  });
  assert.equal(refused({ type: "css" }).field, "selector.value");
  assert.match(refused({ type: "css" }).message, /is required/);
  assert.equal(refused({ type: "magic" }).field, "selector.type");
  assert.match(refused({ type: "magic" }).message, /one of css, xpath, role/);
  assert.equal(refused({}).field, "selector.type");
  assert.equal(refused("#a").field, "selector");
  assert.equal(
    refused({ type: "semantic", value: "x" }).field,
    "selector.description",
    "description, not value",
  );
  assert.equal(refused({ type: "ref", value: "@e1" }).field, "selector.ref", "ref, not value");
  assert.equal(refused({ type: "coordinates", x: -1, y: 0 }).field, "selector.x");
  assert.equal(refused({ type: "role", role: "x".repeat(65) }).field, "selector.role");
  assert.equal(refused({ type: "text", value: "a", exact: "yes" }).field, "selector.exact");
  assert.equal(refused({ type: "css", value: "a".repeat(10_001) }).field, "selector.value");
  assert.match(refused({ type: "css", value: "a { background: url(javascript:x) }" }).message, /refused/);
  assert.match(refused({ type: "xpath", value: "document('x')//a" }).message, /document\(\)/);
  assert.equal(refused({ type: "css", value: "" }, "target").field, "target.value");
});
