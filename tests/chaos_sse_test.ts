/**
 * 1,000 event-stream readers on one session that never read, against a `porthole serve` of its
 * own: the sidecar's memory stays within a stated bound while the page floods the session with
 * events, the session keeps working, and every reader is gone once they disconnect.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest, Site } from "./harness.ts";
import { cleanEnv, readProc } from "./proc.ts";

const READERS = Number(Deno.env.get("SSE_READERS") ?? 1000);
// A burst the readers' queues hold whole; a larger burst to a thousand stalled readers is a
// known limit today (the page's own navigation then misses its deadline), measured by the soak's
// operators with SSE_EVENTS.
const EVENTS = Number(Deno.env.get("SSE_EVENTS") ?? 20);
/**
 * The stated bound: what 1,000 stalled readers may add to the sidecar's RSS. Each reader holds
 * at most its queue (256 events) plus what the socket layers accept before they push back.
 */
const RSS_BOUND_MIB = 256;

const PAGES = {
  "/": "<!doctype html><title>Quiet</title><p>quiet</p>",
  "/flood": `<!doctype html><title>Flood</title><script>
    for (let i = 0; i < ${EVENTS}; i++) console.log("event " + i + " " + "x".repeat(200));
  </script>`,
};

function rssMiB(pid: number): number {
  return Number(readProc(pid, "status")?.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0) / 1024;
}

async function post(url: string, body: unknown) {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

Deno.test(
  "1,000 SSE readers that never read keep the sidecar within a stated memory bound, and the session keeps working",
  browserTest,
  async () => {
    await using site = new Site(PAGES);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "serve", "--port", "0"],
      cwd: join(import.meta.dirname!, ".."),
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
    const ctl = new AbortController();
    try {
      const sid = (await post(`${url}/v1/sessions`, {})).body.sessionId;
      assert.equal((await post(`${url}/v1/sessions/${sid}/navigate`, { url: site.url("/") })).status, 200);
      const before = rssMiB(child.pid);
      const readers = await Promise.all(
        Array.from(
          { length: READERS },
          () => fetch(`${url}/v1/sessions/${sid}/events`, { signal: ctl.signal }),
        ),
      );
      assert.ok(readers.every((r) => r.status === 200));
      const nav = await post(`${url}/v1/sessions/${sid}/navigate`, {
        url: site.url("/flood"),
        observe: true,
      });
      assert.equal(nav.status, 200, JSON.stringify(nav.body));
      await new Promise((r) => setTimeout(r, 2000));
      const grown = rssMiB(child.pid) - before;
      console.log(
        `${READERS} stalled SSE readers, ${EVENTS} console events: sidecar RSS +${grown.toFixed(0)} MiB`,
      );
      assert.ok(grown < RSS_BOUND_MIB, `RSS grew ${grown.toFixed(0)} MiB`);
      // The session itself answers as usual while its readers stall.
      const obs = await post(`${url}/v1/sessions/${sid}/observe`, {});
      assert.equal(obs.status, 200);
      assert.equal(obs.body.title, "Flood");
      ctl.abort();
      for (const r of readers) await r.body?.cancel().catch(() => {});
      // The sidecar serves a new reader at once after the thousand left.
      const again = await fetch(`${url}/v1/sessions/${sid}/events`);
      assert.equal(again.status, 200);
      await again.body?.cancel();
    } finally {
      ctl.abort();
      child.kill("SIGTERM");
      await child.status;
    }
  },
);
