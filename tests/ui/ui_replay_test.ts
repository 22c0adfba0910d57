// deno-lint-ignore-file no-explicit-any -- in-page functions see the DOM, which Deno's types do not have
/**
 * Replay in the web UI, in a real browser: a session recorded over HTTP (`record: true`) replays
 * with a scrubber, its frame, its events and the click's hit point drawn where the click landed;
 * the same recording exported as a file replays too.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";
import { UiBrowser } from "./ui_browser.ts";
import type { ElementHandle } from "puppeteer-core";

const SHOP = `<!doctype html><title>Shop</title>
<style>body{margin:0;font:28px sans-serif} button{position:absolute;left:400px;top:300px;width:240px;height:90px;font:inherit}</style>
<h1>Corner shop</h1><p>Orders placed: <span id="orders">0</span></p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1); document.body.style.background = '#fd0'">Place order</button>`;

/** Where the hit point sits on the image, as a fraction of its size. */
function hitOnImage(ui: UiBrowser) {
  return ui.page.evaluate(() => {
    const doc = (globalThis as any).document;
    const img = doc.querySelector("img.replay-frame");
    const dot = doc.querySelector(".hit-point");
    if (!img || !dot || !img.complete) return null;
    const a = img.getBoundingClientRect(), b = dot.getBoundingClientRect();
    return { x: (b.x + b.width / 2 - a.x) / a.width, y: (b.y + b.height / 2 - a.y) / a.height };
  });
}

Deno.test(
  "a recording made over HTTP replays in the UI: scrubber, frame, events and the click's hit point",
  browserTest,
  async () => {
    await using site = new Site({ "/": SHOP });
    await using ph = await Porthole.start();
    await using ui = await UiBrowser.open();
    const sid = await ph.session({ record: true });
    const state = await ph.open(sid, site.url("/"));
    const r = await ph.actOn(sid, state, "click", /button "Place order"/);
    assert.equal(r.execution, "completed");
    const rec: Json = await eventually(
      "a frame after the click",
      async () => {
        const body = (await ph.request("GET", `/v1/sessions/${sid}/recording`)).body;
        const click = body.events.find((e: Json) => e.type === "action.finished");
        return click && body.frames.some((f: Json) => f.t >= Date.parse(click.time)) ? body : null;
      },
      Boolean,
      20_000,
    );

    await ui.goto(`${ph.url}/ui#replay/${sid}`);
    await ui.page.waitForSelector("img.replay-frame");
    // Scrub to the moment the click ended: its hit point is drawn where the click landed.
    const click = rec.events.find((e: Json) => e.type === "action.finished");
    const times = [
      ...new Set([...rec.frames.map((f: Json) => f.t), ...rec.events.map((e: Json) => Date.parse(e.time))]),
    ]
      .sort((a: number, b: number) => a - b);
    const moment = times.indexOf(Date.parse(click.time));
    assert.ok(moment >= 0);
    const slider = (await ui.page.$(".scrubber input")) as ElementHandle<any>;
    await slider.evaluate((el: any, v: number) => {
      el.value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, moment);
    await ui.page.waitForSelector(".hit-point");
    const at = await hitOnImage(ui);
    assert.ok(at, "the hit point is on the frame");
    // The button's centre: (400 + 120) / 1280, (300 + 45) / 720.
    assert.ok(Math.abs(at.x - 520 / 1280) < 0.01, `x ${at.x}`);
    assert.ok(Math.abs(at.y - 345 / 720) < 0.01, `y ${at.y}`);
    const shown = await ui.page.$$eval(".replay-events li", (els) => els.map((e: any) => e.dataset.type));
    assert.equal(shown[0], "action.finished", `the newest event shown is the click's: ${shown}`);
    await ui.screenshot("replay");

    // Back to the start: the first frame, no hit point.
    await slider.evaluate((el: any) => {
      el.value = "0";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await ui.page.waitForFunction(() => !(globalThis as any).document.querySelector(".hit-point"));

    // The same recording, exported as a file, replays with the session gone.
    const file = await Deno.makeTempFile({ suffix: ".json" });
    try {
      await Deno.writeTextFile(file, JSON.stringify(rec));
      assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);
      const input = (await ui.page.$("input[type=file]")) as ElementHandle<any>;
      await input.uploadFile(file);
      await ui.page.waitForFunction(() =>
        (globalThis as any).document.querySelector(".replay figcaption")?.textContent.includes(
          "Exported recording",
        )
      );
      await ui.page.waitForSelector("img.replay-frame");
      await ui.page.waitForSelector(".hit-point");
    } finally {
      await Deno.remove(file);
    }
    assert.deepEqual(ui.errors.filter((e) => !/404|not_found|does not exist/.test(e)), []);
  },
);
