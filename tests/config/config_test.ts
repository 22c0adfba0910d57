import assert from "node:assert/strict";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../../lib/protocol/timeouts.ts";
import { BROWSER_ENV_ALLOW_LIST, defaultConfig, isLoopbackHost } from "../../lib/config.ts";

Deno.test("the defaults are the contract's: 127.0.0.1:9222, 8 sessions, 8 pages, 32 queued, 48 KiB, 15 min, 10 MiB", () => {
  const c = defaultConfig();
  assert.equal(c.host, "127.0.0.1");
  assert.equal(c.port, 9222);
  assert.equal(c.token, null);
  assert.equal(c.allowNoToken, false);
  assert.deepEqual(c.limits, { maxSessions: 8, maxPages: 8, maxQueuedOps: 32, snapshotMaxBytes: 48 * 1024 });
  assert.equal(c.sessionIdleMs, 15 * 60_000);
  assert.equal(c.maxBodyBytes, 10 * 1024 * 1024);
});

Deno.test("defaultConfig() gives a fresh copy each time", () => {
  const a = defaultConfig();
  a.limits.maxSessions = 1;
  a.allowedHosts.push("x.internal");
  const b = defaultConfig();
  assert.equal(b.limits.maxSessions, 8);
  assert.deepEqual(b.allowedHosts, []);
});

Deno.test("isLoopbackHost accepts loopback names and addresses only", () => {
  for (const host of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) {
    assert.equal(isLoopbackHost(host), true, host);
  }
  for (
    const host of [
      "0.0.0.0",
      "::",
      "evil.example",
      "127.0.0.1.evil.example",
      "localhost.evil.example",
      "10.0.0.1",
      "128.0.0.1",
      "",
    ]
  ) {
    assert.equal(isLoopbackHost(host), false, host);
  }
});

Deno.test("Chromium inherits only the allow-listed variables, and PATH finds it", () => {
  const env: Record<string, string> = {
    PATH: "/opt/bin",
    LANG: "C.UTF-8",
    PORTHOLE_TOKEN: "s3cret",
    HOME: "/root",
  };
  const c = defaultConfig((k) => env[k]);
  assert.deepEqual(c.browser.inherited, { PATH: "/opt/bin", LANG: "C.UTF-8" });
  assert.ok(BROWSER_ENV_ALLOW_LIST.every((k) => !/TOKEN|SECRET|HOME/.test(k)));
});

Deno.test("one timeout limit and one default serve every door", () => {
  assert.equal(MAX_TIMEOUT_MS, 60_000);
  assert.equal(DEFAULT_TIMEOUT_MS, 30_000);
});
