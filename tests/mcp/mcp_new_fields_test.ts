/**
 * The fields MCP offers beside HTTP and BAP since tools/list made room for them: browser_navigate's
 * referer and browser_screenshot's scale and mask, each the core operation's own, called by the
 * official MCP client against real Chromium, and validated as the operation validates them.
 */
import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";
import { decodePng, type Png } from "../support/png.ts";

const MAGENTA = [255, 0, 255];
const BLUE = [0, 0, 255];
const heard: (string | null)[] = [];
const site = new Site({
  "/": `<!doctype html><title>Tiles</title><style>body { margin: 0 } b { position: absolute;
    background: rgb(0, 0, 255) }</style>
    <b id="card" style="left: 20px; top: 20px; width: 100px; height: 60px"></b>
    <b class="item" style="left: 200px; top: 20px; width: 40px; height: 40px"></b>
    <button style="position: absolute; left: 20px; top: 150px; width: 80px; height: 30px">Pay</button>`,
  "/landing": (req) => {
    heard.push(req.headers.get("referer"));
    return new Response("<title>Landing</title><p>landing</p>", { headers: { "content-type": "text/html" } });
  },
});
globalThis.addEventListener("unload", () => site.server.shutdown());

/** The refusal of a tool call: invalid_params naming `field`. */
function assertInvalid(result: Json, field: string): void {
  assert.equal(result.isError, true, JSON.stringify(result.content));
  assert.equal(result.structuredContent.error.code, "invalid_params");
  assert.equal(result.structuredContent.error.details.field, field, result.content[0].text);
}

Deno.test(
  "browser_navigate sends referer as the Referer header and refuses one with credentials, naming referer",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph);
    heard.length = 0;
    const referer = "https://search.example/results?q=porthole#top";
    ok(await mcp.call("browser_navigate", { url: site.url("/landing"), referer }));
    assert.deepEqual(heard, ["https://search.example/results?q=porthole"]);
    assert.equal(
      await ph.pageEval(mcp.sid, "document.referrer"),
      "https://search.example/results?q=porthole",
    );
    assertInvalid(
      await mcp.call("browser_navigate", { url: site.url("/landing"), referer: "https://u:p@a.example/" }),
      "referer",
    );
    assertInvalid(
      await mcp.call("browser_navigate", { url: site.url("/landing"), referer: "/up" }),
      "referer",
    );
    assert.equal(heard.length, 1, "a refused referer navigates nowhere");
  },
);

/** An MCP session on the tiles page at 400×300 CSS px and deviceScaleFactor 2. */
async function onTiles(ph: Porthole) {
  const mcp = await mcpOverHttp(ph);
  ok(await mcp.call("browser_navigate", { url: site.url("/") }));
  const pageId = (await ph.request("GET", `/v1/sessions/${mcp.sid}`)).body.activePageId;
  const emulated = await ph.post(`/v1/sessions/${mcp.sid}/emulation`, {
    pageId,
    viewport: { width: 400, height: 300 },
    deviceScaleFactor: 2,
  });
  assert.equal(emulated.status, 200, JSON.stringify(emulated.body));
  return mcp;
}

/** The PNG a browser_screenshot answered, and the size its text part says. */
async function shot(mcp: Awaited<ReturnType<typeof onTiles>>, args: Json): Promise<Png & { said: number[] }> {
  const r = await mcp.call("browser_screenshot", { format: "png", ...args });
  assert.ok(!r.isError, JSON.stringify(r.content));
  const image = r.content.find((c: Json) => c.type === "image");
  const { width, height } = JSON.parse(r.content.find((c: Json) => c.type === "text").text);
  return Object.assign(await decodePng(Uint8Array.fromBase64(image.data)), { said: [width, height] });
}

Deno.test(
  "browser_screenshot's scale css gives one image pixel per CSS pixel; device keeps the device pixels",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await onTiles(ph);
    for (
      const [args, size] of [[{}, [800, 600]], [{ scale: "device" }, [800, 600]], [{ scale: "css" }, [
        400,
        300,
      ]]]
    ) {
      const png = await shot(mcp, args as Json);
      assert.deepEqual([png.width, png.height], size, JSON.stringify(args));
      assert.deepEqual(png.said, size, "the text part says the image's own size");
    }
    assertInvalid(await mcp.call("browser_screenshot", { scale: "retina" }), "scale");
  },
);

Deno.test(
  "browser_screenshot's mask covers each locator's matches with an opaque box; a bad locator is refused",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await onTiles(ph);
    const dom = () => ph.pageEval(mcp.sid, "document.documentElement.outerHTML");
    const before = await dom();
    const masked = await shot(mcp, {
      scale: "css",
      mask: [{ type: "css", value: "#card" }, { type: "role", role: "button", name: "Pay" }],
    });
    assert.deepEqual(masked.rgb(70, 50), MAGENTA);
    assert.deepEqual(masked.rgb(60, 165), MAGENTA);
    assert.deepEqual(masked.rgb(220, 40), BLUE, "an element no locator names is as it was");
    assert.equal(await dom(), before, "the page keeps nothing of the mask");
    assertInvalid(
      await mcp.call("browser_screenshot", { mask: [{ type: "css", value: " " }] }),
      "mask.0.value",
    );
    const many = Array.from({ length: 33 }, () => ({ type: "css", value: "b" }));
    assertInvalid(await mcp.call("browser_screenshot", { mask: many }), "mask");
  },
);

Deno.test(
  "tools/list's compact mask schema still says which fields each kind of locator needs",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph);
    const { tools } = await mcp.client.listTools();
    const schema = tools.find((t) => t.name === "browser_screenshot")!.inputSchema;
    const valid = new Ajv({ strict: true }).compile(schema);
    const mask = (...locators: Json[]) => valid({ mask: locators });
    assert.ok(
      mask({ type: "css", value: "#a" }, { type: "testId", value: "x" }, { type: "role", role: "link" }),
    );
    assert.ok(mask({ type: "label", value: "Name", exact: true }, { type: "coordinates", x: 1, y: 2 }));
    assert.ok(!mask({ type: "css" }), "css needs a value");
    assert.ok(!mask({ type: "role", value: "link" }), "role needs a role");
    assert.ok(!mask({ type: "coordinates", x: -1, y: 0 }), "bounds stay");
    assert.ok(!mask({ type: "nearby", value: "x" }), "only the ten kinds");
    assert.ok(!valid({ mask: Array.from({ length: 33 }, () => ({ type: "css", value: "b" })) }));
    const navigate = tools.find((t) => t.name === "browser_navigate")!.inputSchema;
    assert.equal((navigate.properties!.referer as Json).maxLength, 2048);
  },
);
