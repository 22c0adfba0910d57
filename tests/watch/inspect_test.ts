/**
 * inspect: a page's console, page errors and network, each a ring of the latest 256 entries
 * per page, paged by afterSeq/nextSeq with `dropped`, at most 100 entries and 64 KiB per
 * response; network entries hold method, resource type, status and the redacted URL only;
 * inspect needs an existing page and never recovers one. Real Chromium throughout.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

const THOUSAND_LINES = `<!doctype html><title>Chatty</title><p>chatty</p><script>
  for (let i = 1; i <= 1000; i++) console.log("line " + i);
  window.logged = 1000;
</script>`;

const THROWER = `<!doctype html><title>Thrower</title><script>
  for (let i = 1; i <= 300; i++) setTimeout(() => { throw new Error("boom " + i); });
  setTimeout(() => { window.thrown = 300; });
</script>`;

const BIG_LINES = `<!doctype html><title>Big</title><script>
  for (let i = 1; i <= 100; i++) console.log(String(i).padStart(3, "0") + " " + "x".repeat(3996));
  console.log("y".repeat(10000));
</script>`;

/** A loopback port nothing listens on (any more). */
function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

const REQUESTS = `<!doctype html><title>Requests</title><img src="/pixel.png?sig=imagesecret"><script>
  window.done = (async () => {
    for (let i = 1; i <= 300; i++) await fetch("/api?token=fetchsecret" + i + "&i=" + i);
    await fetch("/missing?key=missingsecret");
    await fetch("/submit", { method: "POST", body: "bodysecret", headers: { "x-custom": "headersecret" } });
    return true;
  })();
</script>`;

const refusingPage = (port: number) =>
  `<!doctype html><title>Refusing</title><script>
  fetch("http://127.0.0.1:${port}/refused?q=refusedsecret").catch(() => {});
</script>`;

const PIXEL = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
);

