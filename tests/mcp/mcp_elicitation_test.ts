/**
 * Approvals by MCP elicitation: an act an approval rule holds, run by a client that declared
 * `elicitation`, is decided by that client's user through `elicitation/create` (accept runs it,
 * decline is approval_denied); a client without the capability waits for the API as before.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/types"
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { eventsOf, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";

const SHOP = `<!doctype html><title>Shop</title>
<p id="orders">0</p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1)">Place order</button>`;

async function setup(timeoutMs = 30_000) {
  const site = new Site({ "/": SHOP });
  const ph = await Porthole.start((c) => {
    c.operator.approvals = [{ actions: ["click"], timeoutMs, description: "orders" }];
  });
  return {
    site,
    ph,
    async [Symbol.asyncDispose]() {
      await ph[Symbol.asyncDispose]();
      await site[Symbol.asyncDispose]();
    },
  };
}

type Shop = Awaited<ReturnType<typeof setup>>;

/**
 * An MCP client with (or without) elicitation, on the shop page; `answer` is its user's reply
 * ("never": the user does not answer).
 */
async function shopper(t: Shop, answer?: ElicitResult["action"] | "never") {
  const mcp = await mcpOverHttp(t.ph, "", {}, answer ? { elicitation: {} } : {});
  const asked: Json[] = [];
  const listed: Json[] = [];
  if (answer) {
    mcp.client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      asked.push(request.params);
      listed.push(...(await t.ph.request("GET", "/v1/approvals")).body.approvals);
      if (answer !== "never") return { action: answer };
      await new Promise((r) => extra.signal.addEventListener("abort", r));
      return { action: "cancel" };
    });
  }
  ok(await mcp.call("browser_navigate", { url: t.site.url("/") }));
  const state = ok(await mcp.call("browser_observe", {}));
  const placeOrder = async () =>
    (await mcp.act(state, { action: "click", ref: refOf(state, /button "Place order"/) }))
      .structuredContent;
  const orders = () => t.ph.pageEval(mcp.sid, "orders.textContent");
  return Object.assign(mcp, { asked, listed, placeOrder, orders });
}

const resolved = (t: Shop, sid: string) =>
  eventsOf(t.ph, sid).filter((e) => e.type === "approval.resolved").map((e) => e.data);

fixtureTest("an accepted elicitation approves the act: the click happens", setup, async (t) => {
  await using mcp = await shopper(t, "accept");
  const r = await mcp.placeOrder();
  assert.equal(r.execution, "completed");
  assert.equal(await mcp.orders(), "1", "the page counted the click");
  assert.equal(mcp.asked.length, 1, "the user was asked once");
  const [params] = mcp.asked;
  assert.equal(params.mode, "form");
  assert.match(params.message, /click on button "Place order" at http:\/\/127\.0\.0\.1:\d+/);
  const data = params._meta["porthole/approval"];
  assert.equal(data.action, "click");
  assert.deepEqual(data.target, { role: "button", name: "Place order" });
  assert.deepEqual(data.page.url, t.site.url("/"));
  assert.equal(data.page.title, "Shop");
  assert.equal(data.origin, t.site.origin);
  assert.equal(mcp.listed.length, 1, "people see the request while the client is asked");
  assert.equal(mcp.listed[0].approvalId, data.approval_id);
  assert.deepEqual(resolved(t, mcp.sid), [{
    approvalId: data.approval_id,
    decision: "approve",
    decidedBy: "mcp-elicitation",
  }]);
  assert.deepEqual((await t.ph.request("GET", "/v1/approvals")).body.approvals, []);
});

fixtureTest("a declined elicitation is approval_denied and nothing is dispatched", setup, async (t) => {
  await using mcp = await shopper(t, "decline");
  const r = await mcp.placeOrder();
  assert.equal(r.execution, "not_dispatched");
  assert.match(r.error_text, /^approval_denied: The click was denied by a human \(ap_/);
  assert.equal(await mcp.orders(), "0");
  assert.equal(mcp.asked.length, 1);
  assert.deepEqual(resolved(t, mcp.sid).map((e) => [e.decision, e.decidedBy]), [["deny", "mcp-elicitation"]]);
});

fixtureTest(
  "an elicitation nobody answers in time is approval_timeout, and nothing is dispatched",
  () => setup(1_000),
  async (t) => {
    await using mcp = await shopper(t, "never");
    const r = await mcp.placeOrder();
    assert.equal(r.execution, "not_dispatched");
    assert.match(r.error_text, /^approval_timeout: No decision on the click arrived in time/);
    assert.equal(await mcp.orders(), "0");
    assert.equal(mcp.asked.length, 1);
    assert.deepEqual(resolved(t, mcp.sid).map((e) => e.decidedBy), ["timeout"]);
  },
);

fixtureTest(
  "a client without elicitation waits for the API's decision, as every door does",
  setup,
  async (t) => {
    await using mcp = await shopper(t);
    const acting = mcp.placeOrder();
    let pending: Json[] = [];
    for (let i = 0; i < 200 && !pending.length; i++) {
      pending = (await t.ph.request("GET", "/v1/approvals")).body.approvals;
      if (!pending.length) await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(pending.length, 1, "the approval is listed for people");
    assert.equal(await mcp.orders(), "0", "nothing happens before the decision");
    const decided = await t.ph.post(`/v1/approvals/${pending[0].approvalId}`, { decision: "approve" });
    assert.equal(decided.status, 200);
    assert.equal(decided.body.approval.decidedBy, "api");
    assert.equal((await acting).execution, "completed");
    assert.equal(await mcp.orders(), "1");
    assert.deepEqual(resolved(t, mcp.sid).map((e) => e.decidedBy), ["api"]);
  },
);
