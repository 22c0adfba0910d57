/** cookies_clear by URL and a storage state with sessionStorage, over HTTP against real Chromium. */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";

const site = new Site({ "/": `<!doctype html><title>Home</title><h1>Home</h1>` });
const far = new Site({ "/": `<!doctype html><title>Far</title><p>far</p>` }, "localhost");
globalThis.addEventListener("unload", () => {
  site.server.shutdown();
  far.server.shutdown();
});

Deno.test(
  "DELETE cookies with urls clears only the cookies a request to them would carry",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const cookies = [
      { name: "near", value: "1", url: site.url("/") },
      { name: "far", value: "2", url: far.url("/") },
    ];
    assert.equal((await ph.post(`/v1/sessions/${sid}/cookies`, { cookies })).status, 200);
    const cleared = await ph.request("DELETE", `/v1/sessions/${sid}/cookies`, { urls: [site.url("/x")] });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual(cleared.body, { cleared: 1 });
    const left = await ph.post(`/v1/sessions/${sid}/cookies/get`, {});
    assert.deepEqual(left.body.cookies.map((c: Json) => c.name), ["far"]);
    const bad = await ph.request("DELETE", `/v1/sessions/${sid}/cookies`, { urls: ["nowhere"] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, "urls.0");
    assert.deepEqual((await ph.request("DELETE", `/v1/sessions/${sid}/cookies`)).body, { cleared: 1 });
  },
);

Deno.test(
  "GET storage-state?sessionStorage=true exports each origin's sessionStorage too",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    await ph.pageEval(sid, "sessionStorage.setItem('tab', 'two'), localStorage.setItem('theme', 'dark')");
    const origin = (r: Json) => r.body.origins.find((o: Json) => o.origin === site.origin);
    const plain = await ph.request("GET", `/v1/sessions/${sid}/storage-state`);
    assert.equal(plain.status, 200);
    assert.equal(origin(plain).sessionStorage, undefined);
    const withTab = await ph.request("GET", `/v1/sessions/${sid}/storage-state?sessionStorage=true`);
    assert.equal(withTab.status, 200, JSON.stringify(withTab.body));
    assert.deepEqual(origin(withTab).sessionStorage, [{ name: "tab", value: "two" }]);
    assert.deepEqual(origin(withTab).localStorage, [{ name: "theme", value: "dark" }]);
    const bad = await ph.request("GET", `/v1/sessions/${sid}/storage-state?sessionStorage=yes`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, "sessionStorage");
  },
);
