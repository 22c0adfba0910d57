// The agent loop with the installed package, in plain Node.js (no TypeScript): `node --test
// agent_loop_test.mjs` in a folder where `npm i ./porthole-client-*.tgz` ran. tests/clients_test.ts
// packs the client, installs it in an empty folder and runs this against a real Porthole.
//
// Reads PORTHOLE_URL, PORTHOLE_TOKEN and SITE_URL (a page with an h1 "Start" and a button "Go"
// that makes it "Done") from the environment.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Porthole, PortholeError } from "@porthole/client";

const { PORTHOLE_URL: URL, PORTHOLE_TOKEN: TOKEN, SITE_URL: SITE } = process.env;

/** The ref of the first tree line matching `pattern`. */
function refOf(state, pattern) {
  const line = state.tree.split("\n").find((l) => pattern.test(l) && /\[ref=@e\d+\]/.test(l));
  assert.ok(line, `no ${pattern} in ${state.tree}`);
  return line.match(/\[ref=(@e\d+)\]/)[1];
}

test("create, navigate, observe, act, fresh state, screenshot, events, typed errors, close", async () => {
  const ph = new Porthole(URL, { token: TOKEN });
  assert.equal((await ph.health()).status, "ok");
  const session = await ph.createSession({
    viewport: { width: 800, height: 600 },
  });
  assert.equal(
    (await session.navigate(SITE, { observe: true })).navigation,
    "committed",
  );
  const state = await session.observe();
  assert.match(state.tree, /heading "Start"/);
  const ref = refOf(state, /button "Go"/);
  const result = await session.act(state, "click", {
    ref,
    expect: { selector: "h1", text: "Done" },
  });
  assert.equal(result.execution, "completed");
  assert.equal(result.postcondition, "met");
  const fresh = result.freshState;
  assert.match(fresh.tree, /heading "Done"/);
  assert.notEqual(fresh.stateId, state.stateId);
  const again = await session.act(state, "click", { ref });
  assert.equal(
    again.execution,
    "not_dispatched",
    "a state is good for one action",
  );
  assert.ok(
    ["stale_state", "unknown_state"].includes(again.error.code),
    again.error.code,
  );
  const shot = await session.screenshot({ format: "png" });
  assert.deepEqual([...shot.data.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.equal(shot.data.length, shot.artifact.bytes);

  const events = [];
  const reading = (async () => {
    for await (const ev of session.events({ lastEventId: 0 })) events.push(ev);
  })();
  const bad = await session.act(fresh, "click", { ref, bogus: true }).catch((
    e,
  ) => e);
  assert.ok(bad instanceof PortholeError, String(bad));
  assert.deepEqual([bad.status, bad.code, bad.details.field], [
    400,
    "invalid_params",
    "bogus",
  ]);
  await session.close();
  await reading; // the stream ends with the session
  const types = events.map((e) => e.type);
  for (
    const t of ["navigation.committed", "action.started", "action.finished"]
  ) assert.ok(types.includes(t), t);
  assert.ok(events.every((e) => e.data.sessionId === session.id));
  const gone = await session.observe().catch((e) => e);
  assert.equal(gone.code, "session_not_found", String(gone));
});

test("a wrong token is a PortholeError with code unauthorized", {
  skip: !TOKEN && "no token",
}, async () => {
  const wrong = await new Porthole(URL, { token: "wrong" }).sessions().catch((
    e,
  ) => e);
  assert.ok(wrong instanceof PortholeError);
  assert.deepEqual([wrong.status, wrong.code], [401, "unauthorized"]);
});
