/**
 * 1,000 event-stream readers on one session that never read, against a `porthole serve` of its
 * own, while the page floods the session with a burst of 300 events: the sidecar's memory stays
 * within a stated bound, a reader that reads gets every event (or a `dropped` notice), and this
 * session and another answer navigate and observe in their usual time. (Socket buffers take such
 * a burst whole, so no reader is shed here: tests/routes/sse_shed_test.ts drives readers past the bound.)
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest, Site } from "../support/harness.ts";
import { cleanEnv, readProc } from "../support/proc.ts";
import { sseBlocks } from "../support/sse_blocks.ts";

const READERS = Number(Deno.env.get("SSE_READERS") ?? 1000);
const EVENTS = Number(Deno.env.get("SSE_EVENTS") ?? 300);
const EVENT_CHARS = Number(Deno.env.get("SSE_EVENT_CHARS") ?? 200);
/**
 * The stated bound: what 1,000 stalled readers may add to the sidecar's RSS, their connections
 * (80–150 MiB with the front's pipes) and the buffers of the burst on its way to the sockets
 * included (measured +100 to +260 MiB on a loaded machine). Queued events are shared buffers,
 * not copies per reader.
 */
const RSS_BOUND_MIB = 320;
/** What a navigate or an observe of a quiet page may take here while the burst runs. */
const USUAL_MS = 5_000;

const PAGES = {
  "/": "<!doctype html><title>Quiet</title><p>quiet</p>",
  "/flood": `<!doctype html><title>Flood</title><script>
    for (let i = 0; i < ${EVENTS}; i++) console.log("event " + i + " " + "x".repeat(${EVENT_CHARS}));
  </script>`,
};

function rssMiB(pid: number): number {
  return Number(readProc(pid, "status")?.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0) / 1024;
}

async function post(url: string, body: unknown) {
  const t0 = performance.now();
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json(), ms: performance.now() - t0 };
}

/** A reader that sends its request and then never reads a byte. */
async function stalledReader(base: URL, path: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: base.hostname, port: Number(base.port) });
  await conn.write(new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`));
  return conn;
}

/** Read a stream until the burst's events are all in, or counted in `dropped` notices. */
async function readBurst(
  reader: ReadableStreamDefaultReader<string>,
): Promise<{ seen: number; lost: number }> {
  let seen = 0, lost = 0;
  const deadline = Date.now() + 60_000;
  for await (const { event, data } of sseBlocks(reader, { endOnError: true })) {
    if (event === "dropped") lost += JSON.parse(data!).count;
    else if (event === "console" && /"text":"event \d+ /.test(data!)) seen++;
    if (seen + lost >= EVENTS || Date.now() >= deadline) break;
  }
  return { seen, lost };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(text.match(new RegExp(`^${name}(?:\\{\\})? (\\d+)$`, "m"))?.[1] ?? 0);
}

Deno.test(
  "1,000 SSE readers that never read, under a burst of 300 events: bounded memory, and this session and another answer in their usual time",
  browserTest,
  async () => {
    await using site = new Site(PAGES);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "serve", "--port", "0"],
      cwd: join(import.meta.dirname!, "..", ".."),
      clearEnv: true,
      env: cleanEnv({ PORTHOLE_LOG_LEVEL: "error" }),
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    while (!/listening on \S+/.test(out)) out += (await lines.read()).value ?? "";
    lines.releaseLock();
    const url = out.match(/listening on (\S+)/)![1];
    const readers: Deno.Conn[] = [];
    try {
      const sid = (await post(`${url}/v1/sessions`, {})).body.sessionId;
      const other = (await post(`${url}/v1/sessions`, {})).body.sessionId;
      assert.equal((await post(`${url}/v1/sessions/${sid}/navigate`, { url: site.url("/") })).status, 200);
      assert.equal((await post(`${url}/v1/sessions/${other}/navigate`, { url: site.url("/") })).status, 200);
      const before = rssMiB(child.pid);
      for (let i = 0; i < READERS; i++) {
        readers.push(await stalledReader(new URL(url), `/v1/sessions/${sid}/events`));
      }
      const reading = (await fetch(`${url}/v1/sessions/${sid}/events`)).body!
        .pipeThrough(new TextDecoderStream()).getReader();
      const burst = readBurst(reading);
      await new Promise((r) => setTimeout(r, 500));
      const connected = rssMiB(child.pid) - before;

      const [nav, otherObs] = await Promise.all([
        post(`${url}/v1/sessions/${sid}/navigate`, { url: site.url("/flood"), observe: true }),
        post(`${url}/v1/sessions/${other}/observe`, {}),
      ]);
      assert.equal(nav.status, 200, JSON.stringify(nav.body));
      assert.equal(otherObs.status, 200);
      const obs = await post(`${url}/v1/sessions/${sid}/observe`, {});
      const otherNav = await post(`${url}/v1/sessions/${other}/navigate`, { url: site.url("/") });
      const grown = rssMiB(child.pid) - before;
      const shed = await metric(url, "porthole_sse_readers_shed_total");
      console.log(
        `${READERS} stalled SSE readers, ${EVENTS} console events of ${EVENT_CHARS} chars: navigate ${
          nav.ms.toFixed(0)
        } ms, ` +
          `observe ${obs.ms.toFixed(0)} ms; other session observe ${otherObs.ms.toFixed(0)} ms, ` +
          `navigate ${otherNav.ms.toFixed(0)} ms; RSS +${connected.toFixed(0)} MiB connected, +${
            grown.toFixed(0)
          } MiB after the burst; ${shed} readers shed`,
      );
      assert.equal(obs.status, 200);
      assert.equal(obs.body.title, "Flood");
      assert.equal(otherNav.status, 200);
      for (const [what, ms] of [["navigate", nav.ms], ["observe", obs.ms], ["other observe", otherObs.ms]]) {
        assert.ok((ms as number) < USUAL_MS, `${what} took ${(ms as number).toFixed(0)} ms`);
      }
      assert.ok(grown < RSS_BOUND_MIB, `RSS grew ${grown.toFixed(0)} MiB`);

      // The reader that reads has every console event of the burst, or a notice of what it lost.
      const { seen, lost } = await burst;
      // (`lost` may count other events of the page too: a notice says how many, not which.)
      assert.ok(seen > 0 && seen + lost >= EVENTS, `${seen} events and ${lost} lost`);
      await reading.cancel();
      // The sidecar serves a new reader at once.
      const again = await fetch(`${url}/v1/sessions/${sid}/events`);
      assert.equal(again.status, 200);
      await again.body?.cancel();
    } finally {
      for (const r of readers) r.close();
      child.kill("SIGTERM");
      await child.status;
    }
  },
);
