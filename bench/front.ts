/**
 * What the bounded front costs: one HTTP round trip (GET /health, keep-alive) against a sidecar
 * with the front (the default 10 s header deadline) and one without (`--header-timeout-ms 0`),
 * interleaved in one run so that both see the same machine load.
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
const samples: Record<"front" | "direct", number[]> = { front: [], direct: [] };
const once = async (url: string) => {
  const t0 = performance.now();
  const r = await fetch(`${url}/health`);
  await r.arrayBuffer();
  return performance.now() - t0;
};
// Warm both (connections, JIT) before measuring.
for (let i = 0; i < 200; i++) await Promise.all([once(withFront.url), once(without.url)]);
for (let i = 0; i < ROUNDS; i++) {
  samples.front.push(await once(withFront.url));
  samples.direct.push(await once(without.url));
}
const front = summarize(samples.front), direct = summarize(samples.direct);
console.log(JSON.stringify({ rounds: ROUNDS, front, direct, p50CostMs: front.p50 - direct.p50 }, null, 2));
await withFront.close();
await without.close();
