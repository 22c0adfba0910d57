import assert from "node:assert/strict";
import { fromPorthole, PortholeError, toBapError } from "../../lib/protocol/errors.ts";

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
