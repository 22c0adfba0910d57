/**
 * The long reliability run (`deno task soak`): schema fuzzing of every operation over HTTP, MCP
 * and BAP; chaos (SIGKILL of the browser and crash of a renderer during each kind of operation,
 * a page that hangs, a page that allocates until its renderer dies, download and popup storms);
 * then N sessions acting for M minutes. Each scenario counts its definite answers, recoveries
 * (p50/max), 5xx, and whether a bystander session kept its state and no process was left behind.
 *
 *   deno task soak [--minutes 10] [--sessions 8] [--rounds 5]
 *
 * Prints a Markdown table and writes it to tests/soak/results.md.
 */
import { parseArgs } from "node:util";
import {
  assertDefinite,
  bystander,
  crashDuring,
  KILL_SITE,
  killDuring,
  OPS,
  STORM_SITE,
} from "../chaos/chaos.ts";
import {
  BAP_FUZZ_METHODS,
  everyDoorWorks,
  fuzzBap,
  fuzzHttp,
  fuzzMcp,
  type FuzzTally,
} from "../protocol/fuzz_schema_test.ts";
import { type Json, Porthole, refOf, type Reply, Site } from "../support/harness.ts";
import { alive, descendants } from "../support/proc.ts";

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    sessions: { type: "string", default: "8" },
    rounds: { type: "string", default: "5" },
  },
});
const MINUTES = Number(flags.minutes);
const SESSIONS = Number(flags.sessions);
const ROUNDS = Number(flags.rounds);

interface Row {
  scenario: string;
  count: number;
  definite: number;
  recoveries: number[];
  fivexx: number;
  bystanderKept: boolean | null;
  leftovers: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  note?: string;
}

