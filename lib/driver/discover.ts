/** Finding and installing a Chromium. Serving never installs anything; `browser install` does. */

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

/** `--chromium PATH` (or PORTHOLE_CHROMIUM), then the candidates on PATH, in order. */
export function discoverChromium(explicit: string | null): Discovery {
  const tried: string[] = [];
  if (explicit) {
    tried.push(explicit);
    const source = explicit === Deno.env.get("PORTHOLE_CHROMIUM") ? "env" : "flag";
    return { path: isExecutable(explicit) ? explicit : null, source, tried };
  }
  const dirs = (Deno.env.get("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(":").filter(Boolean);
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
export async function installChromium(explicit: string | null): Promise<number> {
  const found = discoverChromium(explicit);
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
  const after = discoverChromium(null);
  if (code !== 0 || !after.path) {
    console.error("porthole: browser install failed; install chromium yourself and pass --chromium PATH");
    return 1;
  }
  console.log(`porthole: browser installed: ${after.path}`);
  return 0;
}
