/**
 * Navigation by act, against real Chromium: waiting for DOMContentLoaded of the new loader,
 * same-document navigations, timeouts after acknowledged input, HTTP error pages, and
 * observation failures that leave the execution as it was.
 */
import assert from "node:assert/strict";
import {
  assertCaptured,
  assertCompleted,
  assertNotDispatched,
  browserTest,
  type Json,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

const LINKS = `<!doctype html><title>Links</title><h1>Links</h1>
<a href="/slow">Slow page</a>
<a href="#part">Jump</a>
<button onclick="history.pushState({}, '', '/pushed')">Push</button>
<a href="/missing">Missing page</a>
<a href="/broken">Broken page</a>
<a href="/hang">Hanging page</a>
<a href="/file.csv">Download report</a>
<a id="save" href="/file.csv" download>Save report</a>
<button onclick="document.getElementById('save').click(); const end = Date.now() + 300; while (Date.now() < end) {}">Export</button>
<a id="away" href="/">Other site</a>
<a href="/redirect-away">Redirecting link</a>
<button onclick="window.open('/slow')">Same-origin popup</button>
<button id="popaway" onclick="window.open(this.dataset.url)">Cross-origin popup</button>
<h2 id="part">Part</h2>`;

/** A page with a frame whose button removes that very frame. */
const FRAMED = `<!doctype html><title>Framed</title><h1>Outer</h1><iframe src="/inner"></iframe>`;
const INNER = `<!doctype html><title>Inner</title>
<button onclick="parent.document.querySelector('iframe').remove()">Remove this frame</button>`;

/** DOMContentLoaded of /slow waits for a script that takes a while to arrive. */
const SLOW = `<!doctype html><title>Slow</title><h1>Slow</h1>
<script src="/slow.js"></script>
<p>After the script</p>`;

const SLOW_SCRIPT_MS = 1500;

/** A form posted to /save, which answers with a redirect to /saved (post/redirect/get). */
const ORDER = `<!doctype html><title>Order</title>
<form method="post" action="/save"><label>Quantity <input name="quantity" value="3"></label>
<button>Place order</button></form>
<label>Sort <select onchange="location.href = '/links?sort=' + this.value">
  <option value="new">Newest</option><option value="old">Oldest</option></select></label>`;

/** A single-page app: its links change the view and the URL with pushState, never loading a document. */
const SPA = `<!doctype html><title>App</title>
<nav><a href="/spa/home">Home</a> <a href="/spa/settings">Settings</a></nav><main><h1>Home</h1></main>
<script>
document.querySelector("nav").addEventListener("click", (e) => {
  const a = e.target.closest("a");
  if (!a) return;
  e.preventDefault();
  history.pushState({}, "", a.href);
  document.querySelector("main").innerHTML = "<h1>" + a.textContent + "</h1><label>Theme <input></label>";
});
</script>`;

/** What /save received. */
const saved: string[] = [];

/** Streams that /hang opened and never ended, closed when the file is done. */
const hanging: ReadableStreamDefaultController<Uint8Array>[] = [];

/** A second origin: pages of the session's own site may not take the page there. */
const other = new Site({ "/": `<!doctype html><title>Other</title><h1>Other site</h1>` });

const site = new Site({
  "/links": LINKS,
  "/order": ORDER,
  "/save": async (req) => {
    saved.push(new URLSearchParams(await req.text()).get("quantity") ?? "");
    return new Response(null, { status: 303, headers: { location: "/saved" } });
  },
  "/saved": `<!doctype html><title>Saved</title><h1>Thank you</h1>`,
  "/spa": SPA,
  "/guarded": `<!doctype html><title>Guarded</title>
<script>addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });</script>
<button onclick="this.textContent = 'Edited'">Edit</button>`,
  "/framed": FRAMED,
  "/file.csv": () =>
    new Response("a,b\n1,2\n", {
      headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="report.csv"' },
    }),
  "/redirect-away": () => Response.redirect(other.url("/"), 302),
  "/inner": INNER,
  "/slow": SLOW,
  "/slow.js": async () => {
    await new Promise((r) => setTimeout(r, SLOW_SCRIPT_MS));
    return new Response("window.slowScriptRan = true;", { headers: { "content-type": "text/javascript" } });
  },
  "/broken": () =>
    new Response("<!doctype html><title>Broken</title><h1>Internal error</h1>", {
      status: 500,
      headers: { "content-type": "text/html" },
    }),
  "/hang": () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          hanging.push(controller);
          controller.enqueue(new TextEncoder().encode("<!doctype html><title>Hanging</title><h1>Loading"));
        },
      }),
      { headers: { "content-type": "text/html" } },
    ),
});
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

