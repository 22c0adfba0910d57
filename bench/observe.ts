/**
 * Observation benchmark: Porthole's observe over HTTP next to the raw CDP floor and Playwright's
 * own `ariaSnapshot` (default and `mode:"ai"`), on generated pages of about 500, 3,500 and
 * 35,000 accessibility nodes, an article and a page of 2,400 buttons. One run, interleaved:
 * every iteration measures every row of every page once, in a rotating order.
 *
 *   deno task bench:observe [--iterations 20] [--warmup 2] [--max-seconds 300] [--no-write]
 *
 * Playwright (playwright-core, a dependency of this benchmark only) drives a second Chromium
 * process started from the same binary with Porthole's own launch code and flags, connected over
 * CDP, so neither side instruments the other's pages. Writes the "observe" part of
 * bench/results.json and bench/results.md. Touches only loopback.
 */
import { parseArgs } from "node:util";
// A dependency of this benchmark only: never imported by main.ts, so never bundled.
// deno-lint-ignore no-import-prefix
import { chromium } from "npm:playwright-core@1.65.1";
import { defaultConfig } from "../lib/config.ts";
import { discoverChromium } from "../lib/driver/discover.ts";
import type { ContextLease } from "../lib/driver/pool.ts";
import { launchChromium } from "../lib/driver/launch.ts";
import { startServer } from "../lib/server.ts";
import { loadAverage, machineFacts } from "./machine.ts";
import { BENCH_PAGES, PageSite } from "./observe_pages.ts";
import { type ObserveResults, type PageResult, writeObserveResults } from "./observe_report.ts";
import { summarize } from "./stats.ts";

const { values: flags } = parseArgs({
  options: {
    iterations: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    "max-seconds": { type: "string", default: "300" },
    "no-write": { type: "boolean", default: false },
  },
});
const ITERATIONS = Number(flags.iterations);
const WARMUP = Number(flags.warmup);
const MAX_SECONDS = Number(flags["max-seconds"]);
const VIEWPORT = { width: 1280, height: 720 };
const utf8 = (s: string) => new TextEncoder().encode(s).length;

async function post(base: string, path: string, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  }
  // deno-lint-ignore no-explicit-any
  return { ms, bytes: utf8(text), body: JSON.parse(text) as any };
}

const started = performance.now();
const loadBefore = loadAverage();
const site = new PageSite(BENCH_PAGES);
const config = defaultConfig();
config.port = 0;
config.logLevel = "error";
const server = await startServer(config);
// A second Porthole with a cap far above any page, to measure the uncapped trees' bytes and time.
const bigConfig = defaultConfig();
bigConfig.port = 0;
bigConfig.logLevel = "error";
bigConfig.limits = { ...bigConfig.limits, snapshotMaxBytes: 64 * 1024 * 1024 };
const big = await startServer(bigConfig);
const executable = discoverChromium(config.chromium).path;
if (!executable) throw new Error("no Chromium found");
const pwChromium = await launchChromium(executable);
const pw = await chromium.connectOverCDP(pwChromium.wsEndpoint);
const pwContext = await pw.newContext({ viewport: VIEWPORT });
let exitCode = 0;

