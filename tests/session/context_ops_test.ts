/** Cookies, storage state, emulation, frames and history over HTTP, against real Chromium. */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { bapLaunched } from "../support/bap_fixture.ts";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

let count = 0;
const far = new Site({ "/far": `<!doctype html><title>Far</title><p>far away</p>` }, "localhost");
const site = new Site({
  "/": `<!doctype html><title>Home</title><h1>Home</h1>`,
  "/cookie": `<!doctype html><title>Cookie</title><p id="c"></p>
    <script>document.getElementById("c").textContent = "cookie=[" + document.cookie + "]";</script>`,
  "/account": (req) => {
    const loggedIn = /(^|;\s*)sid=s3cret/.test(req.headers.get("cookie") ?? "");
    return new Response(
      `<!doctype html><title>${loggedIn ? "Account" : "Login"}</title>
      <h1>${loggedIn ? "Welcome back" : "Please log in"}</h1><p id="t"></p>
      <script>document.getElementById("t").textContent = "theme " + localStorage.getItem("theme");</script>`,
      { headers: { "content-type": "text/html" } },
    );
  },
  "/frames": `<!doctype html><title>Frames</title><iframe name="inner" src="/inner?token=abc"></iframe>
    <iframe name="far" src="${far.url("/far")}"></iframe>`,
  "/inner": `<!doctype html><title>Inner</title><p>inside</p>`,
  "/count": () =>
    new Response(`<!doctype html><title>Count</title><p>visit ${++count}</p>`, {
      headers: { "content-type": "text/html" },
    }),
  "/a": `<!doctype html><title>A</title><h1>A</h1>`,
  "/b": `<!doctype html><title>B</title><h1>B</h1>`,
  "/tab": `<!doctype html><title>Tab</title><script>sessionStorage.setItem("tab", "7")</script>`,
});
const other = new Site({ "/x": `<!doctype html><title>X</title><h1>Elsewhere</h1>` });
const ph = await Porthole.start();
globalThis.addEventListener("unload", () => {
  ph.server.close();
  site.server.shutdown();
  other.server.shutdown();
  far.server.shutdown();
});

const path = (sid: string, rest: string) => `/v1/sessions/${sid}/${rest}`;

