/**
 * Approvals: an operator rule makes an action wait for a human; the decision is answered
 * outside the session's FIFO gate; deny and timeout are not_dispatched; after approval every
 * check runs again on the page as it is then.
 */
import assert from "node:assert/strict";
import {
  assertNotDispatched,
  browserTest,
  disposing,
  type Json,
  Porthole,
  Site,
} from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";

const SHOP = `<!doctype html><title>Shop</title>
<p id="orders">0</p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1)">Place order</button>
<button onclick="this.textContent = 'Looked'">Look around</button>`;

async function pending(ph: Porthole): Promise<Json[]> {
  for (let i = 0; i < 200; i++) {
    const list = (await ph.request("GET", "/v1/approvals")).body.approvals;
    if (list.length) return list;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no approval was requested");
}

async function setup(timeoutMs = 30_000) {
  const site = new Site({ "/": SHOP });
  const ph = await Porthole.start((c) => {
    c.operator.approvals = [{
      actions: ["click"],
      consequences: ["purchase"],
      timeoutMs,
      description: "orders",
    }];
  });
  const t = disposing({ site, ph }, ph, site);
  try {
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const orders = () => ph.pageEval(sid, "orders.textContent");
    /** Clicks "Place order" and waits for the approval it asks for; `acting` is the click's result. */
    const placeOrder = async () => {
      const acting = ph.actOn(sid, state, "click", /button "Place order"/);
      const [request] = await pending(ph);
      return { acting, request };
    };
    const decide = (request: Json, decision: string) =>
      ph.post(`/v1/approvals/${request.approvalId}`, { decision });
    return Object.assign(t, { sid, state, orders, placeOrder, decide });
  } catch (e) {
    await t[Symbol.asyncDispose]();
    throw e;
  }
}

fixtureTest("an action a rule covers waits for approval, and runs once approved", setup, async (t) => {
  const { acting, request } = await t.placeOrder();
  assert.equal(request.action, "click");
  assert.equal(request.target, 'button "Place order"');
  assert.deepEqual(request.element, { role: "button", name: "Place order" });
  assert.deepEqual(
    [request.pageId, request.url, request.title],
    [t.state.pageId, t.site.url("/"), "Shop"],
    "the approval names the page the action would run on",
  );
  assert.equal(await t.orders(), "0", "nothing happens before the decision");
  const decided = await t.decide(request, "approve");
  assert.equal(decided.status, 200);
  const r = await acting;
  assert.equal(r.execution, "completed");
  assert.equal(await t.orders(), "1");
  assert.deepEqual((await t.ph.request("GET", "/v1/approvals")).body.approvals, []);
});

fixtureTest(
  "a denied action is approval_denied, not dispatched, and its state stays consumed",
  setup,
  async (t) => {
    const { acting, request } = await t.placeOrder();
    await t.decide(request, "deny");
    const r = await acting;
    assertNotDispatched(r, "approval_denied");
    assert.equal(await t.orders(), "0");
    const again = await t.ph.actOn(t.sid, t.state, "click", /button "Place order"/);
    assert.equal(again.error.code, "stale_state");
  },
);

fixtureTest("an action nobody decides on in time is approval_timeout", () => setup(1000), async (t) => {
  const r = await t.ph.actOn(t.sid, t.state, "click", /button "Place order"/, { timeoutMs: 100 });
  assertNotDispatched(r, "approval_timeout");
  assert.equal(await t.orders(), "0");
});

fixtureTest(
  "after approval the checks run again: a button removed meanwhile is not clicked",
  setup,
  async (t) => {
    const { acting, request } = await t.placeOrder();
    await t.ph.pageEval(t.sid, `document.querySelector("button").remove()`);
    await t.decide(request, "approve");
    const r = await acting;
    assertNotDispatched(r, "element_detached");
  },
);

fixtureTest("actions no rule covers run without waiting, and unknown approvals are 404", setup, async (t) => {
  const r = await t.ph.actOn(t.sid, t.state, "click", /button "Look around"/);
  assert.equal(r.execution, "completed");
  const unknown = await t.ph.post("/v1/approvals/ap_nope", { decision: "approve" });
  assert.equal(unknown.status, 404);
  const bad = await t.ph.post("/v1/approvals/ap_nope", { decision: "maybe" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details.field, "decision");
});

Deno.test(
  "an approval's target, element and title are scrubbed of configured secrets as every answer is",
  browserTest,
  async () => {
    const secret = "correct-horse-battery-staple";
    await using site = new Site({
      "/": `<!doctype html><title>Order for ${secret}</title><button>Place order for ${secret}</button>`,
    });
    await using ph = await Porthole.start((c) => {
      c.operator.secrets = { shop: { value: secret, origins: [site.origin] } };
      c.operator.approvals = [{ actions: ["click"], timeoutMs: 30_000, description: "orders" }];
    });
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    assert.doesNotMatch(JSON.stringify(state), new RegExp(secret), "the observation is scrubbed");
    const acting = ph.actOn(sid, state, "click", /button "Place order/);
    const [request] = await pending(ph);
    await ph.post(`/v1/approvals/${request.approvalId}`, { decision: "deny" });
    await acting;
    assert.doesNotMatch(JSON.stringify(request), new RegExp(secret));
    assert.deepEqual(request.element, { role: "button", name: "Place order for [secret]" });
  },
);
