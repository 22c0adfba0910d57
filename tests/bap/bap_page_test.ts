/** BAP browser, page and context methods against real Chromium. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { assertVoid, BapClient, wsUrl } from "../support/bap_client.ts";
import { assertRpcError, bapLaunched, pageEval, siteAndPorthole } from "../support/bap_fixture.ts";

const FORM = `<!doctype html><title>Form</title><h1>Sign up</h1>
<button data-testid="save">Save</button><input id="email" aria-label="Email"><a href="/x">Docs</a>`;

// Five sessions, so the context limit of one connection (the session limit) is quick to reach.
const { site, ph } = await siteAndPorthole({
  "/": FORM,
  "/a": "<title>A</title><h1>Page A</h1><a href='/b'>to b</a>",
  "/b": "<title>B</title><h1>Page B</h1>",
  "/count": () =>
    new Response(`<title>Count</title><p>${Date.now()}</p>`, { headers: { "content-type": "text/html" } }),
}, (c) => (c.limits.maxSessions = 5));
const url = wsUrl(ph.url);

Deno.test(
  "browser lifecycle: page/create needs a launched browser, page/list works before it",
  browserTest,
  async () => {
    await using c = await BapClient.connect(url);
    assert.equal((await c.fails("page/create", {})).code, -32010);
    assert.deepEqual(await c.call("page/list"), { pages: [], activePage: "" });
    assert.deepEqual(await c.call("context/list"), {
      contexts: [],
      limits: { maxContexts: 5, currentCount: 0 },
    });
    const r = await c.call("browser/launch", { browser: "chromium", headless: true });
    assert.equal(typeof r.browserId, "string");
    assert.match(r.version, /Chrom/);
    assert.equal(typeof r.defaultContext, "string");
    assert.equal(ph.server.registry.list().length >= 1, true, "the launch is a Porthole session");
    assertVoid(await c.call("browser/close", {}));
    assert.equal((await c.fails("page/create", {})).code, -32010);
    assertVoid(await c.call("browser/close", {}));
  },
);

Deno.test(
  "browser/launch refuses other engines, download folders, extra flags and CDP attach (a profile folder is mapped: bap_launch_options_test)",
  browserTest,
  async () => {
    await using c = await BapClient.connect(url);
    for (
      const params of [
        { browser: "firefox" },
        { browser: "lynx" },
        { downloadsPath: "/tmp/dl" },
        { cdpUrl: "http://127.0.0.1:9223" },
      ]
    ) {
      const e = await c.fails("browser/launch", params);
      assert.equal(e.code, -32602, JSON.stringify(params));
    }
    const e = await c.fails("browser/launch", { args: ["--no-sandbox", "--disable-gpu"] });
    assert.equal(e.code, -32602, "arguments are refused, never dropped");
  },
);

Deno.test("page/create and page/navigate with a fused observation", browserTest, async () => {
  await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
  const page = await c.call("page/create", {});
  assert.equal(typeof page.id, "string");
  assert.equal(page.status, "ready");
  assert.ok(page.viewport.width > 0);
  const nav = await c.call("page/navigate", {
    url: site.url("/"),
    observe: { includeInteractiveElements: true, includeBounds: true },
  });
  assert.equal(nav.status, 200);
  assert.equal(nav.url, site.url("/"));
  assert.deepEqual(nav.headers, {});
  assert.equal(nav.observation.metadata.url, site.url("/"));
  assert.equal(nav.observation.metadata.title, "Form");
  assert.ok(nav.observation.interactiveElements.length >= 3);
  const list = await c.call("page/list");
  assert.equal(list.activePage, page.id);
  assert.equal(list.pages[0].title, "Form");
});

Deno.test(
  "navigation refusals: an unknown page is -32011, javascript: and metadata addresses are refused",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
    await c.call("page/create", { url: site.url("/a") });
    const unknown = await c.fails("page/navigate", { pageId: "page-does-not-exist", url: site.url("/") });
    assert.equal(unknown.code, -32011);
    assert.equal(unknown.data!.details.pageId, "page-does-not-exist");
    const js = await c.fails("page/navigate", { url: "javascript:alert(1)" });
    assert.equal(js.code, -32041, "scheme_not_allowed maps to DomainNotAllowed in the shared table");
    assert.equal(js.data!.details.reason, "scheme_not_allowed");
    const meta = await c.fails("page/navigate", { url: "http://169.254.169.254/latest/meta-data" });
    assert.equal(meta.code, -32041);
    const bad = await c.fails("page/navigate", { url: "not a url" });
    assert.equal(bad.code, -32602);
    const missing = await c.fails("page/navigate", {});
    assert.equal(missing.code, -32602);
    const content = await c.call("observe/content", { format: "text" });
    assert.match(content.content, /Page A/, "the page stayed where it was");
    const created = await c.fails("page/create", { url: "file:///etc/passwd" });
    assert.equal(created.code, -32041);
    assert.equal((await c.call("page/list")).pages.length, 1, "no tab was opened for a refused url");
  },
);

Deno.test("a navigation that cannot connect is -32015, retryable", browserTest, async () => {
  await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
  await c.call("page/create", {});
  const e = await c.fails("page/navigate", { url: "http://127.0.0.1:9/" });
  assertRpcError(e, -32015, true);
});

Deno.test(
  "page/list keeps creation order; activate and close move the active page",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
    const p1 = await c.call("page/create", { url: site.url("/a") });
    const p2 = await c.call("page/create", { url: site.url("/b") });
    let list = await c.call("page/list");
    assert.deepEqual(list.pages.map((p: { id: string }) => p.id), [p1.id, p2.id]);
    assert.equal(list.activePage, p2.id);
    assertVoid(await c.call("page/activate", { pageId: p1.id }));
    assert.equal((await c.call("page/list")).activePage, p1.id);
    assert.match((await c.call("observe/content", { format: "text" })).content, /Page A/);
    assertVoid(await c.call("page/close", { pageId: p1.id }));
    list = await c.call("page/list");
    assert.deepEqual(list.pages.map((p: { id: string }) => p.id), [p2.id]);
    assert.equal(list.activePage, p2.id);
    assert.equal((await c.fails("page/close", { pageId: p1.id })).code, -32011);
    assert.equal((await c.fails("page/close", {})).code, -32011);
    assert.equal((await c.fails("page/activate", { pageId: "nope" })).code, -32011);
  },
);

Deno.test("goBack, goForward and reload move through the page's history", browserTest, async () => {
  await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
  await c.call("page/create", {});
  await c.call("page/navigate", { url: site.url("/a") });
  await c.call("page/navigate", { url: site.url("/b") });
  const title = async () => (await c.call("observe/content", { format: "text" })).title;
  assertVoid(await c.call("page/goBack", {}));
  assert.equal(await title(), "A");
  assertVoid(await c.call("page/goForward", { waitUntil: "domcontentloaded" }));
  assert.equal(await title(), "B");
  assertVoid(await c.call("page/goForward", {}), "no entry that way: nothing happens");
  assert.equal(await title(), "B");
  await c.call("page/navigate", { url: site.url("/count") });
  const before = (await c.call("observe/content", { format: "text" })).content;
  assertVoid(await c.call("page/reload", {}));
  const after = (await c.call("observe/content", { format: "text" })).content;
  assert.notEqual(after, before, "the reload fetched the page again");
});

Deno.test(
  "page/create takes a viewport, and contexts: create, use, list, destroy, limit",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
    const small = await c.call("page/create", { viewport: { width: 640, height: 480 } });
    assert.deepEqual(small.viewport, { width: 640, height: 480 });
    assert.deepEqual(
      await c.call("context/create", {
        contextId: "ctx-a",
        options: { viewport: { width: 800, height: 600 } },
      }),
      {
        contextId: "ctx-a",
      },
    );
    const inA = await c.call("page/create", { contextId: "ctx-a" });
    assert.deepEqual(inA.viewport, { width: 800, height: 600 });
    const listed = await c.call("context/list");
    const a = listed.contexts.find((x: { id: string }) => x.id === "ctx-a");
    assert.equal(a.pageCount, 1);
    assert.deepEqual(a.options, { viewport: { width: 800, height: 600 } });
    assert.equal(listed.limits.maxContexts, 5);
    assert.equal((await c.fails("page/create", { contextId: "ctx-none" })).code, -32023);
    assert.equal((await c.fails("context/create", { contextId: "ctx-a" })).code, -32602);
    assert.equal((await c.fails("context/create", { contextId: "bad id!" })).code, -32602);
    assert.deepEqual(await c.call("context/destroy", { contextId: "ctx-a" }), { pagesDestroyed: 1 });
    const gone = await c.fails("context/destroy", { contextId: "ctx-a" });
    assert.equal(gone.code, -32023);
    assert.equal(gone.data!.details.contextId, "ctx-a");
    for (const id of ["c1", "c2", "c3", "c4"]) await c.call("context/create", { contextId: id });
    const full = await c.fails("context/create", {});
    assert.equal(full.code, -32024);
    assert.equal(full.data!.details.resource, "contexts");
    assert.equal(full.data!.details.limit, 5);
  },
);

Deno.test(
  "contexts are isolated: a cookie set in the default context is not seen in another",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph, { launch: { browser: "chromium", headless: true } });
    const mine = await c.call("page/create", { url: site.url("/a") });
    await c.call("storage/setCookies", { cookies: [{ name: "who", value: "default", url: site.url("/") }] });
    await c.call("context/create", { contextId: "other" });
    const other = await c.call("page/create", { contextId: "other", url: site.url("/a") });
    assert.equal(await pageEval(ph, mine.id, "document.cookie"), "who=default");
    assert.equal(await pageEval(ph, other.id, "document.cookie"), "");
    const cookies = await c.call("storage/getCookies", {});
    assert.deepEqual(cookies.cookies.map((x: { name: string }) => x.name), ["who"]);
  },
);

Deno.test(
  "context/create in plan mode takes a storage state, as POST /v1/sessions does: the context starts logged in",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    const cookie = { name: "sid", value: "s3cret", domain: "127.0.0.1", path: "/" };
    const options = { mode: "plan", storageState: { cookies: [cookie] } };
    const http = await ph.post("/v1/sessions", options);
    assert.equal(http.status, 201, JSON.stringify(http.body));
    assert.deepEqual(await c.call("context/create", { contextId: "ctx-plan", options }), {
      contextId: "ctx-plan",
    });
    const listed = await c.call("context/list");
    assert.ok(listed.contexts.some((x: { id: string }) => x.id === "ctx-plan"));
    const refused = await c.fails("page/create", { contextId: "ctx-plan" });
    assert.equal(refused.code, -32021, "the context is in plan mode once created");
    assert.equal(refused.data!.details.reason, "plan_mode");
  },
);
