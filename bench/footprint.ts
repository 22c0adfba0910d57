/**
 * What a sidecar costs to keep and to start, measured on real processes: `porthole serve`
 * spawned anew for every run. Idle RSS is read before any client came; a cold start is spawn →
 * listening → session → navigate → first observation; after it, the sidecar's RSS and the sum
 * of its Chromium processes' RSS are read beside each other.
 */
import { discoverChromium } from "../lib/driver/discover.ts";
import { coldFloor } from "./floor.ts";
import { summarize, type Summary } from "./stats.ts";

export interface Footprint {
  /** The sidecar process alone, idle, before any session (MiB). */
  idleRssMiB: Summary;
  /** The sidecar after its first observation, and its Chromium's processes summed (MiB). */
  busyRssMiB: Summary;
  chromiumRssMiB: Summary;
  /** Spawn → listening, and spawn → first observation (ms). */
  listening: Summary;
  coldStart: Summary;
  target: { idleRssMiB: number; coldStartP50Ms: number };
  /** `serve --prelaunch`: ready line → first observation, beside the floor's launch + first AX tree. */
  prelaunch: Prelaunch | null;
  /** The bundle (`dist/porthole.js`) alone in an empty folder, idle (MiB); measured with `--bundle`. */
  bundleIdleRssMiB?: Summary;
}

export interface Prelaunch {
  /** `serve --prelaunch` spawned: its ready line (Chromium already up) → session → navigate → observation (ms). */
  readyToObservation: Summary;
  /** The floor: Chromium launched, one page over a bare CDP socket, navigated, its AX tree read (ms). */
  floorLaunchToTree: Summary;
  /** readyToObservation p50 / floorLaunchToTree p50 (target ≤ 0.8). */
  ratio: number;
}

const ROOT = new URL("..", import.meta.url).pathname;

function rssKiB(pid: number): number {
  try {
    const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/^VmRSS:\s+(\d+)/m);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Every live process whose parent chain leads to `root` (root left out). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const m = Deno.readTextFileSync(`/proc/${e.name}/status`).match(/^PPid:\s+(\d+)/m);
      if (m) parent.set(Number(e.name), Number(m[1]));
    } catch { /* gone */ }
  }
  return [...parent.keys()].filter((pid) => {
    for (let p = parent.get(pid), hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++) {
      if (p === root) return true;
    }
    return false;
  });
}

interface Spawned {
  child: Deno.ChildProcess;
  url: string;
  listeningMs: number;
  t0: number;
}

/** How to start `porthole serve`: from the source tree, or a bundle in its own folder. */
interface Launch {
  args: string[];
  cwd: string;
}

const FROM_SOURCE: Launch = { args: ["run", "-A", "main.ts", "serve", "--port", "0"], cwd: ROOT };

async function spawnSidecar(extra: string[] = [], launch: Launch = FROM_SOURCE): Promise<Spawned> {
  const t0 = performance.now();
  const env = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([k]) => !k.startsWith("PORTHOLE_")),
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: [...launch.args, ...extra],
    cwd: launch.cwd,
    clearEnv: true,
    env: { ...env, PORTHOLE_LOG_LEVEL: "warn" },
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (true) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`porthole serve exited before listening: ${text}`);
    text += value;
    const m = text.match(/listening on (\S+)/);
    if (m) {
      lines.releaseLock();
      child.stdout.cancel().catch(() => {});
      return { child, url: m[1], listeningMs: performance.now() - t0, t0 };
    }
  }
}

async function stop(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch { /* exited */ }
  await child.status;
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * `runs` starts of `serve --prelaunch`, each timed from its ready line to the first observation,
 * interleaved with as many floor cold starts (launch → first AX tree) on the same page.
 */
export async function measurePrelaunch(pageUrl: string, runs: number): Promise<Prelaunch> {
  const executable = discoverChromium(null).path;
  if (!executable) throw new Error("no Chromium found");
  const ready: number[] = [], floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    floor.push(await coldFloor(executable, pageUrl));
    const s = await spawnSidecar(["--prelaunch"]);
    try {
      const t0 = performance.now();
      const { sessionId } = await post(`${s.url}/v1/sessions`, {});
      const nav = await post(`${s.url}/v1/sessions/${sessionId}/navigate`, { url: pageUrl, observe: true });
      if (!(nav.state as { tree?: string })?.tree) throw new Error("navigate returned no observation");
      ready.push(performance.now() - t0);
    } finally {
      await stop(s.child);
    }
  }
  const readyToObservation = summarize(ready), floorLaunchToTree = summarize(floor);
  return {
    readyToObservation,
    floorLaunchToTree,
    ratio: Math.round((readyToObservation.p50 / floorLaunchToTree.p50) * 100) / 100,
  };
}

/** `runs` idle readings (MiB) of `porthole serve` started as `launch`, each 1.5 s after its ready line. */
async function idleRss(runs: number, launch: Launch = FROM_SOURCE): Promise<number[]> {
  const idle: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await spawnSidecar([], launch);
    await new Promise((r) => setTimeout(r, 1500));
    idle.push(rssKiB(s.child.pid) / 1024);
    await stop(s.child);
  }
  return idle;
}

/**
 * The bundle's idle RSS: `dist/porthole.js` built anew into an empty folder and run there alone (no
 * deno.json, no node_modules), as the bundle test runs it. One start first, not counted: a new
 * bundle's first start compiles all of it and writes V8's code cache.
 */
