/**
 * Porthole's speed next to the raw CDP floor, measured in one run, interleaved.
 *
 *   deno task bench [--iterations 200] [--warmup 20] [--profile 40] [--profile-page sync|fetch]
 *                   [--max-seconds 100] [--no-write]
 *
 * Every iteration runs each measurement once, in a rotating order, so machine noise falls on
 * all of them alike: the floor (two mouse events and a full AX tree on a CDP session of a page
 * in the same Chromium), Porthole's click → fresh observation over HTTP, on a page whose button
 * changes the DOM at once and on one that fetches first, Porthole's observe, the bare AX tree,
 * and `GET /health` as the HTTP floor. Then a short profile of where an act's time goes.
 * Writes bench/results.md and bench/results.json. Touches only loopback.
 */
import { parseArgs } from "node:util";
import { defaultConfig } from "../lib/config.ts";
import type { ContextLease } from "../lib/driver/pool.ts";
import { startServer } from "../lib/server.ts";
import type { Observation } from "../lib/protocol/types.ts";
import { Agent, buttonRef, loopLinkRef } from "./agent.ts";
import { FloorNavPage, FloorPage } from "./floor.ts";
import { FormFloor, formRefs, formValues, READ_FORM } from "./form.ts";
import { loadAverage, machineFacts } from "./machine.ts";
import { breakdown, CdpRecorder, type Window } from "./profile.ts";
import { type BenchResults, printSummary, ratio, writeResults } from "./report.ts";
import { BenchSite, countText } from "./site.ts";
import { summarize } from "./stats.ts";
import { measureFootprint } from "./footprint.ts";

const { values: flags } = parseArgs({
  options: {
    iterations: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    profile: { type: "string", default: "40" },
    "profile-page": { type: "string", default: "sync" },
    "max-seconds": { type: "string", default: "100" },
    "no-write": { type: "boolean", default: false },
    "cold-starts": { type: "string", default: "10" },
  },
});

function count(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
    Deno.exit(2);
  }
  return n;
}

const ITERATIONS = count("iterations", flags.iterations!, 1, 10_000);
const WARMUP = count("warmup", flags.warmup!, 0, 1000);
const PROFILE = count("profile", flags.profile!, 0, 1000);
if (!["sync", "fetch"].includes(flags["profile-page"]!)) {
  console.error(`--profile-page must be sync or fetch, got "${flags["profile-page"]}"`);
  Deno.exit(2);
}
/** The results file always profiles the sync page; the fetch page's profile is printed, not written. */
const PROFILE_FETCH = flags["profile-page"] === "fetch";
const MAX_SECONDS = count("max-seconds", flags["max-seconds"]!, 5, 3600);
const COLD_STARTS = count("cold-starts", flags["cold-starts"]!, 0, 100);
const VIEWPORT = { width: 1280, height: 720 };
const BUTTON = "Increment";
/** The titles of the soak's two pages: a click on the link of one lands on the other. */
const NAV_TITLES = ["Loop", "Next"];

/**
 * Playwright MCP's p50 for the same 10-field form (browser_fill_form), as measured on this kind
 * of machine for issue 12; Playwright MCP is not installed here, so it is not run beside.
 */
const PLAYWRIGHT_MCP_FORM_MS = 896;

const stop = new AbortController();
const onSigint = () => stop.abort();
Deno.addSignalListener("SIGINT", onSigint);

const started = performance.now();
const deadline = started + MAX_SECONDS * 1000;
const loadBefore = loadAverage();

const site = new BenchSite();
// Before this process starts its own Chromium: spawned sidecars, each measured alone.
const footprint = COLD_STARTS > 0 ? await measureFootprint(site.url("/sync"), COLD_STARTS) : null;
const config = defaultConfig();
config.port = 0;
config.logLevel = "warn";
const server = await startServer(config);
const agent = new Agent(server.url);
let exitCode = 0;

/** Clicks sent, clicks whose returned tree was checked for the new count, and those that showed it. */
interface Tally {
  clicks: number;
  checked: number;
  visible: number;
}

/** Porthole's side of one page: a session whose current state the loop carries forward. */
interface Side extends Tally {
  sid: string;
  state: Observation;
  ref: string;
}

/** The floor's side of one page. */
interface FloorSide extends Tally {
  page: FloorPage;
}

