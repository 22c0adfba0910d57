/** BAP action/click, action/dblclick and action/type options reach Porthole's core act, against real Chromium. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import type { BapClient, Json } from "../support/bap_client.ts";
import { bapPage, elementProperty, siteAndPorthole } from "../support/bap_fixture.ts";

const { site, ph } = await siteAndPorthole({
  "/": `<!doctype html><title>Clicks</title>
<button id="wide" style="position:absolute;left:20px;top:20px;width:400px;height:40px">Wide</button>
<pre id="out" style="position:absolute;top:100px">[]</pre>
<input id="typed" aria-label="Typed" style="position:absolute;top:200px">
<script>
window.log = [];
typed.addEventListener("keydown", (e) => {
  log.push({ type: "keydown", key: e.key, at: performance.now() });
  out.textContent = JSON.stringify(log);
});
for (const type of ["mousedown", "mouseup", "click", "dblclick", "contextmenu"]) {
  wide.addEventListener(type, (e) => {
    log.push({ type, button: e.button, shiftKey: e.shiftKey, altKey: e.altKey, offsetX: e.offsetX, at: performance.now() });
    out.textContent = JSON.stringify(log);
    if (type === "contextmenu") e.preventDefault();
  });
}
</script>`,
});

/** What the page recorded, read back through observe/element. */
async function events(c: BapClient): Promise<Json[]> {
  return JSON.parse(await elementProperty(c, "#out"));
}

const wide = { type: "css", value: "#wide" };

Deno.test(
  "action/click with button right and modifiers fires contextmenu with the keys held",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"), { navigate: true });
    await c.call("action/click", {
      selector: wide,
      options: { button: "right", modifiers: ["Shift", "Alt"], position: { x: 380, y: 10 } },
    });
    const log = await events(c);
    const menu = log.find((e) => e.type === "contextmenu");
    assert.ok(menu, JSON.stringify(log));
    assert.equal(menu.button, 2);
    assert.equal(menu.shiftKey, true);
    assert.equal(menu.altKey, true);
    assert.ok(!log.some((e) => e.type === "click"));
    assert.ok(Math.abs(log[0].offsetX - 380) <= 2, `offsetX ${log[0].offsetX}`);
  },
);

Deno.test("action/dblclick with delay holds each press at least that long", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"), { navigate: true });
  await c.call("action/dblclick", { selector: wide, options: { delay: 120 } });
  const log = await events(c);
  assert.ok(log.some((e) => e.type === "dblclick"), JSON.stringify(log.map((e) => e.type)));
  const down = log.find((e) => e.type === "mousedown");
  const up = log.find((e) => e.type === "mouseup");
  assert.ok(up.at - down.at >= 110, `held ${up.at - down.at} ms`);
});

Deno.test("action/type with delay waits that long between keys", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"), { navigate: true });
  await c.call("action/type", {
    selector: { type: "css", value: "#typed" },
    text: "abc",
    options: { delay: 80 },
  });
  const keys = (await events(c)).filter((e) => e.type === "keydown");
  assert.deepEqual(keys.map((e) => e.key), ["a", "b", "c"]);
  assert.ok(keys[2].at - keys[0].at >= 150, `abc took ${keys[2].at - keys[0].at} ms`);
  const tooLong = await c.fails("action/type", {
    selector: { type: "css", value: "#typed" },
    text: "x",
    options: { delay: 5001 },
  });
  assert.equal(tooLong.data?.details.field, "options.delay");
});

Deno.test("action/click refuses an unknown modifier naming options.modifiers", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"), { navigate: true });
  const e = await c.fails("action/click", { selector: wide, options: { modifiers: ["Hyper"] } });
  assert.equal(e.code, -32602);
  assert.equal(e.data?.details.field, "options.modifiers");
});
