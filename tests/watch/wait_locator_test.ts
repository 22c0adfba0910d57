/**
 * wait with a locator, over HTTP on real Chromium: until the one element a locator names is
 * visible, hidden, enabled, disabled or exists (in a frame too); a locator that names several
 * elements, a state or frameId without a locator, and an unknown frame are refused.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, sharedPorthole, Site } from "../support/harness.ts";

const PAGE = `<!doctype html><title>Later</title>
<button id="go" disabled>Pay</button>
<p id="note" hidden>Saved</p>
<button>Other</button><button>Other</button>
<iframe src="/inner"></iframe>`;

const far = new Site(
  { "/far": `<!doctype html><title>Far</title><button disabled>Far away</button>` },
  "localhost",
);
const site = new Site({
  "/": PAGE,
  "/inner": `<!doctype html><title>Inner</title><p>Inside</p>`,
  "/cross": `<!doctype html><title>Cross</title><iframe src="${far.url("/far")}"></iframe>`,
});
globalThis.addEventListener("unload", () => far.server.shutdown());
const { ph, session } = await sharedPorthole();

Deno.test(
  "wait for a locator's state is met once the page gets there, and {met:false} at the timeout",
  browserTest,
  async () => {
    await using s = await session(site.url("/"));
    const wait = (body: Json) => ph.post(`/v1/sessions/${s.sid}/wait`, body);
    const pay = { type: "role", role: "button", name: "Pay" };
    assert.equal((await wait({ locator: pay, state: "disabled" })).body.met, true);
    const early = await wait({ locator: pay, state: "enabled", timeoutMs: 300 });
    assert.equal(early.status, 200);
    assert.equal(early.body.met, false, "the button is still disabled");
    const pending = wait({ locator: pay, state: "enabled", timeoutMs: 30_000 });
    await eventually("the wait to run", () => ph.server.registry.get(s.sid).gate.busy, Boolean, 30_000);
    await ph.pageEval(s.sid, `setTimeout(() => document.getElementById("go").disabled = false, 200)`);
    const enabled = await pending;
    assert.equal(enabled.body.met, true);
    assert.ok(enabled.body.elapsedMs >= 150, `met after ${enabled.body.elapsedMs} ms`);

    const saved = { type: "text", value: "Saved" };
    assert.equal((await wait({ locator: saved, state: "hidden" })).body.met, true);
    assert.equal((await wait({ locator: saved, state: "exists" })).body.met, true);
    assert.equal((await wait({ locator: saved, timeoutMs: 200 })).body.met, false, "visible by default");
    const gone = { type: "css", value: "#nothing-here" };
    assert.equal((await wait({ locator: gone, state: "hidden" })).body.met, true, "nothing matches");

    const frameId = await ph.frameOf(s.sid, "/inner");
    const inside = { type: "text", value: "Inside" };
    assert.equal((await wait({ locator: inside, timeoutMs: 200 })).body.met, false, "not in the main frame");
    assert.equal((await wait({ locator: inside, frameId })).body.met, true);
  },
);

Deno.test(
  "wait refuses a locator that names several elements, state or frameId without a locator, and an unknown frame",
  browserTest,
  async () => {
    await using s = await session(site.url("/"));
    const wait = (body: Json) => ph.post(`/v1/sessions/${s.sid}/wait`, body);
    const several = await wait({ locator: { type: "text", value: "Other" } });
    assert.equal(several.body.error.code, "selector_ambiguous");
    assert.equal(several.body.error.details.count, 2);
    for (
      const [body, field] of [
        [{ state: "visible" }, "state"],
        [{ text: "Pay", frameId: "F1" }, "frameId"],
        [{ text: "Pay", locator: { type: "text", value: "Pay" } }, "locator"],
        [{ locator: { type: "bogus" } }, "locator.type"],
      ] as const
    ) {
      const r = await wait(body);
      assertError(r, 400, "invalid_params");
      assert.equal(r.body.error.details.field, field, JSON.stringify(body));
    }
    const unknown = await wait({ locator: { type: "text", value: "Pay" }, frameId: "NO-SUCH-FRAME" });
    assertError(unknown, 404, "frame_not_found");
  },
);

Deno.test(
  "wait for a locator in a cross-site frame, one frames lists, reads that frame's element",
  browserTest,
  async () => {
    await using s = await session(site.url("/cross"));
    let frameId = "";
    await eventually("the cross-site frame to be listed", async () => {
      const frames = (await ph.post(`/v1/sessions/${s.sid}/frames`, {})).body.frames;
      frameId = frames[1]?.frameId;
      return frameId !== undefined;
    });
    const wait = (body: Json) => ph.post(`/v1/sessions/${s.sid}/wait`, { frameId, timeoutMs: 5000, ...body });
    const locator = { type: "role", role: "button", name: "Far away" };
    const r = await wait({ locator, state: "disabled" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.met, true);
    const enabled = await wait({ locator, state: "enabled", timeoutMs: 300 });
    assert.equal(enabled.body.met, false, "the button in that frame is disabled");
  },
);