Deno.test("inspect", browserTest, async (t) => {
  let refusedPort = 0;
  await using site = new Site({
    "/chatty": THOUSAND_LINES,
    "/thrower": THROWER,
    "/big": BIG_LINES,
    "/requests": REQUESTS,
    "/refusing": () => new Response(refusingPage(refusedPort), { headers: { "content-type": "text/html" } }),
    "/quiet":
      `<!doctype html><title>Quiet</title><script>console.log("a"); console.log("b"); console.log("c");</script>`,
    "/pixel.png": () => new Response(PIXEL, { headers: { "content-type": "image/png" } }),
    "/api": () =>
      new Response("{}", {
        headers: { "content-type": "application/json", "set-cookie": "sid=cookiesecret" },
      }),
    "/submit": () => new Response("ok"),
  });
  await using ph = await Porthole.start();
  const inspect = (sid: string, body: Json) => ph.post(`/v1/sessions/${sid}/inspect`, body);
  // One session keeps the browser up between steps; each step closes the sessions it opened.
  const keeper = await ph.session();
  await ph.post(`/v1/sessions/${keeper}/pages`);
  const step = (name: string, fn: () => Promise<void>) =>
    t.step(name, async () => {
      try {
        await fn();
      } finally {
        for (const s of ph.server.registry.list()) {
          if (s.id !== keeper) await ph.request("DELETE", `/v1/sessions/${s.id}`);
        }
      }
    });

  await step(
    "a page's 1,000 console lines leave the latest 256, read in pages of at most 100",
    async () => {
      const sid = await ph.session();
      await ph.open(sid, site.url("/chatty"));
      assert.equal(await ph.pageEval(sid, "window.logged"), 1000);
      await eventually(
        "line 1000",
        () => inspect(sid, { kind: "console", afterSeq: 999 }),
        (r) => r.body.entries?.length === 1,
      );

      const first = await inspect(sid, { kind: "console", limit: 100 });
      assert.equal(first.status, 200);
      assert.equal(first.body.dropped, 744, "the ring kept 256 of 1,000: 744 are gone");
      assert.equal(first.body.entries.length, 100);
      assert.equal(first.body.entries[0].text, "line 745");
      assert.equal(first.body.entries[0].seq, 745);
      assert.equal(first.body.entries[0].level, "log");
      assert.equal(first.body.nextSeq, 844);

      const texts: string[] = first.body.entries.map((e: Json) => e.text);
      let cursor = first.body.nextSeq;
      while (true) {
        const page = await inspect(sid, { kind: "console", limit: 100, afterSeq: cursor });
        assert.equal(page.body.dropped, 0, "paging from nextSeq loses nothing");
        if (page.body.entries.length === 0) {
          assert.equal(page.body.nextSeq, cursor, "an empty page keeps the cursor");
          break;
        }
        assert.ok(page.body.entries.length <= 100);
        texts.push(...page.body.entries.map((e: Json) => e.text));
        cursor = page.body.nextSeq;
      }
      assert.deepEqual(texts, Array.from({ length: 256 }, (_, i) => `line ${745 + i}`));
      assert.equal(cursor, 1000);

      const byDefault = await inspect(sid, { kind: "console" });
      assert.equal(byDefault.body.entries.length, 50, "50 entries unless a limit is given");

      const behind = await inspect(sid, { kind: "console", afterSeq: 10, limit: 1 });
      assert.equal(behind.body.dropped, 734, "from seq 10, entries 11..744 are gone");
      assert.equal(behind.body.entries[0].seq, 745);

      for (const limit of [0, 101, 1.5]) {
        const r = await inspect(sid, { kind: "console", limit });
        assertError(r, 400, "invalid_params");
        assert.equal(r.body.error.details.field, "limit");
      }
      assertError(await inspect(sid, { kind: "console", afterSeq: -1 }), 400, "invalid_params");
      assertError(await inspect(sid, { kind: "cookies" }), 400, "invalid_params");
      assertError(await inspect(sid, {}), 400, "invalid_params");
    },
  );

  await step("uncaught page errors are kept with their message and a redacted source URL", async () => {
    const sid = await ph.session();
    await ph.open(sid, site.url("/thrower?token=errorsecret#frag"));
    assert.equal(await ph.pageEval(sid, "window.thrown"), 300);
    const last = await eventually(
      "the 300th error",
      () => inspect(sid, { kind: "errors", afterSeq: 299 }),
      (r) => r.body.entries?.length === 1,
    );
    assert.match(last.body.entries[0].message, /boom 300/);
    const all = await inspect(sid, { kind: "errors", limit: 100 });
    assert.equal(all.body.dropped, 300 - 256);
    assert.match(all.body.entries[0].message, /boom 45\b/);
    assert.equal(all.body.entries[0].url, site.url("/thrower?token=[redacted]"));
    assert.ok(!JSON.stringify(all.body).includes("errorsecret"));
  });

  await step(
    "one response stays within 64 KiB, says it was cut short, and paging loses nothing",
    async () => {
      const sid = await ph.session();
      await ph.open(sid, site.url("/big"));
      await eventually(
        "101 lines",
        () => inspect(sid, { kind: "console", afterSeq: 100 }),
        (r) => r.body.entries?.length === 1,
      );
      const seen: string[] = [];
      let cursor = 0;
      let cut = 0;
      while (true) {
        const res = await fetch(`${ph.url}/v1/sessions/${sid}/inspect`, {
          method: "POST",
          body: JSON.stringify({ kind: "console", limit: 100, afterSeq: cursor }),
        });
        const text = await res.text();
        assert.ok(new TextEncoder().encode(text).length <= 64 * 1024, `a response of ${text.length} bytes`);
        const body = JSON.parse(text);
        if (body.entries.length === 0) {
          break;
        }
        if (body.truncated) cut++;
        else assert.equal(body.truncated, undefined);
        seen.push(...body.entries.map((e: Json) => e.text.slice(0, 3)));
        cursor = body.nextSeq;
      }
      assert.ok(cut >= 1, "100 lines of 4 KB do not fit in one response");
      assert.deepEqual(
        seen.slice(0, 100),
        Array.from({ length: 100 }, (_, i) => String(i + 1).padStart(3, "0")),
      );
      const long = await inspect(sid, { kind: "console", afterSeq: 100 });
      assert.ok(long.body.entries[0].text.length <= 4096, "one console line is cut to 4096 characters");
      assert.ok(long.body.entries[0].text.startsWith("yyyy"));
    },
  );

  await step("network entries hold only method, resource type, status and the redacted URL", async () => {
    const sid = await ph.session();
    await ph.open(sid, site.url("/requests"));
    assert.equal(await ph.pageEval(sid, "window.done"), true);
    // The document, the image, 300 fetches, a 404 and a POST: 304 requests.
    await eventually(
      "all 304 requests",
      () => inspect(sid, { kind: "network", afterSeq: 303 }),
      (r) => r.body.entries?.length === 1,
    );
    const entries: Json[] = [];
    let cursor = 0;
    while (true) {
      const r = await inspect(sid, { kind: "network", limit: 100, afterSeq: cursor });
      if (!r.body.entries.length) break;
      entries.push(...r.body.entries);
      cursor = r.body.nextSeq;
    }
    assert.equal(entries.length, 256, "the ring keeps the latest 256 requests");
    for (const e of entries) {
      assert.deepEqual(Object.keys(e).sort(), ["method", "resourceType", "seq", "status", "url"]);
    }
    const api = entries.find((e) => e.url === site.url("/api?token=[redacted]&i=[redacted]"));
    assert.deepEqual({ ...api, seq: 0 }, {
      seq: 0,
      method: "GET",
      resourceType: "fetch",
      status: 200,
      url: site.url("/api?token=[redacted]&i=[redacted]"),
    });
    const missing = entries.find((e) => e.url.includes("/missing"));
    assert.deepEqual([missing.status, missing.url], [404, site.url("/missing?key=[redacted]")]);
    const post = entries.find((e) => e.url.includes("/submit"));
    assert.deepEqual([post.method, post.status], ["POST", 200]);

    // A request that got no response: its status is null.
    refusedPort = closedPort();
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/refusing") });
    const tail = await eventually(
      "the refused request",
      () => inspect(sid, { kind: "network", afterSeq: 304 }),
      (r) => r.body.entries?.some((e: Json) => e.url.includes("/refused")),
    );
    const refused = tail.body.entries.find((e: Json) => e.url.includes("/refused"));
    assert.deepEqual(refused, {
      seq: refused.seq,
      method: "GET",
      resourceType: "fetch",
      status: null,
      url: `http://127.0.0.1:${refusedPort}/refused?q=[redacted]`,
    });

    const everything = JSON.stringify(entries) + JSON.stringify(tail.body);
    for (
      const secret of [
        "fetchsecret",
        "imagesecret",
        "missingsecret",
        "bodysecret",
        "headersecret",
        "cookiesecret",
        "refusedsecret",
      ]
    ) {
      assert.ok(!everything.includes(secret), `${secret} leaked into inspect`);
    }
  });

  await step("a page's flood never evicts another session's entries", async () => {
    const quiet = await ph.session();
    const loud = await ph.session();
    await ph.open(quiet, site.url("/quiet"));
    await eventually(
      "3 lines",
      () => inspect(quiet, { kind: "console" }),
      (r) => r.body.entries?.length === 3,
    );
    await ph.open(loud, site.url("/chatty"));
    await eventually(
      "the flood",
      () => inspect(loud, { kind: "console", afterSeq: 999 }),
      (r) => r.body.entries?.length === 1,
    );
    const after = await inspect(quiet, { kind: "console" });
    assert.deepEqual(after.body.entries.map((e: Json) => e.text), ["a", "b", "c"]);
    assert.equal(after.body.dropped, 0);
  });

  await step("each page has its own rings, chosen by pageId", async () => {
    const sid = await ph.session();
    await ph.open(sid, site.url("/quiet"));
    const first = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages[0].pageId;
    const second = (await ph.post(`/v1/sessions/${sid}/pages`)).body.pageId;
    await eventually(
      "3 lines",
      () => inspect(sid, { kind: "console", pageId: first }),
      (r) => r.body.entries?.length === 3,
    );
    const fresh = await inspect(sid, { kind: "console" });
    assert.deepEqual(fresh.body, { entries: [], nextSeq: 0, dropped: 0 }, "the active page is the new one");
    assert.equal((await inspect(sid, { kind: "console", pageId: second })).body.entries.length, 0);
  });

  await step(
    "inspect needs an existing page: 404 page_not_found without one or after it closed",
    async () => {
      const sid = await ph.session();
      assertError(await inspect(sid, { kind: "console" }), 404, "page_not_found");
      assert.equal(
        (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages.length,
        0,
        "nothing was opened",
      );
      await ph.open(sid, site.url("/quiet"));
      const pageId = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages[0].pageId;
      assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}/pages/${pageId}`)).status, 204);
      assertError(await inspect(sid, { kind: "console", pageId }), 404, "page_not_found");
      assertError(await inspect(sid, { kind: "console" }), 404, "page_not_found");
      assertError(await inspect("s_nope", { kind: "console" }), 404, "session_not_found");
    },
  );

  await step(
    "after the browser was killed, inspect is 503 browser_disconnected and starts nothing",
    async () => {
      const sid = await ph.session();
      await ph.open(sid, site.url("/quiet"));
      const pool = ph.server.registry.pool;
      const before = pool.stats();
      Deno.kill(before.pid!, "SIGKILL");
      await eventually(
        "the disconnect",
        () => Promise.resolve(pool.stats().disconnects),
        (n) => n === before.disconnects + 1,
      );
      const r = await inspect(sid, { kind: "console" });
      assertError(r, 503, "browser_disconnected");
      assert.equal(r.body.error.retryable, true);
      assert.equal(pool.stats().launches, before.launches, "inspect never starts a browser");
      assert.equal(pool.stats().running, false);
    },
  );
});
