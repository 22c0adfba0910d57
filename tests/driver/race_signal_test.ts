/**
 * raceSignal, the one way a CDP call is bounded by its caller's signal: a call sent after the
 * signal was aborted still fails later on its own (a target that closes), and that failure must
 * not be left unhandled — in the sidecar an unhandled failure is a bug that ends the process.
 */
import assert from "node:assert/strict";
import { raceSignal } from "../../lib/driver/page_driver.ts";

Deno.test("a call raced against an aborted signal leaves no unhandled failure behind", async () => {
  const ac = new AbortController();
  ac.abort(new Error("the caller left"));
  const call = Promise.withResolvers<never>();
  await assert.rejects(raceSignal(call.promise, ac.signal), /the caller left/);
  call.reject(new Error("Target closed"));
  // The test runner fails the test on an unhandled rejection seen by now.
  await new Promise((r) => setTimeout(r, 20));
});

Deno.test("a call that fails before its signal aborts fails with its own error", async () => {
  const ac = new AbortController();
  await assert.rejects(raceSignal(Promise.reject(new Error("Target closed")), ac.signal), /Target closed/);
});