const rows: Row[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
function rssMiB(): number {
  gc?.();
  return Math.round(Deno.memoryUsage().rss / 1024 / 1024);
}

function row(scenario: string): Row {
  const r: Row = {
    scenario,
    count: 0,
    definite: 0,
    recoveries: [],
    fivexx: 0,
    bystanderKept: null,
    leftovers: 0,
    rssBeforeMiB: rssMiB(),
    rssAfterMiB: 0,
  };
  rows.push(r);
  return r;
}

function tallyAnswer(r: Row, answer: Reply<Json>, what: string): void {
  r.count++;
  // 502, 503 and 504 are the contract's (navigation_failed, browser_disconnected, timeout…).
  if (answer.status === 500 || answer.body?.error?.code === "internal") r.fivexx++;
  try {
    assertDefinite(answer, what);
    r.definite++;
  } catch (err) {
    console.error(`not definite: ${(err as Error).message.slice(0, 300)}`);
  }
}

/** Processes under this one that are not the live browser's: leftovers of killed browsers. */
function leftovers(ph: Porthole): number {
  const live = ph.server.registry.pool.stats().pid;
  const liveTree = new Set(live ? [live, ...descendants(live)] : []);
  return descendants(Deno.pid).filter((p) => !liveTree.has(p) && alive(p)).filter((p) => {
    const cmd = Deno.readTextFileSync(`/proc/${p}/cmdline`).replaceAll("\0", " ");
    return /chrom/i.test(cmd);
  }).length;
}

async function timedRecovery(r: Row, fn: () => Promise<number>): Promise<void> {
  try {
    r.recoveries.push(await fn());
  } catch (err) {
    console.error(`${r.scenario}: no recovery: ${(err as Error).message.slice(0, 300)}`);
  }
}

async function chaos(ph: Porthole, site: Site): Promise<void> {
  for (const name of Object.keys(OPS)) {
    const r = row(`SIGKILL browser during ${name}`);
    for (let i = 0; i < ROUNDS; i++) {
      await timedRecovery(r, async () => {
        const { answer, recoveryMs } = await killDuring(ph, site, OPS[name], (i * 37) % 150);
        tallyAnswer(r, answer, r.scenario);
        return recoveryMs;
      });
    }
    await new Promise((res) => setTimeout(res, 500));
    r.leftovers = leftovers(ph);
    r.rssAfterMiB = rssMiB();
  }
  for (const name of Object.keys(OPS)) {
    const r = row(`renderer crash during ${name}`);
    const other = await bystander(ph, site);
    for (let i = 0; i < ROUNDS; i++) {
      await timedRecovery(r, async () => {
        const { answer, recoveryMs } = await crashDuring(ph, site, name, (i * 29) % 120);
        tallyAnswer(r, answer, r.scenario);
        return recoveryMs;
      });
    }
    r.bystanderKept = await other.intact().then(() => true, () => false);
    await ph.request("DELETE", `/v1/sessions/${other.sid}`);
    r.leftovers = leftovers(ph);
    r.rssAfterMiB = rssMiB();
  }
}

/** A page hangs (while(true)) or allocates until its renderer dies; navigate recovers it. */
async function brokenPages(ph: Porthole, site: Site): Promise<void> {
  for (
    const [scenario, path, rounds] of [["hanging page", "/hang", ROUNDS], [
      "allocating page",
      "/alloc",
      1,
    ]] as const
  ) {
    const r = row(scenario);
    const other = await bystander(ph, site);
    for (let i = 0; i < rounds; i++) {
      const sid = await ph.session();
      const state = await ph.open(sid, site.url(path));
      const click = await ph.post(`/v1/sessions/${sid}/act`, {
        stateId: state.stateId,
        targetId: state.targetId,
        action: "click",
        ref: refOf(state, /button "Break"/),
        timeoutMs: 5_000,
      });
      tallyAnswer(r, click, scenario);
      // Until the page is known broken, observe answers either way; then page_unresponsive.
      const deadline = Date.now() + 60_000;
      let obs = await ph.post(`/v1/sessions/${sid}/observe`, { timeoutMs: 5_000 });
      while (obs.body?.error?.code !== "page_unresponsive" && Date.now() < deadline) {
        tallyAnswer(r, obs, scenario);
        await new Promise((res) => setTimeout(res, 250));
        obs = await ph.post(`/v1/sessions/${sid}/observe`, { timeoutMs: 5_000 });
      }
      tallyAnswer(r, obs, scenario);
      const t0 = performance.now();
      const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/"), observe: true });
      tallyAnswer(r, nav, scenario);
      if (nav.status === 200) r.recoveries.push(performance.now() - t0);
      else console.error(`${scenario}: navigate after: ${JSON.stringify(nav.body).slice(0, 300)}`);
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
    r.bystanderKept = await other.intact().then(() => true, () => false);
    await ph.request("DELETE", `/v1/sessions/${other.sid}`);
    r.leftovers = leftovers(ph);
    r.rssAfterMiB = rssMiB();
  }
}

async function storms(ph: Porthole, site: Site): Promise<void> {
  for (const [scenario, path] of [["popup storm", "/popups"], ["download storm", "/downloads"]] as const) {
    const r = row(scenario);
    const other = await bystander(ph, site);
    for (let i = 0; i < ROUNDS; i++) {
      const sid = await ph.session();
      const state = await ph.open(sid, site.url(path));
      tallyAnswer(
        r,
        await ph.post(`/v1/sessions/${sid}/act`, {
          stateId: state.stateId,
          targetId: state.targetId,
          action: "click",
          ref: refOf(state, /button "Storm"/),
        }),
        scenario,
      );
      const t0 = performance.now();
      const obs = await ph.post(`/v1/sessions/${sid}/observe`, {});
      tallyAnswer(r, obs, scenario);
      if (obs.status === 200) r.recoveries.push(performance.now() - t0);
      const pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages?.length ?? 0;
      if (pages > ph.server.registry.config.limits.maxPages) r.note = `${pages} pages over the limit`;
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
    r.bystanderKept = await other.intact().then(() => true, () => false);
    await ph.request("DELETE", `/v1/sessions/${other.sid}`);
    r.leftovers = leftovers(ph);
    r.rssAfterMiB = rssMiB();
  }
}

async function fuzz(ph: Porthole, site: Site): Promise<void> {
  const r = row("schema fuzz (HTTP, MCP, BAP)");
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  const tally: FuzzTally = { requests: 0, fivexx: 0, hangs: 0, imprecise: [] };
  await fuzzHttp(ph, sid, ROUNDS, tally);
  await fuzzMcp(ph, ROUNDS, tally);
  await fuzzBap(ph, BAP_FUZZ_METHODS, ROUNDS, tally);
  r.count = tally.requests;
  r.definite = tally.requests - tally.hangs - tally.imprecise.length;
  r.fivexx = tally.fivexx;
  for (const line of tally.imprecise.slice(0, 10)) console.error(`fuzz: ${line.slice(0, 300)}`);
  const t0 = performance.now();
  await everyDoorWorks(ph, site.url("/"));
  r.recoveries.push(performance.now() - t0);
  r.bystanderKept = (await ph.post(`/v1/sessions/${sid}/observe`, {})).status === 200;
  r.note = `${tally.hangs} hangs, ${tally.imprecise.length} imprecise`;
  await ph.request("DELETE", `/v1/sessions/${sid}`);
  r.rssAfterMiB = rssMiB();
}

/** `SESSIONS` sessions click a counter and observe for `MINUTES` minutes. */
async function soak(ph: Porthole, site: Site): Promise<void> {
  const r = row(`soak: ${SESSIONS} sessions × ${MINUTES} min`);
  const end = Date.now() + MINUTES * 60_000;
  let errors = 0;
  const worker = async () => {
    const sid = await ph.session();
    let state = await ph.open(sid, site.url("/counter"));
    let n = 0;
    while (Date.now() < end) {
      const res = await ph.post(`/v1/sessions/${sid}/act`, {
        stateId: state.stateId,
        targetId: state.targetId,
        action: "click",
        ref: refOf(state, /button "Add"/),
      });
      tallyAnswer(r, res, r.scenario);
      if (res.status === 200 && res.body.freshState) {
        state = res.body.freshState;
      } else {
        errors++;
        const obs = await ph.post(`/v1/sessions/${sid}/observe`, {});
        tallyAnswer(r, obs, r.scenario);
        if (obs.status === 200) state = obs.body;
      }
      if (++n % 50 === 0) {
        const nav = await ph.post(`/v1/sessions/${sid}/navigate`, {
          url: site.url("/counter"),
          observe: true,
        });
        tallyAnswer(r, nav, r.scenario);
        if (nav.status === 200) state = nav.body.state;
      }
    }
    await ph.request("DELETE", `/v1/sessions/${sid}`);
  };
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB()), 30_000);
  await Promise.all(Array.from({ length: SESSIONS }, worker));
  clearInterval(sampler);
  r.rssAfterMiB = rssMiB();
  r.note = `${errors} act errors; RSS samples ${samples.join(", ")} MiB`;
  r.leftovers = leftovers(ph);
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function table(): string {
  const lines = [
    "| scenario | count | definite answers | recoveries | recovery p50 / max (ms) | 5xx | bystander kept state | leftover processes | RSS before → after (MiB) | note |",
    "|---|---:|---:|---:|---:|---:|---|---:|---|---|",
  ];
  for (const r of rows) {
    const rec = [...r.recoveries].sort((a, b) => a - b);
    const times = rec.length ? `${pct(rec, 50).toFixed(0)} / ${rec.at(-1)!.toFixed(0)}` : "–";
    const kept = r.bystanderKept === null ? "–" : r.bystanderKept ? "yes" : "**no**";
    lines.push(
      `| ${r.scenario} | ${r.count} | ${r.definite} | ${rec.length} | ${times} | ${r.fivexx} | ${kept} | ${r.leftovers} | ${r.rssBeforeMiB} → ${r.rssAfterMiB} | ${
        r.note ?? ""
      } |`,
    );
  }
  return lines.join("\n");
}

const PAGES = {
  ...KILL_SITE,
  ...STORM_SITE,
  "/hang": `<!doctype html><title>Hang</title><button onclick="while(true){}">Break</button>`,
  "/alloc": `<!doctype html><title>Alloc</title><button onclick="
    const keep = []; setInterval(() => { for (let i = 0; i < 20; i++) keep.push(new Array(1e6).fill(i)); }, 0)">Break</button>`,
  "/counter": `<!doctype html><title>Counter</title><p id="n">0</p>
    <button onclick="n.textContent = String(Number(n.textContent) + 1)">Add</button>`,
};

const started = performance.now();
const rssStart = rssMiB();
{
  await using site = new Site(PAGES);
  // The soak's sessions, a keeper and a bystander fit beside each other.
  await using ph = await Porthole.start((c) => (c.limits.maxSessions = SESSIONS + 4));
  // A keeper holds the browser between scenarios, as a long-lived sidecar's sessions would.
  const keeper = await ph.session();
  await ph.post(`/v1/sessions/${keeper}/pages`);
  await fuzz(ph, site);
  await chaos(ph, site);
  await brokenPages(ph, site);
  await storms(ph, site);
  await soak(ph, site);
}
const md = [
  `# Soak run, ${new Date().toISOString()}`,
  "",
  `${SESSIONS} sessions × ${MINUTES} min, ${ROUNDS} rounds per chaos scenario; RSS of this process (Porthole in`,
  `process, with the driving client), after a GC when --expose-gc is on. Run took ${
    ((performance.now() - started) / 60_000).toFixed(1)
  } min; RSS at start ${rssStart} MiB, at end ${rssMiB()} MiB.`,
  "",
  table(),
  "",
].join("\n");
console.log(md);
const results = new URL("./results.md", import.meta.url);
await Deno.writeTextFile(results, md);
// Written as `deno fmt` would write it, so the committed table passes `deno task check`.
await new Deno.Command(Deno.execPath(), { args: ["fmt", "-q", results.pathname] }).output();
const bad = rows.some((r) =>
  r.fivexx > 0 || r.definite < r.count || r.bystanderKept === false || r.leftovers > 0
);
Deno.exit(bad ? 1 : 0);
