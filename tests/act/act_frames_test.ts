/**
 * Every action family inside a same-origin frame (observed by its frameId) and inside an open
 * shadow root, against real Chromium: select, check, fill of a date, upload, drag and scroll.
 * Each test reads the widgets' own state.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, refOf, sharedPorthole, Site } from "../support/harness.ts";

/** The widgets, as markup for a document or a shadow root, with their own script. */
const WIDGETS = `
<label>Plan <select id="plan"><option>Basic</option><option>Pro</option></select></label>
<label><input type="checkbox" id="agree"> Agree</label>
<label>Start <input type="date" id="start"></label>
<label>Logo <input type="file" id="logo"></label>
<div id="track" style="position: relative; width: 200px; height: 10px; margin: 20px; background: #ccc">
  <div id="knob" role="slider" tabindex="0" aria-label="Level" aria-valuenow="0"
    style="position: absolute; left: -8px; top: -5px; width: 16px; height: 20px; background: #333"></div>
</div>
<div id="box" role="region" aria-label="Log" tabindex="0" style="height: 60px; overflow: auto">
  <div style="height: 600px">lines</div>
</div>`;

/** Pointer handling of the slider, run against the root (document or shadow root) holding it. */
const SLIDER_SCRIPT = `(root) => {
  const knob = root.getElementById("knob"), track = root.getElementById("track");
  let down = false;
  knob.addEventListener("pointerdown", (e) => { down = true; knob.setPointerCapture(e.pointerId); });
  knob.addEventListener("pointermove", (e) => {
    if (!down) return;
    const r = track.getBoundingClientRect();
    const v = Math.round(Math.max(0, Math.min(100, (e.clientX - r.left) / r.width * 100)));
    knob.setAttribute("aria-valuenow", v);
    knob.style.left = (v * 2 - 8) + "px";
  });
  knob.addEventListener("pointerup", () => { down = false; });
}`;

const FRAME = `<!doctype html><title>Widgets</title><body style="margin: 12px">${WIDGETS}
<script>(${SLIDER_SCRIPT})(document)</script>`;

/** The same widgets in a frame that is not at the page's origin point, and in a shadow root. */
const HOST = `<!doctype html><title>Host</title><h1>Host</h1>
<iframe src="/frame" style="width: 600px; height: 420px; margin-left: 50px; border: 7px solid; padding: 5px"></iframe>
<shadow-widgets></shadow-widgets>
<script>
customElements.define("shadow-widgets", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = ${JSON.stringify(WIDGETS)};
    (${SLIDER_SCRIPT})(root);
  }
});
</script>`;

const site = new Site({ "/host": HOST, "/frame": FRAME });
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

/** The two places the widgets live: how to observe them, and how to reach them from the page. */
const PLACES = {
  "a same-origin frame": {
    observe: async (sid: string) => {
      await ph.open(sid, site.url("/host"));
      const runtime = ph.server.registry.get(sid);
      const frames = await runtime.pages.get(runtime.activePageId!)!.driver.frames();
      return await ph.observe(sid, { frameId: frames.find((f) => f.parentId !== null)!.frameId });
    },
    root: `document.querySelector("iframe").contentDocument`,
  },
  "an open shadow root": {
    observe: (sid: string) => ph.open(sid, site.url("/host")),
    root: `document.querySelector("shadow-widgets").shadowRoot`,
  },
};

/** Act on the state and return the fresh one, failing on any error. */
async function step(sid: string, state: Json, action: Record<string, unknown>): Promise<Json> {
  const r = await ph.act(sid, state, action);
  assert.equal(r.error, undefined, `${action.action}: ${JSON.stringify(r.error)}`);
  assert.equal(r.execution, "completed", String(action.action));
  return r.freshState;
}

for (const [place, { observe, root }] of Object.entries(PLACES)) {
  const read = (sid: string, expression: string) => ph.pageEval(sid, `((root) => ${expression})(${root})`);

  Deno.test(`select, check and fill of a date work inside ${place}`, browserTest, async () => {
    await using s = await session();
    let state = await observe(s.sid);
    // In the main frame's tree, the frame's widgets come first; the shadow root's are the last ones.
    const pick = (pattern: RegExp) =>
      place.includes("shadow") ? lastRefOf(state, pattern) : refOf(state, pattern);
    state = await step(s.sid, state, { action: "select", ref: pick(/combobox "Plan"/), values: ["Pro"] });
    state = await step(s.sid, state, { action: "check", ref: pick(/checkbox "Agree"/) });
    await step(s.sid, state, { action: "fill", ref: pick(/Start/), text: "2030-01-31" });
    assert.equal(await read(s.sid, `root.getElementById("plan").value`), "Pro");
    assert.equal(await read(s.sid, `root.getElementById("agree").checked`), true);
    assert.equal(await read(s.sid, `root.getElementById("start").value`), "2030-01-31");
  });

  Deno.test(`upload, drag and scroll work inside ${place}`, browserTest, async () => {
    await using s = await session();
    let state = await observe(s.sid);
    const pick = (pattern: RegExp) =>
      place.includes("shadow") ? lastRefOf(state, pattern) : refOf(state, pattern);
    state = await step(s.sid, state, {
      action: "upload",
      ref: pick(/Logo/),
      files: [{ name: "logo.svg", mimeType: "image/svg+xml", buffer: btoa("<svg/>") }],
    });
    state = await step(s.sid, state, { action: "drag", ref: pick(/slider "Level"/), deltaX: 100 });
    await step(s.sid, state, { action: "scroll", ref: pick(/region "Log"/), deltaY: 200 });
    assert.equal(await read(s.sid, `root.getElementById("logo").files[0].name`), "logo.svg");
    assert.equal(await read(s.sid, `root.getElementById("knob").getAttribute("aria-valuenow")`), "50");
    assert.equal(await read(s.sid, `root.getElementById("box").scrollTop`), 200);
  });
}

/** The ref of the last tree line matching `pattern`. */
function lastRefOf(state: Json, pattern: RegExp): string {
  const lines = String(state.tree).split("\n").filter((l) => pattern.test(l) && /\[ref=/.test(l));
  const m = lines.at(-1)?.match(/\[ref=(@[^\]]+)\]/);
  if (!m) throw new Error(`no ref for ${pattern} in tree:\n${state.tree}`);
  return m[1];
}

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
