/**
 * The real-world gauntlet beside its peer: every task of tests/realworld/tasks.ts solved through
 * Porthole's HTTP observe and act, then the same task through Playwright MCP (a real MCP server
 * over stdio, driven with the MCP SDK client as an agent drives it), on the same pages served once.
 * The page's own outcome decides solved for both, never a tool's answer.
 *
 *   deno task realworld:peer [filter] [--peer-only] [--show]
 *
 * Prints a row per task and, without a filter, writes bench/realworld_peer.md: per task each
 * side's solved, acts and bytes (every reply its policy read), and Porthole's bytes over
 * Playwright MCP's. `--peer-only` runs Playwright MCP alone; `--show` prints each final tree.
 */
import { join } from "node:path";
import { type Row, runPorthole, serveFixtures } from "../tests/realworld/gauntlet.ts";
import { peerSandbox, playwrightMcpVersion, runPeer } from "../tests/realworld/playwright_mcp.ts";
import { TASKS } from "../tests/realworld/tasks.ts";
import { loadAverage } from "./machine.ts";
import { writeMarkdown } from "./markdown.ts";

const show = Deno.args.includes("--show");
const peerOnly = Deno.args.includes("--peer-only");
const filter = Deno.args.find((a) => !a.startsWith("--"));
const tasks = TASKS.filter((t) => !filter || t.library.includes(filter) || t.task.includes(filter));

const print = (side: string) => (r: Row) =>
  console.log(
    `${side.padEnd(14)} ${r.solved ? "solved" : "FAILED"}  ${r.library}: ${r.task} — ${r.acts} acts, ` +
      `${r.bytes} B, ${r.ms} ms` +
      (r.error ? `\n    first error: ${r.error.split("\n").join("\n    ")}` : "") +
      (show || !r.solved ? `\n    outcome: ${JSON.stringify(r.outcome)}\n${r.tree}` : ""),
  );

const loadBefore = loadAverage();
await using fixtures = await serveFixtures(tasks);
const porthole = peerOnly ? [] : await runPorthole(tasks, fixtures, print("Porthole"));
const peer = await runPeer(tasks, fixtures, print("Playwright MCP"));
const loadAfter = loadAverage();

/** The median of `xs` (the mean of the middle two for an even count). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const cell = (r: Row) => [
  r.solved ? "yes" : "no",
  String(r.acts),
  String(r.observations),
  `${r.bytes} (${r.treeBytes})`,
];
const lines = [
  "| Library | Task | Porthole solved | Acts | Trees | Bytes (trees) | Playwright MCP solved | Acts | Snapshots " +
  "| Bytes (snapshots) | Bytes ratio | Tree ratio |",
  "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
];
const ratios: number[] = [];
const treeRatios: number[] = [];
/** Porthole's bytes per tree read over Playwright MCP's per snapshot read. */
const perTreeRatios: number[] = [];
let fewerOrEqual = 0;
for (const [n, p] of peer.entries()) {
  const ph = porthole[n];
  const ratio = ph ? ph.bytes / p.bytes : NaN;
  const treeRatio = ph ? ph.treeBytes / p.treeBytes : NaN;
  if (ph) {
    ratios.push(ratio);
    treeRatios.push(treeRatio);
    perTreeRatios.push((ph.treeBytes / ph.observations) / (p.treeBytes / p.observations));
    if (ph.acts <= p.acts) fewerOrEqual++;
  }
  lines.push(
    `| ${p.library} | ${p.task} | ${(ph ? cell(ph) : ["", "", "", ""]).join(" | ")} | ${
      cell(p).join(" | ")
    } | ${ph ? ratio.toFixed(2) : ""} | ${ph ? treeRatio.toFixed(2) : ""} |`,
  );
}
const summary = porthole.length
  ? `Porthole solves ${
    porthole.filter((r) => r.solved).length
  } of ${porthole.length} tasks, Playwright MCP ` +
    `${peer.filter((r) => r.solved).length}; Porthole needs no more acts than Playwright MCP on ` +
    `${fewerOrEqual} of ${peer.length}; Porthole's bytes over Playwright MCP's: median ` +
    `${median(ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}; its trees' bytes over Playwright ` +
    `MCP's snapshots': median ${median(treeRatios).toFixed(2)}, max ${Math.max(...treeRatios).toFixed(2)}; ` +
    `per tree read, median ${median(perTreeRatios).toFixed(2)}.`
  : `Playwright MCP solves ${peer.filter((r) => r.solved).length} of ${peer.length} tasks.`;
const errors = [
  ...porthole.map((r) => ["Porthole", r] as const),
  ...peer.map((r) => ["Playwright MCP", r] as const),
]
  .filter(([, r]) => r.error)
  .map(([side, r]) => `- ${side}, ${r.library} (${r.task}): ${r.error!.replace(/\s+/g, " ").slice(0, 300)}`);
const md = lines.join("\n");
console.log(`\n${md}\n\n${summary}\n${errors.join("\n")}`);

if (!filter && !peerOnly) {
  await writeMarkdown(
    join(import.meta.dirname!, "realworld_peer.md"),
    `# Real-world gauntlet: Porthole beside Playwright MCP\n\n` +
      `Written by \`deno task realworld:peer\` (bench/realworld_peer.ts). The same pages, the same tasks: ` +
      `Porthole through HTTP observe and act (minimal answers; acts go on blind with fresh "stateId", and the policy reads the page with observe since when it needs to; the country picker's asks find for its search field rather than reading the list of countries), Playwright MCP ${playwrightMcpVersion()} through its tools ` +
      `over stdio (headless, \`--isolated\`, Debian's chromium-headless-shell, ${peerSandbox()}). The page's ` +
      `own outcome decides solved. Acts are the calls that act on the page (Porthole's act; Playwright ` +
      `MCP's click, type, press_key, drag, evaluate, ...); bytes are the text of every reply a policy read ` +
      `(Porthole's HTTP replies as JSON; in brackets, the trees or snapshots alone, counted in the Trees ` +
      `and Snapshots columns). Playwright MCP's act replies link the snapshot in a file, so its policy ` +
      `calls browser_snapshot when it needs refs it has not seen or checks a result. Bytes and tree ratios are Porthole's over ` +
      `Playwright MCP's. Load average ${loadBefore} before, ${loadAfter} after.\n\n${md}\n\n${summary}\n` +
      (errors.length ? `\nFirst errors:\n\n${errors.join("\n")}\n` : ""),
  );
}
Deno.exit(porthole.every((r) => r.solved) && peer.every((r) => r.solved) ? 0 : 1);
