/**
 * Secrets by reference: the operator configures a named secret with the origins it may be used
 * on; the agent fills a credential field with `secretRef`; the value is typed only there and
 * never appears in a response, event, log or inspect entry.
 */
import assert from "node:assert/strict";
import { assertNotDispatched, browserTest, disposing, Porthole, Site } from "./harness.ts";

const SECRET = "correct-horse-battery-staple";
const LOGIN = `<!doctype html><title>Login</title>
<label>Email <input id="email" type="email"></label>
<label>Password <input id="pw" type="password"
  oninput="console.log('typed ' + this.value); document.getElementById('echo').textContent = this.value"></label>
<p id="echo"></p>`;

async function setup() {
  const site = new Site({ "/": LOGIN });
  const other = new Site({ "/": LOGIN }, "localhost");
  const ph = await Porthole.start((c) => {
    c.operator.secrets = { shop: { value: SECRET, origins: [site.origin] } };
  });
  return disposing({ site, other, ph }, ph, other, site);
}

Deno.test(
  "secretRef types the secret into a credential field on its origin, and nothing echoes it",
  browserTest,
  async () => {
    await using t = await setup();
    const sid = await t.ph.session();
    const state = await t.ph.open(sid, t.site.url("/"));
    const r = await t.ph.actOn(sid, state, "fill", /textbox "Password"/, { secretRef: "shop" });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    assert.equal(await t.ph.pageEval(sid, "document.getElementById('pw').value"), SECRET);
    assert.equal(await t.ph.pageEval(sid, "document.getElementById('echo').textContent"), SECRET);
    assert.doesNotMatch(JSON.stringify(r), new RegExp(SECRET), "the act result never carries the secret");
    assert.match(r.freshState.tree, /\[secret\]/, "the page's own echo is scrubbed");
    const again = await t.ph.observe(sid);
    assert.doesNotMatch(JSON.stringify(again), new RegExp(SECRET));
    const inspect = await t.ph.post(`/v1/sessions/${sid}/inspect`, { kind: "console" });
    assert.doesNotMatch(JSON.stringify(inspect.body), new RegExp(SECRET));
    assert.ok(inspect.body.entries.some((e: { text: string }) => e.text === "typed [secret]"));
  },
);

Deno.test(
  "a secret on an origin it was not configured for is secret_not_allowed and nothing is typed",
  browserTest,
  async () => {
    await using t = await setup();
    const sid = await t.ph.session();
    const state = await t.ph.open(sid, t.other.url("/"));
    const r = await t.ph.actOn(sid, state, "fill", /textbox "Password"/, { secretRef: "shop" });
    assertNotDispatched(r, "secret_not_allowed");
    assert.equal(await t.ph.pageEval(sid, "document.getElementById('pw').value"), "");
  },
);

Deno.test(
  "a secret goes only into credential fields, and an unknown one is refused",
  browserTest,
  async () => {
    await using t = await setup();
    const sid = await t.ph.session();
    let state = await t.ph.open(sid, t.site.url("/"));
    const email = await t.ph.actOn(sid, state, "fill", /textbox "Email"/, { secretRef: "shop" });
    assertNotDispatched(email, "secret_not_allowed");
    assert.equal(await t.ph.pageEval(sid, "document.getElementById('email').value"), "");
    state = email.freshState;
    const unknown = await t.ph.actOn(sid, state, "fill", /textbox "Password"/, { secretRef: "nope" });
    assert.equal(unknown.error.code, "secret_not_allowed");
    state = unknown.freshState;
    const both = await t.ph.actOn(sid, state, "fill", /textbox "Password"/, { secretRef: "shop", text: "x" });
    assert.equal(both.error.code, "invalid_params");
    assert.equal(await t.ph.pageEval(sid, "document.getElementById('pw').value"), "");
  },
);
