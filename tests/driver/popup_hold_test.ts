/**
 * Popups are held before their first request: a second loopback origin records every request
 * it gets, and a popup Porthole refuses must never reach it (nor any other server), whatever
 * opened it. Same-origin popups are still adopted, and no opener waits for its popups.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, refOf, sharedPorthole, Site } from "../support/harness.ts";

const other = new Site({ "/": `<title>Other</title><h1>Other</h1>` }, "localhost");
const framed = new Site({
  "/frame": `<title>Frame</title><h1>Framed</h1>`,
});
const OPENERS = `<!doctype html><title>Openers</title>
<button onclick="window.open('${other.url("/open?secret=1")}')">Open other</button>
<a href="${other.url("/blank?secret=2")}" target="_blank">Blank link</a>
<button onclick="window.open('${other.url("/noopener?secret=3")}', '_blank', 'noopener')">Noopener</button>
<button onclick="window.open('/mine?n=4', '_blank', 'noopener')">Own noopener</button>
<button onclick="for (let i = 0; i < 20; i++) window.open('${other.url("/many?i=")}' + i)">Twenty</button>
<button onclick="window.open('/mine?n=5')">Same origin</button>
<button onclick="window.open('${other.url("/loop")}'); window.open('/mine?loop')">Both</button>
<iframe src="${framed.url("/frame")}"></iframe>`;
const site = new Site({ "/openers": OPENERS, "/mine": `<title>Mine</title><h1>Mine</h1>` });
const { ph, session } = await sharedPorthole();

async function pages(sid: string): Promise<Json[]> {
  return (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
}

for (
  const { name, button, path } of [
    { name: "window.open", button: /button "Open other"/, path: "/open" },
    { name: "a target=_blank link", button: /link "Blank link"/, path: "/blank" },
    { name: "window.open with noopener", button: /button "Noopener"/, path: "/noopener" },
  ]
) {
  Deno.test(`a popup to another origin by ${name} never reaches it: popup_blocked`, browserTest, async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/openers"));
    const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, button) });
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "popup_blocked");
    assert.equal((await pages(s.sid)).length, 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(other.hits.filter((h) => h.startsWith(path)), []);
  });
}

Deno.test(
  "a noopener popup to the opener's own origin is blocked too: its opener is not attributable",
  browserTest,
  async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/openers"));
    const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, /button "Own noopener"/) });
    assert.equal(r.error?.code, "popup_blocked");
    assert.equal((await pages(s.sid)).length, 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(site.hits.filter((h) => h === "/mine?n=4"), []);
  },
);

Deno.test(
  "twenty popups opened at once all stay held and closed: the other origin got nothing",
  browserTest,
  async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/openers"));
    const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, /button "Twenty"/) });
    assert.equal(r.execution, "completed");
    assert.equal(r.error?.code, "popup_blocked");
    await eventually("the popups to close", () => pages(s.sid), (p) => p.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(other.hits.filter((h) => h.startsWith("/many")), []);
  },
);

Deno.test(
  "a popup opened by a cross-origin frame is blocked, even towards the page's own origin",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/openers"));
    const session_ = ph.server.registry.get(s.sid);
    const page = session_.pages.get(session_.activePageId!)!.driver.page;
    const frame = await eventually("the frame", () => page.frames().find((f) => f.url().endsWith("/frame")));
    // puppeteer evaluates with a user gesture, so Chromium's popup blocker lets both through.
    await frame!.evaluate(`window.open(${JSON.stringify(site.url("/mine?n=6"))});
    window.open(${JSON.stringify(other.url("/from-frame"))})`);
    await new Promise((r) => setTimeout(r, 800));
    assert.equal((await pages(s.sid)).length, 1);
    assert.deepEqual(site.hits.filter((h) => h === "/mine?n=6"), []);
    assert.deepEqual(other.hits.filter((h) => h.startsWith("/from-frame")), []);
  },
);

Deno.test(
  "a same-origin popup is still adopted, not activated, and loads its page",
  browserTest,
  async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/openers"));
    const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, /button "Same origin"/) });
    assert.equal(r.error, undefined);
    const open = await eventually("the popup", () => pages(s.sid), (p) => p.length === 2);
    const popup = open.find((p) => !p.active);
    assert.equal(open.find((p) => p.active).pageId, state.pageId);
    assert.ok(popup);
    await eventually("the popup's request", () => site.hits.includes("/mine?n=5"));
  },
);

Deno.test(
  "four sessions opening popups in a loop: no act exceeds its timeout, none reaches the other origin",
  browserTest,
  async () => {
    const TIMEOUT = 8000;
    const durations: number[] = [];
    const loop = async () => {
      await using s = await session();
      let state = await ph.open(s.sid, site.url("/openers"));
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const r = await ph.act(s.sid, state, {
          action: "click",
          ref: refOf(state, /button "Both"/),
          timeoutMs: TIMEOUT,
        });
        durations.push(performance.now() - t0);
        assert.equal(r.execution, "completed", JSON.stringify(r.error));
        assert.notEqual(r.error?.code, "timeout");
        for (const p of await pages(s.sid)) {
          if (!p.active) await ph.request("DELETE", `/v1/sessions/${s.sid}/pages/${p.pageId}`);
        }
        state = r.freshState ?? await ph.observe(s.sid);
      }
    };
    await Promise.all(Array.from({ length: Number(Deno.env.get("LOOPS") ?? 4) }, loop));
    durations.sort((a, b) => a - b);
    console.log(
      `popup loop acts: n=${durations.length} median=${durations[durations.length >> 1].toFixed(0)}ms max=${
        durations.at(-1)!.toFixed(0)
      }ms`,
    );
    assert.ok(durations.at(-1)! < TIMEOUT, `slowest act ${durations.at(-1)}ms`);
    assert.deepEqual(other.hits.filter((h) => h.startsWith("/loop")), []);
  },
);

Deno.test("popup hold: the shared browser closes", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
  await other[Symbol.asyncDispose]();
  await framed[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
});
