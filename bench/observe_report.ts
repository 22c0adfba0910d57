/**
 * The observation benchmark's report: its own key `observe` in bench/results.json and its own
 * section in bench/results.md, next to the act numbers (the act benchmark keeps both).
 */
import type { MachineFacts } from "./machine.ts";
import { round, type Summary } from "./stats.ts";

const ratio = (a: number, b: number) => b > 0 ? round(a / b) : NaN;

export interface PageResult {
  label: string;
  path: string;
  axNodes: number;
  latency: Record<"floor" | "full" | "interactive" | "minimal" | "uncapped" | "pwDefault" | "pwAi", Summary>;
  bytes: Record<string, number>;
  truncated: Record<string, boolean>;
  /** Refs of the uncapped full tree, and how many of them a tier lost (-1: not comparable). */
  refs: { uncapped: number; interactiveMissing: number; minimalMissing: number };
}

export interface ObserveResults {
  date: string;
  machine: MachineFacts & { loadAverageBefore: string; loadAverageAfter: string };
  chromium: string;
  playwright: string;
  settings: Record<string, unknown>;
  pages: PageResult[];
  sinceAfterClickBytes: Summary;
  elapsedSeconds: number;
}

export const SECTION_START = "<!-- observe benchmark: written by bench/observe.ts -->";
export const SECTION_END = "<!-- end of observe benchmark -->";

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map((_, i) => (i === 0 ? "---" : "--:"))), ...rows.map(line)].join("\n");
}

const kib = (n: number | undefined) => n === undefined ? "–" : `${Math.round(n / 102.4) / 10} KiB`;
const verdict = (ok: boolean) => ok ? "met" : "missed";

export function observeMarkdown(r: ObserveResults): string {
  const p50 = (p: PageResult, k: keyof PageResult["latency"]) => p.latency[k].p50;
  const latency = table(
    [
      "page (AX nodes)",
      "CDP getFullAXTree",
      "Porthole full",
      "interactive",
      "minimal",
      "uncapped full",
      "Playwright default",
      "Playwright ai",
      "full ÷ ai",
    ],
    r.pages.map((p) => [
      `${p.label} (${p.axNodes})`,
      `${p50(p, "floor")} / ${p.latency.floor.p95}`,
      `${p50(p, "full")} / ${p.latency.full.p95}`,
      `${p50(p, "interactive")} / ${p.latency.interactive.p95}`,
      `${p50(p, "minimal")} / ${p.latency.minimal.p95}`,
      `${p50(p, "uncapped")} / ${p.latency.uncapped.p95}`,
      `${p50(p, "pwDefault")} / ${p.latency.pwDefault.p95}`,
      `${p50(p, "pwAi")} / ${p.latency.pwAi.p95}`,
      `${ratio(p50(p, "full"), p50(p, "pwAi"))}×`,
    ]),
  );
  const sizes = table(
    [
      "page",
      "getFullAXTree JSON",
      "full",
      "interactive",
      "minimal",
      "uncapped full",
      "Playwright default",
      "Playwright ai",
      "interactive ÷ ai",
      "refs (uncapped)",
      "lost by interactive / minimal",
    ],
    r.pages.map((p) => [
      p.label,
      kib(p.bytes.floor),
      `${kib(p.bytes.full)}${p.truncated.full ? " (cut)" : ""}`,
      `${kib(p.bytes.interactive)}${p.truncated.interactive ? " (cut)" : ""}`,
      `${kib(p.bytes.minimal)}${p.truncated.minimal ? " (cut)" : ""}`,
      kib(p.bytes.uncapped),
      kib(p.bytes.pwDefault),
      kib(p.bytes.pwAi),
      `${Math.round((p.bytes.interactive / p.bytes.pwAi) * 100)}%`,
      p.refs.uncapped,
      `${p.refs.interactiveMissing} / ${p.refs.minimalMissing}`,
    ]),
  );
  const faster = r.pages.every((p) => p50(p, "full") <= p50(p, "pwAi"));
  const small = r.pages.filter((p) => /list|article/.test(p.path))
    .every((p) => p.bytes.interactive <= 0.5 * p.bytes.pwAi);
  const capped = r.pages.every((p) =>
    ["full", "interactive", "minimal"].every((t) => p.bytes[t] <= 48 * 1024)
  );
  const cheapCut = r.pages.every((p) => p50(p, "full") <= p50(p, "uncapped"));
  const since = r.sinceAfterClickBytes;
  return [
    SECTION_START,
    "",
    "## Observation benchmark",
    "",
    `Written by \`deno task bench:observe\` (bench/observe.ts) on ${r.date}; ${r.chromium}, ${r.playwright}, ` +
    `${r.machine.nproc} CPUs, load ${r.machine.loadAverageBefore} → ${r.machine.loadAverageAfter}. ` +
    `${r.settings.completedIterations} interleaved iterations after ${r.settings.warmup} warm-up ` +
    `(${r.elapsedSeconds} s). Porthole is timed over HTTP from request to parsed body; Playwright's ` +
    "`ariaSnapshot` in-process, on a second Chromium from the same binary and flags; the floor is " +
    '`Accessibility.getFullAXTree` alone on an open CDP session. "Uncapped full" is Porthole with a 64 MiB cap.',
    "",
    "### Latency, p50 / p95 (ms)",
    "",
    latency,
    "",
    "### Bytes",
    "",
    sizes,
    "",
    "### Targets",
    "",
    table(["target", "result"], [
      ["observe p50 over HTTP ≤ 1.0× Playwright ai on every page", verdict(faster)],
      ["interactive ≤ 50% of Playwright ai bytes on the list and article pages", verdict(small)],
      [
        `since after one click on the ~3,500-node list < 2 KiB (p50 ${since.p50} B, max ${since.max} B)`,
        verdict(since.max < 2048),
      ],
      ["every observation ≤ 48 KiB", verdict(capped)],
      ["a capped observation takes no longer than the uncapped full tree (p50)", verdict(cheapCut)],
    ]),
    "",
    SECTION_END,
    "",
  ].join("\n");
}

/** Replace the observe section of results.md (or append it) and the `observe` key of results.json. */
export async function writeObserveResults(r: ObserveResults, dir: URL): Promise<void> {
  const jsonFile = new URL("results.json", dir);
  const mdFile = new URL("results.md", dir);
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(await Deno.readTextFile(jsonFile));
  } catch { /* first run */ }
  json.observe = r;
  await Deno.writeTextFile(jsonFile, JSON.stringify(json, null, 2) + "\n");
  let md = "";
  try {
    md = await Deno.readTextFile(mdFile);
  } catch { /* first run */ }
  await Deno.writeTextFile(mdFile, withSection(md, observeMarkdown(r)));
  await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", jsonFile.pathname, mdFile.pathname],
    stdout: "null",
    stderr: "null",
  }).output();
}

/** `md` with its observe section replaced by `section` (appended when it has none). */
export function withSection(md: string, section: string): string {
  const a = md.indexOf(SECTION_START);
  const b = md.indexOf(SECTION_END);
  if (a >= 0 && b > a) return md.slice(0, a) + section + md.slice(b + SECTION_END.length).replace(/^\n+/, "");
  return (md.endsWith("\n") || md === "" ? md : md + "\n") + "\n" + section;
}
