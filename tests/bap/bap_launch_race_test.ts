/**
 * Racing `browser/launch` and `browser/close` on one BAP connection: whatever order they run in,
 * the shared browser stays usable for every session of every door, old and new; a launch opens no page.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { bapLaunched } from "../support/bap_fixture.ts";

const site = new Site({ "/": "<!doctype html><title>Race</title><button>Go</button>" });
globalThis.addEventListener("unload", () => site.server.shutdown());

/** A new session of each door navigates and observes the page. */
async function everyDoorWorks(ph: Porthole): Promise<void> {
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  assert.match(state.tree, /button "Go"/);
  await ph.request("DELETE", `/v1/sessions/${sid}`);

  await using bap = await bapLaunched(ph);
  await bap.call("page/create", {});
  await bap.call("page/navigate", { url: site.url("/") });
  const { tree } = await bap.call("observe/accessibility", {});
  assert.match(JSON.stringify(tree), /Go/);

  const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp`));
  const client = new Client({ name: "porthole-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const nav: Json = await client.callTool({ name: "browser_navigate", arguments: { url: site.url("/") } });
    assert.ok(!nav.isError, JSON.stringify(nav.content));
    const seen: Json = await client.callTool({ name: "browser_observe", arguments: {} });
    assert.ok(!seen.isError, JSON.stringify(seen.content));
    assert.match(seen.structuredContent.tree, /button "Go"/);
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}

async function racing(requests: (c: BapClient) => Promise<Json>[]): Promise<void> {
  await using ph = await Porthole.start();
  // A session that existed before the race must keep working through it.
  const before = await ph.session();
  await ph.open(before, site.url("/"));
  {
    await using c = await BapClient.open(wsUrl(ph.url));
    await c.call("initialize", {
      protocolVersion: "0.9.0",
      clientInfo: { name: "porthole-race", version: "1.0.0" },
      capabilities: { events: [], streaming: false, compression: false },
    });
    const answers = await Promise.all(requests(c));
    for (const a of answers) assert.ok(a.result, `answer: ${JSON.stringify(a.error)}`);
    // They ran in order: the connection holds the last launch's browser, or none after a close.
    const last = answers.at(-1).result.browserId ? answers.at(-1).result : await c.call("browser/launch", {});
    const { contexts } = await c.call("context/list", {});
    assert.deepEqual(contexts.map((x: Json) => x.id), [last.defaultContext]);
    await c.call("page/create", {});
    await c.call("page/navigate", { url: site.url("/") });
  }
  await everyDoorWorks(ph);
  const again = await ph.observe(before);
  assert.match(again.tree, /button "Go"/);
  assert.equal(ph.server.registry.size, 1, "only the session from before is left");
}

Deno.test(
  "two browser/launch sent without waiting leave every door able to navigate and observe",
  browserTest,
  () => racing((c) => [c.request("browser/launch", {}), c.request("browser/launch", {})]),
);

Deno.test(
  "browser/launch racing browser/close leaves every door able to navigate and observe",
  browserTest,
  () =>
    racing((c) => [
      c.request("browser/launch", {}),
      c.request("browser/close", {}),
      c.request("browser/launch", {}),
      c.request("browser/close", {}),
    ]),
);

Deno.test(
  "five browser/launch fired at once leave every door able to navigate and observe",
  browserTest,
  () => racing((c) => Array.from({ length: 5 }, () => c.request("browser/launch", {}))),
);

Deno.test("browser/launch takes its context lease without opening a page", browserTest, async () => {
  await using ph = await Porthole.start();
  await using c = await bapLaunched(ph);
  const [session] = ph.server.registry.list();
  assert.ok(session.lease, "the default context holds a browser context");
  const sub = session.events.subscribe(0);
  const seen: string[] = [];
  for (let ev = sub.poll(); ev; ev = sub.poll()) seen.push(ev.type);
  sub.close();
  assert.ok(!seen.includes("page.opened"), `no page was opened for the launch: ${seen.join(", ")}`);
  assert.deepEqual((await c.call("page/list", {})).pages, []);
});