async function ok(method: string, url: string, body?: unknown): Promise<Json> {
  const r = await ph.request(method, url, body);
  assert.ok(r.status < 300, `${method} ${url} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function title(sid: string): Promise<string> {
  return await ph.pageEval(sid, "document.title");
}

Deno.test("a cookie set is seen by the page, and cleared", browserTest, async () => {
  const sid = await ph.session();
  await ok("POST", path(sid, "cookies"), {
    cookies: [{ name: "flavour", value: "oat", url: site.url("/") }],
  });
  const seen = (await ph.open(sid, site.url("/cookie"))).tree;
  assert.match(seen, /cookie=\[flavour=oat\]/);
  const got = await ok("POST", path(sid, "cookies/get"), { urls: [site.url("/cookie")] });
  assert.deepEqual(got.cookies.map((c: Json) => [c.name, c.value, c.expires]), [["flavour", "oat", -1]]);
  assert.deepEqual(
    (await ok("POST", path(sid, "cookies/get"), { urls: ["http://elsewhere.test/"] })).cookies,
    [],
  );
  assert.deepEqual(await ok("DELETE", path(sid, "cookies")), { cleared: 1 });
  assert.match((await ph.open(sid, site.url("/cookie"))).tree, /cookie=\[\]/);
  await ok("DELETE", `/v1/sessions/${sid}`);
});

Deno.test(
  "a cookie for a domain outside allowedOrigins is refused, naming the field",
  browserTest,
  async () => {
    const sid = await ph.session({ allowedOrigins: [site.origin] });
    const r = await ph.post(path(sid, "cookies"), {
      cookies: [
        { name: "fine", value: "1", domain: "127.0.0.1" },
        { name: "planted", value: "1", domain: ".example.com" },
      ],
    });
    assert.equal(r.status, 403);
    assert.equal(r.body.error.code, "origin_not_allowed");
    assert.equal(r.body.error.details.field, "cookies.1.domain");
    const byUrl = await ph.post(path(sid, "cookies"), {
      cookies: [{ name: "x", value: "1", url: other.url("/x") }],
    });
    assert.equal(byUrl.status, 403);
    assert.equal(byUrl.body.error.details.field, "cookies.0.url");
    assert.deepEqual((await ok("POST", path(sid, "cookies/get"), {})).cookies, [], "none of them was set");
    const storage = await ph.post(path(sid, "storage-state"), {
      cookies: [{ name: "fine", value: "1", domain: "127.0.0.1" }],
      origins: [{ origin: other.origin, localStorage: [{ name: "a", value: "b" }] }],
    });
    assert.equal(storage.status, 403);
    assert.equal(storage.body.error.details.field, "origins.0.origin");
    assert.deepEqual(
      (await ok("POST", path(sid, "cookies/get"), {})).cookies,
      [],
      "nothing of that state was written",
    );
    await ok("DELETE", `/v1/sessions/${sid}`);
  },
);

Deno.test("a session created from an exported storage state is already logged in", browserTest, async () => {
  const first = await ph.session();
  await ok("POST", path(first, "cookies"), {
    cookies: [{ name: "sid", value: "s3cret", domain: "127.0.0.1" }],
  });
  await ph.open(first, site.url("/account"));
  await ph.pageEval(first, "localStorage.setItem('theme', 'dark')");
  const state = await ok("GET", path(first, "storage-state"));
  assert.deepEqual(state.origins, [{
    origin: site.origin,
    localStorage: [{ name: "theme", value: "dark" }],
  }]);
  await ok("DELETE", `/v1/sessions/${first}`);

  const second = await ph.session({ storageState: state, allowedOrigins: [site.origin] });
  const page = (await ph.open(second, site.url("/account"))).tree;
  assert.match(page, /Welcome back/, "the server saw the cookie");
  assert.match(page, /theme dark/, "the page read localStorage");
  await ok("DELETE", `/v1/sessions/${second}`);

  const refused = await ph.post("/v1/sessions", {
    storageState: { origins: [{ origin: other.origin, localStorage: [{ name: "a", value: "b" }] }] },
    allowedOrigins: [site.origin],
  });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.details.field, "storageState.origins.0.origin");
  assert.deepEqual(other.hits, [], "the refused origin was never visited");
});

Deno.test("emulation is seen by the page now and by pages opened later", browserTest, async () => {
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  const body = await ok("POST", path(sid, "emulation"), {
    viewport: { width: 600, height: 500 },
    userAgent: "PortholeTest/1.0",
    geolocation: { latitude: 48.85, longitude: 2.35 },
    offline: true,
    colorScheme: "dark",
    timezoneId: "Asia/Tokyo",
    locale: "de-DE",
  });
  assert.equal(body.emulation.userAgent, "PortholeTest/1.0");
  const position = "new Promise((ok) => navigator.geolocation.getCurrentPosition(" +
    "(p) => ok([p.coords.latitude, p.coords.longitude]), (e) => ok('error ' + e.code)))";
  const seen = async () => ({
    width: await ph.pageEval(sid, "innerWidth"),
    ua: await ph.pageEval(sid, "navigator.userAgent"),
    online: await ph.pageEval(sid, "navigator.onLine"),
    dark: await ph.pageEval(sid, "matchMedia('(prefers-color-scheme: dark)').matches"),
    zone: await ph.pageEval(sid, "Intl.DateTimeFormat().resolvedOptions().timeZone"),
    language: await ph.pageEval(sid, "navigator.language"),
    position: await ph.pageEval(sid, position),
  });
  const want = {
    width: 600,
    ua: "PortholeTest/1.0",
    online: false,
    dark: true,
    zone: "Asia/Tokyo",
    language: "de-DE",
    position: [48.85, 2.35],
  };
  assert.deepEqual(await seen(), want);
  await ok("POST", path(sid, "pages"), {});
  assert.equal(await ph.pageEval(sid, "navigator.onLine"), false, "a page opened later is offline too");
  await ok("POST", path(sid, "emulation"), { offline: false });
  await ph.open(sid, site.url("/"));
  assert.deepEqual(await seen(), { ...want, online: true }, "and sees the rest of the emulation");
  await ok("DELETE", `/v1/sessions/${sid}`);
});

Deno.test("the frame list of a page names its iframes, with redacted URLs", browserTest, async () => {
  const sid = await ph.session();
  // Once loaded: at DOMContentLoaded the cross-site frame may not have committed its document yet.
  await ok("POST", path(sid, "navigate"), { url: site.url("/frames"), waitUntil: "load" });
  const { frames } = await ok("POST", path(sid, "frames"), {});
  assert.equal(frames.length, 3);
  assert.equal(frames[0].parentId, null);
  assert.equal(frames[1].parentId, frames[0].frameId);
  assert.equal(frames[1].name, "inner");
  assert.equal(frames[1].origin, site.origin);
  assert.doesNotMatch(frames[1].url, /abc/, "query values are redacted");
  assert.deepEqual(
    [frames[2].name, frames[2].parentId, frames[2].origin],
    ["far", frames[0].frameId, far.origin],
    "a cross-site frame, in its own process, is listed too",
  );
  await ok("DELETE", `/v1/sessions/${sid}`);
});

Deno.test("reload gives a new document", browserTest, async () => {
  const sid = await ph.session();
  await ph.open(sid, site.url("/count"));
  const before = await ph.pageEval(sid, "document.body.innerText");
  const r = await ok("POST", path(sid, "reload"), { observe: true });
  assert.equal(r.navigation, "committed");
  assert.equal(r.httpStatus, 200);
  assert.notEqual(await ph.pageEval(sid, "document.body.innerText"), before);
  assert.match(r.state.tree, /visit/);
  await ok("DELETE", `/v1/sessions/${sid}`);
});

Deno.test(
  "back and forward move in history, also within a document; with no entry that way nothing happens",
  browserTest,
  async () => {
    const sid = await ph.session();
    await ph.open(sid, site.url("/a"));
    await ph.open(sid, site.url("/b"));
    const back = await ok("POST", path(sid, "back"), {});
    assert.equal(back.navigation, "committed");
    assert.equal(await title(sid), "A");
    const fwd = await ok("POST", path(sid, "forward"), { waitUntil: "load" });
    assert.equal(fwd.url, site.url("/b"));
    assert.equal(await title(sid), "B");
    assert.equal((await ok("POST", path(sid, "forward"), {})).navigation, "none");
    assert.equal(await title(sid), "B");
    await ph.pageEval(sid, "history.pushState({}, '', '/b#moved')");
    const within = await ok("POST", path(sid, "back"), { observe: { tier: "minimal" } });
    assert.equal(within.navigation, "same_document");
    assert.equal(within.url, site.url("/b"));
    assert.equal(within.state.tier, "minimal");
    await ok("DELETE", `/v1/sessions/${sid}`);
  },
);

Deno.test(
  "back onto an origin outside allowedOrigins is refused and nothing is sent",
  browserTest,
  async () => {
    const sid = await ph.session({ allowedOrigins: [site.origin, other.origin] });
    await ph.open(sid, other.url("/x"));
    await ph.open(sid, site.url("/a"));
    // The entry predates the policy that now applies: history keeps what was allowed then.
    ph.server.registry.get(sid).options.allowedOrigins = [site.origin];
    const hits = other.hits.length;
    const r = await ph.post(path(sid, "back"), {});
    assert.equal(r.status, 403);
    assert.equal(r.body.error.code, "origin_not_allowed");
    assert.equal(other.hits.length, hits, "no request reached the refused origin");
    assert.equal(await title(sid), "A");
    await ok("DELETE", `/v1/sessions/${sid}`);
  },
);

Deno.test("bad input to every context route is a 400 naming the field", browserTest, async () => {
  const sid = await ph.session();
  const cases: [string, string, unknown, string][] = [
    ["POST", "cookies/get", { urls: ["not a url"] }, "urls.0"],
    ["POST", "cookies", { cookies: [{ name: "a", value: "b" }] }, "cookies.0.url"],
    [
      "POST",
      "cookies",
      { cookies: [{ name: "a", value: "b", url: site.url("/"), colour: 1 }] },
      "cookies.0.colour",
    ],
    ["POST", "storage-state", { origins: [{ origin: 1 }] }, "origins.0.origin"],
    ["POST", "emulation", {}, "viewport"],
    ["POST", "emulation", { viewport: { width: 10, height: 10 } }, "viewport.width"],
    ["POST", "emulation", { colorScheme: "blue" }, "colorScheme"],
    ["POST", "emulation", { geolocation: { latitude: 100, longitude: 0 } }, "geolocation.latitude"],
    ["POST", "frames", { pageId: 5 }, "pageId"],
    ["POST", "reload", { waitUntil: "soon" }, "waitUntil"],
    ["POST", "back", { timeoutMs: -1 }, "timeoutMs"],
    ["POST", "forward", { observe: "yes" }, "observe"],
  ];
  for (const [method, route, body, field] of cases) {
    const r = await ph.request(method, path(sid, route), body);
    assert.equal(r.status, 400, `${route} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.error.details.field, field, `${route} ${JSON.stringify(body)}`);
  }
  const create = await ph.post("/v1/sessions", { storageState: { cookies: "none" } });
  assert.equal(create.status, 400);
  assert.equal(create.body.error.details.field, "storageState.cookies");
  await ok("DELETE", `/v1/sessions/${sid}`);
});

