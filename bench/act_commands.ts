/**
 * How many CDP commands one synchronous click → fresh observation sends, command by command: the
 * page driver's `send` is counted here only (bench/profile.ts wraps it on one instance), over
 * `--clicks` clicks of the bench site's counter after a warm-up.
 *
 *   deno run -A bench/act_commands.ts [--clicks 20] [--page sync|fetch|link]
 *
 * `link` clicks the soak's link to its second page and back: a click that navigates.
 */
import { parseArgs } from "node:util";
import { defaultConfig } from "../lib/config.ts";
import { startServer } from "../lib/server.ts";
import { Agent, buttonRef, loopLinkRef } from "./agent.ts";
import { loadAverage } from "./machine.ts";
import { CdpRecorder, type Window } from "./profile.ts";
import { BenchSite, countText } from "./site.ts";
import { median } from "./stats.ts";

const { values: flags } = parseArgs({
  options: { clicks: { type: "string", default: "20" }, page: { type: "string", default: "sync" } },
});
const CLICKS = Number(flags.clicks);
const PAGE = flags.page === "fetch" ? "/fetch" : flags.page === "link" ? "/loop" : "/sync";

const site = new BenchSite();
const config = defaultConfig();
config.port = 0;
config.logLevel = "warn";
const server = await startServer(config);
try {
  const agent = new Agent(server.url);
  const sid = await agent.session();
  let state = await agent.open(sid, site.url(PAGE));
  let clicks = 0;
  const click = async () => {
    const ref = PAGE === "/loop" ? loopLinkRef(state) : buttonRef(state, "Increment");
    const r = await agent.click(sid, state, ref);
    state = r.state;
    clicks++;
    if (!state.tree.includes(countText(clicks)) && PAGE === "/sync") {
      throw new Error("the click was not seen");
    }
  };
  for (let i = 0; i < 5; i++) await click();
  const driver = server.registry.get(sid).pages.get(state.pageId)!.driver;
  const recorder = new CdpRecorder(driver);
  const windows: Window[] = [];
  try {
    for (let i = 0; i < CLICKS; i++) {
      const start = performance.now();
      await click();
      windows.push({ start, end: performance.now() });
    }
  } finally {
    recorder.restore();
  }
  const perClick = windows.map((w) => recorder.within(w));
  const counts = perClick.map((c) => c.length);
  const byMethod = new Map<string, number>();
  for (const calls of perClick) {
    for (const c of calls) byMethod.set(c.method, (byMethod.get(c.method) ?? 0) + 1);
  }
  console.log(
    `${PAGE} click → fresh observation: CDP commands per click p50 ${median(counts)}, min ${
      Math.min(...counts)
    }, max ${Math.max(...counts)} (${CLICKS} clicks)`,
  );
  for (const [m, n] of [...byMethod].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(n / CLICKS).toFixed(2).padStart(6)}  ${m}`);
  }
  const mid = perClick[counts.indexOf(median(counts))] ?? perClick[0];
  console.log("  the median click, in order:", mid.map((c) => c.method).join(", "));
  const w = windows[perClick.indexOf(mid)];
  const at = (t: number) => (t - w.start).toFixed(1).padStart(6);
  for (const c of mid) console.log(`    ${at(c.start)} → ${at(c.end)}  ${c.method}`);
  for (const e of recorder.eventsWithin(w)) console.log(`    ${at(e.start)}  ${e.method}`);
  console.log(`    ${at(w.end)}  the answer (${(w.end - w.start).toFixed(1)} ms)`);
  // The awaited requests' own time, click by click: what the page's server and Chromium's network took.
  const spans = windows.map((w) => {
    const ev = recorder.eventsWithin(w);
    const at = (name: string) => ev.find((e) => e.method === name)?.start ?? NaN;
    return [at("Network.requestWillBeSent") - w.start, at("Network.loadingFinished") - w.start];
  }).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  const lastCall = perClick.map((c) => c.at(-1)).filter((c) => c !== undefined).map((c) => c.end - c.start);
  console.log(
    `  answer p50 ${median(windows.map((w) => w.end - w.start)).toFixed(1)} ms, its last command p50 ${
      median(lastCall).toFixed(1)
    } ms`,
  );
  if (spans.length) {
    console.log(
      `  request began p50 ${median(spans.map((s) => s[0])).toFixed(1)} ms, finished p50 ${
        median(spans.map((s) => s[1])).toFixed(1)
      } ms into the click (${spans.length} clicks)`,
    );
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await server.close();
  await site[Symbol.asyncDispose]();
}
