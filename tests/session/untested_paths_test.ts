/**
 * Paths the code had and no test walked: navigate's navigation_failed (502) and timeout (504),
 * popups past the page limit, and dispatched_unknown when the browser dies mid-click.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventsOf, eventually, Porthole, refOf, Site } from "../support/harness.ts";

const POPUPS = `<!doctype html><title>Popups</title>
<button onclick="for (let i = 0; i < 12; i++) window.open('/child?' + i)">Many</button>`;

Deno.test(
  "navigate to a response that never commits (204) is 502 navigation_failed, retryable",
  browserTest,
  async () => {
    await using site = new Site({ "/empty": () => new Response(null, { status: 204 }) }),
      ph = await Porthole.start();
    const sid = await ph.session();
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/empty") });
    assertError(r, 502, "navigation_failed");
    assert.equal(r.body.error.retryable, true);
    assert.equal((await ph.post(`/v1/sessions/${sid}/observe`, {})).status, 200, "the session goes on");
  },
);

Deno.test(
  "navigate to a page that never answers is 504 timeout within its timeoutMs",
  browserTest,
  async () => {
    const never = Promise.withResolvers<Response>();
    await using site = new Site({ "/never": () => never.promise });
    // The held request is let go first, whatever the outcome, so that the site can close.
    await using _held = { [Symbol.asyncDispose]: () => Promise.resolve(never.resolve(new Response("late"))) };
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const t0 = performance.now();
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/never"), timeoutMs: 1500 });
    const ms = performance.now() - t0;
    assertError(r, 504, "timeout");
    assert.ok(ms < 5000, `answered after ${ms} ms`);
  },
);

Deno.test(
  "popups past the page limit are refused with popup.blocked naming the limit; the pages stay at the limit",
  browserTest,
  async () => {
    await using site = new Site({ "/": POPUPS, "/child": "<title>Child</title>" }),
      ph = await Porthole.start((c) => (c.limits.maxPages = 3));
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Many"/) });
    await eventually(
      "a refusal at the page limit",
      () => eventsOf(ph, sid).some((e) => e.type === "popup.blocked" && /page limit/.test(e.data.reason)),
      Boolean,
      5_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    const pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
    assert.equal(pages.length, 3);
    assert.ok((await ph.server.registry.get(sid).lease!.context.pages()).length <= 3);
  },
);

Deno.test(
  "the browser killed while a click is in flight: dispatched_unknown (or completed) with browser_disconnected, never not_dispatched",
  browserTest,
  async () => {
    // The click handler keeps the renderer busy, so the kill lands while the input is unanswered.
    await using site = new Site({
      "/": `<!doctype html><title>Busy</title>
        <button onclick="const t = Date.now(); while (Date.now() - t < 3000) {}">Busy</button>`,
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const pid = ph.server.registry.pool.stats().pid!;
    const pending = ph.post(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /button "Busy"/),
    });
    await eventually(
      "the click to be dispatched",
      () => eventsOf(ph, sid).some((e) => e.type === "action.started"),
      Boolean,
      5_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    Deno.kill(pid, "SIGKILL");
    const r = await pending;
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(["dispatched_unknown", "completed"].includes(r.body.execution), JSON.stringify(r.body));
    assert.equal(r.body.error.code, "browser_disconnected");
    assert.equal(r.body.error.retryable, false, "a dispatched action is never retryable as is");
  },
);
