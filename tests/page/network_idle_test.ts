/** `waitUntil: "networkidle"` on navigate and reload, over HTTP and BAP, against real Chromium. */
import assert from "node:assert/strict";
import { assertError, browserTest } from "../support/harness.ts";
import { bapLaunched, pageEval, siteAndPorthole } from "../support/bap_fixture.ts";

const slowly = (ms: number) => () =>
  new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("late")), ms));
// The page loads at once, then fetches a response that takes 700 ms.
const { site, ph } = await siteAndPorthole({
  "/busy": `<!doctype html><title>Busy</title><script>
    window.done = false;
    addEventListener("load", () => fetch("/slow").then((r) => r.text()).then(() => (window.done = true)));
  </script>`,
  "/slow": slowly(700),
  "/stuck": `<!doctype html><title>Stuck</title><script>
    addEventListener("load", () => fetch("/never"));
  </script>`,
  "/never": slowly(20_000),
});

/** A session of the test's own, deleted when the test ends. */
async function ownSession() {
  const sid = await ph.session();
  return { sid, [Symbol.asyncDispose]: async () => void await ph.request("DELETE", `/v1/sessions/${sid}`) };
}

const navigateIdle = (sid: string, path: string, extra: Record<string, unknown> = {}) =>
  ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url(path), waitUntil: "networkidle", ...extra });

Deno.test(
  "navigate and reload with waitUntil networkidle answer once the page's last request has finished",
  browserTest,
  async () => {
    await using s = await ownSession();
    const sid = s.sid;
    const nav = await navigateIdle(sid, "/busy");
    assert.equal(nav.status, 200, JSON.stringify(nav.body));
    assert.equal(await ph.pageEval(sid, "window.done"), true);
    const reload = await ph.post(`/v1/sessions/${sid}/reload`, { waitUntil: "networkidle" });
    assert.equal(reload.status, 200, JSON.stringify(reload.body));
    assert.equal(reload.body.navigation, "committed");
    assert.equal(await ph.pageEval(sid, "window.done"), true);
    const plain = await ph.post(`/v1/sessions/${sid}/reload`, { waitUntil: "load" });
    assert.equal(plain.status, 200);
    assert.equal(await ph.pageEval(sid, "window.done"), false, "load alone does not wait for the fetch");
  },
);

Deno.test(
  "a page whose network never goes quiet ends navigate networkidle with a timeout",
  browserTest,
  async () => {
    await using s = await ownSession();
    assertError(await navigateIdle(s.sid, "/stuck", { timeoutMs: 1500 }), 504, "timeout");
  },
);

Deno.test(
  "BAP page/navigate and page/reload with networkidle wait in the core operation",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    const page = await c.call("page/create", {});
    const nav = await c.call("page/navigate", { url: site.url("/busy"), waitUntil: "networkidle" });
    assert.equal(nav.url, site.url("/busy"));
    assert.equal(await pageEval(ph, page.id, "window.done"), true);
    assert.deepEqual(await c.call("page/reload", { waitUntil: "networkidle" }), {});
    assert.equal(await pageEval(ph, page.id, "window.done"), true);
    await c.call("page/navigate", { url: site.url("/stuck"), waitUntil: "commit" });
    const stuck = await c.fails("page/reload", { waitUntil: "networkidle", timeout: 1500 });
    assert.equal(stuck.code, -32016);
  },
);
