/**
 * Porthole's own agent/reconcile and agent/journal over a real BAP client: the journal of a
 * context verifies with the same chain check `porthole journal verify` uses, a lost click's error
 * names its entry (`details.actionId`), and reconcile reports that click's committed navigation without
 * dispatching anything (the site counts the clicks).
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole } from "../support/harness.ts";
import { clickCountingSite } from "../support/fixtures.ts";
import { bapPage } from "../support/bap_fixture.ts";
import { BapCallError } from "../support/bap_client.ts";
import { verifyChain } from "../../lib/protocol/journal.ts";

Deno.test(
  "agent/journal verifies and holds the action a lost click's error names; agent/reconcile says its navigation committed, and clicks nothing",
  browserTest,
  async () => {
    const { site, clicks } = clickCountingSite();
    await using _site = site;
    await using ph = await Porthole.start();
    await using c = await bapPage(ph, site.url("/go"));

    // The navigation is slower than the action's timeout: the click is answered before it commits.
    const go = { selector: { type: "role", role: "button", name: "Go" }, options: { timeout: 700 } };
    const lost = await c.call("action/click", go).then(() => null, (e) => e);
    assert.ok(lost instanceof BapCallError, "the click ran out of time");
    assert.equal(lost.error.data?.details?.execution, "completed", lost.message);
    assert.match(lost.error.data?.details?.actionId, /^a_/, "the error names the action's journal entry");
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(clicks(), 1);

    const journal = await c.call("agent/journal", {});
    assert.equal(journal.format, "porthole-journal");
    assert.deepEqual(await verifyChain(journal.anchor, journal.entries), {
      ok: true,
      entries: journal.entries.length,
    });
    const acts = journal.entries.filter((e: Json) => e.kind === "act");
    assert.equal(acts.length, 1, JSON.stringify(journal.entries));
    assert.deepEqual(acts[0].target, { role: "button", name: "Go" });
    assert.equal(acts[0].actionId, lost.error.data.details.actionId);
    // A flipped byte in the act's entry breaks the chain there.
    const flipped = journal.entries.map((e: Json) => e === acts[0] ? { ...e, action: "dblclick" } : e);
    const broken = await verifyChain(journal.anchor, flipped);
    assert.equal(broken.ok, false);
    assert.equal(!broken.ok && broken.actionId, acts[0].actionId);

    const r = await c.call("agent/reconcile", { actionId: acts[0].actionId });
    assert.equal(r.navigation.answer, "yes", JSON.stringify(r));
    assert.match(r.navigation.url, /\/next$/);
    assert.equal(r.target.answer, "no", "the button left with its document");
    assert.equal(r.request.answer, "yes");
    assert.match(r.freshState.tree, /heading "Next"/);
    assert.equal(clicks(), 1, "reconcile clicked nothing");
    const after = await c.call("agent/journal", {});
    assert.equal(after.entries.filter((e: Json) => e.kind === "act").length, 1, "reconcile journals no act");

    const missing = await c.call("agent/reconcile", { actionId: "a_nosuchaction" }).then(
      () => null,
      (e) => e,
    );
    assert.ok(missing instanceof BapCallError);
    assert.match(missing.message, /a_nosuchaction/);
  },
);
