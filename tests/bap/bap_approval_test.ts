/** BAP approvals: an operator rule holds an action; approval/required tells the client; approval/respond decides. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import type { BapClient } from "../support/bap_client.ts";
import { bapPage, elementProperty, siteAndPorthole } from "../support/bap_fixture.ts";

const SHOP = `<!doctype html><title>Shop</title>
<p id="orders">0</p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1)">Place order</button>`;

const { site, ph } = await siteAndPorthole({ "/": SHOP }, (c) => {
  c.operator.approvals = [{
    actions: ["click"],
    consequences: ["purchase"],
    timeoutMs: 30_000,
    description: "orders",
  }];
});

const orders = (c: BapClient): Promise<string> => elementProperty(c, "#orders");

Deno.test(
  "a held click is announced with approval/required and runs once approved",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const click = c.request("action/click", {
      selector: { type: "role", role: "button", name: "Place order" },
    });
    const required = await c.notification("approval/required");
    assert.equal(required.originalRequest.method, "action/click");
    assert.equal(required.rule, "orders");
    assert.equal(required.context.pageUrl, site.url("/"));
    assert.equal(required.context.pageTitle, "Shop");
    // The element's role and its accessible name, each on its own.
    assert.deepEqual(required.context.elementInfo, { role: "button", name: "Place order" });
    assert.ok(required.expiresAt > Date.now());
    assert.deepEqual(
      await c.call("approval/respond", { requestId: required.requestId, decision: "approve" }),
      {
        acknowledged: true,
      },
    );
    assert.deepEqual((await click).result, {});
    assert.equal(await orders(c), "1");
    assert.equal(
      (await c.fails("approval/respond", { requestId: required.requestId, decision: "approve" })).code,
      -32602,
    );
  },
);

Deno.test("a denied click is -32030 and nothing is clicked", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const click = c.request("action/click", { selector: { type: "text", value: "Place order" } });
  const required = await c.notification("approval/required");
  await c.call("approval/respond", { requestId: required.requestId, decision: "deny", reason: "no" });
  const answer = await click;
  assert.equal(answer.error.code, -32030);
  assert.equal(answer.error.data.retryable, false);
  assert.equal(await orders(c), "0");
});

Deno.test(
  "in plan mode an action is refused before it waits in the gate behind one held for approval",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const order = { selector: { type: "text", value: "Place order" } };
    const held = c.request("action/click", order, "held");
    await c.notification("approval/required");
    assert.deepEqual(await c.call("context/setMode", { mode: "plan" }), { mode: "plan" });
    const refused = await c.fails("action/click", order);
    assert.equal(refused.code, -32021);
    assert.equal(refused.data!.details.reason, "plan_mode");
    assert.equal(refused.data!.details.method, "action/click");
    // The held click has not answered yet: the refusal did not queue behind it.
    assert.ok(!c.received.some((m) => m.id === "held"), "the refusal came before the held click ended");
    const required = await c.notification("approval/required");
    await c.call("approval/respond", { requestId: required.requestId, decision: "deny", reason: "no" });
    assert.equal((await held).error.code, -32030);
    assert.equal(await orders(c), "0");
  },
);