// Porthole's first navigate starts Chromium; the floor then leases a context in that browser.
let lease: ContextLease | null = null;
let formFloorRef: FormFloor | null = null;
const floors: { close(): Promise<void> }[] = [];

try {
  const openSide = async (path: "/sync" | "/fetch"): Promise<Side> => {
    const sid = await agent.session();
    const state = await agent.open(sid, site.url(path));
    return { sid, state, ref: buttonRef(state, BUTTON), clicks: 0, checked: 0, visible: 0 };
  };
  const phSync = await openSide("/sync");
  const phFetch = await openSide("/fetch");
  lease = await server.registry.pool.acquire();
  const chromium = await lease.browser.version();
  const openFloor = async (path: "/sync" | "/fetch", guarded = false): Promise<FloorSide> => {
    const page = await FloorPage.open(lease!, site.url(path), VIEWPORT, guarded);
    floors.push(page);
    return { page, clicks: 0, checked: 0, visible: 0 };
  };
  const floorSync = await openFloor("/sync");
  const floorFetch = await openFloor("/fetch");
  const floorFetchWaited = await openFloor("/fetch");
  const floorFetchGuarded = await openFloor("/fetch", true);
  // A click that navigates: the soak's two pages, each with one link to the other.
  const navSid = await agent.session();
  const nav = { state: await agent.open(navSid, site.url("/loop")), clicks: 0, arrived: 0 };
  const floorNav = await FloorNavPage.open(lease, site.url("/loop"), VIEWPORT);
  floors.push(floorNav);
  const floorNavTally = { clicks: 0, arrived: 0 };
  const formSid = await agent.session();
  const form = { state: await agent.open(formSid, site.url("/form")), fills: 0, verified: 0 };
  const formFieldRefs = formRefs(form.state);
  const formFloor = formFloorRef = await FormFloor.open(lease, site.url("/form"));
  const formFloorTally = { fills: 0, verified: 0 };
  const formPage = () => server.registry.get(formSid).pages.get(form.state.pageId)!.driver.page;

  const samples = {
    floorClickSync: [] as number[],
    portholeClickSync: [] as number[],
    floorClickFetch: [] as number[],
    floorClickFetchWaited: [] as number[],
    floorClickFetchGuarded: [] as number[],
    portholeClickFetch: [] as number[],
    floorClickNav: [] as number[],
    portholeClickNav: [] as number[],
    floorTree: [] as number[],
    floorMoveAwaited: [] as number[],
    floorMovePipelined: [] as number[],
    portholeObserve: [] as number[],
    httpHealth: [] as number[],
    floorForm: [] as number[],
    portholeForm: [] as number[],
  };
  type Key = keyof typeof samples;

  const floorClick = async (side: FloorSide) => {
    const r = await side.page.click();
    side.clicks++;
    side.checked++;
    if (r.names.includes(countText(side.clicks))) side.visible++;
    return r.ms;
  };
  const floorMoved = async (side: FloorSide, mode: "awaited" | "pipelined") => {
    const ms = await side.page.clickAfterMove(mode);
    side.clicks++;
    return ms;
  };
  const portholeClick = async (side: Side) => {
    const r = await agent.click(side.sid, side.state, side.ref);
    side.clicks++;
    side.state = r.state;
    side.ref = buttonRef(r.state, BUTTON);
    side.checked++;
    if (r.state.tree.includes(countText(side.clicks))) side.visible++;
    return r.ms;
  };
  const tasks: [Key, () => Promise<number>][] = [
    ["floorClickSync", () => floorClick(floorSync)],
    ["portholeClickSync", () => portholeClick(phSync)],
    ["floorClickFetch", () => floorClick(floorFetch)],
    ["portholeClickFetch", () => portholeClick(phFetch)],
    ["floorClickFetchWaited", async () => {
      const r = await floorFetchWaited.page.clickUntilChanged();
      floorFetchWaited.clicks++;
      floorFetchWaited.checked++;
      if (r.names.includes(countText(floorFetchWaited.clicks))) floorFetchWaited.visible++;
      return r.ms;
    }],
    ["floorClickFetchGuarded", async () => {
      const r = await floorFetchGuarded.page.clickUntilChanged();
      floorFetchGuarded.clicks++;
      return r.ms;
    }],
    ["floorClickNav", async () => {
      const r = await floorNav.click();
      if (r.title === NAV_TITLES[++floorNavTally.clicks % 2]) floorNavTally.arrived++;
      return r.ms;
    }],
    ["portholeClickNav", async () => {
      const r = await agent.click(navSid, nav.state, loopLinkRef(nav.state));
      nav.state = r.state;
      if (r.state.title === NAV_TITLES[++nav.clicks % 2]) nav.arrived++;
      return r.ms;
    }],
    ["floorTree", () => floorSync.page.tree()],
    ["floorMoveAwaited", () => floorMoved(floorSync, "awaited")],
    ["floorMovePipelined", () => floorMoved(floorSync, "pipelined")],
    ["portholeObserve", async () => {
      const r = await agent.observe(phSync.sid);
      phSync.state = r.state;
      phSync.ref = buttonRef(r.state, BUTTON);
      return r.ms;
    }],
    ["httpHealth", () => agent.health()],
    ["floorForm", async () => {
      const i = ++formFloorTally.fills;
      const ms = await formFloor.fill(i);
      if (JSON.stringify(await formFloor.read()) === JSON.stringify(formValues(i))) formFloorTally.verified++;
      return ms;
    }],
    ["portholeForm", async () => {
      const values = formValues(++form.fills);
      const fields = formFieldRefs.map((ref, k) => ({ ref, value: values[k] }));
      const r = await agent.fillForm(formSid, form.state, fields);
      form.state = r.state;
      // Verified on the page itself, outside the timing.
      if (JSON.stringify(await formPage().evaluate(READ_FORM)) === JSON.stringify(values)) form.verified++;
      return r.ms;
    }],
  ];

  let completed = 0;
  let stoppedEarly: string | null = null;
  const total = WARMUP + ITERATIONS;
  for (let i = 0; i < total; i++) {
    if (stop.signal.aborted) {
      stoppedEarly = "interrupted";
      break;
    }
    if (performance.now() > deadline) {
      stoppedEarly = `the time limit of ${MAX_SECONDS}s was reached`;
      break;
    }
    const warm = i < WARMUP;
    for (let k = 0; k < tasks.length; k++) {
      const [key, run] = tasks[(i + k) % tasks.length];
      const ms = await run();
      if (!warm) samples[key].push(ms);
    }
    if (!warm) completed++;
  }
  // The counters as the pages themselves show them: every click must have landed.
  const observeCount = async (side: Side) => {
    const r = await agent.observe(side.sid);
    side.state = r.state;
    side.ref = buttonRef(r.state, BUTTON);
    return treeCount(r.state);
  };
  const pageCounts = {
    floorSync: await floorSync.page.count(),
    floorFetch: await settledCount(() => floorFetch.page.count(), floorFetch.clicks),
    floorFetchWaited: await settledCount(() => floorFetchWaited.page.count(), floorFetchWaited.clicks),
    floorFetchGuarded: await settledCount(() => floorFetchGuarded.page.count(), floorFetchGuarded.clicks),
    portholeSync: await observeCount(phSync),
    portholeFetch: await settledCount(() => observeCount(phFetch), phFetch.clicks),
  };
  const expected = {
    floorSync: floorSync.clicks,
    floorFetch: floorFetch.clicks,
    floorFetchWaited: floorFetchWaited.clicks,
    floorFetchGuarded: floorFetchGuarded.clicks,
    portholeSync: phSync.clicks,
    portholeFetch: phFetch.clicks,
  };
  // Every click on a link must have landed on the other page.
  if (nav.arrived !== nav.clicks || floorNavTally.arrived !== floorNavTally.clicks) {
    throw new Error(
      `links: Porthole landed ${nav.arrived} of ${nav.clicks} clicks, the floor ${floorNavTally.arrived} of ${floorNavTally.clicks}`,
    );
  }
  for (const [k, n] of Object.entries(expected)) {
    if (pageCounts[k as keyof typeof pageCounts] !== countText(n)) {
      throw new Error(`${k}: the page shows "${pageCounts[k as keyof typeof pageCounts]}" after ${n} clicks`);
    }
  }

  // Profile: the same acts and observes again, with every CDP command of Porthole's page timed.
  const profiled = PROFILE_FETCH ? phFetch : phSync;
  const driver = server.registry.get(profiled.sid).pages.get(profiled.state.pageId)!.driver;
  const recorder = new CdpRecorder(driver);
  const actWindows: Window[] = [];
  const observeWindows: Window[] = [];
  try {
    for (let i = 0; i < PROFILE && !stop.signal.aborted && performance.now() < deadline + 15_000; i++) {
      let start = performance.now();
      await portholeClick(profiled);
      actWindows.push({ start, end: performance.now() });
      start = performance.now();
      const r = await agent.observe(profiled.sid);
      observeWindows.push({ start, end: performance.now() });
      profiled.state = r.state;
      profiled.ref = buttonRef(r.state, BUTTON);
    }
  } finally {
    recorder.restore();
  }

  const summaries = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)])) as Record<
    Key,
    ReturnType<typeof summarize>
  >;
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: { ...(await machineFacts()), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
    chromium,
    settings: {
      iterations: ITERATIONS,
      warmup: WARMUP,
      completedIterations: completed,
      stoppedEarly,
      viewport: VIEWPORT,
    },
    results: summaries,
    ratios: {
      clickSyncToFloor: ratio(summaries.portholeClickSync.p50, summaries.floorClickSync.p50),
      clickFetchToFloor: ratio(summaries.portholeClickFetch.p50, summaries.floorClickFetch.p50),
      clickFetchToWaitedFloor: ratio(summaries.portholeClickFetch.p50, summaries.floorClickFetchWaited.p50),
      clickFetchToGuardedFloor: ratio(summaries.portholeClickFetch.p50, summaries.floorClickFetchGuarded.p50),
      clickNavToFloor: ratio(summaries.portholeClickNav.p50, summaries.floorClickNav.p50),
      observeToFloorClick: ratio(summaries.portholeObserve.p50, summaries.floorClickSync.p50),
      observeToFloorTree: ratio(summaries.portholeObserve.p50, summaries.floorTree.p50),
      formToFloor: ratio(summaries.portholeForm.p50, summaries.floorForm.p50),
      formToPlaywrightMcp: ratio(summaries.portholeForm.p50, PLAYWRIGHT_MCP_FORM_MS),
      target: 3,
    },
    form: {
      fills: form.fills,
      verified: form.verified,
      floorFills: formFloorTally.fills,
      floorVerified: formFloorTally.verified,
      playwrightMcpMs: PLAYWRIGHT_MCP_FORM_MS,
    },
    changeVisibleInTree: {
      floorSync: ratio(floorSync.visible, floorSync.checked),
      portholeSync: ratio(phSync.visible, phSync.checked),
      floorFetch: ratio(floorFetch.visible, floorFetch.checked),
      floorFetchWaited: ratio(floorFetchWaited.visible, floorFetchWaited.checked),
      portholeFetch: ratio(phFetch.visible, phFetch.checked),
    },
    profile: PROFILE > 0
      ? { act: breakdown(recorder, actWindows), observe: breakdown(recorder, observeWindows) }
      : null,
    footprint,
    elapsedSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  printSummary(results);
  if (results.profile) {
    console.log(
      `  ${
        PROFILE_FETCH ? "fetch" : "sync"
      } page, the median act click command by command (at ms, command, ms):`,
    );
    for (const t of results.profile.act.medianTimeline) {
      console.log(`    ${t.atMs.toFixed(2).padStart(6)}  ${t.method.padEnd(28)} ${t.ms.toFixed(2)}`);
    }
  }
  if (!flags["no-write"] && !PROFILE_FETCH) {
    const dir = new URL(".", import.meta.url);
    await writeResults(results, dir);
    console.log(`wrote ${new URL("results.md", dir).pathname} and results.json`);
  }
} catch (err) {
  console.error("bench failed:", err);
  exitCode = 1;
} finally {
  for (const f of floors) await f.close();
  await formFloorRef?.close();
  await lease?.release();
  await server.close();
  await site[Symbol.asyncDispose]();
  Deno.removeSignalListener("SIGINT", onSigint);
}

/** The "Count: N" line of an observation's tree. */
function treeCount(state: Observation): string {
  return state.tree.match(/Count: \d+/)?.[0] ?? "(no count in the tree)";
}

/** A fetch-driven counter settles shortly after the last click: read it until it does (bounded). */
async function settledCount(read: () => Promise<string>, clicks: number): Promise<string> {
  let seen = await read();
  for (let i = 0; i < 50 && seen !== countText(clicks); i++) {
    await new Promise((r) => setTimeout(r, 50));
    seen = await read();
  }
  return seen;
}

Deno.exit(exitCode);
