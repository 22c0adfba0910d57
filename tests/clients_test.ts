/** The Python and TypeScript clients run the agent loop against a real Porthole and a real Chromium. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "./harness.ts";
import { cleanEnv } from "./proc.ts";

const ROOT = new URL("..", import.meta.url).pathname;
export const START_PAGE = `<title>Start</title><h1>Start</h1>` +
  `<button onclick="document.querySelector('h1').textContent='Done'">Go</button>`;

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const r = await new Deno.Command(cmd, { args, cwd, env: cleanEnv(env), stdout: "piped", stderr: "piped" })
    .output();
  const out = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
  return { code: r.code, out };
}

Deno.test("the Python client (stdlib only) runs the agent loop, with typed errors", browserTest, async () => {
  await using site = new Site({ "/": START_PAGE });
  await using ph = await Porthole.start((c) => (c.token = "py-client-token"));
  const r = await run("python3", ["-m", "unittest", "-v", "agent_loop_test"], `${ROOT}clients/python`, {
    PORTHOLE_URL: ph.url,
    PORTHOLE_TOKEN: "py-client-token",
    SITE_URL: site.url("/"),
    PYTHONDONTWRITEBYTECODE: "1",
  });
  console.log(r.out);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /Ran 2 tests/);
  assert.match(r.out, /^OK$/m);
});
