/** POST /v1/sessions with emulation and a storage state: a session that starts emulating and logged in. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";

const site = new Site({
  "/account": (req) => {
    const loggedIn = /(^|;\s*)sid=s3cret/.test(req.headers.get("cookie") ?? "");
    return new Response(`<!doctype html><title>${loggedIn ? "Account" : "Login"}</title><p>hi</p>`, {
      headers: { "content-type": "text/html" },
    });
  },
});
globalThis.addEventListener("unload", () => site.server.shutdown());

const POSITION = "new Promise((ok) => navigator.geolocation.getCurrentPosition(" +
  "(p) => ok([p.coords.latitude, p.coords.longitude]), (e) => ok('error ' + e.code)))";

Deno.test(
  "a session created with geolocation, colorScheme, permissions and storageState has them on its first page",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({
      geolocation: { latitude: 35.68, longitude: 139.69 },
      colorScheme: "dark",
      permissions: ["clipboardReadWrite"],
      storageState: { cookies: [{ name: "sid", value: "s3cret", domain: "127.0.0.1", path: "/" }] },
    });
    await ph.open(sid, site.url("/account"));
    assert.equal(await ph.pageEval(sid, "document.title"), "Account", "the server saw the cookie");
    assert.equal(await ph.pageEval(sid, "matchMedia('(prefers-color-scheme: dark)').matches"), true);
    assert.deepEqual(await ph.pageEval(sid, POSITION), [35.68, 139.69], "the position, and its permission");
    const clipboard = "navigator.permissions.query({ name: 'clipboard-read' }).then((s) => s.state)";
    assert.equal(await ph.pageEval(sid, clipboard), "granted");
  },
);

Deno.test(
  "a session created offline opens its pages offline; a bad permission is refused",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({ offline: true });
    assert.equal((await ph.post(`/v1/sessions/${sid}/pages`, {})).status, 201);
    assert.equal(await ph.pageEval(sid, "navigator.onLine"), false);
    const bad = await ph.post("/v1/sessions", { permissions: ["camera"] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, "permissions.0");
    const far = await ph.post("/v1/sessions", { geolocation: { latitude: 91, longitude: 0 } });
    assert.equal(far.body.error.details.field, "geolocation.latitude");
  },
);

Deno.test(
  "a session created offline with a storage state is created: its localStorage goes in, and its pages are offline",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const origins = [{ origin: site.origin, localStorage: [{ name: "theme", value: "dark" }] }];
    const created = await ph.post("/v1/sessions", { offline: true, storageState: { cookies: [], origins } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const sid = created.body.sessionId as string;
    const set = await ph.post(`/v1/sessions/${sid}/storage-state`, { cookies: [], origins });
    assert.equal(set.status, 200, "an import into an offline session is no navigation of the client's");
    assert.equal((await ph.post(`/v1/sessions/${sid}/pages`, {})).status, 201);
    assert.equal(await ph.pageEval(sid, "navigator.onLine"), false);
    const state = await ph.post(`/v1/sessions/${sid}/emulation`, { offline: false });
    assert.equal(state.status, 200);
    await ph.open(sid, site.url("/account"));
    assert.equal(await ph.pageEval(sid, "localStorage.getItem('theme')"), "dark");
  },
);
