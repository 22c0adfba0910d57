/**
 * A page whose script never yields, and a renderer that crashes: observe, act and wait refuse at
 * once with `page_unresponsive`; navigate gives the page a fresh renderer, keeping its id and its
 * origin rules; other sessions never notice.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventsOf, type Json, Porthole, Site } from "../support/harness.ts";

const PAGES = {
  "/": `<!doctype html><title>Hang</title><button onclick="while(true){}">Hang</button>`,
  "/ok": `<!doctype html><title>Fine</title><button>Fine</button>`,
};

/** A new session (created with `body`) opened at `url`. */
async function sessionAt(ph: Porthole, url: string, body: Json = {}) {
  const sid = await ph.session(body);
  return { sid, state: await ph.open(sid, url) };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

Deno.test(
  "a page stuck in while(true) is page_unresponsive at once for observe, act and wait, and navigate recovers it in place",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start();
    const { sid: other, state: otherState } = await sessionAt(ph, site.url("/ok"));
    const { sid, state } = await sessionAt(ph, site.url("/"), { allowedOrigins: [site.origin] });
    const pageId = state.pageId;

    // ph.actOn fails the test unless the answer is 200.
    const click = await ph.actOn(sid, state, "click", /button "Hang"/, { timeoutMs: 3000 });
    assert.ok(["dispatched_unknown", "completed"].includes(click.execution), JSON.stringify(click));

    const obs = await timed(() => ph.post(`/v1/sessions/${sid}/observe`, {}));
    assertError(obs.value, 503, "page_unresponsive");
    assert.equal(obs.value.body.error.retryable, false);
    assert.match(obs.value.body.error.recoveryHint, /Navigate/);
    assert.ok(obs.ms < 2500, `observe took ${obs.ms} ms`);

    const wait = await timed(() => ph.post(`/v1/sessions/${sid}/wait`, { text: "x", timeoutMs: 10_000 }));
    assertError(wait.value, 503, "page_unresponsive");
    assert.ok(wait.ms < 2500, `wait took ${wait.ms} ms`);

    // The session next door keeps working while this page is stuck.
    const fine = await ph.actOn(other, otherState, "click", /button "Fine"/);
    assert.equal(fine.execution, "completed", JSON.stringify(fine));

    const nav = await timed(() =>
      ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/ok"), observe: true, timeoutMs: 10_000 })
    );
    assert.equal(nav.value.status, 200, JSON.stringify(nav.value.body));
    assert.equal(nav.value.body.pageId, pageId, "the page keeps its id");
    assert.equal(nav.value.body.state.generation, state.generation + 1, "a fresh renderer, a new generation");
    assert.match(nav.value.body.state.tree, /button "Fine"/);
    assert.ok(nav.ms < 10_000, `navigate took ${nav.ms} ms`);
    const pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
    assert.deepEqual(pages.map((p: Json) => p.pageId), [pageId]);
    assert.ok(eventsOf(ph, sid).some((e) => e.type === "page.recovered" && e.data.pageId === pageId));

    // The origin rules still hold on the recovered page.
    assertError(
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: "http://localhost:1/" }),
      403,
      "origin_not_allowed",
    );
    const after = await ph.observe(sid);
    assert.match(after.tree, /button "Fine"/);
  },
);

Deno.test(
  "a crashed renderer is a page.crashed event, observe is page_unresponsive, and navigate recovers the page",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start();
    const { sid, state } = await sessionAt(ph, site.url("/ok"));
    const rec = ph.server.registry.get(sid).pages.get(state.pageId)!;
    rec.driver.send("Page.crash").catch(() => {});

    const deadline = Date.now() + 5000;
    while (!eventsOf(ph, sid).some((e) => e.type === "page.crashed") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const crashed = eventsOf(ph, sid).find((e) => e.type === "page.crashed");
    assert.ok(crashed, "a page.crashed event");
    assert.equal(crashed.data.pageId, state.pageId);

    const obs = await timed(() => ph.post(`/v1/sessions/${sid}/observe`, {}));
    assertError(obs.value, 503, "page_unresponsive");
    assert.equal(obs.value.body.error.details.reason, "crashed");
    assert.ok(obs.ms < 1000, `observe took ${obs.ms} ms`);

    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/ok"), observe: true });
    assert.equal(nav.status, 200, JSON.stringify(nav.body));
    assert.equal(nav.body.pageId, state.pageId);
    assert.match(nav.body.state.tree, /button "Fine"/);
  },
);

