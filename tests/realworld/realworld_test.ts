/**
 * The real-world gauntlet inside `deno task test`: every task of tasks.ts on its real library
 * (installed from tests/realworld/libs/package-lock.json with `npm ci` when missing, bundles
 * cached), solved through HTTP observe and act only, as the page itself reports.
 */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { runGauntlet } from "./gauntlet.ts";
import { TASKS } from "./tasks.ts";

Deno.test(
  "every task of the real-world gauntlet is solved through observe and act",
  browserTest,
  async () => {
    const rows = await runGauntlet(TASKS);
    const failed = rows.filter((r) => !r.solved || r.error);
    assert.deepEqual(
      failed.map((r) => `${r.library}: ${r.task}: ${r.error ?? "not solved"} ${JSON.stringify(r.outcome)}`),
      [],
    );
    // One act per step of the task, never a retry: the policies' own counts.
    for (const r of rows) assert.ok(r.acts >= 1 && r.acts <= 4, `${r.library}: ${r.acts} acts`);
  },
);
