import assert from "node:assert/strict";
import { probePatience } from "../../lib/session/core/page_health.ts";

Deno.test("a renderer gets one second to answer the health probe, on an idle or a busy machine", () => {
  assert.equal(probePatience(0.3, 2), 1_000);
  assert.equal(probePatience(2, 2), 1_000);
  assert.equal(probePatience(8, 2), 1_000, "four times more runnable work than cores is still busy");
});

Deno.test("on an overloaded machine, the probe waits in proportion to the overload, up to five seconds", () => {
  assert.equal(probePatience(16, 2), 2_000);
  assert.equal(probePatience(24, 2), 3_000);
  assert.equal(probePatience(400, 8), 5_000);
});

Deno.test("an unknown load or core count leaves the probe at one second", () => {
  assert.equal(probePatience(Number.NaN, 2), 1_000);
  assert.equal(probePatience(30, 0), 1_000);
});
