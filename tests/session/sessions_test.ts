/**
 * The sessions and pages routes of the contract, and the bounds that protect them:
 * context_limit, page_limit, queue_full, and DELETE cancelling queued work.
 */
import assert from "node:assert/strict";
import {
  assertError as assertReplyError,
  browserTest,
  disposing,
  eventually,
  type Json,
  Porthole,
  type Reply,
  Site,
} from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";

/** An error reply of this status and code, with the envelope's message and retryable fields. */
function assertError(reply: Reply<Json>, status: number, code: string): void {
  assertReplyError(reply, status, code);
  assert.equal(typeof reply.body.error.message, "string");
  assert.equal(typeof reply.body.error.retryable, "boolean");
}

/** A 429 says when to come back, in the header and in the body. */
function assertRetryLater(reply: Reply<Json>, code: string): void {
  assertError(reply, 429, code);
  assert.equal(reply.body.error.retryable, true);
  assert.ok(Number.isInteger(reply.body.error.retryAfterMs) && reply.body.error.retryAfterMs > 0);
  assert.equal(reply.headers.get("retry-after"), String(Math.ceil(reply.body.error.retryAfterMs / 1000)));
}

/** A new session whose page is at about:blank. */
async function blankSession(ph: Porthole): Promise<string> {
  const sid = await ph.session();
  await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" });
  return sid;
}

/** How many pages Chromium itself has open in a session's browser context. */
async function chromiumPageCount(ph: Porthole, sid: string): Promise<number> {
  const session = ph.server.registry.get(sid);
  const any = [...session.pages.values()].find((p) => !p.driver.closed);
  if (!any) return 0;
  return (await any.driver.page.browserContext().pages()).length;
}

const ECHO = `<!doctype html><title>Echo</title><h1>Echo</h1>`;

Deno.test(
  "POST /v1/sessions applies viewport, userAgent, locale and timezoneId to the session's pages",
  browserTest,
  async () => {
    const seen: Headers[] = [];
    await using site = new Site({
      "/": (req) => {
        seen.push(req.headers);
        return new Response(ECHO, { headers: { "content-type": "text/html" } });
      },
    });
    await using ph = await Porthole.start();
    const created = await ph.post("/v1/sessions", {
      viewport: { width: 900, height: 640 },
      userAgent: "PortholeTestAgent/1.0",
      locale: "de-DE",
      timezoneId: "Asia/Tokyo",
    });
    assert.equal(created.status, 201);
    const sid = created.body.sessionId;
    assert.match(sid, /^s_/);
    await ph.open(sid, site.url("/"));

    assert.equal(await ph.pageEval(sid, "innerWidth"), 900);
    assert.equal(await ph.pageEval(sid, "innerHeight"), 640);
    assert.equal(await ph.pageEval(sid, "navigator.userAgent"), "PortholeTestAgent/1.0");
    assert.equal(await ph.pageEval(sid, "Intl.DateTimeFormat().resolvedOptions().timeZone"), "Asia/Tokyo");
    assert.equal(await ph.pageEval(sid, "Intl.DateTimeFormat().resolvedOptions().locale"), "de-DE");
    assert.equal(await ph.pageEval(sid, "navigator.language"), "de-DE");
    // The server sees the same identity the page reports.
    assert.equal(seen.at(-1)?.get("user-agent"), "PortholeTestAgent/1.0");
    assert.match(seen.at(-1)?.get("accept-language") ?? "", /^de-DE/);
  },
);

Deno.test({
  name: "a session's locale alone sets navigator.language and Accept-Language",
  ...browserTest,
  fn: async () => {
    let acceptLanguage: string | null = null;
    await using site = new Site({
      "/": (req) => {
        acceptLanguage = req.headers.get("accept-language");
        return new Response(ECHO, { headers: { "content-type": "text/html" } });
      },
    });
    await using ph = await Porthole.start();
    const sid = await ph.session({ locale: "fr-CA" });
    await ph.open(sid, site.url("/"));
    assert.equal(await ph.pageEval(sid, "Intl.DateTimeFormat().resolvedOptions().locale"), "fr-CA");
    assert.equal(await ph.pageEval(sid, "navigator.language"), "fr-CA");
    assert.match(acceptLanguage ?? "", /^fr-CA/);
  },
});

Deno.test(
  "a session without options gets a 1280x720 viewport and Chromium's own user agent",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await blankSession(ph);
    assert.equal(await ph.pageEval(sid, "innerWidth"), 1280);
    assert.equal(await ph.pageEval(sid, "innerHeight"), 720);
    assert.match(await ph.pageEval(sid, "navigator.userAgent"), /Chrome\//);
  },
);

Deno.test(
  "session options are validated before a session exists: an unknown timezoneId is 400",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const bad: [unknown, string][] = [
      [{ timezoneId: "Mars/Olympus_Mons" }, "timezoneId"],
      [{ locale: "not a locale" }, "locale"],
      [{ userAgent: "evil\r\nX-Injected: 1" }, "userAgent"],
      [{ viewport: { width: 50, height: 600 } }, "viewport.width"],
      [{ viewport: { width: 800 } }, "viewport.height"],
      [{ allowedOrigins: ["https://example.com/path"] }, "allowedOrigins.0"],
    ];
    for (const [body, field] of bad) {
      const r = await ph.post("/v1/sessions", body);
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, field, JSON.stringify(body));
    }
    assert.deepEqual((await ph.request("GET", "/v1/sessions")).body, { sessions: [] });
  },
);

