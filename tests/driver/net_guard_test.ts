/**
 * The network guard: every request of a page goes through Porthole's own proxy, which resolves
 * names itself and refuses metadata and link-local addresses, and the sidecar's own port.
 */
import assert from "node:assert/strict";
import { browserTest, disposing, Porthole, Site } from "../support/harness.ts";

const PROBE = `<!doctype html><title>Probe</title><p id="out">…</p>
<script>
  async function probe(url) {
    try {
      const r = await fetch(url, { mode: "no-cors" });
      return "reached " + r.type;
    } catch (e) {
      return "refused";
    }
  }
  function ws(url) {
    return new Promise((resolve) => {
      const s = new WebSocket(url);
      s.onopen = () => { s.close(); resolve("open"); };
      s.onerror = () => resolve("refused");
    });
  }
</script>`;

/** A Porthole with one session on the probe page. */
async function probing() {
  const site = new Site({ "/": PROBE });
  const ph = await Porthole.start();
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  return disposing({ site, ph, sid }, ph, site);
}

Deno.test(
  "a page cannot reach the sidecar's own port: fetch, WebSocket and iframe are refused",
  browserTest,
  async () => {
    await using probe = await probing();
    const { site, ph, sid } = probe;
    const self = ph.url;
    const before = ph.server.registry.guard.stats.refused;
    const served = () =>
      [...ph.server.registry.metrics.requests.values.values()].reduce((n, v) => n + v.value, 0);
    const servedBefore = served();
    await ph.pageEval(sid, `probe(${JSON.stringify(self + "/v1/sessions")})`);
    assert.equal(
      await ph.pageEval(sid, `ws(${JSON.stringify(self.replace("http", "ws") + "/")})`),
      "refused",
    );
    const loaded = await ph.pageEval(
      sid,
      `new Promise((resolve) => {
      const f = document.createElement("iframe");
      f.src = ${JSON.stringify(self + "/health")};
      f.onload = () => { try { resolve(f.contentDocument ? f.contentDocument.body.innerText : "cross-origin"); } catch (e) { resolve("cross-origin"); } };
      document.body.append(f);
      setTimeout(() => resolve("never loaded"), 3000);
    })`,
    );
    assert.doesNotMatch(String(loaded), /"status":"ok"/, "the iframe shows no answer of the sidecar");
    assert.ok(
      ph.server.registry.guard.stats.refused >= before + 2,
      "the guard refused the fetch and the WebSocket",
    );
    assert.equal(served(), servedBefore, "no request of the page reached the sidecar");
    assert.equal(served(), servedBefore, "no request of the page reached the sidecar");
    // Another loopback port is an ordinary local app, and allowed.
    assert.match(await ph.pageEval(sid, `probe(${JSON.stringify(site.url("/"))})`), /^reached/);
  },
);

Deno.test(
  "cloud metadata and link-local addresses are refused to pages and to navigate",
  browserTest,
  async () => {
    await using probe = await probing();
    const { ph, sid } = probe;
    const guard = ph.server.registry.guard;
    for (
      const url of [
        "http://169.254.169.254/latest/meta-data/",
        "http://metadata.google.internal/",
        "http://[fe80::1]/",
      ]
    ) {
      const before = guard.stats.refused;
      await ph.pageEval(sid, `probe(${JSON.stringify(url)})`);
      assert.equal(guard.stats.refused, before + 1, `the guard refused ${url}`);
      assert.ok(guard.recentlyRefused(new URL(url).hostname), url);
    }
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, {
      url: "http://169.254.169.254/latest/meta-data/",
    });
    assert.equal(nav.status, 403);
    assert.equal(nav.body.error.code, "address_not_allowed");
  },
);

Deno.test("a name that resolves to a refused address is refused after resolution", browserTest, async () => {
  await using site = new Site({ "/": PROBE }),
    ph = await Porthole.start((c) => (c.blockPrivateNetwork = true));
  const sid = await ph.session();
  // `localhost` passes every check on names; only resolving it shows it is loopback.
  const nav = await ph.post(`/v1/sessions/${sid}/navigate`, {
    url: `http://localhost:${new URL(site.origin).port}/`,
  });
  assert.equal(nav.status, 403, JSON.stringify(nav.body));
  assert.equal(nav.body.error.code, "address_not_allowed");
  assert.equal(site.hits.length, 0, "nothing reached the site");
});
