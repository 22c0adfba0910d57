/** browser/launch ignores no parameter: what Porthole cannot honour is refused, naming the field. */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";

const ph = await Porthole.start();
globalThis.addEventListener("unload", () => ph.server.close());

async function refused(params: Record<string, unknown>, field: string): Promise<void> {
  await using c = await BapClient.connect(wsUrl(ph.url));
  const e = await c.fails("browser/launch", params);
  assert.equal(e.code, -32602, JSON.stringify(params));
  assert.equal(e.data?.details.field, field, JSON.stringify(e));
  assert.match(e.message, new RegExp(field));
}

async function accepted(params: Record<string, unknown>): Promise<void> {
  await using c = await BapClient.connect(wsUrl(ph.url));
  const r = await c.call("browser/launch", params);
  assert.equal(typeof r.browserId, "string", JSON.stringify(params));
}

Deno.test(
  "browser/launch accepts headless true or absent and refuses headless false",
  browserTest,
  async () => {
    await accepted({ headless: true });
    await accepted({});
    await refused({ headless: false }, "headless");
  },
);

Deno.test(
  "browser/launch accepts the chromium channel or none and refuses any other",
  browserTest,
  async () => {
    await accepted({ channel: "chromium" });
    await refused({ channel: "chrome" }, "channel");
    await refused({ channel: "msedge" }, "channel");
  },
);

Deno.test("browser/launch accepts no args or an empty list and refuses any flag", browserTest, async () => {
  await accepted({ args: [] });
  await refused({ args: ["--disable-gpu"] }, "args");
  await refused({ args: ["--no-sandbox"] }, "args");
  await refused({ args: "--no-sandbox" }, "args");
});