Deno.test(
  "a session is listed, described, and after DELETE (204) it is gone (404)",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const a = await ph.session();
    const b = await ph.session();

    const list = await ph.request("GET", "/v1/sessions");
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.sessions.map((s: Json) => s.sessionId).sort(), [a, b].sort());

    const got = await ph.request("GET", `/v1/sessions/${a}`);
    assert.equal(got.status, 200);
    const s = got.body;
    assert.equal(s.sessionId, a);
    assert.ok(!Number.isNaN(Date.parse(s.createdAt)));
    assert.ok(Date.parse(s.expiresAt) > Date.parse(s.createdAt));
    assert.deepEqual(s.pages, []);
    assert.equal(s.activePageId, null);
    assert.equal(s.limits.maxPages, 8);
    assert.equal(s.limits.maxQueuedOps, 32);
    assert.equal(s.limits.snapshotMaxBytes, 48 * 1024);

    const del = await ph.request("DELETE", `/v1/sessions/${a}`);
    assert.equal(del.status, 204);
    assert.equal(del.body, null);
    assertError(await ph.request("GET", `/v1/sessions/${a}`), 404, "session_not_found");
    assertError(await ph.request("DELETE", `/v1/sessions/${a}`), 404, "session_not_found");
    assertError(await ph.post(`/v1/sessions/${a}/observe`, {}), 404, "session_not_found");
    const after = await ph.request("GET", "/v1/sessions");
    assert.deepEqual(after.body.sessions.map((x: Json) => x.sessionId), [b]);
  },
);

Deno.test(
  "pages: open gives an active about:blank page, activate switches, close removes it",
  browserTest,
  async () => {
    await using site = new Site({ "/": ECHO }), ph = await Porthole.start();
    const sid = await ph.session();

    const first = await ph.post(`/v1/sessions/${sid}/pages`);
    assert.equal(first.status, 201);
    assert.match(first.body.pageId, /^p_/);
    assert.equal(first.body.url, "about:blank");
    assert.equal(first.body.active, true);
    assert.equal(typeof first.body.generation, "number");
    const second = await ph.post(`/v1/sessions/${sid}/pages`);
    assert.equal(second.status, 201);
    assert.equal(second.body.active, true);
    const p1 = first.body.pageId;
    const p2 = second.body.pageId;
    assert.equal(await chromiumPageCount(ph, sid), 2);

    let pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
    assert.deepEqual(pages.map((p: Json) => [p.pageId, p.active]), [[p1, false], [p2, true]]);
    assert.equal((await ph.request("GET", `/v1/sessions/${sid}`)).body.activePageId, p2);

    const act = await ph.post(`/v1/sessions/${sid}/pages/${p1}/activate`);
    assert.equal(act.status, 200);
    assert.equal(act.body.pageId, p1);
    assert.equal(act.body.active, true);
    assert.equal((await ph.request("GET", `/v1/sessions/${sid}`)).body.activePageId, p1);

    // A navigate without pageId goes to the active page, and only there.
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
    assert.equal(nav.status, 200);
    assert.equal(nav.body.pageId, p1);
    const session = ph.server.registry.get(sid);
    assert.equal(session.pages.get(p1)!.driver.page.url(), site.url("/"));
    assert.equal(session.pages.get(p2)!.driver.page.url(), "about:blank");

    const closed = await ph.request("DELETE", `/v1/sessions/${sid}/pages/${p1}`);
    assert.equal(closed.status, 204);
    pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
    assert.deepEqual(pages.map((p: Json) => [p.pageId, p.active]), [[p2, true]]);
    assert.equal(await chromiumPageCount(ph, sid), 1);
    assertError(await ph.request("DELETE", `/v1/sessions/${sid}/pages/${p1}`), 404, "page_not_found");
    assertError(await ph.post(`/v1/sessions/${sid}/pages/${p1}/activate`), 404, "page_not_found");
    assertError(await ph.post(`/v1/sessions/${sid}/pages/p_unknown/activate`), 404, "page_not_found");
  },
);

Deno.test(
  "the idle sweep starts with the first session, stops with the last, and starts again with the next",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.sessionIdleMs = 1000));
    const ids = async () =>
      (await ph.request("GET", "/v1/sessions")).body.sessions.map((s: Json) => s.sessionId);
    const first = await ph.session();
    assert.equal((await ph.request("DELETE", `/v1/sessions/${first}`)).status, 204);
    assert.deepEqual(await ids(), []);
    // No session left: nothing sweeps. The next one, left idle, is closed all the same.
    const next = await ph.session();
    assert.deepEqual(await ids(), [next]);
    await eventually("the idle session to be closed", async () => (await ids()).length === 0);
    assertError(await ph.post(`/v1/sessions/${next}/observe`, {}), 404, "session_not_found");
  },
);