/** Open /links with its links to the other origin pointing there. */
async function openLinks(sid: string) {
  await ph.open(sid, site.url("/links"));
  await ph.pageEval(
    sid,
    `document.getElementById("away").href = ${JSON.stringify(other.url("/"))};
     document.getElementById("popaway").dataset.url = ${JSON.stringify(other.url("/"))};`,
  );
  return await ph.observe(sid);
}

Deno.test("a click on a link waits for DOMContentLoaded of the new document", browserTest, async () => {
  await using s = await session(site.url("/links"));
  const r = await ph.actOn(s.sid, s.state, "click", /link "Slow page"/);
  assertCaptured(r);
  assert.equal(r.freshState.url, site.url("/slow"));
  assert.notEqual(r.freshState.document.loaderId, s.state.document.loaderId);
  // Content after the slow script is parsed only once the script ran, before DOMContentLoaded.
  assert.match(r.freshState.tree, /After the script/);
  assert.equal(await ph.pageEval(s.sid, "window.slowScriptRan"), true);
});

Deno.test("navigate by act waits for DOMContentLoaded of the new loader", browserTest, async () => {
  await using s = await session(site.url("/links"));
  const r = await ph.act(s.sid, s.state, { action: "navigate", url: site.url("/slow") });
  assertCompleted(r);
  assert.equal(r.freshState.url, site.url("/slow"));
  assert.match(r.freshState.tree, /After the script/);
  // The fresh state is the new current state: it can be acted on.
  const next = await ph.act(s.sid, r.freshState, { action: "navigate", url: site.url("/links") });
  assert.equal(next.execution, "completed");
  assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
});

for (
  const { what, control, url, read, value } of [
    { what: "a hash link", control: /link "Jump"/, url: undefined, read: "location.hash", value: "#part" },
    {
      what: "pushState",
      control: /button "Push"/,
      url: "/pushed",
      read: "location.pathname",
      value: "/pushed",
    },
  ]
) {
  Deno.test(`${what} is a same-document navigation with a captured fresh state`, browserTest, async () => {
    await using s = await session(site.url("/links"));
    const r = await ph.act(s.sid, s.state, { action: "click", ref: refOf(s.state, control) });
    assertCaptured(r);
    if (url) assert.equal(r.freshState.url, site.url(url));
    assert.equal(r.freshState.document.documentId, s.state.document.documentId);
    assert.equal(await ph.pageEval(s.sid, read), value);
  });
}

for (
  const { what, action, url, heading } of [
    {
      what: "a 404 page reached by a click",
      action: (state: Json) => ({ action: "click", ref: refOf(state, /link "Missing page"/) }),
      url: "/missing",
      heading: /heading "Not found"/,
    },
    {
      what: "a 500 page reached by navigate",
      action: () => ({ action: "navigate", url: site.url("/broken") }),
      url: undefined,
      heading: /heading "Internal error"/,
    },
  ]
) {
  Deno.test(`${what} is a valid observation`, browserTest, async () => {
    await using s = await session(site.url("/links"));
    const r = await ph.act(s.sid, s.state, action(s.state));
    assertCaptured(r);
    if (url) assert.equal(r.freshState.url, site.url(url));
    assert.match(r.freshState.tree, heading);
  });
}

Deno.test(
  "a click on a link whose page never finishes loading times out: completed, observation unavailable",
  browserTest,
  async () => {
    await using s = await session(site.url("/links"));
    const r = await ph.actOn(s.sid, s.state, "click", /link "Hanging page"/, {
      timeoutMs: 2000,
      expect: { selector: "h1", text: "Loading" },
    });
    assert.equal(r.execution, "completed");
    assert.equal(r.error.code, "timeout");
    assert.equal(r.error.retryable, false);
    assert.equal(r.observation, "unavailable");
    assert.equal(r.freshState, undefined);
    assert.equal(r.postcondition, "unknown");
    assert.ok(site.hits.includes("/hang"));
  },
);

Deno.test(
  "a beforeunload prompt does not hang navigate by act and is listed in dialogs",
  browserTest,
  async () => {
    await using s = await session(site.url("/guarded"));
    // The click gives the page the user activation a beforeunload prompt needs.
    const edited = await ph.actOn(s.sid, s.state, "click", /button "Edit"/);
    assert.equal(edited.execution, "completed");
    const r = await ph.act(s.sid, edited.freshState, { action: "navigate", url: site.url("/links") });
    assertCompleted(r);
    assert.deepEqual(r.dialogs, [{ type: "beforeunload", message: "", handled: "accepted" }]);
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
  },
);

