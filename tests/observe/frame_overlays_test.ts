/**
 * Overlays over an iframe's elements: `elements` with `frameId` and `annotate` lists bounds and
 * draws its boxes where the elements are in the page's viewport (the image), and a screenshot's
 * `mask` covers what its locators match inside iframes too; same-origin and cross-site alike.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, sharedPorthole, Site } from "../support/harness.ts";
import { decodePng, type Png } from "../support/png.ts";

const GREEN = [0, 255, 0];
const MAGENTA = [255, 0, 255];
const BLUE = [0, 0, 255];

/** A document scrolled by 20px with a button and a blue tile at known places of its viewport. */
const inner = (title: string) =>
  `<!doctype html><title>${title}</title><style>body { margin: 0; height: 900px }
  #go { position: absolute; left: 30px; top: 40px; width: 80px; height: 30px; margin: 0 }
  #secret { position: absolute; left: 150px; top: 60px; width: 60px; height: 40px; background: rgb(0, 0, 255) }
  #below { position: absolute; left: 30px; top: 180px; width: 60px; height: 100px; background: rgb(0, 0, 255) }</style>
  <button id="go">Go</button><div id="secret">pin</div><div id="below"></div>
  <a id="deep" href="#deep" style="position: absolute; left: 30px; top: 600px; width: 60px; height: 20px; display: block">Deep</a><script>scrollTo(0, 20)</script>`;
const far = new Site({ "/far": inner("Far") }, "localhost");
/** The iframe's content box starts at (112, 92) of the page: its position, border and padding. */
const page = (src: string) =>
  `<!doctype html><title>Outer</title><style>body { margin: 0; height: 2000px }
  iframe { position: absolute; left: 100px; top: 80px; width: 300px; height: 200px; border: 5px solid #ccc; padding: 7px }</style>
  <iframe src="${src}"></iframe>`;
const site = new Site({
  "/near": inner("Near"),
  "/same": page("/near"),
  "/cross": page(far.url("/far")),
  "/nested": page("/cross"),
});
globalThis.addEventListener("unload", () => {
  far.server.shutdown();
  site.server.shutdown();
});
const { ph, session } = await sharedPorthole();

/** Where the button (30, 40 in its document, scrolled by 20) and the tile are in the page's viewport. */
const GO = { x: 112 + 30, y: 92 + 40 - 20, width: 80, height: 30 };
const SECRET = { x: 112 + 150, y: 92 + 60 - 20 };

async function pngOf(artifact: Json): Promise<Png> {
  return await decodePng(new Uint8Array(await (await fetch(ph.url + artifact.href)).arrayBuffer()));
}

/** A session on `path`, and the frameId `frames` lists for its iframe once it has its document. */
async function framed(path: string, title: string) {
  const s = await session(site.url(path));
  const frameId = await eventually(`the ${title} frame to be listed`, async () => {
    const frames = (await ph.post(`/v1/sessions/${s.sid}/frames`, {})).body.frames as Json[];
    const f = frames.find((f) => f.parentId !== null && /\/(near|far)$/.test(String(f.url)));
    if (!f) return null;
    const r = await ph.post(`/v1/sessions/${s.sid}/content`, { frameId: f.frameId, formats: ["text"] });
    return r.body.title === title ? f.frameId as string : null;
  });
  return { ...s, frameId };
}

