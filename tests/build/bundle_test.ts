/**
 * The single-file build: `dist/porthole.js` must run on its own, from a folder with no
 * deno.json and no node_modules, exactly as it is shipped and as `deno compile` takes it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = join(import.meta.dirname!, "..", "..");
const DENO = Deno.execPath();
const LISTEN_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 15_000;

/** The environment of a user who has only the bundle: no PORTHOLE_* settings, no package.json. */
function bareEnv(): Record<string, string> {
  const env = Deno.env.toObject();
  for (const key of Object.keys(env)) if (key.startsWith("PORTHOLE_")) delete env[key];
  return { ...env, DENO_NO_PACKAGE_JSON: "1", NO_COLOR: "1" };
}

function bundleCommand(dir: string, args: string[], piped: boolean): Deno.Command {
  return new Deno.Command(DENO, {
    args: ["run", "-A", "--unstable-no-legacy-abort", "--no-config", "porthole.js", ...args],
    cwd: dir,
    env: bareEnv(),
    clearEnv: true,
    stdin: "null",
    stdout: piped ? "piped" : "null",
    stderr: piped ? "piped" : "null",
  });
}

/** Reads a stream to the end, calling onLine for each complete line; returns all text. */
async function readLines(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): Promise<string> {
  let all = "";
  let pending = "";
  for await (const text of stream.pipeThrough(new TextDecoderStream())) {
    all += text;
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    lines.forEach(onLine);
  }
  if (pending) onLine(pending);
  return all;
}

/** Signals a child that may already have exited. */
function kill(child: Deno.ChildProcess, signal: Deno.Signal): void {
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
}

async function buildInto(dir: string): Promise<void> {
  const started = performance.now();
  const out = await new Deno.Command(DENO, {
    args: ["run", "-A", "build/bundle.ts"],
    cwd: ROOT,
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  assert.equal(out.code, 0, `bundle failed:\n${dec.decode(out.stdout)}${dec.decode(out.stderr)}`);
  await Deno.copyFile(join(ROOT, "dist", "porthole.js"), join(dir, "porthole.js"));
  const { size } = await Deno.stat(join(dir, "porthole.js"));
  console.log(
    `  dist/porthole.js: ${(size / 1024 / 1024).toFixed(2)} MiB, built in ${
      Math.round(performance.now() - started)
    } ms`,
  );
}

Deno.test("dist/porthole.js runs alone: --version, serve, /health, exit 0 on SIGTERM", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "porthole_bundle_" });
  try {
    if (!await t.step("build/bundle.ts writes dist/porthole.js", () => buildInto(dir))) return;

    let version = "";
    const versionOk = await t.step("--version prints a semver", async () => {
      const out = await bundleCommand(dir, ["--version"], true).output();
      const dec = new TextDecoder();
      const stdout = dec.decode(out.stdout);
      assert.equal(out.code, 0, `--version exited ${out.code}:\n${stdout}${dec.decode(out.stderr)}`);
      const m = /\b\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?\b/.exec(stdout);
      assert.ok(m, `no version in ${JSON.stringify(stdout)}`);
      version = m[0];
    });
    if (!versionOk) return;

    await t.step("serve --port 0 answers /health and exits 0 on SIGTERM", async () => {
      const child = bundleCommand(dir, ["serve", "--port", "0"], true).spawn();
      let url = "";
      let onListening!: (url: string) => void;
      const listening = new Promise<string>((resolve) => onListening = resolve);
      const stdout = readLines(child.stdout, (line) => {
        const m = /^porthole listening on (http:\/\/\S+)$/.exec(line.trim());
        if (m && !url) onListening(url = m[1]);
      });
      const stderr = readLines(child.stderr, () => {});
      const exited = child.status;

      // Never leave the server behind: a timeout kills it and the assertions below fail.
      let timer = setTimeout(() => kill(child, "SIGKILL"), LISTEN_TIMEOUT_MS);
      try {
        await Promise.race([listening, exited]);
        if (!url) {
          const { code } = await exited;
          assert.fail(`exit code ${code} without "porthole listening on"; stderr:\n${await stderr}`);
        }

        const res = await fetch(`${url}/health`);
        assert.equal(res.status, 200);
        const body = await res.json();
        assert.deepEqual(body, { status: "ok", version: "0.9.0", porthole: version });
        // The web UI is inside the bundle: no file beside it is read.
        const ui = await fetch(`${url}/ui`);
        assert.equal(ui.status, 200);
        assert.match(await ui.text(), /<script type="module" src="\/ui\/app\.js">/);
        assert.match(ui.headers.get("content-security-policy") ?? "", /default-src 'self'/);
        const js = await fetch(`${url}/ui/app.js`);
        assert.equal(js.status, 200);
        assert.ok((await js.text()).length > 10_000, "the UI's script is served");
      } catch (e) {
        kill(child, "SIGKILL");
        await Promise.allSettled([exited, stdout, stderr]);
        throw e;
      } finally {
        clearTimeout(timer);
      }

      child.kill("SIGTERM");
      timer = setTimeout(() => kill(child, "SIGKILL"), EXIT_TIMEOUT_MS);
      try {
        const status = await exited;
        const [, err] = await Promise.all([stdout, stderr]);
        assert.equal(status.signal, null, `killed by ${status.signal}; stderr:\n${err}`);
        assert.equal(status.code, 0, `exit code ${status.code} after SIGTERM; stderr:\n${err}`);
      } finally {
        clearTimeout(timer);
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