Deno.test(
  "a click after which the observed frame cannot be captured leaves execution completed, observation unavailable",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/framed"));
    const frameId = await ph.frameOf(s.sid, "/inner");
    const state = await ph.observe(s.sid, { frameId });
    const r = await ph.actOn(s.sid, state, "click", /button "Remove this frame"/, {
      expect: { selector: "button", text: "Remove this frame" },
    });
    assert.equal(r.execution, "completed");
    assert.equal(r.observation, "unavailable");
    assert.equal(r.freshState, undefined);
    assert.equal(r.postcondition, "unknown");
    assert.ok(r.error, "the capture failure is reported");
    assert.equal(r.error.retryable, false);
    assert.equal(await ph.pageEval(s.sid, "document.querySelectorAll('iframe').length"), 0);
  },
);

Deno.test(
  "navigate by act to a relative url is invalid_params and navigates nowhere",
  browserTest,
  async () => {
    await using s = await session(site.url("/links"));
    const r = await ph.act(s.sid, s.state, { action: "navigate", url: "/slow" });
    assertNotDispatched(r, "invalid_params");
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
  },
);

Deno.test(
  "navigate by act to a refused scheme or address is refused before anything is sent",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/links"));
    for (
      const [url, code] of [
        ["file:///etc/passwd", "scheme_not_allowed"],
        ["javascript:document.title='x'", "scheme_not_allowed"],
        [`${ph.url}/health`, "address_not_allowed"],
        ["http://169.254.169.254/latest/meta-data/", "address_not_allowed"],
      ]
    ) {
      const r = await ph.act(s.sid, state, { action: "navigate", url });
      assert.equal(r.execution, "not_dispatched", url);
      assert.equal(r.error.code, code, url);
      assert.equal(r.observation, "captured", url);
      state = r.freshState;
    }
    assert.equal(await ph.pageEval(s.sid, "location.href"), site.url("/links"));
    assert.equal(await ph.pageEval(s.sid, "document.title"), "Links");
  },
);

Deno.test(
  "navigate by act to an origin outside the session's allowedOrigins is origin_not_allowed, not dispatched",
  browserTest,
  async () => {
    const sid = await ph.session({ allowedOrigins: [site.origin] });
    try {
      const state = await ph.open(sid, site.url("/links"));
      const r = await ph.act(sid, state, { action: "navigate", url: other.url("/") });
      assertNotDispatched(r, "origin_not_allowed");
      assert.equal(await ph.pageEval(sid, "location.href"), site.url("/links"));
    } finally {
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
  },
);

Deno.test("navigate by act authorises the origin it commits on", browserTest, async () => {
  await using s = await session(site.url("/links"));
  const r = await ph.act(s.sid, s.state, { action: "navigate", url: other.url("/") });
  assertCompleted(r);
  assert.equal(r.freshState.origin, other.origin);
  // The new origin is the page's authorised origin: acting there passes the origin checks.
  const next = await ph.act(s.sid, r.freshState, {
    action: "navigate",
    url: other.url("/"),
    expectedOrigin: other.origin,
  });
  assertCompleted(next);
  assert.equal(await ph.pageEval(s.sid, "location.origin"), other.origin);
});

Deno.test(
  "a client that goes away after the click does not stop the action, and the state stays consumed",
  browserTest,
  async () => {
    await using s = await session(site.url("/links"));
    const client = new AbortController();
    const hits = site.hits.length;
    const pending = fetch(`${ph.url}/v1/sessions/${s.sid}/act`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        stateId: s.state.stateId,
        targetId: s.state.targetId,
        action: "click",
        ref: refOf(s.state, /link "Slow page"/),
      }),
      signal: client.signal,
    }).then((r) => r.text(), () => "aborted");
    // Leave once the click is under way: the browser asked for the new page.
    while (!site.hits.slice(hits).includes("/slow")) await new Promise((r) => setTimeout(r, 10));
    client.abort();
    assert.equal(await pending, "aborted");
    // The next operation waits behind the act, which still waits for DOMContentLoaded.
    const after = await ph.observe(s.sid);
    assert.equal(after.url, site.url("/slow"));
    assert.match(after.tree, /After the script/);
    const reuse = await ph.actOn(s.sid, s.state, "click", /link "Slow page"/);
    assert.equal(reuse.error.code, "stale_state");
  },
);

// ---- blocked effects -----------------------------------------------------------------

Deno.test(
  "a click that starts a download is completed with download_blocked and the page stays",
  browserTest,
  async () => {
    await using s = await session();
    const state = await openLinks(s.sid);
    const r = await ph.actOn(s.sid, state, "click", /link "Download report"/);
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "download_blocked");
    assert.equal(r.observation, "captured");
    assert.equal(r.freshState.document.documentId, state.document.documentId);
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
  },
);

