/** The pdf operation's paper names and CSS-length margins, over HTTP and BAP. */
import assert from "node:assert/strict";
import { browserTest, sharedPorthole, Site } from "../support/harness.ts";
import { bapPage } from "../support/bap_fixture.ts";

const site = new Site({ "/": `<!doctype html><title>Print</title><h1>Print me</h1>` });
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

/** The first page's /MediaBox of a PDF, in points (72 per inch). */
function mediaBox(pdf: Uint8Array): number[] {
  const m = /\/MediaBox\s*\[\s*([\d.\s]+)\]/.exec(new TextDecoder("latin1").decode(pdf));
  assert.ok(m, "the PDF names a MediaBox");
  return m[1].trim().split(/\s+/).map(Number);
}

Deno.test("pdf prints on a named paper size with margins given as CSS lengths", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/"));
  const r = await ph.post(`/v1/sessions/${s.sid}/pdf`, { paper: "A5", margin: { top: "1cm", left: 0.5 } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const bytes = new Uint8Array(await (await fetch(ph.url + r.body.artifact.href)).arrayBuffer());
  const [, , width, height] = mediaBox(bytes);
  assert.ok(Math.abs(width - 5.83 * 72) < 2 && Math.abs(height - 8.27 * 72) < 2, `A5 is ${width}x${height}`);
});

Deno.test(
  "pdf refuses an unknown paper and a margin that is no length, naming the field",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/"));
    for (
      const [body, field] of [[{ paper: "B7" }, "paper"], [
        { margin: { top: "wide" } },
        "margin.top",
      ]] as const
    ) {
      const r = await ph.post(`/v1/sessions/${s.sid}/pdf`, body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error.details.field, field, JSON.stringify(r.body));
    }
  },
);

Deno.test("observe/pdf prints on BAP's paper names through the core's pdf", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const r = await c.call("observe/pdf", { options: { format: "Tabloid", margin: { top: "10mm" } } });
  const [, , width, height] = mediaBox(Uint8Array.fromBase64(r.data));
  assert.ok(Math.abs(width - 11 * 72) < 2 && Math.abs(height - 17 * 72) < 2, `Tabloid is ${width}x${height}`);
  const bad = await c.fails("observe/pdf", { options: { format: "B7" } });
  assert.equal(bad.code, -32602);
  assert.equal(bad.data!.details!.field, "options.format");
});
