/** Screenshots in WebP over HTTP: Chromium encodes them, quality works as for JPEG. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";

const site = new Site({
  "/": `<!doctype html><title>Shot</title><body style="margin:0;background:linear-gradient(red,blue)">
    <h1>Picture</h1><p>${"words ".repeat(400)}</p>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test("format webp gives a RIFF…WEBP image whose size follows quality", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session({ viewport: { width: 640, height: 480 } });
  await ph.open(sid, site.url("/"));
  const shoot = async (body: Record<string, unknown>) => {
    const r = await ph.post(`/v1/sessions/${sid}/screenshot`, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.artifact.mimeType, "image/webp");
    const res = await fetch(ph.url + r.body.artifact.href);
    assert.equal(res.headers.get("content-type"), "image/webp");
    return new Uint8Array(await res.arrayBuffer());
  };
  const high = await shoot({ format: "webp", quality: 95 });
  const text = new TextDecoder().decode(high.slice(0, 12));
  assert.equal(text.slice(0, 4), "RIFF");
  assert.equal(text.slice(8, 12), "WEBP");
  const low = await shoot({ format: "webp", quality: 5 });
  assert.ok(low.length < high.length, `quality 5 (${low.length} B) is smaller than 95 (${high.length} B)`);
  const bad = await ph.post(`/v1/sessions/${sid}/screenshot`, { format: "gif" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details.field, "format");
});