// ---- BAP maps onto the same operations ----------------------------------------------

/** A launched BAP connection with one page, and the id of the Porthole session behind it. */
async function bap(url?: string): Promise<BapClient & { sid: string }> {
  const c = await BapClient.connect(wsUrl(ph.url));
  await c.call("browser/launch", {});
  const page = await c.call("page/create", url ? { url } : {});
  const session = ph.server.registry.list().find((s) => s.pages.has(page.id))!;
  return Object.assign(c, { sid: session.id });
}

Deno.test(
  "storage/setCookies refuses a cookie for Porthole's own address, as the HTTP route does",
  browserTest,
  async () => {
    await using c = await bap();
    const cookie = { name: "x", value: "1", url: `${ph.url}/` };
    const refused = await c.fails("storage/setCookies", { cookies: [cookie] });
    assert.equal(refused.code, -32041);
    const http = await ph.post(path(c.sid, "cookies"), { cookies: [cookie] });
    assert.equal(http.status, 403);
    assert.equal(http.body.error.code, "address_not_allowed");
    assert.deepEqual((await c.call("storage/getCookies", {})).cookies, []);
  },
);

Deno.test(
  "emulate/setOffline over BAP is the session's emulation: a page opened later over HTTP is offline too",
  browserTest,
  async () => {
    await using c = await bap(site.url("/"));
    await c.call("emulate/setOffline", { offline: true });
    await ok("POST", path(c.sid, "pages"), {});
    assert.equal(await ph.pageEval(c.sid, "navigator.onLine"), false);
  },
);

