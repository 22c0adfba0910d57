/**
 * The clients as their users install them: the TypeScript client packed with `npm pack` and installed
 * from the tarball into an empty folder, the Python client pip-installed into a fresh venv. Each lives
 * in a temporary folder removed on dispose (`await using`).
 */
import { join } from "node:path";
import { cleanEnv } from "./proc.ts";
import { disposing, type Pages, Porthole, Site } from "./harness.ts";

export const ROOT = join(import.meta.dirname!, "..", "..");

/** Runs a command to its end; its exit code and its output (stdout, then stderr). */
export async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = await new Deno.Command(cmd, {
    args,
    cwd,
    env: cleanEnv(env),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
  return { code: r.code, out };
}

/**
 * What a loop runs against: a real Porthole with `token` and a site with `pages`, and the environment
 * the loops read them from (PORTHOLE_URL, PORTHOLE_TOKEN).
 */
export async function loopTarget(token: string, pages: Pages) {
  const site = new Site(pages);
  const ph = await Porthole.start((c) => (c.token = token));
  return disposing({ ph, site, env: { PORTHOLE_URL: ph.url, PORTHOLE_TOKEN: token } }, ph, site);
}

/** `run` that throws with the output when the command fails. */
export async function must(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = await run(cmd, args, cwd, env);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.code} in ${cwd}:\n${r.out}`);
  return r.out;
}

/** A temporary folder, removed with everything in it on dispose. */
export async function tempDir(prefix: string): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ prefix });
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}

async function onPath(cmd: string): Promise<boolean> {
  return (await run("sh", ["-c", `command -v ${cmd}`], ROOT)).code === 0;
}

/**
 * A Debian package installed with apt-get (CI runs as root on a fresh Debian machine); elsewhere a
 * precise error that says what to install.
 */
async function aptInstall(pkg: string): Promise<void> {
  if (Deno.uid() !== 0 || !await onPath("apt-get")) {
    throw new Error(`this test needs the Debian package ${pkg} (apt-get install ${pkg})`);
  }
  console.log(`clients: apt-get install ${pkg}`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  // Two test files may want a package at once: the second waits for the first's dpkg lock.
  const wait = ["-o", "DPkg::Lock::Timeout=300"];
  await must("apt-get", [...wait, "update", "-qq"], ROOT, env);
  await must("apt-get", [...wait, "install", "-y", "-qq", "--no-install-recommends", pkg], ROOT, env);
}

/** `cmd` on PATH, from its Debian package if it is not yet (e.g. curl on a bare machine). */
export async function ensureCommand(cmd: string, pkg = cmd): Promise<void> {
  if (!await onPath(cmd)) await aptInstall(pkg);
}

const TS_CLIENT = join(ROOT, "clients", "typescript");
const TS_SOURCES = ["package.json", "package-lock.json", "tsconfig.json", "README.md", "src"];

/**
 * `npm ci` and `npm pack` (its `prepack` compiles src/ to dist/ with tsc) in a copy of
 * clients/typescript, so the repository gets no node_modules; the tarball's path.
 */
export async function packTsClient(into: string): Promise<string> {
  const copy = join(into, "client-src");
  await Deno.mkdir(copy);
  for (const f of TS_SOURCES) await must("cp", ["-r", join(TS_CLIENT, f), copy], ROOT);
  await must("npm", ["ci", "--no-audit", "--no-fund"], copy);
  await must("npm", ["pack", "--pack-destination", into], copy);
  const tarballs = [...Deno.readDirSync(into)].map((e) => e.name).filter((n) => n.endsWith(".tgz"));
  if (tarballs.length !== 1) throw new Error(`npm pack made ${JSON.stringify(tarballs)} in ${into}`);
  return join(into, tarballs[0]);
}

/** An empty folder where `npm i <tarball> …more` ran: the packed client as a user installs it. */
export async function installTsClient(tarball: string, ...more: string[]) {
  const dir = await tempDir("porthole-ts-client-");
  await must("npm", ["i", "--no-audit", "--no-fund", tarball, ...more], dir.path);
  return dir;
}

/** A fresh venv with `pip install ./clients/python` done, `--no-index`: nothing may be downloaded. */
export async function pythonVenv() {
  const dir = await tempDir("porthole-py-client-");
  const venv = join(dir.path, "venv");
  // Debian's python3 makes a venv (with pip in it) only once python3-venv is installed.
  if ((await run("python3", ["-m", "venv", venv], ROOT)).code !== 0) {
    await aptInstall("python3-venv");
    await must("python3", ["-m", "venv", "--clear", venv], ROOT);
  }
  const python = join(venv, "bin", "python");
  const env = { PYTHONDONTWRITEBYTECODE: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
  await must(python, ["-m", "pip", "install", "--no-index", "./clients/python"], ROOT, env);
  return Object.assign(dir, { python });
}
