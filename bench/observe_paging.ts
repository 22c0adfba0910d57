/**
 * Paging benchmark: on the ~35,000-node list, every ref through `observe` and its cursors, and one
 * `find`, over HTTP, beside Playwright's one `ariaSnapshot({mode:"ai"})` of the same page (a second
 * Chromium from the same binary and flags, connected over CDP). Interleaved iterations; refuses to
 * measure on a busy machine (1-minute load of 3 or more) unless `--force`.
 *
 *   deno run -A bench/observe_paging.ts [--iterations 10] [--force]
 */
import { parseArgs } from "node:util";
// A dependency of this benchmark only: never imported by main.ts, so never bundled.
// deno-lint-ignore no-import-prefix
import { chromium } from "npm:playwright-core@1.65.1";
import { defaultConfig } from "../lib/config.ts";
import { discoverChromium } from "../lib/driver/discover.ts";
import { launchChromium } from "../lib/driver/launch.ts";
import { startServer } from "../lib/server.ts";
import { loadAverage } from "./machine.ts";
import { BENCH_PAGES, PageSite, postJson as post } from "./observe_pages.ts";
import { summarize } from "./stats.ts";

const { values: flags } = parseArgs({
  options: { iterations: { type: "string", default: "10" }, force: { type: "boolean", default: false } },
});
const load = Number(loadAverage().split(" ")[0]);
if (load >= 3 && !flags.force) {
  console.log(`load ${loadAverage()}: the machine is busy, nothing measured (--force to measure anyway)`);
  Deno.exit(0);
}

const page = BENCH_PAGES.find((p) => p.path === "/list-35000")!;
const site = new PageSite([page]);
const config = defaultConfig();
config.port = 0;
config.logLevel = "error";
const server = await startServer(config);
const executable = discoverChromium(config.chromium).path;
if (!executable) throw new Error("no Chromium found");
const pwChromium = await launchChromium(executable);
const pw = await chromium.connectOverCDP(pwChromium.wsEndpoint);
try {
  const url = site.origin + page.path;
  const sid = (await post(server.url, "/v1/sessions", {})).sessionId;
  await post(server.url, `/v1/sessions/${sid}/navigate`, { url });
  const pwPage = await (await pw.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await pwPage.goto(url);
  const times = { cursors: [] as number[], find: [] as number[], playwright: [] as number[] };
  let refs = 0;
  let pages = 0;
  for (let i = 0; i < Number(flags.iterations) + 1; i++) {
    let t0 = performance.now();
    let at = await post(server.url, `/v1/sessions/${sid}/observe`, {});
    const seen = new Set<string>();
    pages = 1;
    for (;;) {
      for (const m of String(at.tree).matchAll(/\[ref=(@[a-z0-9]+)\]/g)) seen.add(m[1]);
      if (!at.nextCursor) break;
      at = await post(server.url, `/v1/sessions/${sid}/observe`, { cursor: at.nextCursor });
      pages++;
    }
    const cursors = performance.now() - t0;
    refs = seen.size;
    t0 = performance.now();
    await post(server.url, `/v1/sessions/${sid}/find`, { role: "link", name: "Item number 2000" });
    const find = performance.now() - t0;
    t0 = performance.now();
    await pwPage.ariaSnapshot({ mode: "ai" });
    const playwright = performance.now() - t0;
    if (i === 0) continue; // warm-up
    times.cursors.push(cursors);
    times.find.push(find);
    times.playwright.push(playwright);
  }
  const [c, f, p] = [summarize(times.cursors), summarize(times.find), summarize(times.playwright)];
  console.log(`load ${load}; ${refs} refs in ${pages} pages`);
  console.log(`all refs through cursors p50 ${c.p50} ms (${(c.p50 / p.p50).toFixed(2)}× Playwright ai)`);
  console.log(`find p50 ${f.p50} ms (${(f.p50 / p.p50).toFixed(2)}× Playwright ai)`);
  console.log(`Playwright ariaSnapshot({mode:"ai"}) p50 ${p.p50} ms`);
} finally {
  await pw.close().catch(() => {});
  await pwChromium.dispose();
  await server.close();
  await site[Symbol.asyncDispose]();
}
Deno.exit(0);
