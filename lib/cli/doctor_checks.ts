/**
 * The checks of `porthole doctor`, each real: they start Chromium, open the port, read the
 * kernel's settings. Each says what it found and, when it is not fine, the one line that fixes it.
 */
import { type Config, isLoopbackHost } from "../config.ts";
import { loadConfigFile } from "../config_file.ts";
import { discoverChromium } from "../driver/discover.ts";
import { browserUser, launchChromium } from "../driver/launch.ts";

export type Status = "ok" | "warn" | "fail";

export interface Check {
  name: string;
  status: Status;
  detail: string;
  /** One line that fixes it; present unless the check is ok. */
  fix?: string;
}

const ok = (name: string, detail: string): Check => ({ name, status: "ok", detail });
const bad = (name: string, status: Status, detail: string, fix: string): Check => ({
  name,
  status,
  detail,
  fix,
});

async function output(
  cmd: string,
  args: string[],
  timeoutMs = 10_000,
): Promise<{ code: number; out: string }> {
  try {
    const r = await new Deno.Command(cmd, {
      args,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(timeoutMs),
    }).output();
    const text = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
    return { code: r.code, out: text.trim() };
  } catch (err) {
    return { code: -1, out: (err as Error).message };
  }
}

const INSTALL_FIX = "run `porthole browser install`, or pass --chromium PATH (PORTHOLE_CHROMIUM)";
const SANDBOX_FIX =
  "allow user namespaces: in Docker run with --security-opt seccomp=deploy/seccomp/chromium.json " +
  "(fallback: --cap-add=SYS_ADMIN); on a host, sysctl -w kernel.unprivileged_userns_clone=1";

export async function chromiumCheck(config: Config): Promise<Check> {
  const found = discoverChromium(config);
  if (!found.path) {
    return bad("chromium", "fail", `no browser (tried ${found.tried.length} paths)`, INSTALL_FIX);
  }
  const v = await output(found.path, ["--version"]);
  if (v.code !== 0) return bad("chromium", "fail", `${found.path} --version failed: ${v.out}`, INSTALL_FIX);
  return ok("chromium", `${found.path}: ${v.out.split("\n")[0]}`);
}

/** Processes of a process group: [pid, uid, user namespace]. */
function groupProcesses(pgid: number): { pid: number; uid: number; ns: string }[] {
  const found = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const uid = Number(/^Uid:\s+(\d+)/m.exec(Deno.readTextFileSync(`/proc/${e.name}/status`))?.[1]);
      found.push({ pid: Number(e.name), uid, ns: Deno.readLinkSync(`/proc/${e.name}/ns/user`) });
    } catch { /* gone, or not ours to read */ }
  }
  return found;
}

/** Starts Chromium exactly as the pool does, then looks for its sandboxed zygote's namespace. */
export async function sandboxCheck(config: Config): Promise<Check> {
  const found = discoverChromium(config);
  if (!found.path) return bad("sandbox", "fail", "not tried: no browser", INSTALL_FIX);
  let launched;
  try {
    launched = await launchChromium(found.path, config.browser, 20_000);
  } catch (err) {
    return bad("sandbox", "fail", (err as Error).message.slice(0, 400), SANDBOX_FIX);
  }
  try {
    const own = Deno.readLinkSync("/proc/self/ns/user");
    let procs = groupProcesses(launched.pid);
    for (let i = 0; i < 20 && !procs.some((p) => p.ns !== own); i++) {
      await new Promise((r) => setTimeout(r, 100));
      procs = groupProcesses(launched.pid);
    }
    const uids = [...new Set(procs.map((p) => p.uid))].join(",");
    const inNs = procs.filter((p) => p.ns !== own).length;
    if (Deno.uid() === 0 && procs.some((p) => p.uid === 0 && p.pid !== launched.pid)) {
      return bad(
        "sandbox",
        "fail",
        `Chromium runs as root (uids ${uids})`,
        "pass --browser-user to a non-root user",
      );
    }
    if (inNs === 0) {
      return bad(
        "sandbox",
        "warn",
        `started as uid ${uids}, but no process in a user namespace`,
        SANDBOX_FIX,
      );
    }
    return ok(
      "sandbox",
      `on: started as uid ${uids}; ${inNs} of ${procs.length} processes in their own user namespace`,
    );
  } finally {
    await launched.dispose();
  }
}

