/**
 * Session recording: a session created with `record: true` keeps its pages' frames and its
 * timeline events, within its bounds, and exports them as one JSON document; the act's hit point
 * is on its event; a secret typed through a secret reference is nowhere in it.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

const SECRET = "correct-horse-battery-staple";
const PAGE = `<!doctype html><title>Desk</title>
<style>body{margin:0;font:24px sans-serif} button{position:absolute;left:200px;top:150px;width:200px;height:80px}</style>
<label>Password <input id="pw" type="password" oninput="document.getElementById('echo').textContent = this.value"></label>
<p id="echo"></p>
<button onclick="document.body.style.background='#c33'; this.textContent='Done'">Press me</button>`;

Deno.test(
  "a recorded session exports frames, events and the click's hit point, and no secret",
  browserTest,
  async () => {
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start((c) => {
      c.operator.secrets = { desk: { value: SECRET, origins: [site.origin] } };
    });
    const sid = await ph.session({ record: true });
    let state = await ph.open(sid, site.url("/"));
    const filled = await ph.actOn(sid, state, "fill", /textbox "Password"/, { secretRef: "desk" });
    assert.equal(filled.execution, "completed", JSON.stringify(filled.error));
    state = filled.freshState;
    // The page before the click is on a frame first (a loaded machine may paint late), so the
    // recording has a before and an after.
    await eventually(
      "a frame before the click",
      async () => {
        const r = await ph.request("GET", `/v1/sessions/${sid}/recording`);
        return r.body.frames?.length ?? 0;
      },
      (n) => n >= 1,
      20_000,
    );
    const pressed = await ph.actOn(sid, state, "click", /button "Press me"/);
    assert.equal(pressed.execution, "completed", JSON.stringify(pressed.error));
    const rec: Json = await eventually(
      "a frame after the click",
      async () => {
        const r = await ph.request("GET", `/v1/sessions/${sid}/recording`);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const clicked = r.body.events.find((e: Json) =>
          e.type === "action.finished" && e.data.action === "click"
        );
        return clicked && r.body.frames.some((f: Json) => f.t > Date.parse(clicked.time)) ? r.body : null;
      },
      (x) => !!x,
      20_000,
    );
    assert.equal(rec.format, "porthole-recording/1");
    assert.equal(rec.sessionId, sid);
    // The action journal joins the recording: the fill and the click, each with the actionId its answer had.
    const acts = rec.journal.filter((e: Json) => e.kind === "act");
    assert.deepEqual(acts.map((e: Json) => [e.action, e.actionId]), [
      ["fill", filled.actionId],
      ["click", pressed.actionId],
    ]);
    assert.ok(rec.frames.length >= 2, `${rec.frames.length} frames`);
    const frame = rec.frames[0];
    assert.equal(frame.width, 1280);
    assert.equal(frame.height, 720);
    assert.ok(atob(frame.jpeg).startsWith("\xff\xd8"), "a JPEG");
    const types = rec.events.map((e: Json) => e.type);
    for (const t of ["page.opened", "navigation.committed", "action.started", "action.finished"]) {
      assert.ok(types.includes(t), `${t} in ${types}`);
    }
    const click = rec.events.find((e: Json) => e.type === "action.finished" && e.data.action === "click");
    // The button's centre: 200 + 100, 150 + 40 (CSS pixels of the viewport).
    assert.deepEqual(click.data.point, { x: 300, y: 190 });
    assert.ok(rec.bytes <= rec.limits.maxBytes);
    assert.equal(rec.limits.fps, 2);
    // Frames are thinned to the bound: never two of one page closer than 1/fps, but after an action.
    const text = JSON.stringify(rec);
    assert.ok(!text.includes(SECRET), "the secret is nowhere in the recording");
    console.log(`  ${rec.frames.length} frames, ${rec.events.length} events, ${rec.bytes} bytes`);
  },
);

Deno.test("a session not recorded says so; record must be a boolean", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session();
  assertError(await ph.request("GET", `/v1/sessions/${sid}/recording`), 404, "not_recorded");
  const bad = await ph.post("/v1/sessions", { record: "yes" });
  assertError(bad, 400, "invalid_params");
  assert.match(JSON.stringify(bad.body), /record/);
});

Deno.test("--record records every session", browserTest, async () => {
  await using ph = await Porthole.start((c) => (c.record = true));
  const sid = await ph.session();
  const r = await ph.request("GET", `/v1/sessions/${sid}/recording`);
  assert.equal(r.status, 200);
  assert.equal(r.body.sessionId, sid);
});
