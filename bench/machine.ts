/** Facts about the machine a run was measured on. */

export interface MachineFacts {
  nproc: number;
  cpuModel: string;
  memTotalMiB: number;
  memAvailableMiB: number;
  loadAverage: string;
  os: string;
  deno: string;
}

function meminfoMiB(text: string, key: string): number {
  const kib = Number(text.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
  return Math.round(kib / 1024);
}

async function nproc(): Promise<number> {
  try {
    const out = await new Deno.Command("nproc", { stdout: "piped", stderr: "null" }).output();
    return Number(new TextDecoder().decode(out.stdout).trim());
  } catch {
    return navigator.hardwareConcurrency;
  }
}

function read(path: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return "";
  }
}

export function loadAverage(): string {
  return read("/proc/loadavg").split(" ").slice(0, 3).join(" ");
}

export async function machineFacts(): Promise<MachineFacts> {
  const meminfo = read("/proc/meminfo");
  return {
    nproc: await nproc(),
    cpuModel: read("/proc/cpuinfo").match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? "unknown",
    memTotalMiB: meminfoMiB(meminfo, "MemTotal"),
    memAvailableMiB: meminfoMiB(meminfo, "MemAvailable"),
    loadAverage: loadAverage(),
    os: `${Deno.build.os} ${Deno.build.arch}`,
    deno: Deno.version.deno,
  };
}

/** CPU time (user + system, ms) a process used so far, or 0 once it is gone (Linux /proc). */
function cpuMsOf(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  // The command name may hold spaces: the fields after it start past the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return Number.isFinite(ticks) ? ticks * 10 : 0; // USER_HZ is 100 on Linux
}

/**
 * How long (ms) the process's threads were ready to run but waited for a CPU, so far (Linux
 * schedstat): on a machine shared with other work, the part of the latency that is not Porthole's.
 */
function runQueueMsOf(pid: number): number {
  let ns = 0;
  try {
    for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
      ns += Number(read(`/proc/${pid}/task/${t.name}/schedstat`).split(" ")[1]) || 0;
    }
  } catch { /* gone */ }
  return ns / 1e6;
}

/** The process and its live descendants, each with the kind Chromium gives it (`--type=`). */
function chromiumTree(root: number): { pid: number; kind: string }[] {
  const parent = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const m = read(`/proc/${e.name}/status`).match(/^PPid:\s+(\d+)/m);
    if (m) parent.set(Number(e.name), Number(m[1]));
  }
  const out = [{ pid: root, kind: "browser" }];
  for (const pid of parent.keys()) {
    let p: number | undefined = parent.get(pid);
    for (let hops = 0; p !== undefined && p > 1 && hops < 16 && p !== root; hops++) p = parent.get(p);
    if (p !== root) continue;
    const type = read(`/proc/${pid}/cmdline`).match(/--type=([a-z-]+)/)?.[1] ?? "other";
    out.push({ pid, kind: type === "renderer" ? "renderer" : "other" });
  }
  return out;
}

/**
 * CPU used (ms) by this process (the sidecar with its driving client) and by Chromium's browser
 * process, its renderers and its other processes, so far, and (`waited`) how long all of their
 * threads waited for a CPU while ready to run: take one before a phase and one after. Processes
 * that ended during a phase are not counted.
 */
export function cpuSample(browserPid: number | null): Record<string, number> & { at: number } {
  const out: Record<string, number> & { at: number } = { at: performance.now(), sidecar: cpuMsOf(Deno.pid) };
  out.browser = out.renderer = out.other = 0;
  out.waited = runQueueMsOf(Deno.pid);
  if (browserPid) {
    for (const { pid, kind } of chromiumTree(browserPid)) {
      out[kind] += cpuMsOf(pid);
      out.waited += runQueueMsOf(pid);
    }
  }
  return out;
}
