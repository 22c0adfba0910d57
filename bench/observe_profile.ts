/**
 * Where an observation's time goes, beside Playwright's `ariaSnapshot({mode:"ai"})` of the same page
 * (a second Chromium from the same binary and flags) in one interleaved run: every CDP command the
 * session's page driver sends during `observe` over HTTP, with its duration (bench/profile.ts), and
 * the rest (HTTP, rendering, JSON) as what lies outside them; and the CPU time each side spent (both
 * Chromium process trees from /proc, and this process), which a loaded machine does not distort.
 *
 *   deno run -A bench/observe_profile.ts [--iterations 10] [--pages /list-3500,/article]
 */
import process from "node:process";
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
import { breakdown, CdpRecorder, type Window } from "./profile.ts";
import { summarize } from "./stats.ts";

const { values: flags } = parseArgs({
  options: {
    iterations: { type: "string", default: "10" },
    pages: { type: "string", default: "/list-3500,/article,/list-35000" },
  },
});
const ITERATIONS = Number(flags.iterations);

/** CPU time (ms) of a process and its descendants, from /proc: load-independent, unlike wall time. */
function treeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const text = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(e.name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* gone */ }
  }
  let ticks = 0;
  for (const [pid, s] of stats) {
    for (let p: number | undefined = pid; p; p = stats.get(p)?.ppid) {
      if (p === root) {
        ticks += s.ticks;
        break;
      }
    }
  }
  return ticks * 10;
}
const selfCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const paths = flags.pages.split(",");
const pages = BENCH_PAGES.filter((p) => paths.includes(p.path));

const site = new PageSite(pages);
const config = defaultConfig();
config.port = 0;
config.logLevel = "error";
const server = await startServer(config);
const executable = discoverChromium(config.chromium).path;
if (!executable) throw new Error("no Chromium found");
const pwChromium = await launchChromium(executable);
const pw = await chromium.connectOverCDP(pwChromium.wsEndpoint);
const pwContext = await pw.newContext({ viewport: { width: 1280, height: 720 } });
console.log(`load average before ${loadAverage()}`);
try {
  for (const page of pages) {
    const url = site.origin + page.path;
    const sid = (await post(server.url, "/v1/sessions", {})).sessionId;
    const first = await post(server.url, `/v1/sessions/${sid}/navigate`, { url, waitUntil: "load" });
    const pageId = first.pageId ?? (await post(server.url, `/v1/sessions/${sid}/observe`, {})).pageId;
    const pwPage = await pwContext.newPage();
    await pwPage.goto(url, { waitUntil: "load" });
    const driver = server.registry.get(sid).pages.get(pageId)!.driver;
    const recorder = new CdpRecorder(driver);
    recorder.calls.length = 0;
    const windows: Window[] = [];
    const times = { porthole: [] as number[], cursors: [] as number[], playwright: [] as number[] };
    let bytes = 0;
    const ourPid = server.registry.pool.stats().pid!;
    const cpu = { chromium: 0, deno: 0, pwChromium: 0, pwDeno: 0 };
    try {
      for (let i = 0; i < ITERATIONS + 2; i++) {
        const c0 = treeCpuMs(ourPid);
        const d0 = selfCpuMs();
        const start = performance.now();
        const o = await post(server.url, `/v1/sessions/${sid}/observe`, {});
        const end = performance.now();
        const d1 = selfCpuMs();
        const c1 = treeCpuMs(ourPid);
        bytes = o.bytes;
        let at = o;
        while (at.nextCursor) {
          at = await post(server.url, `/v1/sessions/${sid}/observe`, { cursor: at.nextCursor });
        }
        const cursorsEnd = performance.now();
        const p0 = treeCpuMs(pwChromium.pid);
        const e0 = selfCpuMs();
        const t0 = performance.now();
        await pwPage.ariaSnapshot({ mode: "ai" });
        const pwMs = performance.now() - t0;
        const e1 = selfCpuMs();
        const p1 = treeCpuMs(pwChromium.pid);
        if (i < 2) continue;
        cpu.chromium += c1 - c0;
        cpu.deno += d1 - d0;
        cpu.pwChromium += p1 - p0;
        cpu.pwDeno += e1 - e0;
        windows.push({ start, end });
        times.porthole.push(end - start);
        times.cursors.push(cursorsEnd - start);
        times.playwright.push(pwMs);
      }
    } finally {
      recorder.restore();
    }
    const b = breakdown(recorder, windows);
    const [p, c, w] = [summarize(times.porthole), summarize(times.cursors), summarize(times.playwright)];
    console.log(
      `\n${page.label}: porthole p50 ${p.p50} ms, playwright ai p50 ${w.p50} ms → ${
        (p.p50 / w.p50).toFixed(2)
      }×` +
        `; with every cursor page ${c.p50} ms (${(c.p50 / w.p50).toFixed(2)}×); first page ${bytes} B`,
    );
    const n = ITERATIONS;
    const ms = (x: number) => Math.round(x / n);
    console.log(
      `  CPU per request: porthole chromium ${ms(cpu.chromium)} + deno ${ms(cpu.deno)} = ` +
        `${ms(cpu.chromium + cpu.deno)} ms; playwright chromium ${ms(cpu.pwChromium)} + client ${
          ms(cpu.pwDeno)
        } = ` +
        `${ms(cpu.pwChromium + cpu.pwDeno)} ms → ${
          ((cpu.chromium + cpu.deno) / (cpu.pwChromium + cpu.pwDeno)).toFixed(2)
        }×`,
    );
    console.log(
      `  CDP wall ${b.cdpWallMs} ms, outside CDP ${b.outsideCdpMs} ms (before first ${b.beforeFirstCdpMs}, ` +
        `after last ${b.afterLastCdpMs})`,
    );
    for (const m of b.methods) {
      console.log(`  ${String(m.callsPerRequest).padStart(4)} × ${m.method.padEnd(36)} ${m.msPerRequest} ms`);
    }
    console.log(
      "  median request:",
      b.medianTimeline.map((t) => `${t.method}@${t.atMs}+${t.ms}`).join(", "),
    );
  }
} finally {
  console.log(`load average after ${loadAverage()}`);
  await pw.close().catch(() => {});
  await pwChromium.dispose();
  await server.close();
  await site[Symbol.asyncDispose]();
}
Deno.exit(0);
