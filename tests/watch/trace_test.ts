/** Tracing as an operation of the core: HTTP starts and stops it, BAP maps onto the same. */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";

Deno.test(
  "trace/start then trace/stop store a Chrome trace of the session with its URLs redacted",
  browserTest,
  async () => {
    await using site = new Site({
      "/": "<title>T</title><p>traced</p><script>performance.mark('m')</script>",
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/?q=secret"));

    const started = await ph.post(`/v1/sessions/${sid}/trace/start`, {});
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.tracing, true);

    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/?q=secret2") });
    const stopped = await ph.post(`/v1/sessions/${sid}/trace/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
    const artifact: Json = stopped.body.artifact;
    assert.equal(artifact.mimeType, "application/json");

    const res = await fetch(ph.url + artifact.href);
    assert.equal(res.status, 200);
    const text = await res.text();
    const trace = JSON.parse(text);
    assert.ok(Array.isArray(trace.traceEvents) && trace.traceEvents.length > 10);
    assert.ok(trace.traceEvents.every((e: Json) => typeof e.ph === "string"));
    assert.ok(!text.includes("q=secret"), "no query value of the session's URLs survives in the trace");
  },
);

Deno.test(
  "a second trace/start is refused while one runs, and trace/stop without a trace stores nothing",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const none = await ph.post(`/v1/sessions/${sid}/trace/start`, {});
    assert.equal(none.status, 404, "no page to trace yet");
    assert.equal(none.body.error.code, "page_not_found");

    await ph.post(`/v1/sessions/${sid}/pages`);
    assert.equal((await ph.post(`/v1/sessions/${sid}/trace/start`, {})).status, 200);
    const again = await ph.post(`/v1/sessions/${sid}/trace/start`, {});
    assert.equal(again.status, 400);
    assert.equal(again.body.error.code, "invalid_params");
    assert.equal(
      (await ph.post(`/v1/sessions/${sid}/trace/stop`, {})).body.artifact.mimeType,
      "application/json",
    );
    assert.deepEqual((await ph.post(`/v1/sessions/${sid}/trace/stop`, {})).body, { artifact: null });

    const bad = await ph.post(`/v1/sessions/${sid}/trace/start`, { screenshots: "yes" });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, "screenshots");
  },
);
