import assert from "node:assert/strict";
import { defaultConfig, isLoopbackHost, parseDuration, parseSize } from "./config.ts";

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

Deno.test("parseDuration reads ms, s, m and h, and bare numbers as seconds", () => {
  assert.equal(parseDuration("900"), 900_000);
  assert.equal(parseDuration("500ms"), 500);
  assert.equal(parseDuration("1.5s"), 1500);
  assert.equal(parseDuration("90s"), 90_000);
  assert.equal(parseDuration("15m"), 900_000);
  assert.equal(parseDuration("1h"), 3_600_000);
  assert.equal(parseDuration(" 2m "), 120_000);
});

Deno.test("parseDuration refuses what is not a duration", () => {
  for (const bad of ["", "abc", "-1s", "1d", "1 m", "m", "1e3"]) {
    assert.throws(() => parseDuration(bad), /not a duration/, JSON.stringify(bad));
  }
});

Deno.test("parseSize reads bytes, KiB and MiB", () => {
  assert.equal(parseSize("10485760"), 10 * 1024 * 1024);
  assert.equal(parseSize("512k"), 512 * 1024);
  assert.equal(parseSize("512KiB"), 512 * 1024);
  assert.equal(parseSize("10m"), 10 * 1024 * 1024);
  assert.equal(parseSize("10MB"), 10 * 1024 * 1024);
});

Deno.test("parseSize refuses what is not a size", () => {
  for (const bad of ["", "ten", "1g", "-5", "1.5m"]) assert.throws(() => parseSize(bad), /not a size/, bad);
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
