/**
 * The human test browser (seed 003): its sessions live under /v1/test-browser/sessions in a
 * registry and a Chromium of their own. Cookies and state ids never cross between it and the
 * agent's browser, its context capacity is its own (429), its errors keep the seed's statuses,
 * and its sessions' events reach GET /v1/events marked as test sessions.
 */
import assert from "node:assert/strict";
import {
  assertError,
  browserTest,
  disposing,
  eventually,
  type Json,
  Porthole,
  refOf,
  Site,
} from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";

const TB = "/v1/test-browser/sessions";

const PAGES = {
  "/set-test": () =>
    new Response("<title>set</title><p>set</p>", {
      headers: { "content-type": "text/html", "set-cookie": "who=tester; Path=/" },
    }),
  "/set-agent": () =>
    new Response("<title>set</title><p>set</p>", {
      headers: { "content-type": "text/html", "set-cookie": "who=agent; Path=/" },
    }),
  "/slow": () => new Promise<Response>((r) => setTimeout(() => r(new Response("<title>slow</title>")), 3000)),
  "/show": `<title>cookies</title><p id="c"></p><button>Go</button>
    <script>document.getElementById("c").textContent = "cookies:" + (document.cookie || "none");</script>`,
};

async function testSession(ph: Porthole): Promise<string> {
  const r = await ph.post(TB, {});
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.sessionId;
}

/** A Porthole with one test session (tsid, its own browser) and one agent session (asid). */
async function bothBrowsers() {
  const site = new Site(PAGES);
  const ph = await Porthole.start();
  const t = disposing({ site, ph }, ph, site);
  try {
    return Object.assign(t, { tsid: await testSession(ph), asid: await ph.session() });
  } catch (e) {
    await t[Symbol.asyncDispose]();
    throw e;
  }
}

async function testOpen(ph: Porthole, sid: string, url: string): Promise<Json> {
  const r = await ph.post(`${TB}/${sid}/navigate`, { url, observe: true });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.state;
}

fixtureTest(
  "a cookie set in a test session is invisible to an agent session and the reverse, in two browsers",
  bothBrowsers,
  async ({ site, ph, tsid, asid }) => {
    await testOpen(ph, tsid, site.url("/set-test"));
    assert.match((await ph.open(asid, site.url("/show"))).tree, /cookies:none/);
    await ph.open(asid, site.url("/set-agent"));
    assert.match((await ph.open(asid, site.url("/show"))).tree, /cookies:who=agent/);
    assert.match((await testOpen(ph, tsid, site.url("/show"))).tree, /cookies:who=tester/);

    const agentPid = ph.server.registry.pool.stats().pid;
    const testPid = ph.server.registry.testBrowser.pool.stats().pid;
    assert.ok(
      agentPid && testPid && agentPid !== testPid,
      `two Chromium processes (${agentPid}, ${testPid})`,
    );
    // Neither registry lists or finds the other's sessions.
    const ids = (r: Json) => r.body.sessions.map((s: Json) => s.sessionId);
    assert.deepEqual(ids(await ph.request("GET", TB)), [tsid]);
    assert.deepEqual(ids(await ph.request("GET", "/v1/sessions")), [asid]);
    assertError(await ph.request("GET", `/v1/sessions/${tsid}`), 404, "session_not_found");
    assertError(await ph.request("GET", `${TB}/${asid}`), 404, "session_not_found");
  },
);

fixtureTest(
  "a stateId of a test session never works in an agent session, nor the reverse",
  bothBrowsers,
  async ({ site, ph, tsid, asid }) => {
    const testState = await testOpen(ph, tsid, site.url("/show"));
    const agentState = await ph.open(asid, site.url("/show"));
    const go = (state: Json) => ({
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /button "Go"/),
    });

    const inAgent = await ph.post(`/v1/sessions/${asid}/act`, go(testState));
    assert.equal(inAgent.body.execution, "not_dispatched");
    assert.equal(inAgent.body.error.code, "unknown_state");
    const inTest = await ph.post(`${TB}/${tsid}/act`, go(agentState));
    assert.equal(inTest.body.execution, "not_dispatched");
    assert.equal(inTest.body.error.code, "unknown_state");

    // Each state still works where it was issued.
    assert.equal((await ph.post(`${TB}/${tsid}/act`, go(testState))).body.execution, "completed");
    assert.equal((await ph.post(`/v1/sessions/${asid}/act`, go(agentState))).body.execution, "completed");
    const shot = await ph.post(`${TB}/${tsid}/screenshot`, {});
    assert.equal(shot.status, 200, JSON.stringify(shot.body));
    const href: string = shot.body.artifact.href;
    assert.ok(href.startsWith(`${TB}/${tsid}/artifacts/`), href);
    const bytes = await fetch(ph.url + href);
    assert.equal(bytes.status, 200);
    assert.equal(bytes.headers.get("content-type"), "image/jpeg");
    await bytes.body?.cancel();
  },
);

