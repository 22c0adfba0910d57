/** BAP events and session persistence (conformance scenarios 17 and 19) against real Chromium. */
import assert from "node:assert/strict";
import { browserTest, eventually, Porthole } from "../support/harness.ts";
import { BapClient, type Json, wsUrl } from "../support/bap_client.ts";
import { bapLaunched, pageEval, siteAndPorthole } from "../support/bap_fixture.ts";

const { site, ph } = await siteAndPorthole({
  "/": `<!doctype html><title>Events</title><button onclick="console.error('x')">Log</button>
    <button id="inc" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>`,
  "/b": "<title>B</title><p>b</p>",
});

const waitFor = (what: string, cond: () => boolean) => eventually(what, cond, Boolean, 30_000);

Deno.test(
  "events: subscribed page and console events arrive for the right page; unsubscribed ones do not",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    assert.deepEqual(await c.call("events/subscribe", { events: ["page", "console"] }), {});
    const page = await c.call("page/create", {});
    await c.call("page/navigate", { url: site.url("/") });
    const dcl = await c.notification(
      "events/page",
      (p) => p.type === "domcontentloaded" && p.pageId === page.id,
    );
    const load = await c.notification("events/page", (p) => p.type === "load" && p.pageId === page.id);
    assert.equal(load.url, site.url("/"));
    assert.equal(typeof dcl.timestamp, "number");
    await pageEval(ph, page.id, `console.error("x")`);
    const log = await c.notification("events/console", (p) => p.text === "x");
    assert.equal(log.level, "error");
    assert.equal(log.pageId, page.id);
    await pageEval(ph, page.id, `console.warn("careful")`);
    assert.equal((await c.notification("events/console", (p) => p.text === "careful")).level, "warn");
    await c.call("page/close", { pageId: page.id });
    await c.notification("events/page", (p) => p.type === "close" && p.pageId === page.id);
    assert.equal(
      c.received.filter((m: Json) => m.method === "events/page" && m.params.type === "close").length,
      1,
    );
    assert.equal(c.received.some((m: Json) => m.method === "events/network"), false);
    for (const m of c.received.filter((x: Json) => x.id === undefined)) {
      assert.equal(typeof m.params, "object", "notifications carry an object");
    }
  },
);

Deno.test("network events carry no headers or bodies and redacted URLs", browserTest, async () => {
  await using c = await bapLaunched(ph);
  await c.call("events/subscribe", { events: ["network"] });
  await c.call("page/create", { url: site.url("/b?secret=1") });
  const req = await c.notification(
    "events/network",
    (p) => p.type === "request" && p.resourceType === "document",
  );
  assert.equal(req.url, site.url("/b?secret=[redacted]"));
  assert.deepEqual(req.headers, {});
  assert.equal(req.method, "GET");
  const res = await c.notification(
    "events/network",
    (p) => p.type === "response" && p.requestId === req.requestId,
  );
  assert.equal(res.status, 200);
  assert.deepEqual(res.headers, {});
});

Deno.test(
  "a session parked on disconnect is restored within the TTL: same pages, active page and refs",
  browserTest,
  async () => {
    const first = await BapClient.connect(wsUrl(ph.url), { sessionId: "persist-1" });
    await first.call("browser/launch", {});
    const page = await first.call("page/create", { url: site.url("/") });
    const obs = await first.call("agent/observe", { includeInteractiveElements: true });
    const inc = obs.interactiveElements.find((e: Json) => e.tagName === "button" && e.name === "0");
    await first.close();
    assert.equal(ph.server.registry.list().some((s) => s.pages.has(page.id)), true, "the context is kept");

    await using second = await BapClient.connect(wsUrl(ph.url), { sessionId: "persist-1" });
    const list = await second.call("page/list");
    assert.deepEqual(list.pages.map((p: Json) => p.id), [page.id]);
    assert.equal(list.activePage, page.id);
    const el = await second.call("observe/element", {
      selector: { type: "ref", ref: inc.ref },
      properties: ["text"],
    });
    assert.equal(el.text, "0", "an old ref still resolves");
    await second.call("action/click", { selector: { type: "ref", ref: inc.ref } });
    assert.equal(
      await pageEval(ph, page.id, `document.getElementById("inc").textContent`),
      "1",
      "clicking the old ref works",
    );

    await using third = await BapClient.connect(wsUrl(ph.url), { sessionId: "persist-1" });
    const replaced = await second.closed;
    assert.equal(replaced.code, 4001);
    assert.equal((await third.call("page/list")).activePage, page.id, "the newest connection owns the page");
    await third.call("shutdown", {});
    await third.call("initialize", { protocolVersion: "0.9.0", sessionId: "persist-1" });
    assert.deepEqual((await third.call("page/list")).pages, [], "after shutdown nothing is parked");
    assert.equal(ph.server.registry.list().some((s) => s.pages.has(page.id)), false);
  },
);

Deno.test("without a sessionId, closing the socket releases the context", browserTest, async () => {
  const c = await BapClient.connect(wsUrl(ph.url));
  await c.call("browser/launch", {});
  const page = await c.call("page/create", {});
  await c.close();
  await waitFor(
    "the context to be released",
    () => !ph.server.registry.list().some((s) => s.pages.has(page.id)),
  );
});

Deno.test(
  "a parked session keeps its place under the context limit, and is released after its TTL",
  browserTest,
  async () => {
    await using one = await Porthole.start((c) => {
      c.limits.maxSessions = 1;
      c.bap.dormantTtlMs = 1000;
    });
    const parked = await BapClient.connect(wsUrl(one.url), { sessionId: "ttl" });
    await parked.call("browser/launch", {});
    await parked.call("page/create", {});
    await parked.close();
    await using other = await BapClient.connect(wsUrl(one.url));
    const full = await other.fails("browser/launch", {});
    assert.equal(full.code, -32024, "the parked context still counts");
    await waitFor("the TTL to release the parked context", () => one.server.registry.list().length === 0);
    await using back = await BapClient.connect(wsUrl(one.url), { sessionId: "ttl" });
    assert.deepEqual((await back.call("page/list")).pages, [], "after the TTL the session is gone");
    assert.equal(typeof (await other.call("browser/launch", {})).browserId, "string");
  },
);
