/**
 * Operator-allowed popup origins (--allow-popup-origin, or popupOrigins in the config file): a
 * sign-in window on the identity provider's origin, opened by a page of the session, becomes a
 * page of its own with its own origin authority; when it signs in, posts back and closes itself,
 * the opener carries on. Every other origin stays blocked.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { parseServeArgs } from "../../lib/cli/parse.ts";
import { loadConfigFile } from "../../lib/config_file.ts";

const idp = new Site({
  "/authorize": `<!doctype html><title>Identity provider</title><h1>Sign in to App</h1>
    <button onclick="window.location.href = new window.URL(window.location.href).searchParams.get('back') + '?code=c0de'">Approve</button>`,
}, "localhost");
const other = new Site({ "/": "<title>Other</title>" }, "localhost");
const app = new Site({
  "/": `<!doctype html><title>App</title><p id="status">signed out</p>
    <button onclick="window.open('${
    idp.url("/authorize")
  }?back=' + encodeURIComponent(location.origin + '/callback'))">Sign in</button>
    <button onclick="window.open('${other.url("/")}')">Elsewhere</button>
    <script>addEventListener("message", (e) => {
      if (e.origin === location.origin) document.getElementById("status").textContent = "signed in: " + e.data;
    });</script>`,
  "/callback": `<!doctype html><title>Callback</title>
    <script>window.opener.postMessage(new URL(location).searchParams.get("code"), location.origin); window.close();</script>`,
});

async function pages(ph: Porthole, sid: string): Promise<Json[]> {
  return (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
}

Deno.test("--allow-popup-origin is repeatable, comma lists work, and a non-origin is a usage error", async () => {
  const c = await parseServeArgs([
    "--allow-popup-origin",
    "https://id.example.com",
    "--allow-popup-origin=https://*.login.example,https://sso.example:8443",
  ]);
  assert.deepEqual(c.allowPopupOrigins, [
    "https://id.example.com",
    "https://*.login.example",
    "https://sso.example:8443",
  ]);
  await assert.rejects(
    () => parseServeArgs(["--allow-popup-origin", "id.example.com/path"]),
    /must be an origin/,
  );
});

Deno.test("the config file's popupOrigins are validated origins", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(path, JSON.stringify({ popupOrigins: ["https://id.example.com"] }));
    assert.deepEqual(loadConfigFile(path).popupOrigins, ["https://id.example.com"]);
    await Deno.writeTextFile(path, JSON.stringify({ popupOrigins: ["id.example.com"] }));
    assert.throws(() => loadConfigFile(path), /popupOrigins\.0: must be an origin/);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test(
  "a two-origin sign-in: the allowed popup is adopted, signs in, posts back and closes; the opener continues",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.allowPopupOrigins = [idp.origin]));
    const sid = await ph.session();
    const state = await ph.open(sid, app.url("/"));
    const opened = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Sign in"/) });
    assert.equal(opened.error, undefined);
    const open = await eventually("the sign-in window", () => pages(ph, sid), (p) => p.length === 2);
    const popup = open.find((p) => !p.active);
    assert.equal(popup.origin, idp.origin, "the popup has its own origin");
    // The agent drives the sign-in window like any page of the session.
    await ph.post(`/v1/sessions/${sid}/pages/${popup.pageId}/activate`);
    const signIn = await ph.observe(sid, { pageId: popup.pageId });
    assert.equal(signIn.origin, idp.origin);
    const approved = await ph.act(sid, signIn, { action: "click", ref: refOf(signIn, /button "Approve"/) });
    assert.notEqual(approved.error?.code, "navigation_blocked", JSON.stringify(approved.error));
    await eventually("the window to close itself", () => pages(ph, sid), (p) => p.length === 1);
    const after = await ph.observe(sid);
    assert.equal(after.pageId, state.pageId);
    assert.match(after.tree, /signed in: c0de/);
    // Still blocked: any origin the operator did not name.
    const away = await ph.act(sid, after, { action: "click", ref: refOf(after, /button "Elsewhere"/) });
    assert.equal(away.error?.code, "popup_blocked");
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(other.hits, []);
  },
);

Deno.test(
  "without the flag the sign-in window is blocked before it reaches the identity provider",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const before = idp.hits.length;
    const state = await ph.open(sid, app.url("/"));
    const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Sign in"/) });
    assert.equal(r.error?.code, "popup_blocked");
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(idp.hits.length, before);
  },
);

Deno.test("popup origins: the sites close", async () => {
  await idp[Symbol.asyncDispose]();
  await other[Symbol.asyncDispose]();
  await app[Symbol.asyncDispose]();
});