Deno.test(
  "the test browser has its own context capacity: 429 context_limit past it, while agent sessions still open",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => {
      c.testBrowser.maxSessions = 2;
      c.limits.maxSessions = 2;
    });
    await testSession(ph);
    const second = await testSession(ph);
    const full = await ph.post(TB, {});
    assertError(full, 429, "context_limit");
    assert.equal(full.body.error.retryable, true);
    await ph.session();
    await ph.session();
    assertError(await ph.post("/v1/sessions", {}), 429, "context_limit");
    assert.equal((await ph.request("DELETE", `${TB}/${second}`)).status, 204);
    await testSession(ph);
  },
);

Deno.test(
  "the test browser's statuses: invalid parameters 400, a state conflict 409, a disconnected browser 503 (the agent's unharmed), a disposed session 503, not installed 503",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start();
    const tsid = await testSession(ph);
    const r400 = await ph.post(`${TB}/${tsid}/navigate`, { url: 42 });
    assertError(r400, 400, "invalid_params");
    assert.equal(r400.body.error.details.field, "url");
    const state = await testOpen(ph, tsid, site.url("/show"));
    await ph.post(`${TB}/${tsid}/observe`, {});
    const r409 = await ph.post(`${TB}/${tsid}/screenshot`, {
      stateId: state.stateId,
      ref: refOf(state, /button "Go"/),
    });
    assertError(r409, 409, "stale_state");

    const asid = await ph.session();
    const agentState = await ph.open(asid, site.url("/show"));
    const fresh = (await ph.post(`${TB}/${tsid}/observe`, {})).body;
    Deno.kill(ph.server.registry.testBrowser.pool.stats().pid!, "SIGKILL");
    await eventually(
      "the test browser to notice",
      () => !ph.server.registry.testBrowser.pool.stats().running,
    );
    const r503 = await ph.post(`${TB}/${tsid}/act`, {
      stateId: fresh.stateId,
      targetId: fresh.targetId,
      action: "click",
      ref: refOf(fresh, /button "Go"/),
    });
    assertError(r503, 503, "browser_disconnected");
    const agentAct = await ph.act(asid, agentState, {
      action: "click",
      ref: refOf(agentState, /button "Go"/),
    });
    assert.equal(agentAct.execution, "completed", "the agent's browser is another process");

    // A session closed while its navigation runs: the navigation ends with 503 session_disposed.
    const closing = await testSession(ph);
    const slow = ph.post(`${TB}/${closing}/navigate`, { url: site.url("/slow") });
    await eventually("the slow page to be asked for", () => site.hits.includes("/slow"));
    assert.equal((await ph.request("DELETE", `${TB}/${closing}`)).status, 204);
    assertError(await slow, 503, "session_disposed");

    await using bare = await Porthole.start((c) => (c.chromium = "/nonexistent/chromium"));
    const bsid = await testSession(bare);
    assertError(
      await bare.post(`${TB}/${bsid}/navigate`, { url: site.url("/show") }),
      503,
      "browser_not_installed",
    );
  },
);

Deno.test("test sessions' events reach GET /v1/events marked as test sessions", browserTest, async () => {
  await using site = new Site(PAGES), ph = await Porthole.start();
  const res = await fetch(`${ph.url}/v1/events`, { headers: { accept: "text/event-stream" } });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    const tsid = await testSession(ph);
    const asid = await ph.session();
    await testOpen(ph, tsid, site.url("/show"));
    await ph.open(asid, site.url("/show"));
    const opened = () =>
      text.split("\n\n").filter((b) => /^event: page\.opened$/m.test(b))
        .map((b) => JSON.parse(b.match(/^data: (.+)$/m)![1]));
    while (opened().length < 2) text += (await reader.read()).value ?? "";
    const [first, second] = opened();
    assert.deepEqual([first.sessionId, first.test], [tsid, true]);
    assert.deepEqual([second.sessionId, second.test], [asid, undefined]);
    // The test session's own stream is under its own route.
    const own = await fetch(`${ph.url}${TB}/${tsid}/events`, { headers: { accept: "text/event-stream" } });
    assert.equal(own.status, 200);
    await own.body?.cancel();
  } finally {
    await reader.cancel();
  }
});
