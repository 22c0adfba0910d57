/** BAP agent/act against real Chromium (conformance scenarios 12 and 13). */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import type { Json } from "../support/bap_client.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";

const FORM = `<!doctype html><title>Agent</title>
<button data-testid="save" onclick="document.getElementById('status').textContent = 'saved'">Save</button>
<input id="email" aria-label="Email">
<p id="status">idle</p>
<div id="hidden" style="display:none"><button>Ghost</button></div>
<div id="slot"></div>`;

const { site, ph } = await siteAndPorthole({ "/": FORM, "/x": "<title>X</title>x" });

Deno.test(
  "agent/act runs steps and reports each; stops at the first failure; skip continues",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const ok = await c.call("agent/act", {
      steps: [
        {
          label: "email",
          action: "action/fill",
          params: { selector: { type: "label", value: "Email" }, value: "a@b.co" },
        },
        { action: "action/click", params: { selector: { type: "testId", value: "save" } } },
      ],
      postObserve: { responseTier: "interactive" },
    });
    assert.equal(ok.success, true);
    assert.equal(ok.completed, 2);
    assert.equal(ok.total, 2);
    assert.deepEqual(ok.results.map((r: Json) => r.step), [0, 1]);
    assert.equal(ok.results[0].label, "email");
    assert.ok(ok.postObservation.interactiveElements.length > 0);
    assert.equal(await c.run(`document.getElementById("email").value`), "a@b.co");
    assert.match(await c.run(`document.getElementById("status").textContent`), /^saved/);
    const steps: Json[] = [
      { action: "action/fill", params: { selector: { type: "css", value: "#email" }, value: "one" } },
      {
        action: "action/click",
        params: { selector: { type: "css", value: "#missing" }, options: { timeout: 500 } },
      },
      { action: "action/fill", params: { selector: { type: "css", value: "#email" }, value: "three" } },
    ];
    const stopped = await c.call("agent/act", { steps });
    assert.equal(stopped.success, false);
    assert.equal(stopped.failedAt, 1);
    assert.equal(stopped.results.length, 2);
    assert.ok([-32012, -32016].includes(stopped.results[1].error.code));
    assert.equal(await c.run(`document.getElementById("email").value`), "one", "step 3 did not run");
    steps[1] = { ...steps[1], onError: "skip" };
    const skipped = await c.call("agent/act", { steps });
    assert.equal(skipped.results.length, 3);
    assert.equal(skipped.failedAt, undefined);
    assert.equal(skipped.success, false);
    assert.equal(await c.run(`document.getElementById("email").value`), "three");
    const refused = await c.fails("agent/act", { steps: [{ action: "storage/getState", params: {} }] });
    assert.equal(refused.code, -32602);
  },
);

Deno.test(
  "agent/act conditions and retries: a failed condition can continue; retry only re-runs undispatched attempts",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const cond = await c.call("agent/act", {
      continueOnConditionFail: true,
      steps: [
        {
          action: "action/click",
          params: { selector: { type: "testId", value: "save" } },
          condition: { selector: { type: "text", value: "Ghost" }, state: "visible", timeout: 300 },
        },
        { action: "action/fill", params: { selector: { type: "css", value: "#email" }, value: "went on" } },
      ],
    });
    assert.equal(cond.results[0].success, false);
    assert.equal(cond.results[0].error.code, -32602);
    assert.equal(cond.results[1].success, true);
    assert.equal(
      await c.run(`document.getElementById("status").textContent`),
      "idle",
      "the guarded click did not run",
    );
    await c.run(`setTimeout(() => { document.getElementById("slot").innerHTML =
    '<button onclick="document.getElementById(\\'status\\').textContent = \\'late\\'">Late</button>'; }, 1500)`);
    const retried = await c.call("agent/act", {
      steps: [{
        action: "action/click",
        params: { selector: { type: "text", value: "Late" }, options: { timeout: 1000 } },
        onError: "retry",
        maxRetries: 4,
        retryDelay: 200,
      }],
    });
    assert.equal(retried.results[0].success, true);
    assert.ok(retried.results[0].retries >= 1);
    assert.equal(await c.run(`document.getElementById("status").textContent`), "late");
  },
);

Deno.test(
  "page/navigate as a step returns its result; refs are kept when the page navigates away and back",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const r = await c.call("agent/act", {
      steps: [{ action: "page/navigate", params: { url: site.url("/x") } }],
    });
    assert.equal(r.results[0].result.status, 200);
    assert.equal(r.results[0].result.url, site.url("/x"));
  },
);

Deno.test(
  "a step's failure names what the client sent: its parameter inside the step, its selector",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const r = await c.call("agent/act", {
      stopOnFirstError: false,
      steps: [
        { action: "action/fill", params: { selector: { type: "label", value: "Email" } } },
        {
          action: "action/select",
          params: { selector: { type: "testId", value: "save" }, values: ["x"] },
        },
      ],
    });
    const [missing, notSelect] = r.results.map((x: Json) => x.error);
    assert.equal(missing.code, -32602);
    assert.equal(missing.data.details.field, "steps.0.params.value");
    assert.equal(notSelect.code, -32602);
    assert.equal(notSelect.data.details.field, "steps.1.params.selector");
    assert.deepEqual(notSelect.data.details.selector, { type: "testId", value: "save" });
    assert.doesNotMatch(notSelect.message, /@e\d/);
  },
);
