/**
 * The test-only npm libraries (tests/realworld/libs/package.json, never part of Porthole's
 * runtime): the gauntlet bundles them into its fixture pages, and a few tests serve one as it is.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

// The libraries' own folder: a package.json beside the runner's files would be taken by Deno for
// theirs, so it sits one level down.
export const LIBS = join(import.meta.dirname!, "..", "realworld", "libs");
export const MODULES = join(LIBS, "node_modules");
export const LOCK = join(LIBS, "package-lock.json");

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Installs the test-only libraries (`npm ci`, from the committed lock file) unless the installed
 * tree is from this lock already.
 */
export async function ensureLibraries(): Promise<void> {
  const lock = await Deno.readTextFile(LOCK);
  const stamp = join(MODULES, ".gauntlet-lock-sha256");
  const want = await sha256(lock);
  if (existsSync(stamp) && (await Deno.readTextFile(stamp)).trim() === want) return;
  const npm = Deno.build.os === "windows" ? "npm.cmd" : "npm";
  const out = await new Deno.Command(npm, {
    args: ["ci", "--no-audit", "--no-fund", "--ignore-scripts"],
    cwd: LIBS,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `npm ci in tests/realworld/libs failed:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`,
    );
  }
  await Deno.writeTextFile(stamp, want);
}

/** A file of an installed test-only library, as served text (`jquery-ui-dist/jquery-ui.min.js`). */
export async function libraryFile(path: string): Promise<string> {
  await ensureLibraries();
  return await Deno.readTextFile(join(MODULES, path));
}