Deno.test("the 9th session is refused with 429 context_limit and Retry-After", browserTest, async () => {
  await using ph = await Porthole.start();
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push(await ph.session());
  const ninth = await ph.post("/v1/sessions", {});
  assertRetryLater(ninth, "context_limit");
  assert.deepEqual(ninth.body.error.details, { resource: "contexts", limit: 8, current: 8 });
  assert.equal((await ph.request("GET", "/v1/sessions")).body.sessions.length, 8);
  // A freed slot can be used again.
  assert.equal((await ph.request("DELETE", `/v1/sessions/${ids[0]}`)).status, 204);
  assert.equal((await ph.post("/v1/sessions", {})).status, 201);
});

Deno.test("the 9th page of a session is refused with 429 page_limit", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session();
  for (let i = 0; i < 8; i++) assert.equal((await ph.post(`/v1/sessions/${sid}/pages`)).status, 201);
  const ninth = await ph.post(`/v1/sessions/${sid}/pages`);
  assertRetryLater(ninth, "page_limit");
  assert.deepEqual(ninth.body.error.details, { resource: "pages", limit: 8, current: 8 });
  assert.equal((await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages.length, 8);
  assert.equal(await chromiumPageCount(ph, sid), 8);
  // Other sessions have their own eight.
  const other = await ph.session();
  assert.equal((await ph.post(`/v1/sessions/${other}/pages`)).status, 201);
});

/**
 * A page whose response waits until the test lets it go: it holds an operation running. When
 * disposed it lets the page go first, so a failed test never leaves the request hanging.
 */
function slowSite() {
  const release = Promise.withResolvers<void>();
  const site = new Site({
    "/slow": async () => {
      await release.promise;
      return new Response("<title>Slow</title><p>done</p>", { headers: { "content-type": "text/html" } });
    },
  });
  return {
    site,
    release: () => release.resolve(),
    /** Navigate `sid` to the held page; resolves (with the pending reply) once Chromium asked for it. */
    async hold(ph: Porthole, sid: string): Promise<{ running: Promise<Reply<Json>> }> {
      const running = ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/slow") });
      await eventually("the slow navigation to reach the site", () => site.hits.includes("/slow"));
      return { running };
    },
    async [Symbol.asyncDispose]() {
      release.resolve();
      await site[Symbol.asyncDispose]();
    },
  };
}

/** A Porthole, a session on about:blank, and the slow site that can hold its navigation. */
async function heldNavigation() {
  const ph = await Porthole.start();
  const slow = slowSite();
  try {
    return disposing({ ph, slow, sid: await blankSession(ph) }, slow, ph);
  } catch (e) {
    await slow[Symbol.asyncDispose]();
    await ph[Symbol.asyncDispose]();
    throw e;
  }
}

fixtureTest(
  "with one operation running and 32 waiting, the next gets 429 queue_full",
  heldNavigation,
  async ({ ph, slow, sid }) => {
    const gate = ph.server.registry.get(sid).gate;

    const { running } = await slow.hold(ph, sid);
    const waiting = Array.from({ length: 32 }, () => ph.post(`/v1/sessions/${sid}/observe`, {}));
    await eventually("32 operations to queue", () => gate.queued === 32);

    const refused = await ph.post(`/v1/sessions/${sid}/observe`, {});
    assertRetryLater(refused, "queue_full");
    // The bound holds for every kind of operation, page routes included.
    assertRetryLater(await ph.post(`/v1/sessions/${sid}/pages`), "queue_full");
    assert.equal(gate.queued, 32);

    slow.release();
    const nav = await running;
    assert.equal(nav.status, 200);
    assert.equal(nav.body.httpStatus, 200);
    for (const r of await Promise.all(waiting)) assert.equal(r.status, 200);
    assert.equal(await ph.pageEval(sid, "document.title"), "Slow");
  },
);

fixtureTest(
  "DELETE of a session cancels its running and queued operations and releases its context",
  heldNavigation,
  async ({ ph, slow, sid }) => {
    const pool = ph.server.registry.pool;
    const pid = pool.stats().pid!;
    assert.equal(pool.stats().leases, 1);
    const gate = ph.server.registry.get(sid).gate;

    const { running } = await slow.hold(ph, sid);
    const queued = [
      ph.post(`/v1/sessions/${sid}/observe`, {}),
      ph.post(`/v1/sessions/${sid}/pages`),
      ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" }),
    ];
    await eventually("3 operations to queue", () => gate.queued === 3);

    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);
    // Everything ends now, with an error, while the slow page is still being held back.
    for (const r of await Promise.all([running, ...queued])) assertError(r, 503, "session_disposed");
    assert.equal(pool.stats().leases, 0);
    assert.equal(pool.stats().running, false);
    await eventually("the browser process to exit", () => !processAlive(pid));
    assertError(await ph.post(`/v1/sessions/${sid}/observe`, {}), 404, "session_not_found");
  },
);

function processAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(Deno.readTextFileSync(`/proc/${pid}/status`));
  } catch {
    return false;
  }
}
