/** Finding and installing a Chromium. Serving never installs anything; `browser install` does. */
import { type Config, defaultConfig } from "../config.ts";

export const CANDIDATES = ["chromium-headless-shell", "chromium", "google-chrome", "google-chrome-stable"];

export interface Discovery {
  path: string | null;
  source: "flag" | "env" | "path" | null;
  tried: string[];
}

function isExecutable(path: string): boolean {
  try {
    const st = Deno.statSync(path);
    return st.isFile && ((st.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Which browser to look for: the configured one, else the candidates on the inherited PATH. */
export type BrowserChoice = Pick<Config, "chromium" | "browser">;

/**
 * `--chromium PATH` (or PORTHOLE_CHROMIUM), then the candidates on PATH, in order. A bare path
 * (or null) is looked for with the defaults, as a flag would be.
 */
export function discoverChromium(given: BrowserChoice | string | null = null): Discovery {
  const choice = given !== null && typeof given === "object"
    ? given
    : { ...defaultConfig(), chromium: given };
  const tried: string[] = [];
  const explicit = choice.chromium;
  if (explicit) {
    tried.push(explicit);
    const source = choice.browser.chromiumFrom ?? "flag";
    return { path: isExecutable(explicit) ? explicit : null, source, tried };
  }
  const dirs = (choice.browser.inherited.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(":").filter(Boolean);
  for (const name of CANDIDATES) {
    for (const dir of dirs) {
      const full = `${dir}/${name}`;
      tried.push(full);
      if (isExecutable(full)) return { path: full, source: "path", tried };
    }
  }
  return { path: null, source: null, tried };
}

async function run(cmd: string, args: string[]): Promise<number> {
  const child = new Deno.Command(cmd, { args, stdin: "null", stdout: "inherit", stderr: "inherit" }).spawn();
  return (await child.status).code;
}

/**
 * `porthole browser install`: on Debian/Ubuntu, apt-get install chromium-headless-shell
 * (falling back to chromium). Elsewhere, explain what to do. Returns the exit code.
 */
export async function installChromium(choice: BrowserChoice): Promise<number> {
  const explicit = choice.chromium;
  const found = discoverChromium(choice);
  if (found.path) {
    console.log(`porthole: browser already installed: ${found.path}`);
    return 0;
  }
  if (explicit) {
    console.error(`porthole: --chromium ${explicit} is not an executable file`);
    return 1;
  }
  let hasApt = false;
  try {
    hasApt = Deno.statSync("/usr/bin/apt-get").isFile;
  } catch { /* not Debian */ }
  if (Deno.build.os !== "linux" || !hasApt) {
    console.error(
      "porthole: automatic install supports Debian and Ubuntu (apt-get). Install Chromium or Chrome " +
        "with your package manager, then pass --chromium PATH or set PORTHOLE_CHROMIUM.",
    );
    return 1;
  }
  const prefix = Deno.uid() === 0 ? [] : ["sudo", "-n"];
  const apt = (...rest: string[]) => {
    const [cmd, ...args] = [...prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...rest];
    return run(cmd, args);
  };
  console.log("porthole: installing chromium-headless-shell with apt-get");
  await apt("update", "-qq");
  let code = await apt("install", "-y", "-qq", "chromium-headless-shell");
  if (code !== 0) {
    console.log("porthole: chromium-headless-shell unavailable, trying chromium");
    code = await apt("install", "-y", "-qq", "chromium");
  }
  const after = discoverChromium({ ...choice, chromium: null });
  if (code !== 0 || !after.path) {
    console.error("porthole: browser install failed; install chromium yourself and pass --chromium PATH");
    return 1;
  }
  console.log(`porthole: browser installed: ${after.path}`);
  return 0;
}
