import assert from "node:assert/strict";
import { classify, exceeds, failure, parseMessage, success } from "./rpc.ts";
import { BapError, fromPorthole, toBapError } from "../protocol/errors.ts";
import { PortholeError } from "../protocol/errors.ts";

Deno.test("requests, notifications, responses and invalid objects are told apart", () => {
  assert.equal(classify({ jsonrpc: "2.0", id: 1, method: "page/list" }).kind, "request");
  assert.equal(classify({ jsonrpc: "2.0", id: null, method: "page/list" }).kind, "request");
  assert.equal(classify({ jsonrpc: "2.0", method: "notifications/initialized" }).kind, "notification");
  assert.equal(classify({ jsonrpc: "2.0", id: 1, result: {} }).kind, "ignore");
  assert.equal(classify({ jsonrpc: "2.0", id: 1 }).kind, "invalid");
  assert.equal(classify({ jsonrpc: "1.0", id: 1, method: "x" }).kind, "invalid");
  assert.equal(classify({ id: [1], method: "x" }).kind, "invalid");
  assert.equal(classify(5).kind, "invalid");
  assert.equal(classify(null).kind, "invalid");
});

Deno.test("void results are {}; errors always carry data.retryable and a hint", () => {
  assert.deepEqual(success(3, undefined), { jsonrpc: "2.0", id: 3, result: {} });
  const e = failure("a", new BapError(-32001, "Server not initialized"));
  assert.equal(e.error!.data.retryable, false);
  assert.equal(typeof e.error!.data.recoveryHint, "string");
  assert.equal(e.error!.data.retryAfterMs, undefined);
  const r = failure(1, new BapError(-32012, "Element not found")).error!;
  assert.equal(r.data.retryable, true);
  assert.equal(r.data.retryAfterMs, 500);
  assert.ok("error" in parseMessage("{oops"));
});

Deno.test("Porthole's string codes map to BAP numbers through the shared table", () => {
  assert.equal(fromPorthole(new PortholeError("element_detached", "gone")).code, -32012);
  assert.equal(fromPorthole(new PortholeError("navigation_failed", "no")).code, -32015);
  assert.equal(
    fromPorthole(new PortholeError("context_limit", "full")).toWire().data.details.reason,
    "context_limit",
  );
  assert.equal(toBapError(new Error("boom")).code, -32603);
  assert.equal(toBapError(new Error("boom")).toWire().data.retryable, false);
});

Deno.test("message size is measured in UTF-8 bytes, only as far as needed", () => {
  assert.equal(exceeds("abc", 3), false);
  assert.equal(exceeds("abcd", 3), true);
  assert.equal(exceeds("é", 1), true);
  assert.equal(exceeds(new ArrayBuffer(10), 9), true);
});
