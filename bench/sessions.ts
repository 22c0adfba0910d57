/**
 * Many sessions at once: K Porthole sessions, each clicking a counter and reading the fresh
 * observation over HTTP as fast as it can, beside the raw CDP floor with K pages of their own
 * (each in a context of its own in the same Chromium), in alternating phases of the same run so
 * machine noise falls on both alike. Reports pairs/s for each K and the ratio to the floor, the
 * acts' time span by span (gate queue, preflight, activation, input, settle, capture, and what
 * HTTP and serialisation add), the CPU each pair cost this process (the sidecar with its driving
 * client), Chromium's browser process and its renderers, and errors. Then the soak's loop (click,
 * fill, follow a link, follow the link back) with one session and with `--soak-k` sessions: acts/s
 * of the whole sidecar, their ratio, errors and this process's RSS; each just after the same loop
 * over raw CDP on as many pages, which says what the machine gives any client.
 *
 *   deno run -A bench/sessions.ts [--k 1,4,8] [--seconds 3] [--rounds 2] [--soak-k 8] [--soak-seconds 10]
 *                                 [--json out.json]
 */
import { parseArgs } from "node:util";
import { defaultConfig } from "../lib/config.ts";
import type { ContextLease } from "../lib/driver/pool.ts";
import { startServer } from "../lib/server.ts";
import type { Observation } from "../lib/protocol/types.ts";
import { type ActSpans, recordActSpans, SPANS } from "../lib/session/act/timing.ts";
import { Agent, buttonRef, refOf } from "./agent.ts";
import { FloorNavPage, FloorPage } from "./floor.ts";
import { cpuSample, loadAverage } from "./machine.ts";
import { BenchSite, countText } from "./site.ts";
import { percentile } from "./stats.ts";

const { values: flags } = parseArgs({
  options: {
    k: { type: "string", default: "1,4,8" },
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "2" },
    "soak-k": { type: "string", default: "8" },
    "soak-seconds": { type: "string", default: "10" },
    json: { type: "string" },
  },
});
const KS = flags.k!.split(",").map(Number);
if (KS.some((k) => !Number.isInteger(k) || k < 1 || k > 32)) {
  console.error(`--k must be a comma-separated list of integers from 1 to 32, got "${flags.k}"`);
  Deno.exit(2);
}
const SECONDS = Number(flags.seconds);
const ROUNDS = Number(flags.rounds);
if (!(SECONDS > 0 && SECONDS <= 60) || !Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 20) {
  console.error("--seconds must be in (0, 60] and --rounds an integer from 1 to 20");
  Deno.exit(2);
}
const SOAK_K = Number(flags["soak-k"]);
const SOAK_SECONDS = Number(flags["soak-seconds"]);
if (!Number.isInteger(SOAK_K) || SOAK_K < 0 || SOAK_K > 32 || !(SOAK_SECONDS > 0 && SOAK_SECONDS <= 600)) {
  console.error("--soak-k must be an integer from 0 (no soak) to 32 and --soak-seconds in (0, 600]");
  Deno.exit(2);
}
const VIEWPORT = { width: 1280, height: 720 };

export interface SessionsRow {
  k: number;
  floorPairsPerSec: number;
  portholePairsPerSec: number;
  ratio: number;
  errors: number;
  /** Median ms of each span of Porthole's acts, and `http`: the client's time minus the act's. */
  spans: Record<string, number>;
  /** CPU ms per pair, by process (sidecar, browser, renderer, other), of the floor and of Porthole. */
  cpuPerPair: { floor: Record<string, number>; porthole: Record<string, number> };
}

export interface SoakRow {
  sessions: number;
  acts: number;
  actsPerSec: number;
  errors: number;
  /** This process's RSS (MiB) before, at most during, and after the loop. */
  rssMiB: { before: number; max: number; after: number };
  /** CPU ms per act, by process (sidecar, browser, renderer, other). */
  cpuPerAct: Record<string, number>;
  /** The same loop over raw CDP on as many pages (a context each), just before: what the machine gives. */
  floor: { acts: number; actsPerSec: number; errors: number; cpuPerAct: Record<string, number> };
}

const site = new BenchSite();
const config = defaultConfig();
config.port = 0;
config.logLevel = "warn";
config.limits.maxSessions = Math.max(config.limits.maxSessions, 64);
const server = await startServer(config);
const agent = new Agent(server.url);
const rows: SessionsRow[] = [];
const soakRows: SoakRow[] = [];
const loadBefore = loadAverage();

interface Side {
  sid: string;
  state: Observation;
  ref: string;
  clicks: number;
}

/** Run `loop` K times side by side for `ms`: returns pairs done and errors. */
async function phase(k: number, ms: number, loop: (i: number) => Promise<void>) {
  const end = performance.now() + ms;
  let pairs = 0;
  let errors = 0;
  await Promise.all(Array.from({ length: k }, async (_, i) => {
    while (performance.now() < end) {
      try {
        await loop(i);
        pairs++;
      } catch (err) {
        errors++;
        console.error(`  error: ${String(err).slice(0, 300)}`);
        if (errors > 20) throw err;
      }
    }
  }));
  return { pairs, errors };
}

