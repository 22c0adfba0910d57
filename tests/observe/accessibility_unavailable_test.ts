/**
 * Chromium without its computed accessibility data (the blink feature switched off by the
 * browser's own command line, no mock): observe and act answer 503 accessibility_unavailable
 * with a clear message, never a 500, and the sidecar stays healthy.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, Porthole, Site } from "../support/harness.ts";
import { bapPage } from "../support/bap_fixture.ts";

/** A Chromium "binary" that runs the real one with ComputedAccessibilityInfo turned off. */
async function chromiumWithoutComputedAccessibility(): Promise<{ path: string } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "porthole-noax-" });
  const path = `${dir}/chromium`;
  await Deno.writeTextFile(
    path,
    `#!/bin/sh\nexec /usr/bin/chromium-headless-shell "$@" --disable-blink-features=ComputedAccessibilityInfo\n`,
  );
  // Chromium runs as an unprivileged account when Porthole runs as root: it must reach the script.
  await Deno.chmod(dir, 0o755);
  await Deno.chmod(path, 0o755);
  return { path, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

const PAGE = `<!doctype html><title>Form</title><button onclick="document.title = 'clicked'">Go</button>`;

Deno.test(
  "without Chromium's computed accessibility data, observe and act are 503 accessibility_unavailable and the sidecar stays healthy",
  browserTest,
  async () => {
    await using chromium = await chromiumWithoutComputedAccessibility();
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start((c) => (c.chromium = chromium.path));
    const sid = await ph.session();
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
    assert.equal(nav.status, 200, "navigation itself needs no accessibility data");

    const obs = await ph.post(`/v1/sessions/${sid}/observe`, {});
    assertError(obs, 503, "accessibility_unavailable");
    assert.match(obs.body.error.message, /accessibility/i);
    assert.match(JSON.stringify(obs.body.error.details), /ComputedAccessibilityInfo/);
    const navObserve = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/"), observe: true });
    assertError(navObserve, 503, "accessibility_unavailable");

    // An action by selector observes first: over BAP it fails with the same reason, never as internal.
    await using c = await bapPage(ph, site.url("/"));
    const err = await c.fails("action/click", { selector: { type: "text", value: "Go" } });
    assert.match(JSON.stringify(err.data?.details), /accessibility_unavailable/, JSON.stringify(err));
    assert.match(err.message, /accessibility data is unavailable/);

    // The sidecar stays healthy: its probes answer, the session lists and closes normally.
    assert.equal((await ph.request("GET", "/health")).status, 200);
    assert.equal((await ph.request("GET", `/v1/sessions/${sid}`)).status, 200);
    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);
    assert.equal(await ph.session().then(() => true), true, "a new session can be created");
  },
);
