/**
 * Starting Chromium: with its sandbox on, as an unprivileged user when Porthole runs as root,
 * inheriting only the allow-listed environment variables config.ts collected.
 */
import { PortholeError } from "../protocol/errors.ts";
import { type BrowserConfig, defaultConfig } from "../config.ts";

const CHROMIUM_ARGS = [
  "--headless",
  "--remote-debugging-port=0",
  "--remote-debugging-address=127.0.0.1",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-breakpad",
  "--disable-crash-reporter",
  "--disable-dev-shm-usage",
  // DeferRendererTasksAfterInput holds a page's tasks after a click or a key until the next frame (up to
  // 16 ms): the settle's first look, a task, waited for that frame after every input.
  "--disable-features=Translate,MediaRouter,OptimizationHints,AcceptCHFrame,InterestFeedContentSuggestions," +
  "DeferRendererTasksAfterInput",
  "--site-per-process",
  // Element.computedRole/computedName: the snapshot reads Chromium's own roles and names in the page.
  "--enable-blink-features=ComputedAccessibilityInfo",
  // A desktop's mouse: headless Chromium has no pointing device, so pages would match
  // (pointer: none) and (hover: none) and render their touch variants (date pickers, menus).
  // Blink's PointerType and HoverType bits: fine pointer 4, hover 2. A session that emulates touch
  // (hasTouch) still gets (pointer: coarse) and (hover: none), as touch emulation sets them over these.
  "--blink-settings=primaryPointerType=4,availablePointerTypes=4,primaryHoverType=2,availableHoverTypes=2",
  "--mute-audio",
  "--hide-scrollbars",
  "--password-store=basic",
  "--use-mock-keychain",
  "--disable-gpu",
  "--disable-quic",
  "--no-pings",
  // No start URL: headless Chromium then opens no first tab, whose renderer and attach would sit
  // on the first page's critical path (sessions never use the default context's tab).
];

export interface Launched {
  wsEndpoint: string;
  /** The process Porthole spawned (setsid/setpriv/a wrapper script, then Chromium). */
  pid: number;
  profileDir: string;
  child: Deno.ChildProcess;
  /** Kill the process tree and remove the profile. Safe to call twice. */
  dispose(): Promise<void>;
}

export interface BrowserUser {
  uid: number;
  gid: number;
}

/** The account (a name or a uid) Chromium runs as when Porthole is root; `nobody` when unknown. */
export function browserUser(wanted = "nobody"): BrowserUser {
  try {
    for (const line of Deno.readTextFileSync("/etc/passwd").split("\n")) {
      const f = line.split(":");
      if (f[0] === wanted || f[2] === wanted) return { uid: Number(f[2]), gid: Number(f[3]) };
    }
  } catch { /* fall through */ }
  return { uid: 65534, gid: 65534 };
}

/** `setsid` from util-linux, when present (it is wherever setpriv is). */
const SETSID = ["/usr/bin/setsid", "/bin/setsid"].find((p) => {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
}) ?? null;

/**
 * Runs the browser ("$@") in the background and kills the whole process group when either the
 * browser exits or the watchdog's stdin (a pipe from Porthole) reaches end of file, which is
 * what happens when Porthole dies, however it dies. Only used inside a group of its own.
 */
const WATCHDOG = [
  "exec 3<&0 </dev/null",
  '"$@" 3<&- &',
  "browser=$!",
  "(read -r _ <&3; kill -9 0) &",
  "exec 3<&-",
  'wait "$browser"',
  "kill -9 0",
].join("\n");

/**
 * Everything before the spawn is synchronous, so Chromium is spawned within the call: work the
 * caller starts right after it (puppeteer's import, which holds the event loop for tens of
 * milliseconds) then runs while Chromium starts instead of delaying its spawn.
 */
export async function launchChromium(
  executable: string,
  browser: BrowserConfig = defaultConfig().browser,
  timeoutMs = 20_000,
): Promise<Launched> {
  const profileDir = Deno.makeTempDirSync({ prefix: "porthole-profile-" });
  const asRoot = Deno.uid() === 0;
  const env: Record<string, string> = { ...browser.inherited };
  env.HOME = profileDir;
  env.XDG_CONFIG_HOME = `${profileDir}/.config`;
  env.XDG_CACHE_HOME = `${profileDir}/.cache`;
  env.TMPDIR = profileDir;
  const args = [...CHROMIUM_ARGS, `--user-data-dir=${profileDir}/data`];
  // In a process group of its own, the whole tree can be killed at once: `executable` may be a
  // wrapper script that does not exec (Debian's chromium-headless-shell is one), and the
  // zygotes and renderers outlive a killed browser process otherwise. The watchdog also takes
  // the group down when Porthole itself dies without cleaning up (its stdin pipe closes).
  const grouped = SETSID !== null;
  let cmd = executable;
  let cmdArgs = args;
  if (grouped) {
    cmd = "/bin/sh";
    cmdArgs = ["-c", WATCHDOG, "porthole-browser", executable, ...args];
  }
  if (asRoot) {
    const user = browserUser(browser.user);
    Deno.chownSync(profileDir, user.uid, user.gid);
    cmdArgs = [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", cmd, ...cmdArgs];
    cmd = "setpriv";
  }
  if (grouped) {
    cmdArgs = [cmd, ...cmdArgs];
    cmd = SETSID!;
  }
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(cmd, {
      args: cmdArgs,
      clearEnv: true,
      env,
      stdin: grouped ? "piped" : "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
  } catch (err) {
    await Deno.remove(profileDir, { recursive: true }).catch(() => {});
    throw new PortholeError("browser_not_installed", `Cannot start ${executable}: ${(err as Error).message}`);
  }
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    try {
      if (grouped) Deno.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch { /* already gone */ }
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    if (grouped) await child.stdin.close().catch(() => {});
    await child.status.catch(() => {});
    await Deno.remove(profileDir, { recursive: true }).catch(() => {});
  };
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  const found = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          log = (log + value).slice(-8192);
          const m = log.match(/DevTools listening on (ws:\/\/\S+)/);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
            return;
          }
        }
      } catch { /* stream closed */ }
      clearTimeout(timer);
      resolve(null);
    })();
  });
  if (!found) {
    await dispose();
    const tail = log.split("\n").filter((l) => /error|fatal|sandbox/i.test(l)).slice(-3).join(" | ");
    throw new PortholeError(
      "browser_not_installed",
      `Chromium at ${executable} did not start with its sandbox${tail ? `: ${tail.slice(0, 500)}` : ""}`,
      { details: { executable } },
    );
  }
  // Keep draining stderr so the browser never blocks on a full pipe.
  (async () => {
    try {
      while (!(await reader.read()).done) { /* discard */ }
    } catch { /* closed */ }
  })();
  return { wsEndpoint: found, pid: child.pid, profileDir, child, dispose };
}
