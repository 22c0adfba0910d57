/** The emulate operation with pageId: one page's device and user agent, over HTTP against real Chromium. */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";

const site = new Site({
  "/":
    `<!doctype html><meta name="viewport" content="width=device-width"><title>Device</title><h1>Device</h1>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

const SEEN = `({ width: innerWidth, ratio: devicePixelRatio, ua: navigator.userAgent,
  platform: navigator.platform, language: navigator.language, touch: navigator.maxTouchPoints > 0 })`;

Deno.test("emulate with pageId changes that page's device and user agent only", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session({ viewport: { width: 800, height: 600 } });
  const open = async () => (await ph.post(`/v1/sessions/${sid}/pages`, { url: site.url("/") })).body.pageId;
  const [one, two] = [await open(), await open()];
  const seen = (pageId: string) => ph.server.registry.get(sid).pages.get(pageId)!.driver.page.evaluate(SEEN);
  const before = await seen(two);
  const r = await ph.post(`/v1/sessions/${sid}/emulation`, {
    pageId: one,
    viewport: { width: 400, height: 300 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: "PagePhone/1.0",
    platform: "PhoneOS",
    acceptLanguage: "de-DE",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.pageId, one);
  assert.deepEqual(await seen(one), {
    width: 400,
    ratio: 2,
    ua: "PagePhone/1.0",
    platform: "PhoneOS",
    language: "de-DE",
    touch: true,
  });
  assert.deepEqual(await seen(two), before, "the other page keeps the session's emulation");
  assert.deepEqual(await seen(await open()), before, "and so does a page opened later");
  const shot = await ph.post(`/v1/sessions/${sid}/screenshot`, { pageId: one });
  assert.deepEqual([shot.body.width, shot.body.height], [800, 600], "device pixels: 400×300 at scale 2");
  const session = (await ph.request("GET", `/v1/sessions/${sid}`)).body as Json;
  assert.ok(!JSON.stringify(session).includes("PagePhone"));
});

Deno.test(
  "emulate refuses what a page cannot have alone, and device metrics without a viewport",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const pageId = (await ph.post(`/v1/sessions/${sid}/pages`, {})).body.pageId;
    const refused = async (body: unknown, status = 400) => {
      const r = await ph.post(`/v1/sessions/${sid}/emulation`, body);
      assert.equal(r.status, status, JSON.stringify(r.body));
      return r.body.error;
    };
    const geo = await refused({ pageId, geolocation: { latitude: 1, longitude: 2 } });
    assert.equal(geo.details.field, "geolocation");
    assert.match(geo.message, /whole session/);
    assert.equal((await refused({ deviceScaleFactor: 2 })).details.field, "deviceScaleFactor");
    assert.equal((await refused({ pageId })).details.field, "viewport");
    assert.equal((await refused({ pageId, platform: "a\nb" })).details.field, "platform");
    assert.equal((await refused({ pageId: "nope", hasTouch: true }, 404)).code, "page_not_found");
  },
);
