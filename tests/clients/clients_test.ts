/** The Python and TypeScript clients run the agent loop against a real Porthole and a real Chromium. */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";
import {
  Porthole as Porthole_,
  PortholeError,
  type PortholeEvent,
} from "../../clients/typescript/src/client.ts";
import { generateClientTypes, TYPES_FILE } from "../../build/client_types.ts";
import { cleanEnv } from "../support/proc.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
export const START_PAGE = `<title>Start</title><h1>Start</h1>` +
  `<button onclick="document.querySelector('h1').textContent='Done'">Go</button>`;

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const r = await new Deno.Command(cmd, { args, cwd, env: cleanEnv(env), stdout: "piped", stderr: "piped" })
    .output();
  const out = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
  return { code: r.code, out };
}

Deno.test("the Python client (stdlib only) runs the agent loop, with typed errors", browserTest, async () => {
  await using site = new Site({ "/": START_PAGE }),
    ph = await Porthole.start((c) => (c.token = "py-client-token"));
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

Deno.test(
  "the TypeScript client (openapi-fetch, generated types) runs the agent loop, with typed errors",
  browserTest,
  async () => {
    await using site = new Site({ "/": START_PAGE }),
      ph = await Porthole.start((c) => (c.token = "ts-client-token"));
    const client = new Porthole_(ph.url, { token: "ts-client-token" });
    assert.equal((await client.health()).status, "ok");
    const session = await client.createSession({ viewport: { width: 800, height: 600 } });
    const nav = await session.navigate(site.url("/"), { observe: true });
    assert.equal(nav.navigation, "committed");
    const state = await session.observe();
    assert.match(state.tree, /heading "Start"/);
    const ref = refOf(state, /button "Go"/);
    const result = await session.act(state, "click", { ref, expect: { selector: "h1", text: "Done" } });
    assert.equal(result.execution, "completed");
    assert.equal(result.postcondition, "met");
    const fresh = result.freshState!;
    assert.match(fresh.tree, /heading "Done"/);
    const again = await session.act(state, "click", { ref });
    assert.equal(again.execution, "not_dispatched", "a state is good for one action");
    assert.ok(["stale_state", "unknown_state"].includes(again.error!.code));
    const shot = await session.screenshot({ format: "png" });
    assert.deepEqual([...shot.data.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal(shot.data.length, shot.artifact.bytes);

    const events: PortholeEvent[] = [];
    const reading = (async () => {
      for await (const ev of session.events({ lastEventId: 0 })) events.push(ev);
    })();
    const bad = await session.act(fresh, "click", { ref: "@e1", bogus: true } as never).catch((e) => e);
    assert.ok(bad instanceof PortholeError);
    assert.equal(bad.code, "invalid_params");
    assert.equal(bad.status, 400);
    assert.equal(bad.details.field, "bogus");
    await session.close();
    await reading; // the stream ends with the session
    const types = events.map((e) => e.type);
    for (const t of ["navigation.committed", "action.started", "action.finished"]) {
      assert.ok(
        types.includes(t),
        t,
      );
    }
    assert.ok(events.every((e) => e.data.sessionId === session.id));
    const gone = await session.observe().catch((e) => e);
    assert.ok(gone instanceof PortholeError && gone.code === "session_not_found", String(gone));
    const wrong = await new Porthole_(ph.url, { token: "wrong" }).sessions().catch((e) => e);
    assert.equal(wrong.code, "unauthorized");
  },
);

Deno.test("the committed client types are what openapi-typescript makes of /openapi.json today", async () => {
  const committed = await Deno.readTextFile(TYPES_FILE);
  assert.ok(committed === await generateClientTypes(), "run `deno task client:types` and commit the result");
});

Deno.test("the TypeScript client builds as its npm package (tsc, NodeNext)", async () => {
  const out = await Deno.makeTempDir();
  try {
    const r = await run(
      Deno.execPath(),
      ["run", "-A", "npm:typescript@5.9.3/tsc", "-p", "clients/typescript/tsconfig.json", "--outDir", out],
      ROOT,
      {},
    );
    assert.equal(r.code, 0, r.out);
    const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}clients/typescript/package.json`));
    for (const file of Object.values(pkg.exports["."]) as string[]) {
      await Deno.stat(`${out}/${file.replace("./dist/", "")}`);
    }
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
