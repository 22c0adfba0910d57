import assert from "node:assert/strict";
import { OPS } from "../../lib/ops/ops.ts";
import { END, START } from "../../build/readme.ts";

Deno.test("the README's API table lists every operation, as `deno task docs` writes it", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const block = readme.slice(readme.indexOf(START), readme.indexOf(END));
  assert.ok(block.length > START.length, "README.md has no generated API block");
  const rows = block.split("\n").filter((l) => /^\| `(GET|POST|DELETE) /.test(l));
  assert.equal(rows.length, OPS.length, "run `deno task docs`: the table and the operations differ");
  for (const op of OPS) {
    const route = `\`${op.method} ${op.path.replace(/:(\w+)/g, "{$1}")}\``;
    const row = rows.find((r) => r.startsWith(`| ${route}`));
    assert.ok(row, `run \`deno task docs\`: ${route} is missing from README.md`);
    assert.ok(row.includes(op.description), `run \`deno task docs\`: ${route} has an old description`);
  }
});

Deno.test("the README starts with the start command and the test command that .ci/run runs", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const ci = await Deno.readTextFile(new URL("../../.ci/run", import.meta.url));
  const firstBlock = readme.slice(
    readme.indexOf("```sh"),
    readme.indexOf("```", readme.indexOf("```sh") + 5),
  );
  const commands = firstBlock.split("\n").filter((l) => l && !l.startsWith("#") && !l.startsWith("```"));
  assert.deepEqual(commands, ["npx -y deno@2 task start", "npx -y deno@2 task test"]);
  // The README's test command runs first; the container test follows it.
  const runs = ci.split("\n").filter((l) => /^npx -y deno@2 task /.test(l));
  assert.match(runs[0] ?? "", /^npx -y deno@2 task test 2>&1 \| tee /);
  assert.match(runs[1] ?? "", /^npx -y deno@2 task test:container /);
});
