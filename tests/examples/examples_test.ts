/**
 * examples/: the same agent loop in curl, Python (the pip-installed client) and TypeScript (the packed
 * client, compiled by tsc against its .d.ts, run by Node.js), each against a real Porthole and a real
 * Chromium, on examples/page.html served on loopback. Each run must reach the page's "Subscribed"
 * heading through a fill and a click, each act quoting the state the one before returned, and close
 * its session.
 */
import assert from "node:assert/strict";
import { browserTest, type Porthole } from "../support/harness.ts";
import {
  ensureCommand,
  installTsClient,
  loopTarget,
  must,
  packTsClient,
  pythonVenv,
  ROOT,
  run,
  tempDir,
} from "../support/client_packages.ts";

const EXAMPLES = `${ROOT}/examples`;
const TOKEN = "examples-token";

async function served() {
  const target = await loopTarget(TOKEN, { "/page.html": await Deno.readTextFile(`${EXAMPLES}/page.html`) });
  return Object.assign(target, { page: target.site.url("/page.html") });
}

/** The loop's output, line by line, and no session left open on the server. */
async function assertLoopRan(r: { code: number; out: string }, ph: Porthole) {
  console.log(r.out);
  assert.equal(r.code, 0, r.out);
  const lines = r.out.trim().split("\n");
  const sid = lines[0].match(/^session (\S+)$/)?.[1];
  assert.ok(sid, r.out);
  assert.match(lines[1], /^fill @e\d+: completed$/);
  assert.match(lines[2], /^click @e\d+: completed \(postcondition met\)$/);
  assert.equal(lines[3], "heading: Subscribed: reader@example.com");
  assert.equal(lines[4], `closed ${sid}`);
  assert.deepEqual((await ph.request("GET", "/v1/sessions")).body.sessions, []);
}

Deno.test("examples/curl/agent_loop.sh: the loop in bash, curl, grep and sed", browserTest, async () => {
  await ensureCommand("curl");
  await using s = await served();
  await assertLoopRan(await run("bash", [`${EXAMPLES}/curl/agent_loop.sh`, s.page], EXAMPLES, s.env), s.ph);
});

Deno.test(
  "examples/curl/agent_loop.sh stops with the server's error and closes its session",
  browserTest,
  async () => {
    await ensureCommand("curl");
    await using s = await served();
    const r = await run("bash", [`${EXAMPLES}/curl/agent_loop.sh`, "ftp://example.com/"], EXAMPLES, s.env);
    assert.notEqual(r.code, 0, r.out);
    assert.match(r.out, /navigate failed: .*"code":"scheme_not_allowed"/);
    assert.deepEqual((await s.ph.request("GET", "/v1/sessions")).body.sessions, []);
  },
);

Deno.test("examples/python/agent_loop.py: the loop with the pip-installed client", browserTest, async () => {
  await using s = await served(), venv = await pythonVenv();
  const r = await run(venv.python, [`${EXAMPLES}/python/agent_loop.py`, s.page], venv.path, {
    ...s.env,
    PYTHONDONTWRITEBYTECODE: "1",
  });
  await assertLoopRan(r, s.ph);
});

Deno.test(
  "examples/typescript/agent_loop.mts: the loop with the packed client, type-checked by tsc, run by Node.js",
  browserTest,
  async () => {
    await using s = await served(), packing = await tempDir("porthole-ts-pack-");
    await using dir = await installTsClient(
      await packTsClient(packing.path),
      "typescript@5.9.3",
      "@types/node@20",
    );
    for (const f of ["agent_loop.mts", "tsconfig.json"]) {
      await Deno.copyFile(`${EXAMPLES}/typescript/${f}`, `${dir.path}/${f}`);
    }
    await must("npx", ["tsc", "-p", "tsconfig.json"], dir.path);
    await assertLoopRan(await run("node", ["agent_loop.mjs", s.page], dir.path, s.env), s.ph);
  },
);
