/**
 * What an idle sidecar holds: `porthole serve` run as the real process, and the scripts its V8
 * has parsed read over the inspector before any client came. The HTTP app, the operations, the
 * session engine, puppeteer-core, valibot and Node's timers load with the first request that
 * needs them, never at start (the footprint bench measures what that saves).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cleanEnv } from "../support/proc.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../../lib/version.ts";

const ROOT = join(import.meta.dirname!, "..", "..");

/** Module URLs (file, npm, node) that an idle sidecar must not have loaded. */
const NOT_AT_START: [string, RegExp][] = [
  ["the HTTP app", /\/routes\/http\.ts$/],
  ["hono", /\/node_modules\/.*\/hono\//],
  ["valibot", /\/node_modules\/.*\/valibot\//],
  ["puppeteer-core", /\/node_modules\/.*\/puppeteer-core\//],
  ["the operations", /\/lib\/ops\/ops\.ts$/],
  ["the session engine", /\/lib\/session\/session\.ts$/],
  ["the input schemas", /\/lib\/protocol\/schemas\.ts$/],
  ["the operator's config file reader", /\/lib\/config_file\.ts$/],
  ["Node's timers (any timer set)", /^node:timers$/],
];

/** A `porthole serve` under the inspector: its ready line's URL and the scripts parsed so far. */
async function inspectedServe(args: string[] = []) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--inspect=127.0.0.1:0", "main.ts", "serve", "--port", "0", ...args],
    cwd: ROOT,
    clearEnv: true,
    env: cleanEnv({ PORTHOLE_LOG_LEVEL: "warn" }),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const firstMatch = async (stream: ReadableStream<Uint8Array>, re: RegExp) => {
    const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (true) {
      const m = text.match(re);
      if (m) {
        reader.read().then(function drain(r): unknown {
          return r.done ? undefined : reader.read().then(drain);
        }).catch(() => {});
        return m[1];
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`exited before ${re}: ${text}`);
      text += value;
    }
  };
  const [inspector, url] = await Promise.all([
    firstMatch(child.stderr, /Debugger listening on (ws:\/\/\S+)/),
    firstMatch(child.stdout, /porthole listening on (\S+)\n/),
  ]);
  const ws = new WebSocket(inspector);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const scripts = new Set<string>();
  const pending = new Map<number, () => void>();
  let id = 0;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.method === "Debugger.scriptParsed" && m.params.url) scripts.add(m.params.url);
    if (m.id !== undefined) pending.get(m.id)?.();
  };
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<void>((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  // Enabling the debugger reports every script parsed so far, before its own answer.
  await send("Debugger.enable");
  return {
    url,
    scripts,
    /** Every script parsed before this reached the process is reported by its answer (one socket, in order). */
    sync: () => send("Runtime.evaluate", { expression: "0" }),
    /** The modules of `NOT_AT_START` loaded by now. */
    loaded: () => NOT_AT_START.filter(([, re]) => [...scripts].some((u) => re.test(u))).map(([n]) => n),
    async [Symbol.asyncDispose]() {
      ws.close();
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

Deno.test("an idle `porthole serve` has loaded no door, operation, engine, driver, schema or timer", async () => {
  await using serve = await inspectedServe();
  assert.ok([...serve.scripts].some((u) => u.endsWith("/lib/server.ts")), "the inspector lists the scripts");
  assert.deepEqual(serve.loaded(), [], "loaded before any client came");

  // A probe's `GET /health` is answered without the app: a probed sidecar that no client uses stays as
  // light (the bounded front's deadline sweep, a timer, runs while the probe's connection is open).
  const health = await fetch(`${serve.url}/health`);
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), {
    status: "ok",
    version: PROTOCOL_VERSION,
    porthole: PORTHOLE_VERSION,
  });
  await serve.sync();
  assert.deepEqual(serve.loaded().filter((n) => !n.startsWith("Node's timers")), [], "loaded after /health");

  // The first other request builds the app: the checks above would see it, had it been there.
  const list = await fetch(`${serve.url}/v1/sessions`);
  assert.equal(list.status, 200);
  await list.body?.cancel();
  await serve.sync();
  assert.ok(serve.loaded().includes("the HTTP app"), `after a request: ${serve.loaded()}`);
  assert.ok(serve.loaded().includes("hono"));
});

Deno.test("`serve --config FILE` reads the file at start, and still loads no door or engine", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, JSON.stringify({ popupOrigins: ["https://id.example.com"] }));
    await using serve = await inspectedServe(["--config", file]);
    assert.deepEqual(serve.loaded(), ["valibot", "the operator's config file reader"]);
  } finally {
    await Deno.remove(file);
  }
});
