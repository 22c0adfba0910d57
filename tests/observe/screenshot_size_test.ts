/** A screenshot over HTTP says the size of the image it stored, for every format and area. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { mcpOverHttp } from "../support/mcp_client.ts";

const site = new Site({
  "/": `<!doctype html><title>Tall</title><style>body { margin: 0; } div { height: 1500px; }</style>
    <div>tall</div>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test("screenshot answers the image's width and height in pixels", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session({ viewport: { width: 640, height: 480 } });
  await ph.open(sid, site.url("/"));
  const size = async (body: Record<string, unknown>) => {
    const r = await ph.post(`/v1/sessions/${sid}/screenshot`, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return [r.body.width, r.body.height];
  };
  assert.deepEqual(await size({}), [640, 480]);
  assert.deepEqual(await size({ format: "png", clip: { x: 10, y: 10, width: 100, height: 50 } }), [100, 50]);
  assert.deepEqual(await size({ format: "webp", fullPage: true }), [640, 1500]);
  assert.deepEqual(
    await size({ format: "webp", quality: 100, clip: { x: 0, y: 0, width: 33, height: 21 } }),
    [
      33,
      21,
    ],
  );
});

Deno.test("browser_screenshot says the image's size beside its bytes", browserTest, async () => {
  await using ph = await Porthole.start();
  await using mcp = await mcpOverHttp(ph);
  await mcp.call("browser_navigate", { url: site.url("/") });
  const shot = await mcp.call("browser_screenshot", { clip: { x: 0, y: 0, width: 120, height: 80 } });
  assert.ok(!shot.isError, JSON.stringify(shot.content));
  const facts = JSON.parse(shot.content.find((c: { type: string }) => c.type === "text").text);
  assert.deepEqual([facts.width, facts.height], [120, 80]);
});
