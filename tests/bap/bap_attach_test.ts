/**
 * BAP `browser/launch` with `cdpUrl`: attaching to a browser Porthole did not start is refused
 * unless the operator enabled --allow-cdp-attach; then contexts are made in that browser.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { launchChromium } from "../../lib/driver/launch.ts";
import { discoverChromium } from "../../lib/driver/discover.ts";

Deno.test("cdpUrl is refused unless the operator allows attaching", browserTest, async () => {
  await using ph = await Porthole.start();
  await using c = await BapClient.connect(wsUrl(ph.url));
  const e = await c.fails("browser/launch", { cdpUrl: "http://127.0.0.1:9/" });
  assert.equal(e.code, -32602);
  assert.match(e.message, /allow-cdp-attach/);
  assert.equal(e.data!.details.field, "cdpUrl");
});

Deno.test(
  "a cdpUrl that is no DevTools address is refused, and the browser held before stays",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.allowCdpAttach = true));
    await using c = await BapClient.connect(wsUrl(ph.url));
    const before = await c.call("browser/launch", {});
    const e = await c.fails("browser/launch", { cdpUrl: "file:///tmp/devtools" });
    assert.equal(e.code, -32602);
    assert.match(e.message, /http\(s\) or ws\(s\) DevTools address/);
    assert.equal(e.data!.details.field, "cdpUrl");
    const { contexts } = await c.call("context/list", {});
    assert.deepEqual(contexts.map((x: { id: string }) => x.id), [before.defaultContext]);
    assert.ok((await c.call("page/create", {})).id, "the launched browser still opens pages");
  },
);

Deno.test(
  "with --allow-cdp-attach, browser/launch attaches to that browser and works in its own context",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Attached</title><h1>Hello from elsewhere</h1>" });
    const other = await launchChromium(discoverChromium(null).path!);
    try {
      await using ph = await Porthole.start((c) => (c.allowCdpAttach = true));
      await using c = await BapClient.connect(wsUrl(ph.url));
      const r = await c.call("browser/launch", { cdpUrl: other.wsEndpoint });
      assert.match(r.version, /Chrom/);
      const page = await c.call("page/create", { url: site.url("/") });
      const yaml = await c.call("observe/ariaSnapshot", { pageId: page.id });
      assert.match(JSON.stringify(yaml), /Hello from elsewhere/);
      assert.equal(
        ph.server.registry.pool.stats().running,
        false,
        "Porthole's own browser was never started",
      );
      // The page lives in the other browser.
      const targets =
        await (await fetch(other.wsEndpoint.replace(/^ws/, "http").replace(/\/devtools.*$/, "/json/list")))
          .json();
      assert.ok(
        targets.some((t: { url: string }) => t.url === site.url("/")),
        "the page is a target of the other browser",
      );
    } finally {
      await other.dispose();
    }
  },
);
