/** The Python and TypeScript clients run the agent loop against a real Porthole and a real Chromium. */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";
import {
  Porthole as Porthole_,
  PortholeError,
  type PortholeEvent,
} from "../../clients/typescript/src/client.ts";
import { generateClientTypes, TYPES_FILE } from "../../build/client_types.ts";
import {
  installTsClient,
  loopTarget,
  must,
  packTsClient,
  pythonVenv,
  ROOT,
  run,
  tempDir,
} from "../support/client_packages.ts";

export const START_PAGE = `<title>Start</title><h1>Start</h1>` +
  `<button onclick="document.querySelector('h1').textContent='Done'">Go</button>`;

Deno.test(
  "pip install ./clients/python into a fresh venv downloads nothing, and the installed module runs the agent loop",
  browserTest,
  async () => {
    await using target = await loopTarget("py-client-token", { "/": START_PAGE }), venv = await pythonVenv();
    // Run from elsewhere than clients/python, so that `import porthole` finds the installed copy.
    await Deno.copyFile(`${ROOT}/clients/python/agent_loop_test.py`, `${venv.path}/agent_loop_test.py`);
    const where = await must(venv.python, ["-c", "import porthole; print(porthole.__file__)"], venv.path);
    assert.ok(where.trim().startsWith(`${venv.path}/venv/lib/`), where);
    const r = await run(venv.python, ["-m", "unittest", "-v", "agent_loop_test"], venv.path, {
      ...target.env,
      SITE_URL: target.site.url("/"),
      PYTHONDONTWRITEBYTECODE: "1",
    });
    console.log(r.out);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /Ran 4 tests/);
    assert.match(r.out, /^OK$/m);
  },
);

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

Deno.test(
  "npm pack builds the TypeScript client to JS and .d.ts; installed from the tarball in an empty folder, plain Node.js runs the agent loop",
  browserTest,
  async () => {
    await using target = await loopTarget("ts-client-token", { "/": START_PAGE }),
      packing = await tempDir("porthole-ts-pack-");
    const tarball = await packTsClient(packing.path);
    assert.match(tarball, /\/porthole-client-\d+\.\d+\.\d+\.tgz$/);
    const listing = await must("tar", ["tzf", tarball], packing.path);
    for (
      const f of ["dist/client.js", "dist/client.d.ts", "dist/openapi.d.ts", "package.json", "README.md"]
    ) {
      assert.ok(listing.includes(`package/${f}\n`), `${f} in\n${listing}`);
    }
    assert.ok(!listing.includes("package/src/"), "the package ships the build, not the sources");

    await using installed = await installTsClient(tarball);
    await Deno.copyFile(
      `${ROOT}/clients/typescript/agent_loop_test.mjs`,
      `${installed.path}/agent_loop_test.mjs`,
    );
    const r = await run("node", ["--test", "agent_loop_test.mjs"], installed.path, {
      ...target.env,
      SITE_URL: target.site.url("/"),
    });
    console.log(r.out);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^# pass 2$/m);
    assert.match(r.out, /^# fail 0$/m);
  },
);