function rssMiB(): number {
  return Math.round(Deno.memoryUsage().rss / 1024 / 1024);
}

/** CPU ms per act between two samples, by process. */
function cpuPer(
  c0: Record<string, number>,
  c1: Record<string, number>,
  acts: number,
): Record<string, number> {
  return Object.fromEntries(
    ["sidecar", "browser", "renderer", "other", "waited"].map((key) => [
      key,
      Math.round(((c1[key] - c0[key]) / Math.max(1, acts)) * 10) / 10,
    ]),
  );
}

/** The soak's loop over raw CDP on `n` pages, each in a context of its own, for SOAK_SECONDS. */
async function floorSoak(n: number): Promise<SoakRow["floor"]> {
  const leases: ContextLease[] = [];
  const pages: FloorNavPage[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const lease = await server.registry.pool.acquire();
      leases.push(lease);
      pages.push(await FloorNavPage.open(lease, site.url("/loop"), VIEWPORT));
    }
    const rounds = new Array(n).fill(0);
    const pid = server.registry.pool.stats().pid;
    const c0 = cpuSample(pid);
    const t0 = performance.now();
    const { pairs: acts, errors } = await phase(n, SOAK_SECONDS * 1000, async (i) => {
      const step = rounds[i]++ % 4;
      await pages[i].step(step, rounds[i]);
    });
    const seconds = (performance.now() - t0) / 1000;
    const row = {
      acts,
      actsPerSec: Math.round((acts / seconds) * 10) / 10,
      errors,
      cpuPerAct: cpuPer(c0, cpuSample(pid), acts),
    };
    console.log(
      `floor's loop, ${n} page(s): ${acts} acts in ${seconds.toFixed(1)} s = ${row.actsPerSec} acts/s, ` +
        `${errors} errors; CPU ms per act ${JSON.stringify(row.cpuPerAct)}`,
    );
    return row;
  } finally {
    for (const p of pages) await p.close();
    for (const l of leases) await l.release();
  }
}

/**
 * The soak's loop on `n` sessions for SOAK_SECONDS: each clicks Add, fills Note, follows Next and
 * follows Back, each act on the fresh state the last one returned. Returns acts/s of the whole sidecar.
 */
