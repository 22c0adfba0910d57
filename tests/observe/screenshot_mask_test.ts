/**
 * screenshot's `mask`: every element each locator matches in the main frame is an opaque #FF00FF
 * box in the image, over HTTP and BAP; the page keeps nothing of it; no match masks nothing.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { bapPage } from "../support/bap_fixture.ts";
import { decodePng, type Png } from "../support/png.ts";

const MAGENTA = [255, 0, 255];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const site = new Site({
  "/":
    `<!doctype html><title>Mask</title><style>body { margin: 0; } b { position: absolute; background: rgb(0, 0, 255); }</style>
    <b id="card" style="left: 20px; top: 20px; width: 100px; height: 60px"></b>
    <b class="item" style="left: 200px; top: 20px; width: 40px; height: 40px"></b>
    <b class="item" style="left: 300px; top: 20px; width: 40px; height: 40px"></b>
    <button style="position: absolute; left: 20px; top: 150px; width: 80px; height: 30px">Pay</button>
    <b id="low" style="left: 20px; top: 1200px; width: 50px; height: 50px"></b>
    <div style="height: 1400px"></div>`,
  "/modal": `<!doctype html><title>Modal</title><style>body { margin: 0 }</style>
    <dialog id="d"><p id="secret" style="width: 80px; height: 30px; margin: 0; background: rgb(0, 0, 255)">pin</p></dialog>
    <script>document.getElementById("d").showModal()</script>`,
  "/shifted": `<!doctype html><title>Shifted</title>
    <style>html { position: relative; left: 40px; top: 30px; margin: 0 } body { margin: 0 }</style>
    <div id="tile" style="width: 60px; height: 40px; background: rgb(0, 0, 255)"></div>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

async function pngOf(ph: Porthole, reply: Json): Promise<Png> {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return await decodePng(
    new Uint8Array(await (await fetch(ph.url + reply.body.artifact.href)).arrayBuffer()),
  );
}

Deno.test(
  "mask covers every element each locator matches with an opaque box, and the page keeps nothing of it",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session({ viewport: { width: 400, height: 300 } });
    const state = await ph.open(sid, site.url("/"));
    const dom = () => ph.pageEval(sid, "document.documentElement.outerHTML");
    const before = await dom();
    const shot = async (body: Json) =>
      await pngOf(ph, await ph.post(`/v1/sessions/${sid}/screenshot`, { format: "png", ...body }));
    const plain = await shot({});
    assert.deepEqual(plain.rgb(70, 50), BLUE);
    const masked = await shot({
      mask: [{ type: "css", value: "#card" }, { type: "css", value: ".item" }, {
        type: "role",
        role: "button",
        name: "Pay",
      }],
    });
    for (const [x, y] of [[70, 50], [21, 21], [119, 79], [220, 40], [320, 40], [60, 165]]) {
      assert.deepEqual(masked.rgb(x, y), MAGENTA, `masked at ${x},${y}`);
    }
    assert.deepEqual(masked.rgb(150, 50), WHITE, "only the elements' boxes");
    assert.deepEqual(masked.rgb(70, 85), WHITE);
    assert.equal(await dom(), before, "the page is as it was");
    const none = await shot({
      mask: [{ type: "css", value: "#nothing" }, { type: "text", value: "no such text" }],
    });
    assert.deepEqual(none.rgb(70, 50), BLUE, "a locator that matches nothing masks nothing");
    const byRef = await shot({ mask: [{ type: "ref", ref: refOf(state, /button "Pay"/) }] });
    assert.deepEqual(byRef.rgb(60, 165), MAGENTA, "a ref of the current state masks its element");
    assert.deepEqual(byRef.rgb(70, 50), BLUE);
    const full = await shot({ fullPage: true, mask: [{ type: "css", value: "#low" }] });
    assert.deepEqual(full.rgb(45, 1225), MAGENTA, "on a full page too, below the viewport");
    const jpeg = await ph.post(`/v1/sessions/${sid}/screenshot`, { mask: [{ type: "css", value: "#card" }] });
    assert.equal(jpeg.status, 200);
    assert.equal(await dom(), before);
    await ph.open(sid, site.url("/modal"));
    const at = await ph.pageEval(
      sid,
      `(() => { const r = document.getElementById("secret").getBoundingClientRect(); return [Math.round(r.x + 40), Math.round(r.y + 15)]; })()`,
    );
    assert.deepEqual((await shot({})).rgb(at[0], at[1]), BLUE);
    const modal = await shot({ mask: [{ type: "css", value: "#secret" }] });
    assert.deepEqual(modal.rgb(at[0], at[1]), MAGENTA, "inside an open modal dialog too");
    assert.equal(await ph.pageEval(sid, "document.getElementById('d').open"), true);
    await ph.open(sid, site.url("/shifted"));
    const shifted = await shot({ mask: [{ type: "css", value: "#tile" }] });
    assert.deepEqual(shifted.rgb(45, 35), MAGENTA, "a positioned root element does not move the boxes");
    assert.deepEqual(shifted.rgb(99, 69), MAGENTA);
    assert.deepEqual(shifted.rgb(102, 72), WHITE);
  },
);

Deno.test(
  "screenshot refuses more than 32 masks and a locator that is not valid, naming it",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    const refused = async (mask: unknown, field: string) => {
      const r = await ph.post(`/v1/sessions/${sid}/screenshot`, { mask });
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, field, JSON.stringify(r.body));
    };
    await refused(Array.from({ length: 33 }, () => ({ type: "css", value: "b" })), "mask");
    await refused([{ type: "css", value: "b" }, { type: "css", value: "##" }], "mask.1");
    await refused([{ type: "shadow", value: "b" }], "mask.0.type");
    await refused({ type: "css", value: "b" }, "mask");
  },
);

Deno.test(
  "observe/screenshot's mask is the core's: the matched element is an opaque box",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using c = await bapPage(ph, site.url("/"));
    const r = await c.call("observe/screenshot", {
      options: { format: "png", mask: [{ type: "testId", value: "none" }, { type: "css", value: "#card" }] },
    });
    const png = await decodePng(Uint8Array.fromBase64(r.data));
    assert.deepEqual(png.rgb(70, 50), MAGENTA);
    assert.deepEqual(png.rgb(150, 50), WHITE);
    const bad = await c.fails("observe/screenshot", { options: { mask: [{ type: "css", value: "" }] } });
    assert.equal(bad.code, -32602);
    assert.equal(bad.data?.details?.field, "options.mask.0.value");
  },
);
