/**
 * The runtime stage's root filesystem without Docker: debootstrap a minimal Debian of the
 * stage's suite once, then install the stage's packages into a copy. Both are cached under
 * .cache/container/ (gitignored), keyed by suite and package list, so a re-run takes seconds.
 */
import { join } from "node:path";
import type { RuntimeStage } from "./dockerfile.ts";

export const CACHE = join(import.meta.dirname!, "..", "..", ".cache", "container");
const MIRROR = Deno.env.get("PORTHOLE_DEBIAN_MIRROR") ?? "http://deb.debian.org/debian";

async function sh(cmd: string, args: string[], quiet = false): Promise<string> {
  const r = await new Deno.Command(cmd, { args, stdin: "null", stdout: "piped", stderr: "piped" }).output();
  const out = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.code}:\n${out.slice(-3000)}`);
  if (!quiet && out.trim()) console.log(out.trim().split("\n").slice(-3).join("\n"));
  return out;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** debootstrap and runc, installed with apt-get when missing (the test runs as root). */
export async function ensureTools(): Promise<void> {
  const missing = [["debootstrap", "/usr/sbin/debootstrap"], ["runc", "/usr/sbin/runc"]]
    .filter(([, path]) => !exists(path) && !exists(path.replace("/sbin/", "/bin/")))
    .map(([name]) => name);
  if (!missing.length) return;
  console.log(`container: apt-get install ${missing.join(" ")}`);
  await sh("apt-get", ["update", "-qq"], true);
  await sh("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], true);
}

async function key(stage: RuntimeStage): Promise<string> {
  const text = JSON.stringify([stage.suite, stage.aptFlags, stage.packages]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function chrootApt(root: string, args: string[]): Promise<string> {
  await sh("mount", ["-t", "proc", "proc", join(root, "proc")], true);
  try {
    return await sh("chroot", [root, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args], true);
  } finally {
    await sh("umount", ["-l", join(root, "proc")], true).catch(() => {});
  }
}

/** The minimal Debian of the stage's suite (cached). */
export async function baseRootfs(suite: string): Promise<string> {
  const dir = join(CACHE, `base-${suite}`);
  if (exists(join(dir, "etc", "os-release"))) return dir;
  await Deno.mkdir(CACHE, { recursive: true });
  const tmp = `${dir}.tmp`;
  await Deno.remove(tmp, { recursive: true }).catch(() => {});
  console.log(`container: debootstrap --variant=minbase ${suite}`);
  await sh("debootstrap", ["--variant=minbase", suite, tmp, MIRROR], true);
  await Deno.rename(tmp, dir);
  return dir;
}

/** The runtime stage's root filesystem (cached); also says how many packages apt installed. */
export async function runtimeRootfs(stage: RuntimeStage): Promise<{ root: string; installed: number }> {
  const dir = join(CACHE, `rootfs-${stage.suite}-${await key(stage)}`);
  const note = join(CACHE, `${dir.split("/").at(-1)}.installed`);
  if (exists(join(dir, "usr", "bin", "tini")) && exists(note)) {
    return { root: dir, installed: Number(await Deno.readTextFile(note)) };
  }
  const base = await baseRootfs(stage.suite);
  const tmp = `${dir}.tmp`;
  await Deno.remove(tmp, { recursive: true }).catch(() => {});
  await sh("cp", ["-a", base, tmp], true);
  await Deno.copyFile("/etc/resolv.conf", join(tmp, "etc", "resolv.conf")).catch(() => {});
  console.log(`container: apt-get install ${stage.aptFlags.join(" ")} ${stage.packages.join(" ")}`);
  await chrootApt(tmp, ["update", "-qq"]);
  const out = await chrootApt(tmp, ["install", "-q", ...stage.aptFlags, ...stage.packages]);
  const installed = Number(/(\d+) newly installed/.exec(out)?.[1] ?? 0);
  await chrootApt(tmp, ["clean"]);
  await Deno.remove(join(tmp, "var", "lib", "apt", "lists"), { recursive: true }).catch(() => {});
  await Deno.rename(tmp, dir);
  await Deno.writeTextFile(note, String(installed));
  return { root: dir, installed };
}
