/**
 * What a failed call into a page becomes: Porthole's own words and a hint, never Chromium's protocol text.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { driverError } from "../../lib/driver/page_driver.ts";

Deno.test(
  "a call into a document that is gone fails as observation_failed, in Porthole's words, with a hint",
  browserTest,
  async () => {
    await using site = new Site({
      "/": "<!doctype html><title>One</title><h1>One</h1>",
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    const session = ph.server.registry.get(sid);
    const driver = session.pages.get(session.activePageId!)!.driver;
    // A context id that no document has (any more): what a call meets once a navigation replaced its document.
    const failure = await driver.send("Runtime.callFunctionOn", {
      functionDeclaration: "function () { return 1; }",
      executionContextId: 987654,
    }).then(() => null, (e) => e);
    assert.ok(failure, "the call into a document that is gone failed");
    const e = driverError(failure, "Observation failed");
    assert.equal(e.code, "observation_failed");
    assert.equal(e.message, "Observation failed: the page's document changed while it was read");
    assert.doesNotMatch(e.message, /Protocol error|context/i);
    assert.equal(e.toBody().recoveryHint, "Observe again");
    assert.equal(e.toBody().retryable, true);
  },
);

Deno.test("a call the page's own navigation cut short is in Porthole's words too", () => {
  // What Chromium answers a call in flight when the page commits another document.
  const cut = new Error("Protocol error (Runtime.callFunctionOn): Inspected target navigated or closed");
  const e = driverError(cut, "Observation failed");
  assert.equal(e.code, "observation_failed");
  assert.equal(e.message, "Observation failed: the page's document changed while it was read");
  assert.equal(e.toBody().recoveryHint, "Observe again");
});
