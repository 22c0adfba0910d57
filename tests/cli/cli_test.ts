/**
 * The command line, run as the real process (`deno run -A main.ts …`), the way an operator
 * starts Porthole: version, help, usage errors, serve's one ready line, the non-loopback
 * refusal, a clean SIGTERM with no Chromium left behind, and `browser status`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseServeArgs } from "../../lib/cli/parse.ts";
import { discoverChromium } from "../../lib/driver/discover.ts";
import { PORTHOLE_VERSION } from "../../lib/version.ts";
import { assertNotDispatched, browserTest, eventually, Site } from "../support/harness.ts";
import { alive, cleanEnv, descendants, processesMentioning, readProc } from "../support/proc.ts";

const ROOT = join(import.meta.dirname!, "..", "..");

function porthole(args: string[], env: Record<string, string> = {}): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...args],
    cwd: ROOT,
    clearEnv: true,
    env: cleanEnv(env),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

async function run(args: string[], env: Record<string, string> = {}) {
  const out = await porthole(args, env).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

// ---- the process --------------------------------------------------------------------------

Deno.test("porthole --version prints its version and exits 0", async () => {
  const r = await run(["--version"]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout.trim(), `porthole ${PORTHOLE_VERSION} (BAP 0.9.0)`);
});

Deno.test("porthole --help lists the commands and serve's options, and exits 0", async () => {
  const r = await run(["--help"]);
  assert.equal(r.code, 0);
  for (
    const text of [
      "porthole serve",
      "porthole browser install",
      "porthole browser status",
      "--token",
      "--port",
      "--chromium",
    ]
  ) {
    assert.ok(r.stdout.includes(text), `help lacks ${text}`);
  }
  assert.equal(r.stderr, "");
});

Deno.test("an unknown option exits 2 with a message naming it", async () => {
  for (
    const [args, named] of [
      [["--bogus"], "--bogus"],
      [["serve", "--bogus"], "--bogus"],
      [["serve", "--port", "nope"], "--port"],
      [["serve", "--session-idle", "soon"], "soon"],
      [["browser", "status", "--bogus"], "--bogus"],
      [["frobnicate"], "frobnicate"],
    ] as [string[], string][]
  ) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
    assert.match(r.stderr, /^porthole: /, args.join(" "));
    assert.ok(r.stderr.includes(named), `${args.join(" ")}: ${r.stderr}`);
    assert.ok(r.stderr.split("\n").filter(Boolean).length === 1, `one clear line, got: ${r.stderr}`);
  }
});

Deno.test("serve --host 0.0.0.0 without a token refuses to start and says to pass --token", async () => {
  for (
    const [args, env] of [[["serve", "--host", "0.0.0.0", "--port", "0"], {}], [["serve", "--port", "0"], {
      PORTHOLE_HOST: "0.0.0.0",
    }]] as [string[], Record<string, string>][]
  ) {
    const r = await run(args, env);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "", "it never said it was listening");
    assert.match(r.stderr, /--token/);
    assert.match(r.stderr, /0\.0\.0\.0/);
  }
});

Deno.test(
  "serve --port 0 prints one ready line, serves /health, and SIGTERM exits 0 leaving no Chromium behind",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>CLI</title><button>Hi</button>" });
    await using serve = await startServe();
    const { child, stdout, stderrText, line } = serve;
    let out = serve.out;
    const m = line.match(/^porthole listening on http:\/\/127\.0\.0\.1:(\d+)$/);
    assert.ok(m, `ready line: ${JSON.stringify(line)}`);
    const url = `http://127.0.0.1:${m[1]}`;
    assert.notEqual(Number(m[1]), 0);

    const health = await (await fetch(`${url}/health`)).json();
    assert.deepEqual(health, { status: "ok", version: "0.9.0", porthole: PORTHOLE_VERSION });

    // Make Chromium run: a session that navigated and observed.
    const created = await fetch(`${url}/v1/sessions`, { method: "POST", body: "{}" });
    assert.equal(created.status, 201);
    const { sessionId } = await created.json();
    const nav = await fetch(`${url}/v1/sessions/${sessionId}/navigate`, {
      method: "POST",
      body: JSON.stringify({ url: site.url("/"), observe: true }),
    });
    assert.equal(nav.status, 200);
    assert.match((await nav.json()).state.tree, /button "Hi"/);

    const browsers = descendants(child.pid);
    assert.ok(browsers.length > 1, "Chromium runs under the sidecar");
    const profile = browsers.map((p) => readProc(p, "cmdline")?.match(/--user-data-dir=([^\0 ]+)/)?.[1])
      .find(Boolean);
    assert.ok(profile, "the browser's profile directory");
    assert.ok(processesMentioning(profile).length > 0);

    child.kill("SIGTERM");
    const status = await child.status;
    assert.equal(status.code, 0, await stderrText);
    while (true) {
      const { value, done } = await stdout.read();
      if (done) break;
      out += value;
    }
    assert.equal(out, `${line}\n`, "stdout has exactly the one ready line");

    await eventually(
      "every Chromium process to be gone",
      () => browsers.every((p) => !alive(p)),
      Boolean,
      10_000,
    );
    assert.deepEqual(processesMentioning(profile), []);
    assert.throws(() => Deno.statSync(profile), "the temporary profile is removed");
  },
);

/**
 * Start `serve --port 0` (with `args` and `env`) and wait for its ready line; returns the child, its URL and a stdout
 * reader, and kills the child when disposed (`await using`), whatever the test did.
 */