try {
  const url = (path: string) => site.origin + path;
  interface Side {
    page: (typeof BENCH_PAGES)[number];
    sid: string;
    bigSid: string;
    lease: Awaited<ReturnType<typeof server.registry.pool.acquire>>;
    cdp: Awaited<ReturnType<Awaited<ReturnType<ContextLease["context"]["newPage"]>>["createCDPSession"]>>;
    pwPage: Awaited<ReturnType<typeof pwContext.newPage>>;
    axNodes: number;
  }
  const sides: Side[] = [];
  for (const page of BENCH_PAGES) {
    const sid = (await post(server.url, "/v1/sessions", {})).body.sessionId as string;
    await post(server.url, `/v1/sessions/${sid}/navigate`, { url: url(page.path), waitUntil: "load" });
    const bigSid = (await post(big.url, "/v1/sessions", {})).body.sessionId as string;
    await post(big.url, `/v1/sessions/${bigSid}/navigate`, { url: url(page.path), waitUntil: "load" });
    // The CDP floor: a page of its own in Porthole's browser, on an open CDP session.
    const lease = await server.registry.pool.acquire();
    const floorPage = await lease.context.newPage();
    await floorPage.setViewport(VIEWPORT);
    await floorPage.goto(url(page.path), { waitUntil: "load" });
    const cdp = await floorPage.createCDPSession();
    const pwPage = await pwContext.newPage();
    await pwPage.goto(url(page.path), { waitUntil: "load" });
    sides.push({ page, sid, bigSid, lease, cdp, pwPage, axNodes: 0 });
  }

  type Row = "floor" | "full" | "interactive" | "minimal" | "uncapped" | "pwDefault" | "pwAi";
  const ROWS: Row[] = ["floor", "full", "interactive", "minimal", "uncapped", "pwDefault", "pwAi"];
  const samples = sides.map(() =>
    Object.fromEntries(ROWS.map((r) => [r, [] as number[]])) as Record<Row, number[]>
  );
  const bytes = sides.map(() => ({} as Record<Row, number>));
  const truncated = sides.map(() => ({} as Record<string, boolean>));
  const refSets = sides.map(() => ({} as Record<string, string[]>));
  const refsOf = (tree: string) => [...tree.matchAll(/\[ref=(@[a-z0-9]+)\]/g)].map((m) => m[1]);

  const run = async (i: number, row: Row): Promise<number> => {
    const s = sides[i];
    if (row === "floor") {
      const t0 = performance.now();
      const tree = await s.cdp.send("Accessibility.getFullAXTree", {});
      const ms = performance.now() - t0;
      s.axNodes = tree.nodes.length;
      bytes[i].floor = utf8(JSON.stringify(tree));
      return ms;
    }
    if (row === "pwDefault" || row === "pwAi") {
      const t0 = performance.now();
      const snap = await s.pwPage.ariaSnapshot(row === "pwAi" ? { mode: "ai" } : {});
      const ms = performance.now() - t0;
      bytes[i][row] = utf8(snap);
      return ms;
    }
    const tier = row === "uncapped" ? "full" : row;
    const base = row === "uncapped" ? big.url : server.url;
    const sid = row === "uncapped" ? s.bigSid : s.sid;
    const r = await post(base, `/v1/sessions/${sid}/observe`, { tier });
    bytes[i][row] = r.body.bytes;
    truncated[i][row] = r.body.truncated;
    refSets[i][row] = refsOf(r.body.tree);
    return r.ms;
  };

  const tasks: [number, Row][] = sides.flatMap((_, i) => ROWS.map((r) => [i, r] as [number, Row]));
  let completed = 0;
  let stoppedEarly: string | null = null;
  for (let it = 0; it < WARMUP + ITERATIONS; it++) {
    if (performance.now() - started > MAX_SECONDS * 1000) {
      stoppedEarly = `the time limit of ${MAX_SECONDS}s was reached`;
      break;
    }
    for (let k = 0; k < tasks.length; k++) {
      const [i, row] = tasks[(it * 3 + k) % tasks.length];
      const ms = await run(i, row);
      if (it >= WARMUP) samples[i][row].push(ms);
    }
    if (it >= WARMUP) completed++;
  }

  // `since` after one click on the ~3,500-node list: the answer's size in bytes.
  const listSide = sides.find((s) => s.page.path === "/list-3500")!;
  const sinceBytes: number[] = [];
  for (let k = 0; k < 5; k++) {
    const base = await post(server.url, `/v1/sessions/${listSide.sid}/observe`, {});
    const ref = String(base.body.tree).match(/button "Add to cart" \[ref=(@e\d+)\]/)![1];
    const act = await post(server.url, `/v1/sessions/${listSide.sid}/act`, {
      stateId: base.body.stateId,
      targetId: base.body.targetId,
      action: "click",
      ref,
    });
    if (act.body.execution !== "completed") {
      throw new Error(`click failed: ${JSON.stringify(act.body.error)}`);
    }
    const diff = await post(server.url, `/v1/sessions/${listSide.sid}/observe`, { since: base.body.stateId });
    if (!diff.body.changes) throw new Error(`no changes: ${JSON.stringify(diff.body.sinceUnavailable)}`);
    sinceBytes.push(diff.bytes);
  }

  const pages: PageResult[] = sides.map((s, i) => {
    const sum = Object.fromEntries(ROWS.map((r) => [r, summarize(samples[i][r])])) as PageResult["latency"];
    const full = new Set(refSets[i].uncapped ?? []);
    const lost = (tier: string) =>
      (refSets[i][tier] ?? []).length >= full.size || truncated[i][tier]
        ? [...full].filter((r) => !(refSets[i][tier] ?? []).includes(r)).length
        : -1;
    return {
      label: s.page.label,
      path: s.page.path,
      axNodes: s.axNodes,
      latency: sum,
      bytes: bytes[i],
      truncated: truncated[i],
      refs: { uncapped: full.size, interactiveMissing: lost("interactive"), minimalMissing: lost("minimal") },
    };
  });
  const results: ObserveResults = {
    date: new Date().toISOString(),
    machine: { ...(await machineFacts()), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
    chromium: await listSide.lease.browser.version(),
    playwright: "playwright-core 1.65.1",
    settings: {
      iterations: ITERATIONS,
      warmup: WARMUP,
      completedIterations: completed,
      stoppedEarly,
      viewport: VIEWPORT,
    },
    pages,
    sinceAfterClickBytes: summarize(sinceBytes),
    elapsedSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  for (const p of pages) {
    console.log(
      `${p.label.padEnd(28)} floor ${p.latency.floor.p50}ms  porthole ${p.latency.full.p50}ms ` +
        `(interactive ${p.latency.interactive.p50}ms)  playwright ai ${p.latency.pwAi.p50}ms ` +
        `default ${p.latency.pwDefault.p50}ms  bytes full ${p.bytes.full} interactive ${p.bytes.interactive} ` +
        `pw-ai ${p.bytes.pwAi}`,
    );
  }
  console.log(`since after one click: p50 ${results.sinceAfterClickBytes.p50} bytes`);
  if (!flags["no-write"]) {
    await writeObserveResults(results, new URL(".", import.meta.url));
    console.log("wrote the observe part of bench/results.md and bench/results.json");
  }
  for (const s of sides) {
    await s.cdp.detach().catch(() => {});
    await s.lease.release();
  }
} catch (err) {
  console.error("bench failed:", err);
  exitCode = 1;
} finally {
  await pw.close().catch(() => {});
  await pwChromium.dispose();
  await server.close();
  await big.close();
  await site[Symbol.asyncDispose]();
}
Deno.exit(exitCode);
