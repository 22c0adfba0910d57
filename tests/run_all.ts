/**
 * The whole test suite in one command (`deno task test`).
 *
 * 1. `main.ts browser install`, so the real-Chromium tests have a browser on a fresh
 *    machine (skip with PORTHOLE_SKIP_BROWSER_INSTALL=1).
 * 2. `deno test -A --parallel tests/`, output streamed live (every test lives under tests/).
 * 3. A last line `N passed, N failed, N skipped` read from deno's summary; the exit
 *    code is non-zero when anything failed or no test ran at all.
 *
 * Extra arguments go to `deno test`: flags (`--filter act`) are added, paths replace
 * the default folders. The summary is read from deno's default (pretty) reporter.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname!, "..");
const DEFAULT_PATHS = ["tests/"];
const DENO = Deno.execPath();

/** Counts read from deno test's closing summary line. */
export interface Summary {
  passed: number;
  failed: number;
  ignored: number;
}

// deno test closes with e.g. `ok | 12 passed | 0 failed (1s)` or
// `FAILED | 10 passed (3 steps) | 2 failed | 1 ignored (2s)`.
const SUMMARY =
  /^(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/;

// deno colours its output even when piped; parse the plain text.
// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/** Reads deno test's summary from one line of its output, or null if it is not one. */
export function parseSummary(line: string): Summary | null {
  const m = SUMMARY.exec(line.replace(ANSI, "").trim());
  if (!m) return null;
  return { passed: Number(m[1]), failed: Number(m[2]), ignored: Number(m[3] ?? 0) };
}

/** The closing line CI reads. */
export function formatSummary(s: Summary): string {
  return `${s.passed} passed, ${s.failed} failed` + (s.ignored ? `, ${s.ignored} skipped` : "");
}

async function installBrowser(): Promise<boolean> {
  if (Deno.env.get("PORTHOLE_SKIP_BROWSER_INSTALL") === "1") {
    console.log("run_all: PORTHOLE_SKIP_BROWSER_INSTALL=1, not installing a browser");
    return true;
  }
  console.log("run_all: deno run -A main.ts browser install");
  let code = 1;
  try {
    const child = new Deno.Command(DENO, {
      args: ["run", "-A", "main.ts", "browser", "install"],
      cwd: ROOT,
      stdin: "null",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    code = (await child.status).code;
  } catch (e) {
    console.error(`run_all: could not start deno: ${e}`);
  }
  if (code !== 0) console.error(`run_all: browser install exited with code ${code}`);
  return code === 0;
}

// deno test flags whose value may follow as the next argument.
const VALUE_FLAGS = new Set(["--filter", "--reporter", "--junit-path"]);

/** Splits extra arguments into deno test flags (with their values) and test paths. */
export function splitArgs(args: string[]): { flags: string[]; paths: string[] } {
  const flags: string[] = [];
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (VALUE_FLAGS.has(a) && i + 1 < args.length) flags.push(a, args[++i]);
    else if (a.startsWith("-")) flags.push(a);
    else paths.push(a);
  }
  return { flags, paths };
}

/** Runs deno test, echoing its stdout as it comes, and returns its exit code and summary. */
async function runTests(args: string[]): Promise<{ code: number; summary: Summary | null }> {
  const { flags, paths: given } = splitArgs(args);
  // deno test fails on a path that does not exist; an empty folder is fine.
  const paths = (given.length ? given : DEFAULT_PATHS).filter((p) => existsSync(join(ROOT, p)));
  const testArgs = ["test", "-A", "--parallel", ...flags, ...paths];
  console.log(`run_all: deno ${testArgs.join(" ")}`);
  const child = new Deno.Command(DENO, {
    args: testArgs,
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();

  let summary: Summary | null = null;
  let pending = "";
  const decoder = new TextDecoder();
  const scan = (text: string) => {
    for (const line of text.split("\n")) summary = parseSummary(line) ?? summary;
  };
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    pending += decoder.decode(chunk, { stream: true });
    const cut = pending.lastIndexOf("\n");
    if (cut >= 0) {
      scan(pending.slice(0, cut));
      pending = pending.slice(cut + 1);
    }
  }
  scan(pending + decoder.decode());
  const { code } = await child.status;
  return { code, summary };
}

if (import.meta.main) {
  const installed = await installBrowser();
  if (!installed) {
    console.error("run_all: no browser, so the real-Chromium tests cannot run; stopping");
    console.log(formatSummary({ passed: 0, failed: 0, ignored: 0 }));
    Deno.exit(1);
  }
  const { code, summary } = await runTests(Deno.args);
  const counts = summary ?? { passed: 0, failed: 0, ignored: 0 };
  if (!summary) console.error(`run_all: deno test exited with code ${code} without a summary`);
  else if (counts.passed + counts.failed === 0) console.error("run_all: no test ran");
  else if (code !== 0 && counts.failed === 0) console.error(`run_all: deno test exited with code ${code}`);
  console.log(formatSummary(counts));
  const ok = code === 0 && summary !== null && counts.failed === 0 && counts.passed > 0;
  Deno.exit(ok ? 0 : 1);
}
