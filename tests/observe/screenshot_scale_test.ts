/**
 * screenshot's `scale`: "device" (HTTP's default) keeps the page's device pixels, "css" gives one
 * image pixel per CSS pixel (BAP's default, as its spec says); width and height are the image's.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, Porthole, Site } from "../support/harness.ts";
import { bapPage } from "../support/bap_fixture.ts";
import { decodePng } from "../support/png.ts";

const site = new Site({
  "/": `<!doctype html><title>Bands</title><style>body { margin: 0; } div { height: 1000px; }</style>
    <div style="background: rgb(255, 0, 0)"></div><div style="background: rgb(0, 0, 255)"></div>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test(
  "scale css gives one image pixel per CSS pixel on a page at deviceScaleFactor 2; device keeps today's image",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({ viewport: { width: 400, height: 300 } });
    await ph.open(sid, site.url("/"));
    const emulated = await ph.post(`/v1/sessions/${sid}/emulation`, {
      pageId: (await ph.request("GET", `/v1/sessions/${sid}`)).body.activePageId,
      viewport: { width: 400, height: 300 },
      deviceScaleFactor: 2,
    });
    assert.equal(emulated.status, 200, JSON.stringify(emulated.body));
    const shot = async (body: Record<string, unknown>) => {
      const r = await ph.post(`/v1/sessions/${sid}/screenshot`, { format: "png", ...body });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const png = await decodePng(
        new Uint8Array(await (await fetch(ph.url + r.body.artifact.href)).arrayBuffer()),
      );
      assert.deepEqual([r.body.width, r.body.height], [png.width, png.height], "the image's own pixels");
      return png;
    };
    const size = (p: { width: number; height: number }) => [p.width, p.height];
    assert.deepEqual(size(await shot({})), [800, 600], "device pixels by default, as before");
    assert.deepEqual(size(await shot({ scale: "device" })), [800, 600]);
    assert.deepEqual(size(await shot({ scale: "css" })), [400, 300]);
    assert.deepEqual(size(await shot({ scale: "css", clip: { x: 0, y: 990, width: 100, height: 20 } })), [
      100,
      20,
    ]);
    assert.deepEqual(size(await shot({ scale: "css", fullPage: true })), [400, 2000]);
    const band = await shot({ scale: "css", clip: { x: 0, y: 990, width: 100, height: 20 } });
    assert.deepEqual(band.rgb(50, 5), [255, 0, 0]);
    assert.deepEqual(band.rgb(50, 15), [0, 0, 255]);
    // The viewport in CSS pixels is the part of the page the viewport shows, scrolled or not.
    await ph.pageEval(sid, "scrollTo(0, 1200)");
    const scrolled = await shot({ scale: "css" });
    assert.deepEqual(scrolled.rgb(200, 150), [0, 0, 255]);
    assert.deepEqual(size(scrolled), [400, 300]);
  },
);

Deno.test("screenshot refuses a scale that is neither css nor device, naming it", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  const r = await ph.post(`/v1/sessions/${sid}/screenshot`, { scale: "retina" });
  assertError(r, 400, "invalid_params");
  assert.equal(r.body.error.details.field, "scale");
});

Deno.test(
  "observe/screenshot is in CSS pixels by default, as the BAP spec says; scale device doubles it at ratio 2",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using c = await bapPage(ph, site.url("/"));
    await c.call("emulate/setViewport", { width: 320, height: 200, deviceScaleFactor: 2 });
    const css = await c.call("observe/screenshot", {});
    assert.deepEqual([css.width, css.height], [320, 200]);
    const device = await c.call("observe/screenshot", { options: { scale: "device", format: "webp" } });
    assert.deepEqual([device.width, device.height], [640, 400]);
    const clip = await c.call("observe/screenshot", {
      options: { clip: { x: 0, y: 0, width: 50, height: 40 } },
    });
    assert.deepEqual([clip.width, clip.height], [50, 40]);
    const bad = await c.fails("observe/screenshot", { options: { scale: "retina" } });
    assert.equal(bad.code, -32602);
    assert.equal(bad.data?.details?.field, "options.scale");
  },
);
