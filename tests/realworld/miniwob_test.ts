/**
 * The MiniWoB-style episodes inside `deno task test`: each episode's Porthole policy, through HTTP
 * observe and act only, is solved as the page itself reports it (reward 1), and the seeded
 * episodes are the same every run. A wrong act is rewarded -1 and ends the episode, so a policy
 * that clicks about cannot pass.
 */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { runGauntlet, type Task } from "./gauntlet.ts";
import { EPISODES, line, lit, read } from "./miniwob.ts";

Deno.test(
  "every MiniWoB-style episode is solved through observe and act, as the page's own reward says",
  browserTest,
  async () => {
    const rows = await runGauntlet(EPISODES);
    assert.deepEqual(
      rows.filter((r) => !r.solved || r.error).map((r) =>
        `${r.kind}: ${r.error ?? "not solved"} ${JSON.stringify(r.outcome)}`
      ),
      [],
    );
    // The fixed seeds give the same episodes every run: what each page reports it was asked for.
    assert.deepEqual(
      rows.map((r) => {
        const { episode, reward, seed: _, ...detail } = r.outcome;
        return `${episode} ${reward} ${JSON.stringify(detail)}`;
      }),
      [
        'click-button 1 {"clicked":"fjord"}',
        'click-link 1 {"clicked":"ember"}',
        'click-checkboxes 1 {"ticked":["tundra","velvet","pebble"]}',
        'enter-text 1 {"entered":"maple"}',
        'choose-list 1 {"chosen":"Carla"}',
        'click-tab-2 1 {"clicked":"raven"}',
        'click-collapsible 1 {"section":3}',
        'use-autocomplete 1 {"entered":"Niger"}',
        'click-dialog 1 {"closed":"x"}',
        'social-media 1 {"user":"Keiko","action":"Reply"}',
        'drag-box 1 {"dx":15,"dy":15}',
      ],
    );
    // One act per step, never a retry: click-checkboxes ticks three boxes and submits.
    for (const r of rows) assert.ok(r.acts >= 1 && r.acts <= 4, `${r.kind}: ${r.acts} acts`);
  },
);

Deno.test(
  "a wrong act ends a MiniWoB-style episode unsolved, whatever comes after it",
  browserTest,
  async () => {
    const clickButton = EPISODES.find((e) => e.kind === "click-button")!;
    const wrong: Task = {
      ...clickButton,
      policy: async (a, url) => {
        await a.open(url);
        const [word] = read(a.tree, /Click on the "([^"]+)" button/);
        await a.act("click", new RegExp(`- button "(?!${lit(word)}")`));
        await a.act("click", line("button", lit(word)));
      },
    };
    const [row] = await runGauntlet([wrong]);
    assert.equal(row.error, null);
    assert.equal(row.acts, 2);
    assert.equal(row.outcome.reward, -1);
    assert.equal(row.solved, false);
  },
);
