/** One limit per thing, whichever door asks: timeouts, and the contexts of a BAP connection. */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { MAX_TIMEOUT_MS } from "../../lib/protocol/timeouts.ts";

Deno.test(
  "a timeout above the one limit is refused over HTTP and BAP, and BAP advertises that limit",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.limits.maxSessions = 3));
    const sid = await ph.session();
    const http = await ph.post(`/v1/sessions/${sid}/navigate`, {
      url: "about:blank",
      timeoutMs: MAX_TIMEOUT_MS + 1,
    });
    assert.equal(http.status, 400);
    assert.match(JSON.stringify(http.body.error), /timeoutMs/);

    await using c = await BapClient.open(wsUrl(ph.url));
    const init = await c.call("initialize", {
      protocolVersion: "0.9.0",
      clientInfo: { name: "porthole-limits", version: "1.0.0" },
      capabilities: {},
    });
    assert.equal(init.capabilities.limits.maxTimeout, MAX_TIMEOUT_MS);
    assert.equal(init.capabilities.limits.maxContexts, 3);
    await c.call("browser/launch", {});
    await c.call("page/create", {});
    const e = await c.fails("page/navigate", { url: "about:blank", timeout: MAX_TIMEOUT_MS + 1 });
    assert.equal(e.code, -32602);
    assert.match(e.message, /timeout/);
    const { limits } = await c.call("context/list", {});
    assert.equal(limits.maxContexts, 3, "a connection's contexts follow --max-sessions");
  },
);
