/**
 * `deno task realworld [filter]`: the gauntlet of real component libraries (gauntlet.ts), one
 * row per task (solved, acts, observation bytes, first error), written to bench/realworld.md.
 * A filter keeps the tasks whose library or task contains it; `--show` prints each final tree.
 */
import { join } from "node:path";
import { HERE, runGauntlet, table } from "./gauntlet.ts";
import { TASKS } from "./tasks.ts";
import { writeMarkdown } from "../../bench/markdown.ts";

const show = Deno.args.includes("--show");
const filter = Deno.args.find((a) => !a.startsWith("--"));
const tasks = TASKS.filter((t) => !filter || t.library.includes(filter) || t.task.includes(filter));
const rows = await runGauntlet(tasks, (r) => {
  console.log(
    `${r.solved ? "solved" : "FAILED"}  ${r.library}: ${r.task} — ${r.acts} acts, ${r.bytes} B, ${r.ms} ms` +
      (r.error ? `\n    first error: ${r.error.split("\n").join("\n    ")}` : "") +
      (show || !r.solved ? `\n    outcome: ${JSON.stringify(r.outcome)}\n${r.tree}` : ""),
  );
});
const md = table(rows);
console.log("\n" + md);
if (!filter) {
  const solved = rows.filter((r) => r.solved).length;
  await writeMarkdown(
    join(HERE, "..", "..", "bench", "realworld.md"),
    `# Real-world gauntlet\n\nWritten by \`deno task realworld\` (tests/realworld/). ${solved} of ${rows.length} ` +
      `tasks solved through HTTP observe and act (minimal answers); bytes are every observe and act reply the policy read.\n\n` +
      md + "\n",
  );
}
Deno.exit(rows.every((r) => r.solved) ? 0 : 1);
