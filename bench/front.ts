/**
 * What the bounded front costs: one HTTP round trip (keep-alive) against a sidecar with the front
 * (the default 10 s header deadline) and one without (`--header-timeout-ms 0`), interleaved in one
 * run so that both see the same machine load: a small answer (GET /health, one write) and a large
 * one (GET /openapi.json, piped in many writes, as an observation of a large page is).
 * `deno run -A bench/front.ts [rounds]`
 */
import { defaultConfig } from "../lib/config.ts";
import { startServer } from "../lib/server.ts";
import { summarize } from "./stats.ts";

const ROUNDS = Number(Deno.args[0] ?? 2000);

async function start(headerTimeoutMs: number) {
  const config = defaultConfig();
  config.port = 0;
  config.logLevel = "error";
  config.headerTimeoutMs = headerTimeoutMs;
  return await startServer(config);
}

const withFront = await start(10_000);
const without = await start(0);
const once = async (url: string) => {
  const t0 = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  return performance.now() - t0;
};
const report: Record<string, unknown> = { rounds: ROUNDS };
for (
  const [label, path, rounds] of [["small", "/health", ROUNDS], [
    "large",
    "/openapi.json",
    ROUNDS / 10,
  ]] as const
) {
  const samples: Record<"front" | "direct", number[]> = { front: [], direct: [] };
  // Warm both (connections, JIT) before measuring.
  for (let i = 0; i < 20; i++) await Promise.all([once(withFront.url + path), once(without.url + path)]);
  for (let i = 0; i < rounds; i++) {
    samples.front.push(await once(withFront.url + path));
    samples.direct.push(await once(without.url + path));
  }
  const front = summarize(samples.front), direct = summarize(samples.direct);
  const bytes = (await (await fetch(without.url + path)).arrayBuffer()).byteLength;
  report[label] = { path, bytes, rounds, front, direct, p50CostMs: front.p50 - direct.p50 };
}
console.log(JSON.stringify(report, null, 2));
await withFront.close();
await without.close();