async function startServe(args: string[] = [], env: Record<string, string> = {}) {
  const child = porthole(["serve", "--port", "0", ...args], env).spawn();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderrText = new Response(child.stderr).text();
  let out = "";
  await eventually(
    "the ready line",
    async () => {
      const { value, done } = await stdout.read();
      if (done) throw new Error(`serve exited before it was ready: ${await stderrText}`);
      out += value;
      return out.includes("\n");
    },
    Boolean,
    60_000,
  );
  const line = out.slice(0, out.indexOf("\n"));
  return {
    child,
    stdout,
    stderrText,
    out,
    line,
    url: line.replace("porthole listening on ", ""),
    async [Symbol.asyncDispose]() {
      try {
        child.kill("SIGKILL");
      } catch { /* already exited */ }
      await child.status;
      await stdout.cancel().catch(() => {});
    },
  };
}

/** One sample of the sidecar's /metrics, by its name. */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(name + " "));
  assert.ok(line, `/metrics lacks ${name}`);
  return Number(line.split(" ")[1]);
}

/** A session of the sidecar at `url` that navigated to `page` and observed it: the observation's tree. */
async function firstObservation(url: string, page: string): Promise<string> {
  const created = await fetch(`${url}/v1/sessions`, { method: "POST", body: "{}" });
  assert.equal(created.status, 201);
  const { sessionId } = await created.json();
  const nav = await fetch(`${url}/v1/sessions/${sessionId}/navigate`, {
    method: "POST",
    body: JSON.stringify({ url: page, observe: true }),
  });
  const body = await nav.json();
  assert.equal(nav.status, 200, JSON.stringify(body));
  return body.state.tree;
}

Deno.test(
  "serve --prelaunch has Chromium running by its ready line, and the first session uses that browser",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Warm</title><button>Ready</button>" });
    await using serve = await startServe(["--prelaunch"]);
    const { child, url } = serve;
    assert.ok(descendants(child.pid).length > 1, "Chromium runs before any client came");
    assert.equal(await metric(url, "porthole_browser_running"), 1);
    assert.equal(await metric(url, "porthole_browser_launches_total"), 1);
    assert.match(await firstObservation(url, site.url("/")), /button "Ready"/);
    assert.equal(await metric(url, "porthole_browser_launches_total"), 1, "no second launch");
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    assert.match(await serve.stderrText, /"browser prelaunched"/);
  },
);

