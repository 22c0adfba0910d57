/**
 * Secrets by reference: the operator configures a named secret with the origins it may be used
 * on; the agent fills a credential field with `secretRef`; the value is typed only there and
 * never appears in a response, event, log or inspect entry.
 */
import assert from "node:assert/strict";
import { assertNotDispatched, disposing, type Json, Porthole, Site } from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";

const SECRET = "correct-horse-battery-staple";
const LOGIN = `<!doctype html><title>Login</title>
<label>Email <input id="email" type="email"></label>
<label>Password <input id="pw" type="password"
  oninput="console.log('typed ' + this.value); document.getElementById('echo').textContent = this.value"></label>
<p id="echo"></p>`;

type Origin = "site" | "other";

/**
 * A Porthole that may use the secret "shop" on `site` only, and a session opened at the login
 * page of `site` or of `other` (same page, another origin); `value(id)` reads a field.
 */
async function loginAt(at: Origin) {
  const site = new Site({ "/": LOGIN });
  const other = new Site({ "/": LOGIN }, "localhost");
  const ph = await Porthole.start((c) => {
    c.operator.secrets = { shop: { value: SECRET, origins: [site.origin] } };
  });
  const t = disposing({ site, other, ph }, ph, other, site);
  try {
    const sid = await ph.session();
    const state = await ph.open(sid, t[at].url("/"));
    const value = (id: string) => ph.pageEval(sid, `document.getElementById('${id}').value`);
    const fill = (from: Json, name: RegExp, params: Json) => ph.actOn(sid, from, "fill", name, params);
    return Object.assign(t, { sid, state, value, fill });
  } catch (e) {
    await t[Symbol.asyncDispose]();
    throw e;
  }
}

fixtureTest(
  "secretRef types the secret into a credential field on its origin, and nothing echoes it",
  () => loginAt("site"),
  async (t) => {
    const r = await t.fill(t.state, /textbox "Password"/, { secretRef: "shop" });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    assert.equal(await t.value("pw"), SECRET);
    assert.equal(await t.ph.pageEval(t.sid, "document.getElementById('echo').textContent"), SECRET);
    assert.doesNotMatch(JSON.stringify(r), new RegExp(SECRET), "the act result never carries the secret");
    assert.match(r.freshState.tree, /\[secret\]/, "the page's own echo is scrubbed");
    const again = await t.ph.observe(t.sid);
    assert.doesNotMatch(JSON.stringify(again), new RegExp(SECRET));
    const inspect = await t.ph.post(`/v1/sessions/${t.sid}/inspect`, { kind: "console" });
    assert.doesNotMatch(JSON.stringify(inspect.body), new RegExp(SECRET));
    assert.ok(inspect.body.entries.some((e: { text: string }) => e.text === "typed [secret]"));
  },
);

fixtureTest(
  "a secret on an origin it was not configured for is secret_not_allowed and nothing is typed",
  () => loginAt("other"),
  async (t) => {
    const r = await t.fill(t.state, /textbox "Password"/, { secretRef: "shop" });
    assertNotDispatched(r, "secret_not_allowed");
    assert.equal(await t.value("pw"), "");
  },
);

fixtureTest(
  "a secret goes only into credential fields, and an unknown one is refused",
  () => loginAt("site"),
  async (t) => {
    let state = t.state;
    const email = await t.fill(state, /textbox "Email"/, { secretRef: "shop" });
    assertNotDispatched(email, "secret_not_allowed");
    assert.equal(await t.value("email"), "");
    state = email.freshState;
    const unknown = await t.fill(state, /textbox "Password"/, { secretRef: "nope" });
    assert.equal(unknown.error.code, "secret_not_allowed");
    state = unknown.freshState;
    const both = await t.fill(state, /textbox "Password"/, { secretRef: "shop", text: "x" });
    assert.equal(both.error.code, "invalid_params");
    assert.equal(await t.value("pw"), "");
  },
);