Deno.test(
  "a hung page whose renderer dies by itself while navigate checks it again is recovered by that navigate",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start();
    const { sid, state } = await sessionAt(ph, site.url("/"));
    await ph.actOn(sid, state, "click", /button "Hang"/, { timeoutMs: 3000 });
    assertError(await ph.post(`/v1/sessions/${sid}/observe`, {}), 503, "page_unresponsive");
    // The renderer dies (as one out of memory does) while navigate's second look at it is under way.
    const driver = ph.server.registry.get(sid).pages.get(state.pageId)!.driver;
    const send = driver.send.bind(driver);
    let probed = () => {};
    const probing = new Promise<void>((resolve) => (probed = resolve));
    driver.send = ((method: string, params?: Record<string, unknown>, signal?: AbortSignal) => {
      if (method === "Runtime.evaluate" && params?.expression === "0") probed();
      return send(method, params, signal);
    }) as typeof driver.send;
    const nav = ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/ok"), observe: true });
    await probing;
    send("Page.crash").catch(() => {});
    const answer = await nav;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.pageId, state.pageId, "the page keeps its id");
    assert.match(answer.body.state.tree, /button "Fine"/);
  },
);

Deno.test(
  "a slow server is not a hung page: wait during a held cross-document navigation waits, and navigate replaces one without recovering",
  browserTest,
  async () => {
    await using site = new Site({
      ...PAGES,
      // The server holds the navigation's response for 3 s; the renderer is idle all along.
      "/slow": async () => {
        await new Promise((r) => setTimeout(r, 3000));
        return new Response("<!doctype html><title>Slow</title><h1>Arrived</h1>", {
          headers: { "content-type": "text/html" },
        });
      },
    });
    await using ph = await Porthole.start();
    const { sid, state } = await sessionAt(ph, site.url("/ok"));
    const rec = ph.server.registry.get(sid).pages.get(state.pageId)!;
    await ph.pageEval(sid, `location.href = "/slow"`);
    const wait = await timed(() =>
      ph.post(`/v1/sessions/${sid}/wait`, { text: "Arrived", timeoutMs: 10_000 })
    );
    assert.equal(wait.value.status, 200, JSON.stringify(wait.value.body));
    assert.equal(wait.value.body.met, true);
    assert.ok(wait.ms >= 2000, `the wait lasted the server's delay, ${wait.ms} ms`);
    assert.equal(rec.health, "ok", "the page is not marked hung");
    const obs = await ph.observe(sid);
    assert.match(obs.tree, /heading "Arrived"/);
    assert.equal(obs.generation, state.generation, "no recovery was needed");

    // navigate while the page's own slow navigation is under way: it replaces it, at once.
    await ph.pageEval(sid, `location.href = "/slow?again"`);
    await new Promise((r) => setTimeout(r, 200));
    const nav = await timed(() =>
      ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/ok"), observe: true, timeoutMs: 10_000 })
    );
    assert.equal(nav.value.status, 200, JSON.stringify(nav.value.body));
    assert.match(nav.value.body.state.tree, /button "Fine"/);
    assert.equal(nav.value.body.state.generation, state.generation, "the renderer was not replaced");
    assert.ok(nav.ms < 2500, `navigate took ${nav.ms} ms`);
    assert.ok(!eventsOf(ph, sid).some((e) => e.type === "page.recovered"));
    assert.equal(rec.health, "ok");
  },
);

Deno.test(
  "a page that starts to loop after an act whose capture was not probed again is page_unresponsive at once for the next observe",
  browserTest,
  async () => {
    // The loop starts on a timer longer than the settle waits for: after the act's settle saw the page quiet
    // and its capture skipped the probe, before the next operation.
    const late = `<!doctype html><title>Late hang</title>
      <button onclick="setTimeout(() => { while (true) {} }, 600)">Late</button>`;
    await using site = new Site({ ...PAGES, "/late": late }), ph = await Porthole.start();
    const { sid, state } = await sessionAt(ph, site.url("/late"));
    const act = await timed(() => ph.actOn(sid, state, "click", /button "Late"/, { timeoutMs: 3000 }));
    assert.ok(act.ms < 6000, `the act took ${act.ms} ms`);
    assert.ok(["completed", "dispatched_unknown"].includes(act.value.execution), JSON.stringify(act.value));
    await new Promise((r) => setTimeout(r, 1500)); // the page loops by now
    const obs = await timed(() => ph.post(`/v1/sessions/${sid}/observe`, {}));
    assertError(obs.value, 503, "page_unresponsive");
    assert.ok(obs.ms < 2500, `observe took ${obs.ms} ms`);
  },
);

Deno.test(
  "a new document busy for 1.5 s as it starts (a large first layout on a loaded machine) is observed, not called hung",
  browserTest,
  async () => {
    // Busy right after DOMContentLoaded, as a 35,000-node page's first layout holds a loaded renderer.
    const busy = `<!doctype html><title>Busy</title><h1>Busy start</h1>
<script>document.addEventListener("DOMContentLoaded", () => setTimeout(() => { const end = Date.now() + 1500; while (Date.now() < end) {} }));</script>`;
    await using site = new Site({ "/": busy }), ph = await Porthole.start();
    const sid = await ph.session();
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/"), observe: true });
    assert.equal(nav.status, 200, JSON.stringify(nav.body));
    assert.match(nav.body.state.tree, /heading "Busy start"/);
  },
);
