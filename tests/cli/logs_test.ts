/**
 * Structured logs, from the real server process: one JSON line per request on stderr with
 * route, status, ms and session id; no token, query value or other secret in any line; and
 * --log-level deciding which lines are written.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cleanEnv } from "../support/proc.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const TOKEN = "tok-e6b1c0ffee-never-logged";

interface Run {
  lines: Record<string, unknown>[];
  stderr: string;
  /** Lines that are not JSON. */
  other: string[];
}

/**
 * Deno's own one-time notice about request.signal, written on stderr when the server reads
 * `request.signal`. Not Porthole's line: see the test that stderr holds JSON only.
 */
const DENO_NOTICE = /^Deno\.serve: request\.signal aborts on successful responses/;
/** Deno's wait for the node_modules lock that another deno process of a parallel test run holds. */
const DENO_LOCK = /waiting for file lock on node_modules/; // after "Blocking", which deno colours

/**
 * Start `porthole serve` with `args`, make the requests of `work` against it, stop it with
 * SIGTERM, and return what it wrote on stderr (every line must be JSON).
 */
async function serve(args: string[], work: (url: string) => Promise<void>): Promise<Run> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", "serve", "--port", "0", "--token", TOKEN, ...args],
    cwd: ROOT,
    clearEnv: true,
    env: cleanEnv(),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let out = "";
    const deadline = Date.now() + 60_000;
    while (!out.includes("\n")) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("serve did not say it was ready")), deadline - Date.now());
      });
      const { value, done } = await Promise.race([stdout.read(), late]).finally(() => clearTimeout(timer));
      if (done) throw new Error(`serve exited before it was ready: ${await stderr}`);
      out += value;
    }
    const url = out.match(/listening on (http:\/\/\S+)/)![1];
    await work(url);
  } finally {
    child.kill("SIGTERM");
    await stdout.cancel();
  }
  assert.equal((await child.status).code, 0);
  const text = await stderr;
  const lines: Record<string, unknown>[] = [];
  const other: string[] = [];
  for (const l of text.split("\n").filter((l) => l !== "" && !DENO_LOCK.test(l))) {
    try {
      lines.push(JSON.parse(l));
    } catch {
      if (!DENO_NOTICE.test(l)) throw new Error(`a stderr line that is not JSON: ${l}`);
      other.push(l);
    }
  }
  return { lines, stderr: text, other };
}

const auth = { authorization: `Bearer ${TOKEN}` };

/** Requests of every kind: created, read (with a token and a secret in the query), missing, refused. */
async function traffic(url: string): Promise<string> {
  const created = await fetch(`${url}/v1/sessions`, { method: "POST", headers: auth, body: "{}" });
  assert.equal(created.status, 201);
  const { sessionId } = await created.json();
  const read = await fetch(`${url}/v1/sessions/${sessionId}?token=${TOKEN}&apiKey=privatevalue`);
  assert.equal(read.status, 200);
  await read.body?.cancel();
  const missing = await fetch(`${url}/v1/sessions/s_missing`, { headers: auth });
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  const denied = await fetch(`${url}/v1/sessions`, {
    headers: { authorization: "Bearer wrong-secret-value" },
  });
  assert.equal(denied.status, 401);
  await denied.body?.cancel();
  // No browser at this path: 503, which is logged as a warning.
  const nav = await fetch(`${url}/v1/sessions/${sessionId}/navigate`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ url: "http://127.0.0.1:9/?q=navsecret" }),
  });
  assert.equal(nav.status, 503);
  await nav.body?.cancel();
  const health = await fetch(`${url}/health`);
  await health.body?.cancel();
  return sessionId;
}

function requests(run: Run): Record<string, unknown>[] {
  return run.lines.filter((l) => l.msg === "request");
}

Deno.test("each request is one JSON line on stderr with route, status, ms and sessionId, and no secret", async () => {
  let sid = "";
  const run = await serve(["--log-level", "info", "--chromium", "/nonexistent/chromium"], async (url) => {
    sid = await traffic(url);
  });
  const lines = requests(run);
  assert.deepEqual(
    lines.map((l) => [l.method, l.status]),
    [["POST", 201], ["GET", 200], ["GET", 404], ["GET", 401], ["POST", 503]],
    "one line per request; /health only at debug",
  );
  // The route is the pattern, never the path with its query. A request the door refused
  // (401) matched no route yet, so its route is the door's own "/*".
  assert.deepEqual(lines.map((l) => l.route), [
    "/v1/sessions",
    "/v1/sessions/:sessionId",
    "/v1/sessions/:sessionId",
    "/*",
    "/v1/sessions/:sessionId/navigate",
  ]);
  for (const l of lines) {
    assert.equal(typeof l.ms, "number");
    assert.ok((l.ms as number) >= 0);
    assert.ok(!Number.isNaN(Date.parse(l.time as string)));
  }
  assert.equal(lines[1].sessionId, sid);
  assert.equal(lines[1].level, "info");
  assert.equal(lines[2].sessionId, "s_missing");
  assert.equal(lines[2].error, "session_not_found");
  assert.equal(lines[3].error, "unauthorized");
  assert.equal(lines[4].sessionId, sid);
  assert.equal(lines[4].level, "warn", "a 5xx is a warning");
  assert.equal(lines[4].error, "browser_not_installed");
  for (const secret of [TOKEN, "privatevalue", "wrong-secret-value", "navsecret"]) {
    assert.ok(!run.stderr.includes(secret), `${secret} appears in the logs`);
  }
});

Deno.test("--log-level decides which lines are written", async () => {
  const [debug, warn, error, off] = await Promise.all(
    ["debug", "warn", "error", "off"].map((level) =>
      serve(["--log-level", level, "--chromium", "/nonexistent/chromium"], async (url) => {
        await traffic(url);
      })
    ),
  );
  assert.deepEqual(requests(debug).map((l) => l.route).at(-1), "/health", "debug adds /health");
  assert.equal(requests(debug).length, 6);
  assert.deepEqual(requests(warn).map((l) => [l.route, l.status]), [[
    "/v1/sessions/:sessionId/navigate",
    503,
  ]]);
  assert.equal(requests(error).length, 0);
  assert.deepEqual(off.lines, [], "off writes nothing");
});

Deno.test({
  name: "stderr holds JSON lines only",
  fn: async () => {
    const run = await serve(["--log-level", "info", "--chromium", "/nonexistent/chromium"], async (url) => {
      await traffic(url);
    });
    assert.deepEqual(run.other, []);
  },
});

Deno.test("a log field that names a secret or a URL is redacted whoever logs it", async () => {
  const script = `
    import { log, setLogLevel } from "./lib/log.ts";
    setLogLevel("debug");
    log("info", "probe", { token: "t0ken-value", authorization: "Bearer abc-secret", text: "typed-secret",
      url: "https://example.com/a?session=sess-secret#frag", pageUrl: "http://x.test/?k=url-secret", n: 3 });
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(out.stderr).trim().split("\n").filter((l) => !DENO_LOCK.test(l));
  const line = JSON.parse(lines.join("\n"));
  assert.deepEqual(
    { ...line, time: undefined },
    {
      time: undefined,
      level: "info",
      msg: "probe",
      token: "[redacted]",
      authorization: "[redacted]",
      text: "[redacted]",
      url: "https://example.com/a?session=[redacted]",
      pageUrl: "http://x.test/?k=[redacted]",
      n: 3,
    },
  );
});