Deno.test(
  "a click that saves a file through a download link is completed with download_blocked",
  browserTest,
  async () => {
    await using s = await session();
    const state = await openLinks(s.sid);
    // The button follows the download link, then keeps the page busy a moment, so the browser
    // has begun the download before the click is acknowledged.
    const r = await ph.actOn(s.sid, state, "click", /button "Export"/);
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "download_blocked");
    assert.equal(r.observation, "captured");
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
  },
);

Deno.test(
  "navigate by act to a URL that downloads is completed with download_blocked",
  browserTest,
  async () => {
    await using s = await session();
    const state = await openLinks(s.sid);
    const r = await ph.act(s.sid, state, { action: "navigate", url: site.url("/file.csv") });
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "download_blocked");
    assert.equal(r.observation, "captured");
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/links");
  },
);

Deno.test({
  name: "a click on a link to another origin is completed with navigation_blocked and the page stays",
  ...browserTest,
  fn: async () => {
    await using s = await session();
    const state = await openLinks(s.sid);
    const hitsBefore = other.hits.length;
    const r = await ph.actOn(s.sid, state, "click", /link "Other site"/);
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "navigation_blocked");
    assert.equal(r.error.retryable, false);
    assert.equal(r.observation, "captured");
    assert.equal(r.freshState.origin, site.origin);
    assert.equal(await ph.pageEval(s.sid, "location.origin"), site.origin);
    assert.equal(other.hits.length, hitsBefore, "no request reached the other origin");
  },
});

Deno.test({
  name: "a page's own redirect to another origin is a blocked navigation",
  ...browserTest,
  fn: async () => {
    await using s = await session();
    const state = await openLinks(s.sid);
    const r = await ph.actOn(s.sid, state, "click", /link "Redirecting link"/);
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "navigation_blocked");
    assert.equal(await ph.pageEval(s.sid, "location.origin"), site.origin);
  },
});

for (
  const { name, button, error, pages } of [
    {
      name: "a same-origin popup opened by a click becomes a page of the session, not activated",
      button: /button "Same-origin popup"/,
      error: undefined,
      pages: 2,
    },
    {
      name: "a cross-origin popup opened by a click is closed: completed with popup_blocked",
      button: /button "Cross-origin popup"/,
      error: "popup_blocked",
      pages: 1,
    },
  ]
) {
  Deno.test({
    name,
    ...browserTest,
    fn: async () => {
      await using s = await session();
      const state = await openLinks(s.sid);
      const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, button) });
      assert.equal(r.execution, "completed");
      if (error) assert.equal(r.error?.code, error);
      else assert.equal(r.error, undefined);
      const open = (await ph.request("GET", `/v1/sessions/${s.sid}/pages`)).body.pages;
      assert.equal(open.length, pages);
      assert.equal(open.find((p: { active: boolean }) => p.active).pageId, state.pageId);
    },
  });
}

Deno.test(
  "a click that posts a form answered by a redirect ends on the redirect's page, with a fresh state of it",
  browserTest,
  async () => {
    await using s = await session(site.url("/order"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Place order"/);
    assertCaptured(r);
    assert.equal(r.freshState.url, site.url("/saved"));
    assert.notEqual(r.freshState.document.documentId, s.state.document.documentId);
    assert.match(r.freshState.tree, /heading "Thank you"/);
    assert.deepEqual(saved, ["3"]);
    // The fresh state is good for the next action on the new document.
    const next = await ph.act(s.sid, r.freshState, { action: "navigate", url: site.url("/links") });
    assert.equal(next.error, undefined);
  },
);

Deno.test("a select whose change handler navigates waits for the new document", browserTest, async () => {
  await using s = await session(site.url("/order"));
  const r = await ph.actOn(s.sid, s.state, "select", /combobox "Sort"/, { values: ["Oldest"] });
  assertCompleted(r);
  assert.equal(r.freshState.url, `${site.url("/links")}?sort=[redacted]`);
  assert.match(r.freshState.tree, /heading "Links"/);
  assert.equal(await ph.pageEval(s.sid, "location.search"), "?sort=old");
});

Deno.test(
  "a click in a pushState app is a same-document navigation whose fresh state shows the new view",
  browserTest,
  async () => {
    await using s = await session(site.url("/spa"));
    const r = await ph.actOn(s.sid, s.state, "click", /link "Settings"/);
    assertCompleted(r);
    assert.equal(r.freshState.url, site.url("/spa/settings"));
    assert.equal(r.freshState.document.documentId, s.state.document.documentId);
    assert.match(r.freshState.tree, /heading "Settings"/);
    const typed = await ph.actOn(s.sid, r.freshState, "fill", /textbox "Theme"/, { text: "dark" });
    assert.equal(typed.error, undefined);
    assert.equal(await ph.pageEval(s.sid, `document.querySelector("main input").value`), "dark");
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  for (const c of hanging) {
    try {
      c.close();
    } catch { /* the browser already went away */ }
  }
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  await other[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
