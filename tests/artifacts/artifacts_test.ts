/**
 * Screenshots and PDFs in the session's private, content-addressed artifact store: formats,
 * sizes and pixels checked on the real bytes, dedup, the per-session quotas, serving with
 * Content-Type and ETag, privacy between sessions, ids that cannot traverse, no local paths.
 */
import assert from "node:assert/strict";
import {
  assertError,
  browserTest,
  type Json,
  Porthole,
  refOf,
  type Reply,
  Site,
} from "../support/harness.ts";
import { decodePng } from "../support/png.ts";

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error(`not a JPEG marker at ${i}`);
    const marker = bytes[i + 1];
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8] };
    }
    i += 2 + length;
  }
  throw new Error("no JPEG start-of-frame");
}

/** Text that looks like a local filesystem path. */
const LOCAL_PATH = /file:|[A-Za-z]:\\|(^|[\s"'=(])\/(tmp|home|root|var|usr|etc|opt|proc|dev|run|srv)\//;

const FIXED = `<!doctype html><title>Fixed</title>
<style>body { margin: 0; background: #fff; } #label { font: 20px sans-serif; }</style>
<p id="label">shot 0</p>`;

const TALL = `<!doctype html><title>Tall</title>
<style>body { margin: 0; } div { height: 1000px; }</style>
<div style="background: rgb(255,0,0)"></div><div style="background: rgb(0,0,255)"></div>
<div style="background: rgb(0,255,0)"></div>`;

const BUTTON = `<!doctype html><title>Button</title>
<style>body { margin: 0; } #spacer { height: 900px; }
button { position: absolute; left: 50px; top: 1000px; width: 120px; height: 40px; border: 0;
  background: rgb(255, 0, 0); }
#mark { position: absolute; left: 170px; top: 1000px; width: 30px; height: 40px; background: rgb(0, 0, 255); }</style>
<div id="spacer"></div><div id="mark"></div>
<button onclick="window.clicks = (window.clicks || 0) + 1">Press</button>`;

const FRAMED = `<!doctype html><title>Framed</title><style>body { margin: 0; }
iframe { position: absolute; left: 100px; top: 80px; width: 400px; height: 300px; border: 0; }</style>
<iframe src="/inner"></iframe>`;
const INNER = `<!doctype html><title>Inner</title><style>body { margin: 0; }
button { position: absolute; left: 30px; top: 40px; width: 90px; height: 30px; border: 0; background: rgb(0, 0, 255); }
#hidden { display: none; }</style>
<button onclick="this.remove()">Inner</button><button id="hidden">Hidden</button>`;

/** A page whose full-page PNG is far over 8 MiB: random noise does not compress. */
const NOISE = `<!doctype html><title>Noise</title><style>body { margin: 0; }</style>
<canvas id="c" width="1280" height="3000" style="display:block"></canvas><script>
  const ctx = c.getContext("2d");
  const img = ctx.createImageData(1280, 3000);
  const rnd = new Uint32Array(img.data.buffer);
  for (let i = 0; i < rnd.length; i++) rnd[i] = (Math.random() * 0xffffffff) | 0xff000000;
  ctx.putImageData(img, 0, 0);
  window.drawn = true;
</script>`;

Deno.test("artifacts", browserTest, async (t) => {
  await using site = new Site({
    "/fixed": FIXED,
    "/tall": TALL,
    "/button": BUTTON,
    "/noise": NOISE,
    "/framed": FRAMED,
    "/inner": INNER,
  });
  await using ph = await Porthole.start();
  const sid = await ph.session({ viewport: { width: 800, height: 600 } });
  await ph.open(sid, site.url("/fixed"));
  const shoot = (body: Json = {}, session = sid) => ph.post(`/v1/sessions/${session}/screenshot`, body);
  const bytesOf = async (href: string, session = sid) => {
    const res = await fetch(ph.url + href.replace(`/sessions/${sid}/`, `/sessions/${session}/`));
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) };
  };
  const responses: string[] = [];
  const keep = (r: Reply<Json>) => {
    responses.push(JSON.stringify(r.body));
    return r;
  };

  await t.step("a screenshot is a JPEG of the viewport by default, addressed by its SHA-256", async () => {
    const r = keep(await shoot());
    assert.equal(r.status, 200);
    const a = r.body.artifact;
    assert.deepEqual(Object.keys(a).sort(), ["bytes", "href", "id", "mimeType", "sha256"]);
    assert.equal(a.mimeType, "image/jpeg");
    assert.equal(a.href, `/v1/sessions/${sid}/artifacts/${a.id}`);
    const { res, bytes } = await bytesOf(a.href);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/jpeg");
    assert.equal(res.headers.get("etag"), `"${a.id}"`);
    assert.ok(startsWith(bytes, [0xff, 0xd8, 0xff]), "JPEG magic bytes");
    assert.deepEqual(jpegSize(bytes), { width: 800, height: 600 });
    assert.equal(bytes.length, a.bytes);
    assert.equal(await sha256(bytes), a.id);
    assert.equal(a.sha256, a.id);
  });

  await t.step("format png gives a PNG of the viewport; quality is for JPEG only", async () => {
    const r = keep(await shoot({ format: "png" }));
    assert.equal(r.body.artifact.mimeType, "image/png");
    const { res, bytes } = await bytesOf(r.body.artifact.href);
    assert.equal(res.headers.get("content-type"), "image/png");
    const png = await decodePng(bytes);
    assert.deepEqual([png.width, png.height], [800, 600]);
    assert.deepEqual(png.rgb(400, 500), [255, 255, 255], "the page's white background");
    const q = await shoot({ format: "png", quality: 50 });
    assertError(q, 400, "invalid_params");
    assert.equal(q.body.error.details.field, "quality");
    const low = keep(await shoot({ format: "jpeg", quality: 10 }));
    assert.ok(low.body.artifact.bytes < r.body.artifact.bytes);
  });

  await t.step("fullPage captures the whole document, beyond the viewport", async () => {
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/tall") });
    const r = keep(await shoot({ fullPage: true, format: "png" }));
    const png = await decodePng((await bytesOf(r.body.artifact.href)).bytes);
    assert.deepEqual([png.width, png.height], [800, 3000]);
    assert.deepEqual(png.rgb(400, 500), [255, 0, 0]);
    assert.deepEqual(png.rgb(400, 1500), [0, 0, 255]);
    assert.deepEqual(png.rgb(400, 2500), [0, 255, 0]);
    const viewport = await decodePng(
      (await bytesOf(keep(await shoot({ format: "png" })).body.artifact.href)).bytes,
    );
    assert.deepEqual([viewport.width, viewport.height], [800, 600]);
  });

  await t.step("an element screenshot by ref shows that element and does not consume the state", async () => {
    const state = await ph.open(sid, site.url("/button"));
    const ref = refOf(state, /button "Press"/);
    const r = keep(await shoot({ ref, stateId: state.stateId, format: "png" }));
    assert.equal(r.status, 200);
    const png = await decodePng((await bytesOf(r.body.artifact.href)).bytes);
    assert.deepEqual([png.width, png.height], [120, 40], "the button's own box, below the fold");
    for (const [x, y] of [[1, 1], [60, 20], [118, 38]]) assert.deepEqual(png.rgb(x, y), [255, 0, 0]);
    const again = keep(await shoot({ ref, stateId: state.stateId }));
    assert.equal(again.status, 200, "the state is still current");
    const act = await ph.act(sid, state, { action: "click", ref });
    assert.equal(act.execution, "completed", JSON.stringify(act));
    assert.equal(await ph.pageEval(sid, "window.clicks"), 1);
  });

  await t.step(
    "an element inside a frame is shot where it is; a hidden one is 409, a removed one 409",
    async () => {
      // Observed once the frame has loaded: a frame still loading during an observation is
      // recorded with its earlier loader (see the report of issue 6), and its refs then resolve to nothing.
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/framed"), waitUntil: "load" });
      const state = await ph.observe(sid);
      const ref = refOf(state, /button "Inner"/);
      const r = keep(await shoot({ ref, stateId: state.stateId, format: "png" }));
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const png = await decodePng((await bytesOf(r.body.artifact.href)).bytes);
      assert.deepEqual([png.width, png.height], [90, 30]);
      assert.deepEqual(png.rgb(45, 15), [0, 0, 255]);
      const session = ph.server.registry.get(sid);
      const inner = session.pages.get(session.activePageId!)!.driver.page.frames().find((f) =>
        f.url().endsWith("/inner")
      )!;
      await inner.evaluate(`document.getElementById("hidden").style.display = "block";`);
      const shown = await ph.observe(sid, { frameId: state.frameId });
      await inner.evaluate(`document.getElementById("hidden").style.display = "none";`);
      const hidden = refOf(shown, /button "Hidden"/);
      assertError(await shoot({ ref: hidden, stateId: shown.stateId }), 409, "element_not_visible");
      await inner.evaluate(`document.querySelector("button").remove();`);
      assertError(
        await shoot({ ref: refOf(shown, /button "Inner"/), stateId: shown.stateId }),
        409,
        "element_detached",
      );
    },
  );

  await t.step("a screenshot by ref needs the session's current state and one of its refs", async () => {
    await ph.open(sid, site.url("/button"));
    const old = await ph.observe(sid);
    const current = await ph.observe(sid);
    const ref = refOf(current, /button "Press"/);
    assertError(await shoot({ ref, stateId: old.stateId }), 409, "stale_state");
    assertError(await shoot({ ref: "@e999", stateId: current.stateId }), 400, "invalid_params");
    assertError(await shoot({ ref }), 400, "invalid_params");
    assertError(await shoot({ stateId: current.stateId }), 400, "invalid_params");
    assertError(await shoot({ ref, stateId: current.stateId, fullPage: true }), 400, "invalid_params");
    assertError(await shoot({ format: "gif" }), 400, "invalid_params");
    // The page moved on to a new document: the state's refs name nothing there.
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/button") });
    assertError(await shoot({ ref, stateId: current.stateId }), 409, "element_detached");
  });

  await t.step("the same page shot twice is one artifact, stored and counted once", async () => {
    const other = await ph.session({ viewport: { width: 300, height: 200 } });
    await ph.open(other, site.url("/fixed"));
    const a = keep(await shoot({}, other)).body.artifact;
    const b = keep(await shoot({}, other)).body.artifact;
    assert.equal(a.id, b.id);
    const store = ph.server.registry.get(other).artifacts;
    assert.equal(store.count, 1);
    assert.equal(store.totalBytes, a.bytes);
    await ph.request("DELETE", `/v1/sessions/${other}`);
  });

  await t.step("a PDF of the page starts with %PDF- and is served as application/pdf", async () => {
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/fixed") });
    const r = keep(await ph.post(`/v1/sessions/${sid}/pdf`, {}));
    assert.equal(r.status, 200);
    assert.equal(r.body.artifact.mimeType, "application/pdf");
    const { res, bytes } = await bytesOf(r.body.artifact.href);
    assert.equal(res.headers.get("content-type"), "application/pdf");
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
    assert.equal(await sha256(bytes), r.body.artifact.id);
    assertError(await ph.post(`/v1/sessions/${sid}/pdf`, { landscape: "yes" }), 400, "invalid_params");
  });

  await t.step("a session holds at most 32 artifacts: the 33rd is 409 artifact_limit", async () => {
    const other = await ph.session({ viewport: { width: 200, height: 100 } });
    await ph.open(other, site.url("/fixed"));
    const ids = new Set<string>();
    for (let i = 1; i <= 32; i++) {
      await ph.pageEval(other, `document.getElementById("label").textContent = "shot ${i}"`);
      const r = keep(await shoot({}, other));
      assert.equal(r.status, 200, JSON.stringify(r.body));
      ids.add(r.body.artifact.id);
    }
    assert.equal(ids.size, 32, "32 different pictures");
    await ph.pageEval(other, `document.getElementById("label").textContent = "shot 33"`);
    const full = keep(await shoot({}, other));
    assertError(full, 409, "artifact_limit");
    assertError(keep(await ph.post(`/v1/sessions/${other}/pdf`, {})), 409, "artifact_limit");
    await ph.pageEval(other, `document.getElementById("label").textContent = "shot 32"`);
    const repeat = keep(await shoot({}, other));
    assert.equal(repeat.status, 200, "bytes already stored are not a new item");
    assert.ok(ids.has(repeat.body.artifact.id));
    assert.equal(ph.server.registry.get(other).artifacts.count, 32);
    await ph.request("DELETE", `/v1/sessions/${other}`);
  });

  await t.step("an artifact over 8 MiB is 413 artifact_too_large and nothing is stored", async () => {
    const other = await ph.session({ viewport: { width: 1280, height: 720 } });
    await ph.open(other, site.url("/noise"));
    assert.equal(await ph.pageEval(other, "window.drawn"), true);
    const r = keep(await shoot({ fullPage: true, format: "png", timeoutMs: 60_000 }, other));
    assertError(r, 413, "artifact_too_large");
    assert.ok(r.body.error.details.bytes > 8 * 1024 * 1024);
    assert.equal(ph.server.registry.get(other).artifacts.count, 0);
    await ph.request("DELETE", `/v1/sessions/${other}`);
  });

  await t.step("one session cannot read another's artifacts, and ids cannot traverse", async () => {
    const mine = keep(await shoot()).body.artifact;
    const other = await ph.session();
    const cross = await bytesOf(mine.href, other);
    assert.equal(cross.res.status, 404);
    assert.equal(cross.json().error.code, "artifact_not_found");
    for (
      const id of [
        "..%2F..%2F..%2Fetc%2Fpasswd",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "..%5C..%5Cwindows",
        mine.id.toUpperCase(),
        mine.id + "/",
        mine.id.slice(0, 63),
        `..%2F${other}%2Fartifacts%2F${mine.id}`,
      ]
    ) {
      const r = await fetch(`${ph.url}/v1/sessions/${sid}/artifacts/${id}`);
      assert.equal(r.status, 404, id);
      assert.match((await r.json()).error.code, /^(artifact_not_found|not_found)$/, id);
    }
    await ph.request("DELETE", `/v1/sessions/${other}`);
  });

  await t.step("artifacts go with their session", async () => {
    const other = await ph.session();
    await ph.open(other, site.url("/fixed"));
    const a = keep(await shoot({}, other)).body.artifact;
    assert.equal((await bytesOf(a.href, other)).res.status, 200);
    const store = ph.server.registry.get(other).artifacts;
    await ph.request("DELETE", `/v1/sessions/${other}`);
    assert.equal(store.count, 0);
    assert.equal(store.totalBytes, 0);
    const gone = await bytesOf(a.href, other);
    assert.equal(gone.res.status, 404);
    assert.equal(gone.json().error.code, "session_not_found");
  });

  await t.step({
    name: "an artifact GET with a matching If-None-Match is 304 without a body",
    fn: async () => {
      const a = keep(await shoot()).body.artifact;
      const res = await fetch(ph.url + a.href, { headers: { "if-none-match": `"${a.id}"` } });
      assert.equal(res.status, 304);
      assert.equal(res.headers.get("etag"), `"${a.id}"`);
      assert.equal((await res.arrayBuffer()).byteLength, 0);
      const other = await fetch(ph.url + a.href, { headers: { "if-none-match": `"${"0".repeat(64)}"` } });
      assert.equal(other.status, 200);
      await other.body?.cancel();
    },
  });

  await t.step("screenshots and PDFs need an existing page and never recover one", async () => {
    const other = await ph.session();
    assertError(await shoot({}, other), 404, "page_not_found");
    assertError(await ph.post(`/v1/sessions/${other}/pdf`, {}), 404, "page_not_found");
    const page = (await ph.post(`/v1/sessions/${other}/pages`)).body.pageId;
    await ph.request("DELETE", `/v1/sessions/${other}/pages/${page}`);
    assertError(await shoot({ pageId: page }, other), 404, "page_not_found");
    assert.equal((await ph.request("GET", `/v1/sessions/${other}/pages`)).body.pages.length, 0);
    await ph.request("DELETE", `/v1/sessions/${other}`);

    const pool = ph.server.registry.pool;
    const before = pool.stats();
    Deno.kill(before.pid!, "SIGKILL");
    const end = Date.now() + 30_000;
    while (pool.stats().disconnects === before.disconnects && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assertError(await shoot(), 503, "browser_disconnected");
    assertError(await ph.post(`/v1/sessions/${sid}/pdf`, {}), 503, "browser_disconnected");
    assert.equal(pool.stats().launches, before.launches);
  });

  await t.step("no response names a local filesystem path", () => {
    assert.ok(responses.length > 40);
    for (const text of responses) assert.doesNotMatch(text, LOCAL_PATH);
  });
});