Deno.test("frame/list over BAP lists the frames the HTTP frame list does", browserTest, async () => {
  await using c = await bap(site.url("/frames"));
  const viaBap = (await c.call("frame/list", {})).frames;
  const viaHttp = (await ok("POST", path(c.sid, "frames"), {})).frames;
  assert.deepEqual(
    viaBap.map((f: Json) => [f.frameId, f.parentFrameId ?? null, f.name, f.url]),
    viaHttp.map((f: Json) => [f.frameId, f.parentId, f.name, f.url]),
  );
});

Deno.test(
  "page/goBack onto an origin outside allowedOrigins is refused over BAP and nothing is sent",
  browserTest,
  async () => {
    await using c = await bap(other.url("/x"));
    await c.call("page/navigate", { url: site.url("/a") });
    ph.server.registry.get(c.sid).options.allowedOrigins = [site.origin];
    const hits = other.hits.length;
    const refused = await c.fails("page/goBack", {});
    assert.equal(refused.code, -32041);
    assert.equal(other.hits.length, hits);
    assert.equal(await ph.pageEval(c.sid, "document.title"), "A");
  },
);

// ---- MCP: opt-in tools over the same operations -------------------------------------

async function mcp(query = ""): Promise<Client & AsyncDisposable> {
  const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp${query}`));
  const client = new Client({ name: "context-ops-test", version: "1.0.0" });
  await client.connect(transport);
  return Object.assign(client, {
    [Symbol.asyncDispose]: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  });
}

Deno.test(
  "the context tools are not in MCP's default list, and --tools offers them",
  browserTest,
  async () => {
    {
      await using plain = await mcp();
      const names = (await plain.listTools()).tools.map((t) => t.name);
      assert.ok(!names.includes("browser_cookies") && !names.includes("browser_history"), names.join(","));
    }
    await using client = await mcp("?tools=navigate,cookies,storage_state,emulate,frames,history");
    const names = (await client.listTools()).tools.map((t) => t.name);
    assert.deepEqual(names, [
      "browser_navigate",
      "browser_cookies",
      "browser_storage_state",
      "browser_emulate",
      "browser_frames",
      "browser_history",
    ]);
    const call = async (name: string, args: Record<string, unknown>): Promise<Json> => {
      const r: Json = await client.callTool({ name, arguments: args });
      assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
      return r.structuredContent;
    };
    await call("browser_navigate", { url: site.url("/a") });
    await call("browser_navigate", { url: site.url("/b") });
    assert.equal((await call("browser_history", { action: "back" })).navigation, "committed");
    await call("browser_cookies", {
      action: "set",
      cookies: [{ name: "m", value: "1", url: site.url("/") }],
    });
    assert.match(JSON.stringify(await call("browser_cookies", { action: "get" })), /\\"name\\":\\"m\\"/);
    const refused: Json = await client.callTool({
      name: "browser_history",
      arguments: { action: "back", wait_until: "soon" },
    });
    assert.ok(refused.isError);
    // sessionStorage is exported only when asked for, and only an export takes the flag.
    await call("browser_navigate", { url: site.url("/tab") });
    const exported = async (args: Record<string, unknown>) =>
      JSON.stringify(await call("browser_storage_state", { action: "export", ...args }));
    assert.match(await exported({ session_storage: true }), /\\"name\\":\\"tab\\",\\"value\\":\\"7\\"/);
    assert.doesNotMatch(await exported({}), /sessionStorage/);
    const importing: Json = await client.callTool({
      name: "browser_storage_state",
      arguments: { action: "import", state: { cookies: [] }, session_storage: true },
    });
    assert.ok(importing.isError);
    assert.match(JSON.stringify(importing.content), /session_storage/);
  },
);

Deno.test(
  "context/create's emulation and storageState are the new session's own, seen by its pages",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    await c.call("context/create", {
      contextId: "dressed",
      options: {
        geolocation: { latitude: 35.68, longitude: 139.69 },
        permissions: ["geolocation"],
        colorScheme: "dark",
        storageState: { cookies: [{ name: "sid", value: "s3cret", domain: "127.0.0.1", path: "/" }] },
      },
    });
    const page = await c.call("page/create", { contextId: "dressed", url: site.url("/account") });
    const sid = ph.server.registry.list().find((s) => s.pages.has(page.id))!.id;
    assert.equal(await title(sid), "Account", "the server saw the cookie");
    assert.equal(await ph.pageEval(sid, "matchMedia('(prefers-color-scheme: dark)').matches"), true);
    const position = "new Promise((ok) => navigator.geolocation.getCurrentPosition(" +
      "(p) => ok([p.coords.latitude, p.coords.longitude]), (e) => ok('error ' + e.code)))";
    assert.deepEqual(await ph.pageEval(sid, position), [35.68, 139.69]);
    const before = new Set(ph.server.registry.list().map((s) => s.id));
    const refused = await c.fails("context/create", {
      options: {
        storageState: { origins: [{ origin: "file:///etc", localStorage: [{ name: "a", value: "b" }] }] },
      },
    });
    assert.equal(refused.code, -32041);
    assert.equal(refused.data!.details.field, "options.storageState.origins.0.origin");
    assert.equal((await c.call("context/list")).contexts.length, 2, "the refused context was not kept");
    const left = ph.server.registry.list().filter((s) => !before.has(s.id));
    assert.deepEqual(left.map((s) => s.id), [], "nor its session");
  },
);
