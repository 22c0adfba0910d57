import assert from "node:assert/strict";
import { probePatience } from "../../lib/session/core/page_health.ts";

Deno.test("a renderer gets one second to answer the health probe on a machine with cores to spare", () => {
  assert.equal(probePatience(0.3, 2), 1_000);
  assert.equal(probePatience(2, 2), 1_000);
});

Deno.test("on a machine with more runnable work than cores, the probe waits in proportion, up to five seconds", () => {
  assert.equal(probePatience(6, 2), 3_000);
  assert.equal(probePatience(16, 2), 5_000);
  assert.equal(probePatience(400, 8), 5_000);
});

Deno.test("an unknown load or core count leaves the probe at one second", () => {
  assert.equal(probePatience(Number.NaN, 2), 1_000);
  assert.equal(probePatience(3, 0), 1_000);
});
