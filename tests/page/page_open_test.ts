/** page_open with a URL and the page's own emulation, over HTTP and BAP, against real Chromium. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapLaunched, pageEval, siteAndPorthole } from "../support/bap_fixture.ts";

const { site, ph } = await siteAndPorthole({
  "/": `<!doctype html><title>Home</title><h1>Home</h1>`,
  "/late": `<!doctype html><title>Late</title><img src="/img"><script>
    addEventListener("load", () => (window.loaded = true));
  </script>`,
  "/img": () => new Promise((r) => setTimeout(() => r(new Response("", { status: 404 })), 300)),
});
const where = `new Promise((r) => navigator.geolocation.getCurrentPosition(
  (p) => r([p.coords.latitude, p.coords.longitude]), (e) => r(e.message)))`;

Deno.test(
  "POST .../pages opens a page at a URL, waits for its load, with its own viewport, user agent and geolocation",
  browserTest,
  async () => {
    const sid = await ph.session();
    const r = await ph.post(`/v1/sessions/${sid}/pages`, {
      url: site.url("/late"),
      viewport: { width: 500, height: 400 },
      userAgent: "PortholeTest/1.0",
      geolocation: { latitude: 48.85, longitude: 2.35 },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.url, site.url("/late"));
    assert.equal(await ph.pageEval(sid, "window.loaded"), true);
    assert.equal(await ph.pageEval(sid, "innerWidth"), 500);
    assert.equal(await ph.pageEval(sid, "navigator.userAgent"), "PortholeTest/1.0");
    assert.deepEqual(await ph.pageEval(sid, where), [48.85, 2.35]);
    const blank = await ph.post(`/v1/sessions/${sid}/pages`, {});
    assert.equal(blank.status, 201);
    assert.equal(blank.body.url, "about:blank");
    await ph.request("DELETE", `/v1/sessions/${sid}`);
  },
);

Deno.test(
  "POST .../pages refuses a URL outside the session's origins before opening a tab, and bad input names the field",
  browserTest,
  async () => {
    const sid = await ph.session({ allowedOrigins: [site.origin] });
    const refused = await ph.post(`/v1/sessions/${sid}/pages`, { url: "https://example.com/" });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.deepEqual((await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages, []);
    const bad = await ph.post(`/v1/sessions/${sid}/pages`, { viewport: { width: 0, height: 10 } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.details.field, /^viewport/);
    assert.equal((await ph.post(`/v1/sessions/${sid}/pages`, { tab: 1 })).status, 400);
    await ph.request("DELETE", `/v1/sessions/${sid}`);
  },
);

Deno.test(
  "BAP page/create is the core's page_open: URL, emulation, and the active page",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    const first = await c.call("page/create", { url: site.url("/") });
    const page = await c.call("page/create", {
      url: site.url("/late"),
      viewport: { width: 600, height: 300 },
      geolocation: { latitude: 1, longitude: 2 },
    });
    assert.deepEqual(page.viewport, { width: 600, height: 300 });
    assert.equal(page.url, site.url("/late"));
    assert.equal(await pageEval(ph, page.id, "window.loaded"), true);
    assert.deepEqual(await pageEval(ph, page.id, where), [1, 2]);
    const listed = await c.call("page/list");
    assert.deepEqual(listed.pages.map((p: { id: string }) => p.id), [first.id, page.id]);
    assert.equal(listed.activePage, page.id);
    const refused = await c.fails("page/create", { url: "file:///etc/passwd" });
    assert.equal(refused.code, -32041, refused.message); // DomainNotAllowed, before a tab is opened
    assert.equal((await c.call("page/list")).pages.length, 2);
  },
);
