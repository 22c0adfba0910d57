/** `porthole doctor`: real checks on this machine, a JSON shape for machines, a fix for each failure. */
import assert from "node:assert/strict";
import { cleanEnv } from "../support/proc.ts";

const ROOT = new URL("../..", import.meta.url);
const CHECKS = ["chromium", "sandbox", "userns", "fonts", "shm", "tmp", "port", "config", "token"];

async function doctor(...args: string[]): Promise<{ code: number; out: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", "doctor", ...args],
    cwd: ROOT,
    env: cleanEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(r.stdout);
  return { code: r.code, out: out + new TextDecoder().decode(r.stderr) };
}

// deno-lint-ignore no-explicit-any
type Report = { ok: boolean; checks: any[] };

Deno.test("doctor --json on this machine passes every check: Chromium starts sandboxed as the unprivileged user", async () => {
  const r = await doctor("--port", "0", "--json");
  const report: Report = JSON.parse(r.out);
  assert.equal(r.code, 0, r.out);
  assert.equal(report.ok, true);
  assert.deepEqual(report.checks.map((c) => c.name), CHECKS);
  for (const c of report.checks) {
    assert.ok(["ok", "warn"].includes(c.status), `${c.name}: ${c.detail}`);
    assert.equal(typeof c.detail, "string");
    if (c.status !== "ok") assert.equal(typeof c.fix, "string", `${c.name} has a fix`);
  }
  const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
  assert.match(byName.chromium.detail, /Chromium \d+/);
  assert.match(byName.sandbox.detail, /^on: .*own user namespace/);
});

Deno.test("doctor fails with a one-line fix when the port is taken", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = String((taken.addr as Deno.NetAddr).port);
  const json = await doctor("--port", port, "--json");
  assert.equal(json.code, 1);
  const report: Report = JSON.parse(json.out);
  assert.equal(report.ok, false);
  const check = report.checks.find((c) => c.name === "port");
  assert.equal(check.status, "fail");
  assert.match(check.fix, new RegExp(`stop what listens on 127\\.0\\.0\\.1:${port}, or pass --port`));
  const text = await doctor("--port", port);
  assert.equal(text.code, 1);
  assert.match(text.out, /^FAIL {2}port +cannot listen/m);
  assert.match(text.out, /^ +fix: stop what listens/m);
  assert.match(text.out, /^1 check\(s\) failed$/m);
});

Deno.test("doctor fails on an invalid config file and on a public host without a token", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, JSON.stringify({ approvals: [{ action: 3 }] }));
    const r = await doctor("--host", "0.0.0.0", "--port", "0", "--config", file, "--json");
    assert.equal(r.code, 1);
    const byName = Object.fromEntries((JSON.parse(r.out) as Report).checks.map((c) => [c.name, c]));
    assert.equal(byName.config.status, "fail");
    assert.match(byName.config.detail, new RegExp(file.replace(/[.]/g, "\\.")));
    assert.equal(byName.token.status, "fail");
    assert.match(byName.token.fix, /--token/);
  } finally {
    await Deno.remove(file);
  }
});