for (const [kind, path, title] of [["a same-origin", "/same", "Near"], ["a cross-site", "/cross", "Far"]]) {
  Deno.test(
    `elements of ${kind} iframe give bounds and draw their boxes where they are in the page's viewport`,
    browserTest,
    async () => {
      await using s = await framed(path, title);
      const r = await ph.post(`/v1/sessions/${s.sid}/elements`, {
        frameId: s.frameId,
        roles: ["button", "link"],
        annotate: { enabled: true, style: { box: { color: "#00FF00", width: 4 }, opacity: 1 } },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const [go] = r.body.elements;
      assert.equal(go.name, "Go");
      assert.deepEqual(go.bounds, GO, "the page's viewport coordinates");
      assert.deepEqual(r.body.screenshot.labels[0].position, { x: GO.x, y: GO.y - 22 });
      const png = await pngOf(r.body.screenshot.artifact);
      assert.deepEqual(png.rgb(GO.x + 1, GO.y + 15), GREEN, "the box's left edge is on the button");
      assert.deepEqual(png.rgb(GO.x + GO.width - 2, GO.y + 15), GREEN, "and its right edge");
      assert.notDeepEqual(png.rgb(31, 35), GREEN, "not at the frame's own coordinates");
      const deep = r.body.elements.find((e: Json) => e.name === "Deep");
      assert.deepEqual(
        deep.bounds,
        { x: 142, y: 92 + 600 - 20, width: 60, height: 20 },
        "where it is, out of view",
      );
      assert.equal(r.body.screenshot.labels.length, 2, "labelled like every element with bounds");
      assert.notDeepEqual(png.rgb(143, deep.bounds.y + 10), GREEN, "but not drawn past the frame's viewport");
    },
  );

  Deno.test(
    `screenshot's mask covers what a locator matches inside ${kind} iframe, and the frame keeps nothing of it`,
    browserTest,
    async () => {
      await using s = await framed(path, title);
      const inFrame = () =>
        ph.post(`/v1/sessions/${s.sid}/content`, { frameId: s.frameId, formats: ["html"] }).then((r) =>
          r.body.html
        );
      const before = await inFrame();
      const shot = async (mask?: Json[]) => {
        const r = await ph.post(`/v1/sessions/${s.sid}/screenshot`, { format: "png", mask });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return await pngOf(r.body.artifact);
      };
      assert.deepEqual((await shot()).rgb(SECRET.x + 30, SECRET.y + 20), BLUE);
      const masked = await shot([{ type: "css", value: "#secret" }, {
        type: "role",
        role: "button",
        name: "Go",
      }]);
      for (
        const [x, y] of [[SECRET.x + 1, SECRET.y + 1], [SECRET.x + 30, SECRET.y + 20], [
          SECRET.x + 58,
          SECRET.y + 38,
        ]]
      ) {
        assert.deepEqual(masked.rgb(x, y), MAGENTA, `masked at ${x},${y}`);
      }
      assert.deepEqual(masked.rgb(GO.x + 40, GO.y + 15), MAGENTA, "the button too");
      assert.notDeepEqual(masked.rgb(SECRET.x + 62, SECRET.y + 20), MAGENTA, "only the element's box");
      assert.equal(await inFrame(), before, "the frame's document is as it was");
      const below = await shot([{ type: "css", value: "#below" }]);
      assert.deepEqual(below.rgb(152, 270), MAGENTA, "what shows of it in the frame's viewport");
      assert.notDeepEqual(below.rgb(152, 320), MAGENTA, "and nothing past the frame's viewport");
      await ph.pageEval(s.sid, "scrollTo(0, 50)");
      const scrolled = await shot([{ type: "css", value: "#secret" }]);
      assert.deepEqual(scrolled.rgb(SECRET.x + 30, SECRET.y - 50 + 20), MAGENTA, "the page scrolled");
      const r = await ph.post(`/v1/sessions/${s.sid}/screenshot`, {
        format: "png",
        fullPage: true,
        mask: [{ type: "css", value: "#secret" }],
      });
      const full = await pngOf(r.body.artifact);
      assert.deepEqual(
        full.rgb(SECRET.x + 30, SECRET.y + 20),
        MAGENTA,
        "on a full page of the scrolled page",
      );
      await ph.pageEval(s.sid, "scrollTo(0, 0)");
      const listed = await ph.post(`/v1/sessions/${s.sid}/elements`, {
        frameId: s.frameId,
        roles: ["button"],
      });
      const byRef = await shot([{ type: "ref", ref: listed.body.elements[0].ref }]);
      assert.deepEqual(
        byRef.rgb(GO.x + 40, GO.y + 15),
        MAGENTA,
        "a ref of the frame's listing masks its element",
      );
      assert.deepEqual(byRef.rgb(SECRET.x + 30, SECRET.y + 20), BLUE);
    },
  );
}

Deno.test(
  "a cross-site iframe inside a same-origin one: its bounds, boxes and masks add both iframes' places",
  browserTest,
  async () => {
    await using s = await framed("/nested", "Far");
    const at = { x: 112 + GO.x, y: 92 + GO.y };
    const r = await ph.post(`/v1/sessions/${s.sid}/elements`, {
      frameId: s.frameId,
      roles: ["button"],
      annotate: { enabled: true, style: { box: { color: "#00FF00", width: 4 }, opacity: 1 } },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.elements[0].bounds, { ...GO, ...at });
    assert.deepEqual((await pngOf(r.body.screenshot.artifact)).rgb(at.x + 1, at.y + 15), GREEN);
    const masked = await ph.post(`/v1/sessions/${s.sid}/screenshot`, {
      format: "png",
      mask: [{ type: "css", value: "#secret" }],
    });
    assert.deepEqual(
      (await pngOf(masked.body.artifact)).rgb(112 + SECRET.x + 30, 92 + SECRET.y + 20),
      MAGENTA,
    );
  },
);