export async function measureBundleIdle(runs: number): Promise<Summary> {
  const { bundle } = await import("../build/bundle.ts");
  const dir = await Deno.makeTempDir({ prefix: "porthole-bundle-" });
  try {
    await bundle(`${ROOT}main.ts`, `${dir}/porthole.js`);
    const launch = {
      args: ["run", "-A", "--unstable-no-legacy-abort", "--no-config", "porthole.js", "serve", "--port", "0"],
      cwd: dir,
    };
    await idleRss(1, launch);
    return summarize(await idleRss(runs, launch));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** `runs` cold starts (each its own process) and `idleRuns` idle readings of `porthole serve`. */
export async function measureFootprint(pageUrl: string, runs = 10, idleRuns = 3): Promise<Footprint> {
  const idle = await idleRss(idleRuns);
  const listening: number[] = [], cold: number[] = [], busy: number[] = [], chromium: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await spawnSidecar();
    try {
      const { sessionId } = await post(`${s.url}/v1/sessions`, {});
      const nav = await post(`${s.url}/v1/sessions/${sessionId}/navigate`, { url: pageUrl, observe: true });
      if (!(nav.state as { tree?: string })?.tree) throw new Error("navigate returned no observation");
      cold.push(performance.now() - s.t0);
      listening.push(s.listeningMs);
      busy.push(rssKiB(s.child.pid) / 1024);
      chromium.push(descendants(s.child.pid).reduce((n, pid) => n + rssKiB(pid), 0) / 1024);
    } finally {
      await stop(s.child);
    }
  }
  return {
    idleRssMiB: summarize(idle),
    busyRssMiB: summarize(busy),
    chromiumRssMiB: summarize(chromium),
    listening: summarize(listening),
    coldStart: summarize(cold),
    target: { idleRssMiB: 50, coldStartP50Ms: 600 },
    prelaunch: runs > 0 ? await measurePrelaunch(pageUrl, runs) : null,
  };
}

export function footprintMarkdown(f: Footprint): string[] {
  const n = (x: number) => x.toFixed(0);
  return [
    "## Footprint and cold start",
    "",
    "`porthole serve` spawned anew for every run. Idle: the sidecar alone before any client. A cold",
    "start: spawn → listening → session → navigate → first observation. RSS in MiB (Chromium: the sum",
    "of its processes' RSS, shared pages counted in each).",
    "",
    "| measure | p50 | max | n | target |",
    "|---|---:|---:|---:|---:|",
    `| sidecar RSS idle | ${n(f.idleRssMiB.p50)} | ${
      n(f.idleRssMiB.max)
    } | ${f.idleRssMiB.n} | ≤ ${f.target.idleRssMiB} |`,
    ...(f.bundleIdleRssMiB
      ? [
        `| bundle (\`dist/porthole.js\`) RSS idle | ${n(f.bundleIdleRssMiB.p50)} | ${
          n(f.bundleIdleRssMiB.max)
        } | ${f.bundleIdleRssMiB.n} | |`,
      ]
      : []),
    `| sidecar RSS after first observation | ${n(f.busyRssMiB.p50)} | ${
      n(f.busyRssMiB.max)
    } | ${f.busyRssMiB.n} | |`,
    `| Chromium RSS after first observation | ${n(f.chromiumRssMiB.p50)} | ${
      n(f.chromiumRssMiB.max)
    } | ${f.chromiumRssMiB.n} | |`,
    `| spawn → listening (ms) | ${n(f.listening.p50)} | ${n(f.listening.max)} | ${f.listening.n} | |`,
    `| cold start → first observation (ms) | ${n(f.coldStart.p50)} | ${
      n(f.coldStart.max)
    } | ${f.coldStart.n} | < ${f.target.coldStartP50Ms} |`,
    ...(f.prelaunch
      ? [
        `| \`serve --prelaunch\`: ready line → first observation (ms) | ${
          n(f.prelaunch.readyToObservation.p50)
        } | ${
          n(f.prelaunch.readyToObservation.max)
        } | ${f.prelaunch.readyToObservation.n} | ≤ 0.8× the floor's |`,
        `| floor: launch → first AX tree (ms) | ${n(f.prelaunch.floorLaunchToTree.p50)} | ${
          n(f.prelaunch.floorLaunchToTree.max)
        } | ${f.prelaunch.floorLaunchToTree.n} | |`,
        `| prelaunched first observation / floor's launch + tree | ${f.prelaunch.ratio}× | | | ≤ 0.8× |`,
      ]
      : []),
  ];
}

/**
 * On its own: `deno run -A bench/footprint.ts [--runs 3] [--idle-runs 3] [--bundle]` prints the
 * footprint table (idle RSS, cold starts, and `--prelaunch` beside the floor; with `--bundle`, the
 * bundle's idle RSS too) with the load average.
 */
if (import.meta.main) {
  const { parseArgs } = await import("node:util");
  const { BenchSite } = await import("./site.ts");
  const { loadAverage } = await import("./machine.ts");
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      "idle-runs": { type: "string", default: "3" },
      bundle: { type: "boolean", default: false },
    },
  });
  const site = new BenchSite();
  const before = loadAverage();
  try {
    const f = await measureFootprint(site.url("/sync"), Number(values.runs), Number(values["idle-runs"]));
    if (values.bundle) f.bundleIdleRssMiB = await measureBundleIdle(Number(values["idle-runs"]));
    console.log(footprintMarkdown(f).join("\n"));
    console.log(
      `\nidle RSS runs (MiB): p50 ${f.idleRssMiB.p50.toFixed(1)}, max ${f.idleRssMiB.max.toFixed(1)}`,
    );
    console.log(`load average before ${before}, after ${loadAverage()}`);
  } finally {
    await site[Symbol.asyncDispose]();
  }
}