Deno.test(
  "a prelaunch that fails (PORTHOLE_PRELAUNCH, no browser at --chromium) is logged, serve still starts, and the first session starts Chromium",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Late</title><button>Lazy</button>" });
    const dir = await Deno.makeTempDir({ prefix: "porthole-prelaunch-" });
    await Deno.chmod(dir, 0o755); // the browser's own account (as root: nobody) must reach it
    try {
      const chromium = join(dir, "chromium");
      await using serve = await startServe(["--chromium", chromium], { PORTHOLE_PRELAUNCH: "1" });
      const { child, url } = serve;
      assert.equal((await fetch(`${url}/health`)).status, 200);
      assert.equal(await metric(url, "porthole_browser_running"), 0);
      assert.equal(await metric(url, "porthole_browser_launches_total"), 0);
      // The browser appears where --chromium says: the first session starts it, as without the flag.
      const found = discoverChromium(null).path;
      assert.ok(found, "this machine has a browser");
      await Deno.symlink(found, chromium);
      assert.match(await firstObservation(url, site.url("/")), /button "Lazy"/);
      assert.equal(await metric(url, "porthole_browser_launches_total"), 1);
      child.kill("SIGTERM");
      assert.equal((await child.status).code, 0);
      const failed = (await serve.stderrText).split("\n").find((l) => l.includes("browser prelaunch failed"));
      assert.ok(failed, "the failed prelaunch is logged");
      assert.equal(JSON.parse(failed).level, "warn");
      assert.ok(failed.includes(chromium), `the log names the missing browser: ${failed}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("a sidecar killed with SIGKILL still leaves no Chromium behind", browserTest, async () => {
  await using serve = await startServe();
  const { child, url } = serve;
  const { sessionId } = await (await fetch(`${url}/v1/sessions`, { method: "POST", body: "{}" })).json();
  const nav = await fetch(`${url}/v1/sessions/${sessionId}/navigate`, {
    method: "POST",
    body: JSON.stringify({ url: "about:blank" }),
  });
  assert.equal(nav.status, 200);
  await nav.body?.cancel();
  const browsers = descendants(child.pid);
  assert.ok(browsers.length > 1, "Chromium runs under the sidecar");

  child.kill("SIGKILL");
  await child.status;
  await eventually(
    "every Chromium process to be gone",
    () => browsers.every((p) => !alive(p)),
    Boolean,
    10_000,
  );
});

Deno.test("browser status names the browser Porthole would use", async () => {
  const expected = discoverChromium(null).path;
  assert.ok(expected, "this machine has a browser");
  const r = await run(["browser", "status"]);
  assert.equal(r.code, 0);
  assert.ok(r.stdout.includes(expected), r.stdout);

  const flagged = await run(["browser", "status", "--chromium", expected]);
  assert.equal(flagged.code, 0);
  assert.match(flagged.stdout, /from flag/);

  const missing = await run(["browser", "status", "--chromium", "/nonexistent/chromium"]);
  assert.equal(missing.code, 1);
  assert.ok(missing.stdout.includes("/nonexistent/chromium"), missing.stdout);
});

// ---- serve's options ----------------------------------------------------------------------

const noEnv = () => undefined;

Deno.test("serve defaults to 127.0.0.1:9222 with no token", async () => {
  const c = await parseServeArgs([], noEnv);
  assert.equal(c.host, "127.0.0.1");
  assert.equal(c.port, 9222);
  assert.equal(c.token, null);
  assert.equal(c.limits.maxSessions, 8);
  assert.equal(c.prelaunch, false, "Chromium starts with the first session");
});

Deno.test("each serve option has an environment variable, and a flag wins over it", async () => {
  const env: Record<string, string> = {
    PORTHOLE_PORT: "8111",
    PORTHOLE_TOKEN: "from-env",
    PORTHOLE_SESSION_IDLE: "90s",
    PORTHOLE_MAX_BODY: "512k",
    PORTHOLE_ALLOWED_HOSTS: "a.internal, b.internal",
    PORTHOLE_CHROMIUM: "/opt/chrome",
    PORTHOLE_PRELAUNCH: "1",
  };
  const fromEnv = await parseServeArgs([], (k) => env[k]);
  assert.equal(fromEnv.port, 8111);
  assert.equal(fromEnv.token, "from-env");
  assert.equal(fromEnv.sessionIdleMs, 90_000);
  assert.equal(fromEnv.maxBodyBytes, 512 * 1024);
  assert.deepEqual(fromEnv.allowedHosts, ["a.internal", "b.internal"]);
  assert.equal(fromEnv.chromium, "/opt/chrome");
  assert.equal(fromEnv.prelaunch, true);

  const flagged = await parseServeArgs(
    [
      "--port",
      "0",
      "--token=from-flag",
      "--allowed-host",
      "c.internal",
      "--allowed-host",
      "d.internal",
      "--session-idle",
      "2m",
    ],
    (k) => env[k],
  );
  assert.equal(flagged.port, 0);
  assert.equal(flagged.token, "from-flag");
  assert.deepEqual(
    flagged.allowedHosts,
    ["c.internal", "d.internal"],
    "the flag replaces the variable's list",
  );
  assert.equal(flagged.sessionIdleMs, 120_000);
});

Deno.test("serve refuses a non-loopback address without a token unless --allow-no-token", async () => {
  await assert.rejects(() => parseServeArgs(["--host", "0.0.0.0"], noEnv), /--token/);
  await assert.rejects(() => parseServeArgs(["--host", "192.168.1.5"], noEnv), /--token/);
  assert.equal((await parseServeArgs(["--host", "0.0.0.0", "--token", "t"], noEnv)).host, "0.0.0.0");
  assert.equal((await parseServeArgs(["--host", "0.0.0.0", "--allow-no-token"], noEnv)).allowNoToken, true);
  for (const host of ["127.0.0.1", "localhost", "::1"]) {
    assert.equal((await parseServeArgs(["--host", host], noEnv)).host, host);
  }
});

Deno.test("serve rejects malformed option values", async () => {
  await assert.rejects(() => parseServeArgs(["--port", "65536"], noEnv), /--port/);
  await assert.rejects(() => parseServeArgs(["--port", "-1"], noEnv), /--port/);
  await assert.rejects(() => parseServeArgs(["--port"], noEnv), /needs a value/);
  await assert.rejects(() => parseServeArgs(["--max-sessions", "0"], noEnv), /--max-sessions/);
  await assert.rejects(() => parseServeArgs(["--max-body", "ten"], noEnv), /not a size/);
  await assert.rejects(() => parseServeArgs(["--session-idle", "0"], noEnv), /--session-idle/);
  await assert.rejects(() => parseServeArgs(["--tokn", "x"], noEnv), /Unknown option "--tokn"/);
  await assert.rejects(() => parseServeArgs(["extra"], noEnv), /Unknown option "extra"/);
});

Deno.test(
  "an agent drives the real server process: session, navigate, observe, act by ref, act on the fresh state",
  browserTest,
  async () => {
    await using site = new Site({
      "/": `<title>Counter</title><p id="count">0</p>
        <button onclick="count.textContent = String(Number(count.textContent) + 1)">Add one</button>`,
    });
    await using serve = await startServe();
    const { child, url } = serve;
    const call = async (path: string, body: unknown) => {
      const res = await fetch(url + path, { method: "POST", body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const session = await call("/v1/sessions", {});
    assert.equal(session.status, 201);
    const sid = session.body.sessionId;
    const nav = await call(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
    assert.equal(nav.status, 200);
    assert.equal(nav.body.httpStatus, 200);
    const state = (await call(`/v1/sessions/${sid}/observe`, {})).body;
    const ref = state.tree.match(/button "Add one" \[ref=(@e\d+)\]/)[1];
    const first = await call(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref,
      expect: { selector: "#count", text: "1" },
    });
    assert.equal(first.status, 200);
    assert.deepEqual(
      [first.body.execution, first.body.observation, first.body.postcondition],
      ["completed", "captured", "met"],
    );
    const fresh = first.body.freshState;
    const second = await call(`/v1/sessions/${sid}/act`, {
      stateId: fresh.stateId,
      targetId: fresh.targetId,
      action: "click",
      // The first click focused the button: its line now carries [active].
      ref: fresh.tree.match(/button "Add one" (?:\[active\] )?\[ref=(@e\d+)\]/)[1],
      expect: { selector: "#count", text: "2" },
    });
    assert.equal(second.body.postcondition, "met");
    const replay = await call(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref,
    });
    assertNotDispatched(replay.body, "stale_state");
    const closed = await fetch(`${url}/v1/sessions/${sid}`, { method: "DELETE" });
    assert.equal(closed.status, 204);
    await closed.body?.cancel();
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
  },
);