async function soak(n: number): Promise<SoakRow> {
  const floor = await floorSoak(n);
  const before = rssMiB();
  let max = before;
  const sampler = setInterval(() => (max = Math.max(max, rssMiB())), 250);
  const sids: string[] = [];
  const states: Observation[] = [];
  for (let i = 0; i < n; i++) {
    sids.push(await agent.session());
    states.push(await agent.open(sids[i], site.url("/loop")));
  }
  const steps: ((s: Observation, round: number) => Record<string, unknown>)[] = [
    (s) => ({ action: "click", ref: refOf(s, "button", "Add") }),
    (s, round) => ({ action: "fill", ref: refOf(s, "textbox", "Note"), text: `note ${round}` }),
    (s) => ({ action: "click", ref: refOf(s, "link", "Next") }),
    (s) => ({ action: "click", ref: refOf(s, "link", "Back") }),
  ];
  const rounds = new Array(n).fill(0);
  const pid = server.registry.pool.stats().pid;
  const c0 = cpuSample(pid);
  const t0 = performance.now();
  const { pairs: acts, errors } = await phase(n, SOAK_SECONDS * 1000, async (i) => {
    const step = rounds[i]++ % steps.length;
    try {
      states[i] = await agent.act(sids[i], states[i], steps[step](states[i], rounds[i]));
    } catch (err) {
      // Start the loop again from its first page, so one error costs one act.
      states[i] = await agent.open(sids[i], site.url("/loop"));
      rounds[i] += steps.length - 1 - step;
      throw err;
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  const c1 = cpuSample(pid);
  const cpuPerAct = cpuPer(c0, c1, acts);
  for (const sid of sids) await agent.deleteSession(sid);
  clearInterval(sampler);
  const row: SoakRow = {
    sessions: n,
    acts,
    actsPerSec: Math.round((acts / seconds) * 10) / 10,
    errors,
    rssMiB: { before, max, after: rssMiB() },
    cpuPerAct,
    floor,
  };
  console.log(
    `soak loop, ${n} session(s): ${acts} acts in ${seconds.toFixed(1)} s = ${row.actsPerSec} acts/s, ` +
      `${errors} errors; RSS ${before} → max ${max} → ${row.rssMiB.after} MiB; CPU ms per act ${
        JSON.stringify(cpuPerAct)
      }`,
  );
  return row;
}

try {
  for (const k of KS) {
    const sides: Side[] = [];
    for (let i = 0; i < k; i++) {
      const sid = await agent.session();
      const state = await agent.open(sid, site.url("/sync"));
      sides.push({ sid, state, ref: buttonRef(state, "Increment"), clicks: 0 });
    }
    const leases: ContextLease[] = [];
    const floors: FloorPage[] = [];
    for (let i = 0; i < k; i++) {
      const lease = await server.registry.pool.acquire();
      leases.push(lease);
      floors.push(await FloorPage.open(lease, site.url("/sync"), VIEWPORT));
    }
    const spans: ActSpans[] = [];
    const clientMs: number[] = [];
    let floorPairs = 0, phPairs = 0, errors = 0, floorMs = 0, phMs = 0;
    const floorCpu: Record<string, number> = {}, phCpu: Record<string, number> = {};
    const addCpu = (into: Record<string, number>, a: Record<string, number>, b: Record<string, number>) => {
      for (const key of ["sidecar", "browser", "renderer", "other", "waited"]) {
        into[key] = (into[key] ?? 0) + b[key] - a[key];
      }
    };
    const pid = server.registry.pool.stats().pid;
    for (let r = 0; r < ROUNDS; r++) {
      let t0 = performance.now();
      let c0 = cpuSample(pid);
      const f = await phase(k, SECONDS * 1000, async (i) => {
        await floors[i].click();
      });
      addCpu(floorCpu, c0, cpuSample(pid));
      floorMs += performance.now() - t0;
      floorPairs += f.pairs;
      errors += f.errors;
      recordActSpans((s) => spans.push(s));
      t0 = performance.now();
      c0 = cpuSample(pid);
      const p = await phase(k, SECONDS * 1000, async (i) => {
        const side = sides[i];
        const r = await agent.click(side.sid, side.state, side.ref);
        side.clicks++;
        clientMs.push(r.ms);
        side.state = r.state;
        side.ref = buttonRef(r.state, "Increment");
        if (!r.state.tree.includes(countText(side.clicks))) {
          throw new Error(`session ${i}: the click was not seen`);
        }
      });
      addCpu(phCpu, c0, cpuSample(pid));
      phMs += performance.now() - t0;
      recordActSpans(null);
      phPairs += p.pairs;
      errors += p.errors;
    }
    const med = (xs: number[]) => Math.round(percentile([...xs].sort((a, b) => a - b), 50) * 100) / 100;
    const spanMed: Record<string, number> = {};
    for (const s of SPANS) {
      const xs = spans.map((x) => x[s]).filter((x): x is number => x !== undefined);
      if (xs.length) spanMed[s] = med(xs);
    }
    spanMed.act = med(spans.map((s) => s.total));
    spanMed.client = med(clientMs);
    spanMed.http = Math.round((spanMed.client - spanMed.act) * 100) / 100;
    const perPair = (cpu: Record<string, number>, pairs: number) =>
      Object.fromEntries(Object.entries(cpu).map(([key, ms]) => [key, Math.round((ms / pairs) * 100) / 100]));
    const floorRate = floorPairs / (floorMs / 1000);
    const phRate = phPairs / (phMs / 1000);
    const row: SessionsRow = {
      k,
      floorPairsPerSec: Math.round(floorRate),
      portholePairsPerSec: Math.round(phRate),
      ratio: Math.round((phRate / floorRate) * 100) / 100,
      errors,
      spans: spanMed,
      cpuPerPair: { floor: perPair(floorCpu, floorPairs), porthole: perPair(phCpu, phPairs) },
    };
    rows.push(row);
    console.log(
      `K=${k}: floor ${row.floorPairsPerSec} pairs/s, Porthole ${row.portholePairsPerSec} pairs/s ` +
        `(${row.ratio}×), ${errors} errors; act spans p50 ms: ${JSON.stringify(spanMed)}; ` +
        `CPU ms per pair: floor ${JSON.stringify(row.cpuPerPair.floor)}, ` +
        `Porthole ${JSON.stringify(row.cpuPerPair.porthole)}`,
    );
    for (const f of floors) await f.close();
    for (const l of leases) await l.release();
    for (const s of sides) await agent.deleteSession(s.sid);
  }
  for (const n of SOAK_K ? [1, SOAK_K] : []) soakRows.push(await soak(n));
  if (soakRows.length === 2) {
    const [one, many] = soakRows;
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    console.log(
      `soak loop: ${many.sessions} sessions ${many.actsPerSec} acts/s ÷ 1 session ${one.actsPerSec} acts/s = ` +
        `${ratio(many.actsPerSec, one.actsPerSec)}×; the floor's loop: ${many.floor.actsPerSec} ÷ ` +
        `${one.floor.actsPerSec} acts/s = ${ratio(many.floor.actsPerSec, one.floor.actsPerSec)}×; ` +
        `Porthole ÷ floor ${ratio(one.actsPerSec, one.floor.actsPerSec)}× (1), ` +
        `${ratio(many.actsPerSec, many.floor.actsPerSec)}× (${many.sessions})`,
    );
  }
  const loadAfter = loadAverage();
  console.log(`load average before ${loadBefore}, after ${loadAfter}`);
  if (flags.json) {
    await Deno.writeTextFile(
      flags.json,
      JSON.stringify({ loadBefore, loadAfter, rows, soak: soakRows }, null, 2),
    );
  }
} finally {
  recordActSpans(null);
  await server.close();
  await site[Symbol.asyncDispose]();
}
