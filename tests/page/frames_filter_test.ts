/** The frames operation's filters (url, locator) and whether the session may reach each frame, over HTTP. */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

const far = new Site({ "/far": `<!doctype html><title>Far</title><p>far away</p>` }, "localhost");
const site = new Site({
  "/frames":
    `<!doctype html><title>Frames</title><iframe id="one" name="inner" src="/inner?token=abc"></iframe>
    <iframe id="two" name="far" src="${far.url("/far")}"></iframe><p id="plain">text</p>`,
  "/inner": `<!doctype html><title>Inner</title><p>inside</p>`,
});
globalThis.addEventListener("unload", () => {
  site.server.shutdown();
  far.server.shutdown();
});

Deno.test(
  "frames finds the frame of an iframe element or by URL, and says which the session may reach",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({ allowedOrigins: [site.origin] });
    await ph.open(sid, site.url("/frames"));
    const frames = async (body: Record<string, unknown>) => {
      const r = await ph.post(`/v1/sessions/${sid}/frames`, body);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.frames.map((f: Json) => [f.name, f.allowed]);
    };
    // The cross-site frame is listed once its own process has it.
    await eventually("three frames", async () => (await frames({})).length === 3);
    assert.deepEqual(await frames({}), [["", true], ["inner", true], ["far", false]]);
    assert.deepEqual(await frames({ url: "/inner" }), [["inner", true]]);
    assert.deepEqual(await frames({ url: "token=abc" }), [], "a redacted query value is not matched");
    assert.deepEqual(await frames({ locator: { type: "css", value: "#two" } }), [["far", false]]);
    assert.deepEqual(await frames({ locator: { type: "css", value: "#plain" } }), [], "not an iframe");
    const many = await ph.post(`/v1/sessions/${sid}/frames`, { locator: { type: "css", value: "iframe" } });
    assert.equal(many.body.error.code, "selector_ambiguous", JSON.stringify(many.body));
    assert.equal(many.body.error.details.count, 2);
    const bad = await ph.post(`/v1/sessions/${sid}/frames`, { url: "" });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.field, "url");
  },
);
