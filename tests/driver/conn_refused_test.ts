/**
 * A destination nobody listens on is the destination's failure (502 navigation_failed with the
 * reason), while an address the guard refuses stays a policy refusal (403 address_not_allowed).
 */
import assert from "node:assert/strict";
import { assertError, browserTest, Porthole, Site } from "../support/harness.ts";

/**
 * A loopback port nothing listens on, and nothing will: free a moment ago on both loopback addresses,
 * and below the kernel's range of ephemeral ports, which every `port: 0` listener of the tests running
 * beside this one is given from (a freed ephemeral port was given to one of them, which answered 404).
 */
function deadPort(): number {
  const [low] = Deno.readTextFileSync("/proc/sys/net/ipv4/ip_local_port_range").trim().split(/\s+/).map(
    Number,
  );
  for (let tries = 0; tries < 100; tries++) {
    const port = 20_000 + Math.floor(Math.random() * Math.max(1, Math.min(low, 32_768) - 20_000));
    const free = ["127.0.0.1", "::1"].every((hostname) => {
      try {
        Deno.listen({ hostname, port }).close();
        return true;
      } catch (err) {
        return !(err instanceof Deno.errors.AddrInUse);
      }
    });
    if (free) return port;
  }
  throw new Error("no free loopback port below the ephemeral range");
}

Deno.test(
  "navigate to an allowed host with nothing listening is 502 navigation_failed, reason connection_refused",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Up</title><h1>Up</h1>" });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    for (const url of [`http://127.0.0.1:${deadPort()}/`, `http://localhost:${deadPort()}/x?q=1`]) {
      const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url });
      assertError(r, 502, "navigation_failed");
      assert.equal(r.body.error.details.reason, "connection_refused", JSON.stringify(r.body));
      assert.equal(r.body.error.retryable, true);
      assert.match(r.body.error.message, /connection_refused/);
    }
    const ok = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/"), observe: true });
    assert.equal(ok.status, 200, "the session goes on");
    assert.match(ok.body.state.tree, /Up/);
  },
);

Deno.test(
  "navigate to an address the network guard refuses stays 403 address_not_allowed",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Private</title>" });
    await using ph = await Porthole.start((c) => (c.blockPrivateNetwork = true));
    const sid = await ph.session();
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
    assertError(r, 403, "address_not_allowed");
    const dead = await ph.post(`/v1/sessions/${sid}/navigate`, { url: `http://127.0.0.1:${deadPort()}/` });
    assertError(dead, 403, "address_not_allowed");
    const meta = await ph.post(`/v1/sessions/${sid}/navigate`, { url: "http://169.254.169.254/" });
    assertError(meta, 403, "address_not_allowed");
  },
);
