/**
 * Bytes per MiniWoB-style episode beside Playwright MCP: every episode of
 * tests/realworld/miniwob.ts (small pages following MiniWoB++'s tasks, seeded instructions,
 * rewards the pages report themselves) solved through Porthole's HTTP observe and act, then
 * through Playwright MCP's tools over stdio, on the same pages served once. Both policies read
 * the instruction from the observation and find refs by role and name; the page's reward decides
 * solved, never a tool's answer.
 *
 *   deno task miniwob:peer [filter] [--show]
 *
 * Prints a row per episode and, without a filter, writes bench/miniwob_peer.md: per episode each
 * side's solved, acts and bytes (every reply its policy read; in brackets the trees or snapshots
 * alone), Porthole's bytes over Playwright MCP's, the median of those ratios, and each side's bytes
 * per solved episode.
 */
import { join } from "node:path";
import { type Row, runPorthole, serveFixtures } from "../tests/realworld/gauntlet.ts";
import { EPISODES } from "../tests/realworld/miniwob.ts";
import { peerSandbox, playwrightMcpVersion, runPeer } from "../tests/realworld/playwright_mcp.ts";
import { loadAverage } from "./machine.ts";
import { median } from "./stats.ts";
import { writeMarkdown } from "./markdown.ts";

const show = Deno.args.includes("--show");
const filter = Deno.args.find((a) => !a.startsWith("--"));
const episodes = EPISODES.filter((e) => !filter || e.kind.includes(filter));

const print = (side: string) => (r: Row) =>
  console.log(
    `${side.padEnd(14)} ${
      r.solved ? "solved" : "FAILED"
    }  ${r.kind} — ${r.acts} acts, ${r.bytes} B, ${r.ms} ms` +
      (r.error ? `\n    first error: ${r.error.split("\n").join("\n    ")}` : "") +
      (show || !r.solved ? `\n    outcome: ${JSON.stringify(r.outcome)}\n${r.tree}` : ""),
  );

const loadBefore = loadAverage();
await using fixtures = await serveFixtures(episodes);
const porthole = await runPorthole(episodes, fixtures, print("Porthole"));
const peer = await runPeer(episodes, fixtures, print("Playwright MCP"));
const loadAfter = loadAverage();

/** Bytes read per solved episode: all bytes of the solved episodes over their count. */
function perSolved(rows: Row[]): number {
  const solved = rows.filter((r) => r.solved);
  return solved.length ? Math.round(solved.reduce((n, r) => n + r.bytes, 0) / solved.length) : NaN;
}

const cell = (r: Row) => [r.solved ? "yes" : "no", String(r.acts), `${r.bytes} (${r.treeBytes})`];
const lines = [
  "| Episode | Porthole solved | Acts | Bytes (trees) | Playwright MCP solved | Acts | Bytes (snapshots) | Bytes ratio |",
  "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |",
];
const ratios = porthole.map((ph, n) => ph.bytes / peer[n].bytes);
for (const [n, ph] of porthole.entries()) {
  lines.push(
    `| ${ph.kind} | ${cell(ph).join(" | ")} | ${cell(peer[n]).join(" | ")} | ${ratios[n].toFixed(2)} |`,
  );
}
const [phSolved, peerSolved] = [porthole, peer].map((rows) => rows.filter((r) => r.solved).length);
const [phPer, peerPer] = [perSolved(porthole), perSolved(peer)];
const [phTrees, peerTrees] = [porthole, peer].map((rows) => rows.reduce((n, r) => n + r.treeBytes, 0));
const summary = `Porthole solves ${phSolved} of ${porthole.length} episodes, Playwright MCP ${peerSolved}. ` +
  `Bytes read per solved episode: Porthole ${phPer}, Playwright MCP ${peerPer} (Porthole's over Playwright ` +
  `MCP's: ${(phPer / peerPer).toFixed(2)}). Porthole's bytes over Playwright MCP's per episode: median ` +
  `${median(ratios).toFixed(2)}, min ${Math.min(...ratios).toFixed(2)}, max ${
    Math.max(...ratios).toFixed(2)
  }. ` +
  `Of all the bytes, the trees and changes Porthole read: ${phTrees} B, Playwright MCP's snapshots: ${peerTrees} B ` +
  `(${(phTrees / peerTrees).toFixed(2)}); the rest is the replies' other fields.`;
const errors = [
  ...porthole.map((r) => ["Porthole", r] as const),
  ...peer.map((r) => ["Playwright MCP", r] as const),
]
  .filter(([, r]) => r.error)
  .map(([side, r]) => `- ${side}, ${r.kind}: ${r.error!.replace(/\s+/g, " ").slice(0, 300)}`);
const md = lines.join("\n");
console.log(`\n${md}\n\n${summary}\n${errors.join("\n")}`);

if (!filter) {
  await writeMarkdown(
    join(import.meta.dirname!, "miniwob_peer.md"),
    `# MiniWoB-style episodes: Porthole beside Playwright MCP\n\n` +
      `Written by \`deno task miniwob:peer\` (bench/miniwob_peer.ts). The episodes are our own pages ` +
      `following MiniWoB++'s tasks (tests/realworld/fixtures/miniwob/), each with a seeded instruction ` +
      `in its text and a reward it reports itself (1 solved, -1 for a wrong act, which ends the episode). ` +
      `Porthole through HTTP observe and act (minimal answers, \`Prefer: return=minimal\`; acts ask for \`fresh: "changes"\`), Playwright MCP ` +
      `${playwrightMcpVersion()} through its tools over stdio (headless, \`--isolated\`, Debian's ` +
      `chromium-headless-shell, ${peerSandbox()}). Both read the instruction from the observation and ` +
      `find refs by role and name. Bytes are the text of every reply a policy read (Porthole's HTTP replies ` +
      `as JSON; in brackets the trees or snapshots alone). Playwright MCP's act replies link the snapshot ` +
      `in a file, so its policy calls browser_snapshot when it needs refs it has not seen. The bytes ratio ` +
      `is Porthole's over Playwright MCP's. Load average ${loadBefore} before, ${loadAfter} after.\n\n` +
      `${md}\n\n${summary}\n` + (errors.length ? `\nFirst errors:\n\n${errors.join("\n")}\n` : ""),
  );
}
Deno.exit(porthole.every((r) => r.solved) && peer.every((r) => r.solved) ? 0 : 1);
