/** BAP agent/act step conditions against real Chromium: they are the core's `wait` for a locator's state. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Condition</title>
<button id="pay" disabled onclick="document.getElementById('status').textContent = 'paid'">Pay</button>
<p id="status">idle</p>`;

const { site, ph } = await siteAndPorthole({ "/": PAGE });

Deno.test(
  "agent/act runs a step once its condition holds: a button enabled later is clicked, a disabled one is not",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const pay = { type: "role", role: "button", name: "Pay" };
    const step = (timeout: number) => ({
      action: "action/click",
      params: { selector: pay },
      condition: { selector: pay, state: "enabled", timeout },
    });
    const early = await c.call("agent/act", { steps: [step(300)] });
    assert.equal(early.success, false);
    assert.equal(early.results[0].error.code, -32602);
    assert.equal(await c.run(`document.getElementById("status").textContent`), "idle");
    await c.run(`setTimeout(() => { document.getElementById("pay").disabled = false; }, 300)`);
    const later = await c.call("agent/act", { steps: [step(10_000)] });
    assert.equal(later.success, true, JSON.stringify(later.results));
    assert.equal(await c.run(`document.getElementById("status").textContent`), "paid");
  },
);

Deno.test(
  "agent/act fails a step at once whose condition names a ref the current state lacks, even for hidden",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.call("agent/observe", {});
    const started = Date.now();
    const r = await c.call("agent/act", {
      steps: [{
        action: "action/click",
        params: { selector: { type: "role", role: "button", name: "Pay" } },
        condition: { selector: { type: "ref", ref: "@e99" }, state: "hidden", timeout: 5000 },
      }],
    });
    const ms = Date.now() - started;
    assert.equal(r.success, false);
    assert.equal(r.results[0].error.code, -32602);
    assert.equal(r.results[0].error.message, "Step condition not met", JSON.stringify(r.results[0]));
    assert.ok(ms < 2000, `failed after ${ms} ms, not at the condition's 5000 ms timeout`);
    assert.equal(await c.run(`document.getElementById("status").textContent`), "idle");
  },
);
