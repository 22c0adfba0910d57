/**
 * `wait` for a ref: a ref means something only in the state it came from, the session's current
 * state. One of that state is waited for like any locator; one it lacks is refused at once with
 * the error `act` gives for it, naming the field, instead of waiting out the timeout.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, type Json, refOf, sharedPorthole, Site } from "../support/harness.ts";

const site = new Site({
  "/": `<!doctype html><title>Refs</title>
<button id="pay" disabled>Pay</button><button id="later" hidden>Later</button>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());
const { ph, session } = await sharedPorthole();

Deno.test("wait for a ref of the current state reads that state's element", browserTest, async () => {
  await using s = await session(site.url("/"));
  const state = await ph.observe(s.sid);
  const pay = { type: "ref", ref: refOf(state, /button "Pay"/) };
  const wait = (body: Json) => ph.post(`/v1/sessions/${s.sid}/wait`, body);
  const disabled = await wait({ locator: pay, state: "disabled" });
  assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
  assert.equal(disabled.body.met, true);
  assert.equal((await wait({ locator: pay, state: "enabled", timeoutMs: 200 })).body.met, false);
  const bare = { type: "ref", ref: pay.ref.slice(1) };
  assert.equal((await wait({ locator: bare, state: "disabled" })).body.met, true, "the bare form e5 too");
});

Deno.test(
  "wait for a ref the current state lacks is refused at once with act's error, naming locator.ref",
  browserTest,
  async () => {
    await using s = await session(site.url("/"));
    const state = await ph.observe(s.sid);
    const act = await ph.act(s.sid, state, { action: "click", ref: "@e99" });
    assert.equal(act.execution, "not_dispatched");
    const actError = act.error;
    assert.equal(actError.details.field, "ref");
    for (const waitState of ["visible", "hidden", "exists"]) {
      const started = Date.now();
      const r = await ph.post(`/v1/sessions/${s.sid}/wait`, {
        locator: { type: "ref", ref: "@e99" },
        state: waitState,
        timeoutMs: 5000,
      });
      const ms = Date.now() - started;
      assertError(r, 400, actError.code);
      assert.equal(r.body.error.details.field, "locator.ref", JSON.stringify(r.body));
      assert.match(r.body.error.message, /@e99 is not a ref of state st_/);
      assert.ok(ms < 2000, `refused after ${ms} ms, not at the 5000 ms timeout (state ${waitState})`);
    }
    const top = await ph.post(`/v1/sessions/${s.sid}/wait`, { ref: "@e1", timeoutMs: 5000 });
    assertError(top, 400, "invalid_params");
    assert.equal(top.body.error.details.field, "ref", "wait takes a ref only inside a locator");
  },
);

Deno.test(
  "wait for a ref with no current state of the page is refused at once, naming locator.ref",
  browserTest,
  async () => {
    await using s = await session();
    await ph.post(`/v1/sessions/${s.sid}/pages`);
    const started = Date.now();
    const r = await ph.post(`/v1/sessions/${s.sid}/wait`, {
      locator: { type: "ref", ref: "@e1" },
      timeoutMs: 5000,
    });
    assertError(r, 400, "invalid_params");
    assert.equal(r.body.error.details.field, "locator.ref");
    assert.ok(Date.now() - started < 2000, "at once");
  },
);

Deno.test(
  "element, aria and extract refuse a ref the current state lacks at once, as wait does, naming locator.ref",
  browserTest,
  async () => {
    await using s = await session(site.url("/"));
    const state = await ph.observe(s.sid);
    const pay = { type: "ref", ref: refOf(state, /button "Pay"/) };
    const missing = { type: "ref", ref: "@e99" };
    const read = (op: string, body: Json) => ph.post(`/v1/sessions/${s.sid}/${op}`, body);
    const known = await read("element", { locator: pay, properties: ["text"] });
    assert.equal(known.status, 200, JSON.stringify(known.body));
    for (
      const [op, body] of [
        ["element", { locator: missing, properties: ["text"] }],
        ["aria", { locator: missing }],
        ["extract", { locator: missing, schema: { type: "string" }, timeoutMs: 5000 }],
      ] as const
    ) {
      const started = Date.now();
      const r = await read(op, body);
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, "locator.ref", `${op}: ${JSON.stringify(r.body)}`);
      assert.ok(Date.now() - started < 2000, `${op} refused at once`);
    }
  },
);
