/**
 * Serving the web UI: /ui and its assets under a strict CSP, behind the API's Host and Origin
 * checks; the one-time login link and its HttpOnly, SameSite=Strict cookie; the generated assets
 * module matches ui/.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { buildUiAssets } from "../../build/ui.ts";
import { UI_CSS, UI_JS } from "../../routes/ui_assets.gen.ts";

Deno.test("GET /ui is a shell with no inline script or style, under a strict CSP", browserTest, async () => {
  await using ph = await Porthole.start();
  const res = await fetch(`${ph.url}/ui`);
  assert.equal(res.status, 200);
  const html = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /style-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  // The Preview panel's frames: http(s) pages only, never data:, blob: or javascript:.
  assert.match(csp, /frame-src http: https:(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
  assert.doesNotMatch(html, /<style|style=/, "no inline style");
  for (const [path, type] of [["/ui/app.js", /javascript/], ["/ui/app.css", /css/]] as const) {
    const r = await fetch(ph.url + path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get("content-type") ?? "", type);
    assert.ok((await r.text()).length > 0);
    const again = await fetch(ph.url + path, { headers: { "if-none-match": r.headers.get("etag")! } });
    assert.equal(again.status, 304, `${path} revalidates`);
    await again.body?.cancel();
  }
});

/** The status line and body of a GET sent with a Host header of our choosing (fetch sets its own). */
async function getWithHost(port: number, path: string, host: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(
      new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    for await (const chunk of conn.readable.pipeThrough(new TextDecoderStream())) text += chunk;
    return text;
  } catch {
    return "";
  }
}

Deno.test("the UI has the API's Host and Origin checks", browserTest, async () => {
  await using ph = await Porthole.start();
  const host = await getWithHost(ph.server.port, "/ui", "evil.example");
  assert.match(host, /^HTTP\/1\.1 403/);
  assert.match(host, /host_not_allowed/);
  const site = await ph.request("GET", "/ui/app.js", undefined, { "sec-fetch-site": "cross-site" });
  assert.equal(site.status, 403);
  assert.equal(site.body.error.code, "request_origin_not_allowed");
});

Deno.test(
  "with a token, the one-time login link sets an HttpOnly SameSite=Strict cookie the API accepts",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.token = "s3cret-token"));
    const link = ph.server.uiLoginLink!;
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/ui\/login\?code=[0-9a-f]{48}$/);
    assert.ok(!link.includes("s3cret-token"), "the link does not hold the token");
    // The shell carries no data and loads without the token; the API does not.
    assert.equal(await fetch(`${ph.url}/ui`).then(async (r) => (await r.body?.cancel(), r.status)), 200);
    const bare = await fetch(`${ph.url}/v1/sessions`);
    await bare.body?.cancel();
    assert.equal(bare.status, 401);

    const login = await fetch(link, { redirect: "manual" });
    await login.body?.cancel();
    assert.equal(login.status, 303);
    assert.equal(login.headers.get("location"), "/ui");
    const cookie = login.headers.get("set-cookie") ?? "";
    assert.match(cookie, /^porthole_ui=[0-9a-f]{48}; /);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const pair = cookie.split(";")[0];
    const api = await fetch(`${ph.url}/v1/sessions`, { headers: { cookie: pair } });
    assert.equal(api.status, 200);
    assert.deepEqual((await api.json()).sessions, []);
    const forged = await fetch(`${ph.url}/v1/sessions`, {
      headers: { cookie: "porthole_ui=" + "0".repeat(48) },
    });
    await forged.body?.cancel();
    assert.equal(forged.status, 401);

    const twice = await fetch(link, { redirect: "manual" });
    assert.equal(twice.status, 401, "the link works once");
    assert.equal((await twice.json()).error.code, "unauthorized");
    // Whoever holds the token can always log a browser in.
    const byToken = await fetch(`${ph.url}/ui/login?token=s3cret-token`, { redirect: "manual" });
    await byToken.body?.cancel();
    assert.equal(byToken.status, 303);
    assert.match(byToken.headers.get("set-cookie") ?? "", /^porthole_ui=/);
  },
);

Deno.test("without a token the UI is open on loopback and prints no login link", browserTest, async () => {
  await using ph = await Porthole.start();
  assert.equal(ph.server.uiLoginLink, null);
  const login = await fetch(`${ph.url}/ui/login`, { redirect: "manual" });
  await login.body?.cancel();
  assert.equal(login.status, 302);
  assert.equal(login.headers.get("set-cookie"), null);
});

Deno.test("routes/ui_assets.gen.ts is built from ui/ as it is (run `deno task ui`)", async () => {
  const built = await buildUiAssets();
  assert.ok(built.js === UI_JS, "the UI's JS is stale: run `deno task ui`");
  assert.ok(built.css === UI_CSS, "the UI's CSS is stale: run `deno task ui`");
});
