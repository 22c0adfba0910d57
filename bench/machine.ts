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