/** Can the browser's account create a user namespace? (what Chromium's sandbox needs) */
export async function userNamespacesCheck(config: Config): Promise<Check> {
  const read = (p: string) => {
    try {
      return Deno.readTextFileSync(p).trim();
    } catch {
      return null;
    }
  };
  const max = read("/proc/sys/user/max_user_namespaces");
  if (max === "0") {
    return bad("userns", "fail", "user.max_user_namespaces is 0", "sysctl -w user.max_user_namespaces=15000");
  }
  if (read("/proc/sys/kernel/unprivileged_userns_clone") === "0") {
    return bad(
      "userns",
      "fail",
      "kernel.unprivileged_userns_clone is 0",
      "sysctl -w kernel.unprivileged_userns_clone=1",
    );
  }
  const user = browserUser(config.browser.user);
  const asUser = Deno.uid() === 0
    ? ["setpriv", [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", "unshare"]] as const
    : ["unshare", []] as const;
  const r = await output(asUser[0], [...asUser[1], "--user", "--map-root-user", "true"]);
  const who = Deno.uid() === 0 ? `uid ${user.uid}` : `uid ${Deno.uid()}`;
  if (r.code === -1) return ok("userns", `max_user_namespaces=${max ?? "?"} (unshare not found to try it)`);
  if (r.code !== 0) {
    return bad("userns", "fail", `${who} cannot create a user namespace: ${r.out}`, SANDBOX_FIX);
  }
  return ok("userns", `${who} can create a user namespace (max_user_namespaces=${max ?? "?"})`);
}

export async function fontsCheck(): Promise<Check> {
  const fix = "run `porthole browser install`, or apt-get install --no-install-recommends fonts-liberation";
  const r = await output("fc-list", [":", "family"]);
  if (r.code === -1) {
    // No fc-list (the fontconfig tools are only recommended): Chromium reads the font files itself.
    const files = fontFiles(["/usr/share/fonts", "/usr/local/share/fonts"]);
    if (files.length === 0) return bad("fonts", "fail", "no font files: pages render text as boxes", fix);
    const liberation = files.some((f) => /Liberation/.test(f));
    return ok(
      "fonts",
      `${files.length} font files${liberation ? ", Liberation among them" : ""} (no fc-list)`,
    );
  }
  if (r.code !== 0) return bad("fonts", "fail", `fc-list failed: ${r.out.slice(0, 200)}`, fix);
  const families = new Set(r.out.split("\n").map((l) => l.trim()).filter(Boolean));
  if (families.size === 0) return bad("fonts", "fail", "no fonts: pages render text as boxes", fix);
  const liberation = [...families].some((f) => /Liberation/.test(f));
  return ok("fonts", `${families.size} families${liberation ? ", Liberation among them" : ""}`);
}

function fontFiles(dirs: string[], depth = 4): string[] {
  const found: string[] = [];
  for (const dir of dirs) {
    try {
      for (const e of Deno.readDirSync(dir)) {
        const path = `${dir}/${e.name}`;
        if (e.isDirectory && depth > 0) found.push(...fontFiles([path], depth - 1));
        else if (/\.(ttf|otf|ttc|pfb|woff2?)$/i.test(e.name)) found.push(path);
      }
    } catch { /* not there */ }
  }
  return found;
}

export async function shmCheck(): Promise<Check> {
  const fix = "give it more: docker run --shm-size=256m, or a Memory emptyDir at /dev/shm in Kubernetes";
  const r = await output("df", ["-kP", "/dev/shm"]);
  const kib = Number(r.out.split("\n")[1]?.split(/\s+/)[1]);
  if (r.code !== 0 || !Number.isFinite(kib)) return bad("shm", "warn", "no /dev/shm", fix);
  const mib = Math.round(kib / 1024);
  // Chromium runs with --disable-dev-shm-usage, so a small /dev/shm slows it but does not break it.
  if (mib < 64) {
    return bad("shm", "warn", `/dev/shm is ${mib} MiB (Chromium falls back to the temp dir)`, fix);
  }
  return ok("shm", `/dev/shm is ${mib} MiB`);
}

export async function tempCheck(): Promise<Check> {
  try {
    const dir = await Deno.makeTempDir({ prefix: "porthole-doctor-" });
    await Deno.remove(dir);
    return ok("tmp", `browser profiles go under ${Deno.env.get("TMPDIR") || "/tmp"}`);
  } catch (err) {
    return bad("tmp", "fail", `cannot create a temp dir: ${(err as Error).message}`, "mount a tmpfs at /tmp");
  }
}

export function portCheck(config: Config): Check {
  const where = `${config.host}:${config.port}`;
  try {
    Deno.listen({ hostname: config.host, port: config.port }).close();
    return ok("port", `${where} is free`);
  } catch (err) {
    const fix = err instanceof Deno.errors.AddrInUse
      ? `stop what listens on ${where}, or pass --port P (0 picks a free one)`
      : `pass a --host this machine has and a --port it may open (${(err as Error).name})`;
    return bad("port", "fail", `cannot listen on ${where}: ${(err as Error).message}`, fix);
  }
}

export function configFileCheck(path: string | null): Check {
  if (!path) return ok("config", "no --config file (none needed)");
  try {
    const op = loadConfigFile(path);
    return ok(
      "config",
      `${path}: ${Object.keys(op.secrets).length} secrets, ${op.approvals.length} approval rules`,
    );
  } catch (err) {
    return bad(
      "config",
      "fail",
      (err as Error).message,
      `correct ${path} where the message says (README: Security)`,
    );
  }
}

export function tokenCheck(config: Config, refused: boolean): Check {
  if (isLoopbackHost(config.host)) return ok("token", `${config.host} is loopback: a token is optional`);
  if (config.token) return ok("token", `${config.host} is not loopback, and a token is set`);
  const fix = 'pass --token "$(openssl rand -hex 16)" (or PORTHOLE_TOKEN)';
  if (refused) return bad("token", "fail", `${config.host} is not loopback and no token is set`, fix);
  return bad("token", "warn", `${config.host} is open without a token (--allow-no-token)`, fix);
}
