/**
 * --session-budget over BAP: once a context's observation bytes are spent, an action refuses
 * with the budget's own error (as HTTP's act does) before it looks at the page, dispatching
 * nothing; the same rule in the core serves both doors.
 */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { BapCallError } from "../support/bap_client.ts";
import { assertRpcError, bapPage, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Budget</title>
<button onclick="window.clicks = (window.clicks || 0) + 1">Count</button>`;

const { site, ph } = await siteAndPorthole({ "/": PAGE }, (c) => (c.sessionBudgetBytes = 1));
// ResourceLimitExceeded, the BAP code of session_budget_exhausted.
const RESOURCE_LIMIT = -32024;

Deno.test(
  "a BAP action on a context whose budget is spent refuses with session_budget_exhausted before observing, and clicks nothing",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const count = { selector: { type: "role", role: "button", name: "Count" } };
    // One observation (the core's observe, as observe/tree) spends the one-byte budget.
    const tree = await c.call("observe/tree", {});
    assert.equal(tree.budget.bytesLimit, 1);
    assert.ok(tree.budget.bytesUsed >= 1);
    const session = ph.server.registry.list().find((s) => s.pages.has(c.pageId))!;
    const used = session.budget.used;
    assert.ok(used >= 1);
    const before = session.states.current?.stateId;

    const err = await c.call("action/click", count).then(() => null, (e) => e);
    assert.ok(err instanceof BapCallError, "the click was refused");
    assertRpcError(err.error, RESOURCE_LIMIT, false);
    assert.match(
      err.error.message,
      /Session budget spent: \d+ of 1 observation bytes used; the act is refused/,
    );
    assert.deepEqual(err.error.data?.details, {
      bytesUsed: used,
      bytesLimit: 1,
      reason: "session_budget_exhausted",
    });
    assert.equal(session.states.current?.stateId, before, "no observation was made for the action");
    assert.equal(session.budget.used, used);
    assert.equal(await c.run("window.clicks ?? 0"), 0, "nothing was dispatched");
  },
);

Deno.test(
  "agent/observe is an observation the budget counts: it spends it, then is refused as observe is",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const session = ph.server.registry.list().find((s) => s.pages.has(c.pageId))!;
    const before = session.budget.used;
    const obs = await c.call("agent/observe", { includeInteractiveElements: true });
    assert.ok(obs.interactiveElements.some((e: { name?: string }) => e.name === "Count"));
    assert.ok(session.budget.used > before, "the listing's bytes were counted");
    const err = await c.call("agent/observe", { includeInteractiveElements: true }).then(
      () => null,
      (e) => e,
    );
    assert.ok(err instanceof BapCallError, "the second listing was refused");
    assertRpcError(err.error, RESOURCE_LIMIT, false);
    assert.match(err.error.message, /the listing is refused/);
    // Metadata alone observes nothing: it is not refused.
    const meta = await c.call("agent/observe", { includeMetadata: true, maxElements: 0 });
    assert.equal(meta.metadata.title, "Budget");
  },
);
