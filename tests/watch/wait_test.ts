/**
 * wait: exactly one condition (text, textGone, url, loadState, timeMs), `{met, elapsedMs}`,
 * `{met:false}` with 200 when the timeout comes first, cancelled when the session is deleted,
 * and never recovering a page (404 without one or after it closed, 503 after a disconnect).
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

const until = (what: string, check: () => boolean) => eventually(what, check, Boolean, 30_000);

/** A response the test holds back until it calls `release()`. */
class Held {
  #gate = Promise.withResolvers<void>();
  requested = false;
  handler = async () => {
    this.requested = true;
    await this.#gate.promise;
    return new Response("{}", { headers: { "content-type": "application/json" } });
  };
  release() {
    this.#gate.resolve();
  }
}

const LATER = `<!doctype html><title>Later</title><p id="status">loading</p>
<button onclick="document.getElementById('status').textContent = 'ready'">Finish</button>
<button onclick="document.getElementById('status').remove()">Remove</button>
<button onclick="history.pushState(null, '', '/later?token=s3cret-value&step=2')">Move</button>`;

Deno.test("wait", browserTest, async (t) => {
  const image = new Held();
  const api = new Held();
  await using site = new Site({
    "/later": LATER,
    "/slow-image": `<!doctype html><title>Slow</title><img src="/held.png">`,
    "/busy": `<!doctype html><title>Busy</title><script>fetch("/held-api")</script>`,
    "/held.png": image.handler,
    "/held-api": api.handler,
  });
  await using ph = await Porthole.start();
  const sid = await ph.session();
  const wait = (body: Json, session = sid) => ph.post(`/v1/sessions/${session}/wait`, body);
  /**
   * Start a wait, then let the page do `meanwhile`: a script (through CDP, not the session's
   * gate) or a step of the test's own, such as releasing a held response.
   */
  const waitWhile = async (body: Json, meanwhile: string | (() => void)) => {
    const pending = wait(body);
    await until("the wait to run", () => ph.server.registry.get(sid).gate.busy);
    if (typeof meanwhile === "string") await ph.pageEval(sid, meanwhile);
    else meanwhile();
    return await pending;
  };

  await t.step("wait {text} is met once the text is on the page", async () => {
    await ph.open(sid, site.url("/later"));
    const r = await waitWhile(
      { text: "ready", timeoutMs: 30_000 },
      `setTimeout(() => document.querySelector("button").click(), 200)`,
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.met, true);
    assert.equal(typeof r.body.elapsedMs, "number");
    assert.deepEqual(Object.keys(r.body).sort(), ["elapsedMs", "met"]);
    assert.equal(await ph.pageEval(sid, "document.getElementById('status').textContent"), "ready");
  });

  await t.step("wait {textGone} is met once the text has left the page", async () => {
    const r = await waitWhile(
      { textGone: "ready" },
      `setTimeout(() => document.querySelectorAll("button")[1].click(), 200)`,
    );
    assert.equal(r.body.met, true);
    assert.equal(await ph.pageEval(sid, "document.getElementById('status')"), null);
  });

  await t.step("wait {url} matches a substring of the real, unredacted URL", async () => {
    const r = await waitWhile(
      { url: "token=s3cret-value" },
      `setTimeout(() => document.querySelectorAll("button")[2].click(), 200)`,
    );
    assert.equal(r.body.met, true);
    assert.match(await ph.pageEval(sid, "location.href"), /token=s3cret-value/);
    const redacted = await wait({ url: "token=[redacted]", timeoutMs: 300 });
    assert.equal(redacted.body.met, false, "the redacted form is not the real URL");
  });

  await t.step("a wait that times out answers 200 {met:false}, not an error", async () => {
    const r = await wait({ text: "never on this page", timeoutMs: 300 });
    assert.equal(r.status, 200);
    assert.equal(r.body.met, false);
    assert.ok(r.body.elapsedMs >= 300);
    const long = await wait({ timeMs: 5000, timeoutMs: 200 });
    assert.equal(long.status, 200);
    assert.equal(long.body.met, false, "a timeMs beyond the timeout is not met");
  });

  await t.step("wait {timeMs} waits that long and is met", async () => {
    const r = await wait({ timeMs: 150 });
    assert.equal(r.body.met, true);
    assert.ok(r.body.elapsedMs >= 150);
    assert.equal((await wait({ timeMs: 0 })).body.met, true);
  });

  await t.step("wait {loadState:'load'} waits for the page's subresources to load", async () => {
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/slow-image") });
    assert.equal(nav.status, 200, "navigate returns at DOMContentLoaded");
    await until("the image request", () => image.requested);
    assert.equal(await ph.pageEval(sid, "document.readyState"), "interactive");
    const early = await wait({ loadState: "load", timeoutMs: 300 });
    assert.equal(early.body.met, false, "the held image keeps the load event back");
    const r = await waitWhile({ loadState: "load", timeoutMs: 30_000 }, () => image.release());
    assert.equal(r.body.met, true, "met once the image came");
    assert.equal(await ph.pageEval(sid, "document.readyState"), "complete");
  });

  await t.step("wait {loadState:'networkidle'} waits until no request is in flight", async () => {
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/busy"), waitUntil: "load" });
    await until("the page's fetch", () => api.requested);
    const busy = await wait({ loadState: "networkidle", timeoutMs: 1000 });
    assert.equal(busy.body.met, false, "a fetch is still in flight");
    const idle = await waitWhile({ loadState: "networkidle", timeoutMs: 30_000 }, () => api.release());
    assert.equal(idle.body.met, true);
    assert.equal(await ph.pageEval(sid, "document.readyState"), "complete");
  });

  await t.step("wait takes exactly one condition", async () => {
    const bodies: [Json, string][] = [
      [{}, "text"],
      [{ text: "a", url: "b" }, "url"],
      [{ timeMs: 10, loadState: "load" }, "timeMs"],
      [{ textGone: "a", text: "b", url: "c" }, "textGone"],
    ];
    for (const [body, field] of bodies) {
      const r = await wait(body);
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, field, JSON.stringify(body));
    }
    assertError(await wait({ loadState: "idle" }), 400, "invalid_params");
    assertError(await wait({ text: "" }), 400, "invalid_params");
    assertError(await wait({ timeMs: 10, timeoutMs: 60_001 }), 400, "invalid_params");
    assertError(await wait({ timeMs: -1 }), 400, "invalid_params");
  });

  await t.step("deleting the session ends a pending wait with session_disposed", async () => {
    const other = await ph.session();
    await ph.open(other, site.url("/later"));
    const pending = wait({ text: "never on this page", timeoutMs: 60_000 }, other);
    await until("the wait to run", () => ph.server.registry.get(other).gate.busy);
    assert.equal((await ph.request("DELETE", `/v1/sessions/${other}`)).status, 204);
    const r = await pending;
    assertError(r, 503, "session_disposed");
  });

  await t.step("wait needs an existing page: 404 page_not_found without one or after it closed", async () => {
    const other = await ph.session();
    assertError(await wait({ timeMs: 1 }, other), 404, "page_not_found");
    assert.equal((await ph.request("GET", `/v1/sessions/${other}/pages`)).body.pages.length, 0);
    await ph.open(other, site.url("/later"));
    const pageId = (await ph.request("GET", `/v1/sessions/${other}/pages`)).body.pages[0].pageId;
    await ph.request("DELETE", `/v1/sessions/${other}/pages/${pageId}`);
    assertError(await wait({ text: "loading", pageId }, other), 404, "page_not_found");
    assertError(await wait({ text: "loading" }, other), 404, "page_not_found");
    await ph.request("DELETE", `/v1/sessions/${other}`);
  });

  await t.step("a page closed by itself ends a pending wait with 404 page_not_found", async () => {
    const pageId = (await ph.post(`/v1/sessions/${sid}/pages`)).body.pageId;
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/later"), pageId });
    const session = ph.server.registry.get(sid);
    const pending = wait({ text: "never on this page", pageId, timeoutMs: 60_000 });
    await until("the wait to run", () => session.gate.busy);
    await session.pages.get(pageId)!.driver.page.close();
    assertError(await pending, 404, "page_not_found");
  });

  await t.step("a browser disconnect ends a pending wait, and later waits, with 503", async () => {
    const pool = ph.server.registry.pool;
    const before = pool.stats();
    const pending = wait({ text: "never on this page", timeoutMs: 60_000 });
    await until("the wait to run", () => ph.server.registry.get(sid).gate.busy);
    Deno.kill(before.pid!, "SIGKILL");
    assertError(await pending, 503, "browser_disconnected");
    await until("the disconnect", () => pool.stats().disconnects === before.disconnects + 1);
    const after = await wait({ timeMs: 1 });
    assertError(after, 503, "browser_disconnected");
    assert.equal(after.body.error.retryable, true);
    assert.equal(pool.stats().launches, before.launches, "wait never starts a browser");
  });
});
