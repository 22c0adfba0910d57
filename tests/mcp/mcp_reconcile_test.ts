/**
 * The opt-in browser_reconcile over a real MCP client: after a browser_act whose navigation
 * committed once its answer had gone without an observation, it reports yes for the navigation
 * and dispatches nothing (the site counts the clicks).
 */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { clickCountingSite } from "../support/fixtures.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";

Deno.test(
  "browser_reconcile says yes for a click whose navigation committed after browser_act answered, and clicks nothing",
  browserTest,
  async () => {
    const { site, clicks } = clickCountingSite();
    await using _site = site;
    await using ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph, "?tools=observe,act,navigate,reconcile");
    const tools = (await mcp.client.listTools()).tools.map((t) => t.name);
    assert.ok(tools.includes("browser_reconcile"), tools.join(" "));

    ok(await mcp.call("browser_navigate", { url: site.url("/go") }));
    const state = ok(await mcp.call("browser_observe"));
    const ref = String(state.tree).match(/button "Go" \[ref=(@[a-z0-9]+)\]/)![1];
    // The navigation is slower than the act's timeout: the answer has no observation.
    const lost = ok(await mcp.act(state, { action: "click", ref, timeout_ms: 700 }));
    assert.equal(lost.observation, "unavailable", JSON.stringify(lost));
    assert.notEqual(lost.execution, "not_dispatched");
    assert.match(lost.action_id, /^a_/);
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(clicks(), 1);

    const r = ok(await mcp.call("browser_reconcile", { action_id: lost.action_id }));
    assert.equal(r.navigation.answer, "yes", JSON.stringify(r));
    assert.match(r.navigation.url, /\/next$/);
    assert.equal(r.target.answer, "no", "the button left with its document");
    assert.equal(r.request.answer, "yes");
    assert.match(String(r.fresh_state.tree), /heading "Next"/);
    assert.match(r.fresh_state.state_id, /^st_/);
    assert.equal(clicks(), 1, "reconcile clicked nothing");

    const unknown = await mcp.call("browser_reconcile", { action_id: "a_nosuchaction" });
    assert.equal(unknown.isError, true);
    assert.match(JSON.stringify(unknown.content), /action_not_found/);
  },
);
