/** BAP storage, emulation, frames, tracing, discovery, dialogs, streams and approvals against real Chromium. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";
import { BapClient, type Json, wsUrl } from "../support/bap_client.ts";

const { site, ph } = await siteAndPorthole({
  "/": `<!doctype html><title>Misc</title><h1>Main</h1>
    <iframe name="inner" src="/inner"></iframe>`,
  "/inner": `<!doctype html><title>Inner</title><button id="b">Inside</button><p id="where">frame</p>`,
  "/tools": `<!doctype html><title>Tools</title>
    <form id="search" toolname="search_products" tooldescription="Search the catalogue">
      <input name="query" required toolparamdescription="Words to look for">
      <input name="limit" type="number"><input name="inStock" type="checkbox">
    </form>
    <script>
      navigator.modelContext = { version: "1.0",
        getTools: () => [{ name: "add_to_cart", description: "Add an item", inputSchema: { type: "object" } }] };
    </script>`,
  "/ua": (req) =>
    new Response(
      `<title>${req.headers.get("user-agent")?.includes("BapAgent") ? "agent" : "other"}</title>`,
      {
        headers: { "content-type": "text/html" },
      },
    ),
});
const fresh = (path = "/"): Promise<BapClient> => bapPage(ph, site.url(path));

async function evalIn(pageId: string, expression: string): Promise<Json> {
  for (const s of ph.server.registry.list()) {
    const rec = s.pages.get(pageId);
    if (rec) return await rec.driver.page.evaluate(expression);
  }
  throw new Error(`no page ${pageId}`);
}

Deno.test(
  "storage: cookies and localStorage round-trip through getState/setState; clearCookies empties",
  browserTest,
  async () => {
    await using c = await BapClient.connect(wsUrl(ph.url));
    assert.equal((await c.fails("storage/getState", {})).code, -32010);
    await c.call("browser/launch", {});
    const page = await c.call("page/create", { url: site.url("/") });
    await c.call("storage/setState", {
      state: {
        cookies: [{ name: "sid", value: "abc", domain: "127.0.0.1", path: "/" }],
        origins: [{ origin: site.origin, localStorage: [{ name: "theme", value: "dark" }] }],
      },
    });
    assert.equal(await evalIn(page.id, "document.cookie"), "sid=abc");
    assert.equal(await evalIn(page.id, "localStorage.getItem('theme')"), "dark");
    const state = await c.call("storage/getState", {});
    assert.deepEqual(state.cookies.map((x: Json) => [x.name, x.value, x.expires]), [["sid", "abc", -1]]);
    const origin = state.origins.find((o: Json) => o.origin === site.origin);
    assert.deepEqual(origin.localStorage, [{ name: "theme", value: "dark" }]);
    await c.call("storage/setCookies", { cookies: [{ name: "two", value: "2", url: site.url("/") }] });
    const some = await c.call("storage/getCookies", { urls: [site.url("/")] });
    assert.deepEqual(some.cookies.map((x: Json) => x.name).sort(), ["sid", "two"]);
    assert.deepEqual((await c.call("storage/getCookies", { urls: ["http://elsewhere.test/"] })).cookies, []);
    assert.equal(
      (await c.fails("storage/setCookies", { cookies: [{ name: "x", value: "y" }] })).code,
      -32602,
    );
    assert.deepEqual(await c.call("storage/clearCookies", {}), {});
    assert.equal(await evalIn(page.id, "document.cookie"), "");
    const refused = await c.fails("storage/setState", {
      state: { cookies: [], origins: [{ origin: "file:///etc", localStorage: [{ name: "a", value: "b" }] }] },
    });
    assert.equal(refused.code, -32041);
  },
);

Deno.test(
  "emulation: viewport, user agent, geolocation and offline change what the page sees",
  browserTest,
  async () => {
    await using c = await fresh();
    const page = (await c.call("page/list")).pages[0];
    await c.call("emulate/setViewport", { width: 500, height: 400 });
    assert.equal(await evalIn(page.id, "innerWidth"), 500);
    await c.call("emulate/setUserAgent", { userAgent: "BapAgent/1.0" });
    assert.equal(await evalIn(page.id, "navigator.userAgent"), "BapAgent/1.0");
    await c.call("page/navigate", { url: site.url("/ua") });
    assert.equal((await c.call("observe/content", { format: "text" })).title, "agent");
    await c.call("emulate/setOffline", { offline: true });
    assert.equal(await evalIn(page.id, "navigator.onLine"), false);
    await c.call("emulate/setOffline", { offline: false });
    assert.equal(await evalIn(page.id, "navigator.onLine"), true);
    const geoPage = await c.call("page/create", {
      url: site.url("/"),
      geolocation: { latitude: 1, longitude: 2 },
    });
    const position = "new Promise((ok) => navigator.geolocation.getCurrentPosition(" +
      "(p) => ok([p.coords.latitude, p.coords.longitude]), (e) => ok('error ' + e.code)))";
    assert.deepEqual(await evalIn(geoPage.id, position), [1, 2]);
    await c.call("emulate/setGeolocation", { latitude: 52.52, longitude: 13.4, accuracy: 10 });
    assert.deepEqual(await evalIn(geoPage.id, position), [52.52, 13.4]);
    assert.equal((await c.fails("emulate/setViewport", { width: 10, height: 10 })).code, -32602);
  },
);

Deno.test(
  "frames: list, switch by name, selector and URL; selectors then resolve inside the frame",
  browserTest,
  async () => {
    await using c = await fresh();
    const { frames } = await c.call("frame/list", {});
    assert.equal(frames.length, 2);
    assert.equal(frames[0].isMain, true);
    assert.equal(frames[0].parentFrameId, undefined);
    const inner = frames[1];
    assert.equal(inner.name, "inner");
    assert.equal(inner.parentFrameId, frames[0].frameId);
    assert.deepEqual(await c.call("frame/switch", { url: "/inner" }), {
      frameId: inner.frameId,
      url: site.url("/inner"),
    });
    const el = await c.call("observe/element", {
      selector: { type: "css", value: "#where" },
      properties: ["text"],
    });
    assert.equal(el.text, "frame");
    assert.deepEqual(await c.call("frame/main", {}), { frameId: frames[0].frameId });
    assert.deepEqual(
      await c.call("observe/element", { selector: { type: "css", value: "#where" }, properties: ["text"] }),
      { found: false },
    );
    assert.equal(
      (await c.call("frame/switch", { selector: { type: "css", value: "iframe" } })).frameId,
      inner.frameId,
    );
    assert.equal((await c.call("frame/switch", { frameId: inner.frameId })).frameId, inner.frameId);
    const missing = await c.fails("frame/switch", { frameId: "nope" });
    assert.equal(missing.code, -32040);
    assert.equal((await c.fails("frame/switch", {})).code, -32040);
  },
);

Deno.test(
  "a selected frame that goes away is FrameNotFound once, for a read or an action, and the page's main frame is read again",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const where = { selector: { type: "css", value: "#where" }, properties: ["text"] };
    for (
      const ask of [["observe/element", where], ["action/click", { selector: { type: "css", value: "#b" } }]]
    ) {
      const { frameId } = await c.call("frame/switch", { url: "/inner" });
      await c.run(`document.querySelector("iframe").remove()`);
      const gone = await c.fails(ask[0] as string, ask[1]);
      assert.equal(gone.code, -32040, `${ask[0]}: ${gone.message}`);
      assert.equal(gone.message, `The selected frame ${frameId} is gone`);
      assert.equal(gone.data!.details.identifier, frameId);
      const main = await c.call("observe/element", {
        selector: { type: "css", value: "h1" },
        properties: ["text"],
      });
      assert.equal(main.text, "Main", "the selection went with the frame");
      await c.call("page/navigate", { url: site.url("/") });
    }
  },
);

Deno.test(
  "trace/start and trace/stop return a Chrome trace of this connection's pages",
  browserTest,
  async () => {
    await using c = await fresh();
    assert.deepEqual(await c.call("trace/start", { screenshots: false }), {});
    assert.equal((await c.fails("trace/start", {})).code, -32021);
    await c.call("page/navigate", { url: site.url("/tools?q=secret") });
    const r = await c.call("trace/stop", {});
    const trace = JSON.parse(new TextDecoder().decode(Uint8Array.fromBase64(r.data)));
    assert.ok(Array.isArray(trace.traceEvents));
    assert.ok(trace.traceEvents.length > 10);
    assert.ok(trace.traceEvents.every((e: Json) => typeof e.ph === "string"));
    assert.ok(!JSON.stringify(trace).includes("q=secret"), "URLs in the trace are redacted");
    assert.deepEqual(await c.call("trace/stop", {}), {}, "not tracing: an empty result");
  },
);

Deno.test(
  "discovery/discover finds declarative forms and the page's modelContext tools",
  browserTest,
  async () => {
    await using c = await fresh("/tools");
    const r = await c.call("discovery/discover", {});
    assert.equal(r.totalDiscovered, 2);
    assert.equal(r.apiVersion, "1.0");
    const [form, imperative] = r.tools;
    assert.equal(form.name, "search_products");
    assert.equal(form.source, "webmcp-declarative");
    assert.equal(form.formSelector, "#search");
    assert.deepEqual(form.inputSchema, {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to look for" },
        limit: { type: "number" },
        inStock: { type: "boolean" },
      },
      required: ["query"],
    });
    assert.equal(imperative.name, "add_to_cart");
    assert.equal(imperative.source, "webmcp-imperative");
    const capped = await c.call("discovery/discover", {
      options: { maxTools: 1, includeInputSchemas: false },
    });
    assert.equal(capped.tools.length, 1);
    assert.equal(capped.totalDiscovered, 2);
    assert.equal(capped.tools[0].inputSchema, undefined);
    const withTools = await c.call("agent/observe", { includeWebMCPTools: true });
    assert.equal(withTools.webmcpTools.length, 2);
  },
);

Deno.test(
  "dialog/handle arms the answer to the next dialog only; stream/cancel and approval/respond find nothing pending",
  browserTest,
  async () => {
    await using c = await fresh();
    await c.call("events/subscribe", { events: ["dialog"] });
    const page = (await c.call("page/list")).pages[0];
    assert.deepEqual(await c.call("dialog/handle", { action: "accept", promptText: "forty-two" }), {});
    assert.equal(await evalIn(page.id, "prompt('answer?', 'none')"), "forty-two");
    assert.equal(await evalIn(page.id, "confirm('sure?')"), false, "the armed answer was used once");
    await c.call("dialog/handle", { action: "accept" });
    assert.equal(await evalIn(page.id, "confirm('really?')"), true);
    const seen = await c.notification("events/dialog", (p) => p.message === "sure?");
    assert.equal(seen.type, "confirm");
    assert.equal(seen.pageId, page.id);
    assert.equal((await c.fails("dialog/handle", { action: "maybe" })).code, -32602);
    assert.deepEqual(await c.call("stream/cancel", { streamId: "s-1" }), { cancelled: false });
    const approval = await c.fails("approval/respond", { requestId: "r-1", decision: "approve" });
    assert.equal(approval.code, -32602);
    assert.match(approval.message, /r-1/);
  },
);
