/**
 * `porthole browser install`: Debian's headless Chromium and the fonts a page needs to render
 * text, without apt's recommends (printer setup, GTK, notification daemons), with progress and
 * a closing list of what was installed. Serving never installs anything.
 */
import { type BrowserChoice, discoverChromium } from "./discover.ts";

/** What a headless page needs: the browser, metric-compatible Latin fonts, and a fallback. */
export const BROWSER_PACKAGES = ["chromium-headless-shell", "fonts-liberation", "fonts-dejavu-core"];
/** Older releases have no chromium-headless-shell; the full browser runs headless too. */
export const FALLBACK_PACKAGES = ["chromium", "fonts-liberation", "fonts-dejavu-core"];
export const APT_INSTALL = ["install", "-y", "--no-install-recommends"];

/** The packages `apt-get -s install` would install, in its order (its `Inst NAME (…)` lines). */
export function plannedPackages(simulation: string): string[] {
  return [...simulation.matchAll(/^Inst (\S+)/gm)].map((m) => m[1]);
}

/** One progress line for a line of apt-get's output, or null for the lines not worth showing. */
export function progressLine(line: string, plan: string[], done: Set<string>): string | null {
  const m = /^Setting up ([^:\s]+)(?::\S+)? /.exec(line);
  if (!m || !plan.includes(m[1]) || done.has(m[1])) return null;
  done.add(m[1]);
  return `porthole: [${done.size}/${plan.length}] ${m[1]}`;
}

type Runner = (args: string[], onLine?: (line: string) => void) => Promise<{ code: number; out: string }>;

/** apt-get as root (or through `sudo -n`), non-interactive, its stdout read line by line. */
const aptGet: Runner = async (args, onLine) => {
  const prefix = Deno.uid() === 0 ? [] : ["sudo", "-n"];
  const [cmd, ...rest] = [...prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args];
  const child = new Deno.Command(cmd, { args: rest, stdin: "null", stdout: "piped", stderr: "inherit" })
    .spawn();
  let out = "";
  let pending = "";
  for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
    out += text;
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const l of lines) onLine?.(l);
  }
  if (pending) onLine?.(pending);
  return { code: (await child.status).code, out };
};

/** What would be installed (nothing is), or null when apt cannot find the packages. */
export async function planInstall(packages: string[], run: Runner = aptGet): Promise<string[] | null> {
  const { code, out } = await run(["-s", ...APT_INSTALL, ...packages]);
  return code === 0 ? plannedPackages(out) : null;
}

function aptAvailable(): boolean {
  try {
    return Deno.build.os === "linux" && Deno.statSync("/usr/bin/apt-get").isFile;
  } catch {
    return false;
  }
}

/** `browser install [--dry-run]`; returns the exit code. */
export async function installChromium(choice: BrowserChoice, dryRun = false, run = aptGet): Promise<number> {
  const found = discoverChromium(choice);
  if (found.path && !dryRun) {
    console.log(`porthole: browser already installed: ${found.path}`);
    return 0;
  }
  if (choice.chromium && !found.path) {
    console.error(`porthole: --chromium ${choice.chromium} is not an executable file`);
    return 1;
  }
  if (!aptAvailable()) {
    console.error(
      "porthole: automatic install supports Debian and Ubuntu (apt-get). Install Chromium or Chrome " +
        "with your package manager, then pass --chromium PATH or set PORTHOLE_CHROMIUM.",
    );
    return 1;
  }
  if (!dryRun) {
    console.log("porthole: apt-get update");
    await run(["update", "-qq"]);
  }
  let packages = BROWSER_PACKAGES;
  let plan = await planInstall(packages, run);
  if (plan === null) {
    console.log("porthole: chromium-headless-shell unavailable, trying chromium");
    packages = FALLBACK_PACKAGES;
    plan = await planInstall(packages, run);
  }
  if (plan === null) {
    console.error(
      "porthole: apt cannot install a browser; install chromium yourself and pass --chromium PATH",
    );
    return 1;
  }
  console.log(`porthole: ${packages.join(" ")}: ${plan.length} packages to install (no recommends)`);
  if (dryRun) {
    if (plan.length) console.log(`porthole: would install ${plan.join(" ")}`);
    return 0;
  }
  const done = new Set<string>();
  const { code } = await run(["-q", ...APT_INSTALL, ...packages], (line) => {
    const p = progressLine(line, plan, done);
    if (p) console.log(p);
  });
  const after = discoverChromium({ ...choice, chromium: null });
  if (code !== 0 || !after.path) {
    console.error("porthole: browser install failed; install chromium yourself and pass --chromium PATH");
    return 1;
  }
  console.log(`porthole: installed ${plan.length} packages: ${plan.join(" ")}`);
  console.log(`porthole: browser installed: ${after.path}`);
  return 0;
}
