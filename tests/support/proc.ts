/**
 * Real processes in tests: the environment a spawned Porthole gets, and what the tests read of
 * processes from /proc (Linux): liveness, process trees, command lines.
 */

/** The test's environment without any PORTHOLE_* setting that would change the outcome, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([k]) => !k.startsWith("PORTHOLE_")),
  );
  return { ...env, ...extra };
}

/** A file of /proc/<pid>, or null once the process is gone. */
export function readProc(pid: number, file: string): string | null {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/${file}`);
  } catch {
    return null;
  }
}

/** Whether a process runs (a zombie has ended: only its exit status is left to collect). */
export function alive(pid: number): boolean {
  const status = readProc(pid, "status");
  return status !== null && !/^State:\s+Z/m.test(status);
}

/** `root` and every live process whose parent chain leads to it. */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const m = readProc(Number(e.name), "status")?.match(/^PPid:\s+(\d+)/m);
    if (m) parent.set(Number(e.name), Number(m[1]));
  }
  const tree = [...parent.keys()].filter((pid) => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = parent.get(p);
    }
    return false;
  });
  return tree.filter(alive);
}

/** Every live process whose parent chain leads to `root`, `root` itself left out. */
export function descendants(root: number): number[] {
  return processTree(root).filter((pid) => pid !== root);
}

/** Live processes whose command line mentions `text`. */
export function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const cmd = readProc(Number(e.name), "cmdline");
    if (cmd?.includes(text) && alive(Number(e.name))) found.push(Number(e.name));
  }
  return found;
}

/** The command line as one string: Chromium's helpers rewrite theirs into a single space-joined argument. */
export function cmdline(pid: number): string {
  return (readProc(pid, "cmdline") ?? "").split("\0").filter(Boolean).join(" ");
}

/** A field of /proc/<pid>/status (e.g. `Uid`), or null. */
export function statusField(pid: number, field: string): string | null {
  return readProc(pid, "status")?.match(new RegExp(`^${field}:\\s+(.*)$`, "m"))?.[1] ?? null;
}

/** Whether the process was started with `flag` (alone or as `flag=value`). */
export function hasFlag(pid: number, flag: string): boolean {
  return cmdline(pid).split(/\s+/).some((a) => a === flag || a.startsWith(`${flag}=`));
}
