/**
 * navigate's `referer` (BAP page/navigate's too) is the navigation's Referer: the server gets the
 * header and the page reads it as document.referrer; it is validated and never opens a
 * destination the session may not reach.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, Porthole, Site } from "../support/harness.ts";
import { assertRpcError, bapPage } from "../support/bap_fixture.ts";

const REFERER = "https://search.example/results?q=porthole#top";
const heard: (string | null)[] = [];
const site = new Site({
  "/": "<title>Start</title><p>start</p>",
  "/landing": (req) => {
    heard.push(req.headers.get("referer"));
    return new Response("<title>Landing</title><p>landing</p>", { headers: { "content-type": "text/html" } });
  },
});
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test(
  "navigate sends referer as the Referer header, and the page reads it as document.referrer",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    heard.length = 0;
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/landing"), referer: REFERER });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // The fragment is never part of a Referer.
    assert.deepEqual(heard, ["https://search.example/results?q=porthole"]);
    assert.equal(await ph.pageEval(sid, "document.referrer"), "https://search.example/results?q=porthole");
    // Without one, a navigation typed by the agent has no referrer at all.
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/landing") });
    assert.deepEqual(heard.slice(1), [null]);
    assert.equal(await ph.pageEval(sid, "document.referrer"), "");
  },
);

Deno.test(
  "navigate refuses a referer that is not an absolute http(s) URL, or carries credentials, naming it",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const refused = async (referer: unknown, issue: RegExp) => {
      const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/landing"), referer });
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, "referer");
      assert.match(r.body.error.message, issue);
    };
    await refused("/relative", /absolute http\(s\) URL/);
    await refused("ftp://files.example/", /absolute http\(s\) URL/);
    await refused("javascript:alert(1)", /absolute http\(s\) URL/);
    await refused("https://a.example/\r\nX-Injected: 1", /absolute http\(s\) URL/);
    await refused("https://user:secret@a.example/", /user name or password/);
    await refused(`https://a.example/${"x".repeat(2048)}`, /longer than 2048/);
    await refused(42, /referer/);
  },
);

Deno.test(
  "a referer on an allowed origin does not open a destination outside allowedOrigins",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({ allowedOrigins: [site.origin] });
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, {
      url: "http://elsewhere.example/landing",
      referer: site.url("/"),
    });
    assertError(r, 403, "origin_not_allowed");
  },
);

Deno.test(
  "page/navigate's referer is the core's: sent as the Referer header, validated the same way",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using c = await bapPage(ph, site.url("/"));
    heard.length = 0;
    const r = await c.call("page/navigate", { url: site.url("/landing"), referer: site.url("/from?x=1") });
    assert.equal(r.status, 200);
    assert.deepEqual(heard, [site.url("/from?x=1")]);
    assert.equal(await c.run("document.referrer"), site.url("/from?x=1"));
    const bad = await c.fails("page/navigate", {
      url: site.url("/landing"),
      referer: "https://u:p@a.example/",
    });
    assertRpcError(bad, -32602, false);
    assert.equal(bad.data?.details?.field, "referer");
    assert.match(bad.message, /referer must not carry a user name or password/);
  },
);
