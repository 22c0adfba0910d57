/** BAP action/fillForm: the core's fill_form behind selectors, against real Chromium. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Form</title>
<label>Name <input id="name"></label>
<label>Color <select id="color"><option value="r">Red</option><option value="g">Green</option></select></label>
<label>Agree <input type="checkbox" id="agree"></label>
<label>Locked <input id="locked" disabled></label>`;

const { site, ph } = await siteAndPorthole({ "/": PAGE });

Deno.test("action/fillForm fills every field of a form in one call", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  await c.call("action/fillForm", {
    fields: [
      { selector: { type: "label", value: "Name" }, value: "Ada" },
      { selector: { type: "css", value: "#color" }, value: "Green" },
      { selector: { type: "label", value: "Agree" }, value: true },
    ],
  });
  assert.deepEqual(
    await c.run(`[document.getElementById("name").value, document.getElementById("color").value,
      document.getElementById("agree").checked]`),
    ["Ada", "g", true],
  );
});

Deno.test("action/fillForm names the field it stopped at and what the others did", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const e = await c.fails("action/fillForm", {
    fields: [
      { selector: { type: "label", value: "Name" }, value: "Grace" },
      { selector: { type: "css", value: "#locked" }, value: "x" },
      { selector: { type: "label", value: "Agree" }, value: true },
    ],
    options: { timeout: 1500 },
  });
  assert.equal(e.data!.details.reason, "element_not_enabled");
  assert.deepEqual(e.data!.details.fields.map((f: { outcome: string }) => f.outcome), [
    "completed",
    "refused",
    "skipped",
  ]);
  assert.equal(await c.run(`document.getElementById("agree").checked`), false);
  const bad = await c.fails("action/fillForm", { fields: [] });
  assert.equal(bad.code, -32602);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
});
