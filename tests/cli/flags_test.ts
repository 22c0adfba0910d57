/**
 * The command line's flags read as values (no process started, but for the help): durations and
 * sizes, flags over variables over defaults, bad values as usage errors naming their flag, and
 * every flag in the README's table and in --help.
 */
import assert from "node:assert/strict";
import { SERVE_FLAGS } from "../../lib/cli/flags.ts";
import { parseBrowserArgs, parseMcpArgs, parseServeArgs } from "../../lib/cli/parse.ts";
import { parseDuration, parseSize, UsageError } from "../../lib/cli/values.ts";

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

const noEnv = () => undefined;

Deno.test("the BAP limits and the browser account come from flags, then variables, then defaults", async () => {
  const d = await parseServeArgs([], noEnv);
  assert.deepEqual(d.bap, { maxMessageBytes: 10 * 1024 * 1024, dormantTtlMs: 300_000 });
  assert.equal(d.browser.user, "nobody");
  const env: Record<string, string> = {
    BAP_MAX_MESSAGE_SIZE: "1000",
    BAP_DORMANT_SESSION_TTL: "1",
    PORTHOLE_BROWSER_USER: "chrome",
  };
  const fromEnv = await parseServeArgs([], (k) => env[k]);
  assert.deepEqual(fromEnv.bap, { maxMessageBytes: 1000, dormantTtlMs: 1000 });
  assert.equal(fromEnv.browser.user, "chrome");
  const flagged = await parseServeArgs(
    ["--bap-max-message", "2m", "--bap-dormant-ttl=90s", "--browser-user", "1001"],
    (k) => env[k],
  );
  assert.deepEqual(flagged.bap, { maxMessageBytes: 2 * 1024 * 1024, dormantTtlMs: 90_000 });
  assert.equal(flagged.browser.user, "1001");
});

Deno.test("a bad BAP limit is a usage error naming its flag, never a silent default", async () => {
  await assert.rejects(() => parseServeArgs(["--bap-max-message", "lots"], noEnv), /not a size/);
  await assert.rejects(
    () => parseServeArgs([], (k) => (k === "BAP_MAX_MESSAGE_SIZE" ? "10" : undefined)),
    /--bap-max-message/,
  );
  await assert.rejects(() => parseServeArgs(["--bap-dormant-ttl", "0"], noEnv), /--bap-dormant-ttl/);
  await assert.rejects(
    () => parseServeArgs([], (k) => (k === "BAP_DORMANT_SESSION_TTL" ? "soon" : undefined)),
    UsageError,
  );
});

Deno.test("--chromium says where it came from: the flag wins over PORTHOLE_CHROMIUM", async () => {
  const env = (k: string) => (k === "PORTHOLE_CHROMIUM" ? "/env/chrome" : undefined);
  assert.equal((await parseServeArgs([], env)).browser.chromiumFrom, "env");
  const flagged = await parseServeArgs(["--chromium", "/flag/chrome"], env);
  assert.deepEqual([flagged.chromium, flagged.browser.chromiumFrom], ["/flag/chrome", "flag"]);
  assert.equal((await parseServeArgs([], noEnv)).browser.chromiumFrom, null);
  const browser = parseBrowserArgs(["--chromium=/b/chrome"], env);
  assert.deepEqual([browser.chromium, browser.browser.chromiumFrom], ["/b/chrome", "flag"]);
  assert.deepEqual(parseBrowserArgs([], env).browser.chromiumFrom, "env");
  assert.throws(() => parseBrowserArgs(["--port", "1"], env), /--chromium PATH/);
});

Deno.test("--config, --har-record and --har-replay read their files when given; a bad one is a usage error naming it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/porthole.json`;
    await Deno.writeTextFile(
      file,
      JSON.stringify({ popupOrigins: ["https://id.example.com"], record: true }),
    );
    const fromFlag = await parseServeArgs(["--config", file, "--har-record", `${dir}/hars`], noEnv);
    assert.deepEqual(fromFlag.operator.popupOrigins, ["https://id.example.com"]);
    assert.equal(fromFlag.operator.record, true);
    assert.equal(fromFlag.har.recordDir, `${dir}/hars`);
    assert.ok((await Deno.stat(`${dir}/hars`)).isDirectory, "--har-record made its directory");
    const fromEnv = await parseServeArgs([], (k) => (k === "PORTHOLE_CONFIG" ? file : undefined));
    assert.deepEqual(fromEnv.operator.popupOrigins, ["https://id.example.com"]);

    await Deno.writeTextFile(file, JSON.stringify({ popupOrigins: ["id.example.com"] }));
    await assert.rejects(
      () => parseServeArgs(["--config", file], noEnv),
      (err: Error) =>
        err instanceof UsageError && /--config .*popupOrigins\.0: must be an origin/.test(err.message),
    );
    await assert.rejects(
      () => parseServeArgs(["--har-replay", `${dir}/missing.har`], noEnv),
      (err: Error) =>
        err instanceof UsageError && /cannot read --har-replay .*missing\.har/.test(err.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("porthole mcp's own options come from flags over PORTHOLE_MCP_NAME and PORTHOLE_MCP_TOOLS", () => {
  const env = (k: string) => ({ PORTHOLE_MCP_NAME: "env-name", PORTHOLE_MCP_TOOLS: "observe, act" })[k];
  const fromEnv = parseMcpArgs(["--port", "0"], env);
  assert.deepEqual(fromEnv, { mcp: { name: "env-name", tools: ["observe", "act"] }, rest: ["--port", "0"] });
  const flagged = parseMcpArgs(["--mcp-name=flag-name", "--tools", "observe"], env);
  assert.deepEqual(flagged.mcp, { name: "flag-name", tools: ["observe"] });
  assert.throws(() => parseMcpArgs(["--tools"], noEnv), /--tools needs a value/);
});

Deno.test("the README's flag table and --help list every flag with its variable", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const help = new TextDecoder().decode(
    (await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname, "--help"],
      stdout: "piped",
      stderr: "null",
    }).output()).stdout,
  );
  for (const { flag, env } of SERVE_FLAGS) {
    const row = readme.split("\n").find((l) => l.startsWith("| `" + flag));
    assert.ok(row, `README lacks a row for ${flag}`);
    assert.ok(row.includes("`" + env + "`"), `README's row for ${flag} lacks ${env}`);
    const line = help.split("\n").find((l) => l.trimStart().startsWith(flag + " ") || l.trim() === flag);
    assert.ok(line, `--help lacks ${flag}`);
    assert.ok(help.includes(env), `--help lacks ${env}`);
  }
});
