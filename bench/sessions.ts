/**
 * Many sessions at once: K Porthole sessions, each clicking a counter and reading the fresh
 * observation over HTTP as fast as it can, beside the raw CDP floor with K pages of their own
 * (each in a context of its own in the same Chromium), in alternating phases of the same run so
 * machine noise falls on both alike. Reports pairs/s for each K and the ratio to the floor, the
 * acts' time span by span (gate queue, preflight, activation, input, settle, capture, and what
 * HTTP and serialisation add), and errors.
 *
 *   deno run -A bench/sessions.ts [--k 1,4,8] [--seconds 3] [--rounds 2] [--json out.json]
 */
import { parseArgs } from "node:util";
import { defaultConfig } from "../lib/config.ts";
import type { ContextLease } from "../lib/driver/pool.ts";
import { startServer } from "../lib/server.ts";
import type { Observation } from "../lib/protocol/types.ts";
import { type ActSpans, recordActSpans, SPANS } from "../lib/session/act/timing.ts";
import { Agent, buttonRef } from "./agent.ts";
import { FloorPage } from "./floor.ts";
import { loadAverage } from "./machine.ts";
import { BenchSite, countText } from "./site.ts";
import { percentile } from "./stats.ts";

const { values: flags } = parseArgs({
  options: {
    k: { type: "string", default: "1,4,8" },
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "2" },
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
const VIEWPORT = { width: 1280, height: 720 };

export interface SessionsRow {
  k: number;
  floorPairsPerSec: number;
  portholePairsPerSec: number;
  ratio: number;
  errors: number;
  /** Median ms of each span of Porthole's acts, and `http`: the client's time minus the act's. */
  spans: Record<string, number>;
}

const site = new BenchSite();
const config = defaultConfig();
config.port = 0;
config.logLevel = "warn";
config.limits.maxSessions = Math.max(config.limits.maxSessions, 64);
const server = await startServer(config);
const agent = new Agent(server.url);
const rows: SessionsRow[] = [];
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
    for (let r = 0; r < ROUNDS; r++) {
      let t0 = performance.now();
      const f = await phase(k, SECONDS * 1000, async (i) => {
        await floors[i].click();
      });
      floorMs += performance.now() - t0;
      floorPairs += f.pairs;
      errors += f.errors;
      recordActSpans((s) => spans.push(s));
      t0 = performance.now();
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
    const floorRate = floorPairs / (floorMs / 1000);
    const phRate = phPairs / (phMs / 1000);
    const row: SessionsRow = {
      k,
      floorPairsPerSec: Math.round(floorRate),
      portholePairsPerSec: Math.round(phRate),
      ratio: Math.round((phRate / floorRate) * 100) / 100,
      errors,
      spans: spanMed,
    };
    rows.push(row);
    console.log(
      `K=${k}: floor ${row.floorPairsPerSec} pairs/s, Porthole ${row.portholePairsPerSec} pairs/s ` +
        `(${row.ratio}×), ${errors} errors; act spans p50 ms: ${JSON.stringify(spanMed)}`,
    );
    for (const f of floors) await f.close();
    for (const l of leases) await l.release();
    for (const s of sides) await agent.deleteSession(s.sid);
  }
  console.log(`load average before ${loadBefore}, after ${loadAverage()}`);
  if (flags.json) await Deno.writeTextFile(flags.json, JSON.stringify({ loadBefore, rows }, null, 2));
} finally {
  recordActSpans(null);
  await server.close();
  await site[Symbol.asyncDispose]();
}
