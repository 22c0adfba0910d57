/**
 * BAP selectors resolved by the core's one `locate`: a `ref` is the core ref observe shows, roles
 * are the walker's, a selector on a descendant acts on its nearest element with a ref, and
 * errors name what the client sent.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, refOf } from "../support/harness.ts";
import type { BapClient } from "../support/bap_client.ts";
import { assertRpcError, bapPage, elementProperty, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Locate</title>
<script>function hit(what) { document.getElementById("status").textContent = what; }</script>
<button id="save" onclick="hit('save')">Save</button>
<div role="button" tabindex="0" onclick="hit('fake')">Fake button</div>
<details><summary onclick="hit('more')">More</summary>inside</details>
<button id="wrap" onclick="hit('wrap')"><span><b>Deep label</b></span></button>
<button id="off" disabled>Off</button>
<button id="fade" onclick="hit('fade')">Fade</button>
<p id="status">idle</p>
<select id="color" aria-label="Color"><option>Red</option></select>
<iframe id="inner" src="/inner"></iframe>`;

const { site, ph } = await siteAndPorthole({
  "/": PAGE,
  "/inner": `<!doctype html><button onclick="parent.hit('framed')">Framed</button>`,
});

/** The page's observation as the core gives it (`POST …/observe`): the refs BAP answers carry. */
async function observed(pageId: string, frameId?: string): Promise<Json> {
  for (const s of ph.server.registry.list()) {
    if (s.pages.has(pageId)) return await s.observe({ pageId, frameId }, AbortSignal.timeout(10_000));
  }
  throw new Error(`no session holds ${pageId}`);
}

const status = (c: BapClient): Promise<string> => elementProperty(c, "#status");

Deno.test("a ref selector takes the core ref observe shows, also in its bare form", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const save = refOf(await observed(c.pageId), /button "Save"/);
  assert.match(save, /^@e\d+$/);
  await c.call("action/click", { selector: { type: "ref", ref: save } });
  assert.equal(await status(c), "save");
  const fade = refOf(await observed(c.pageId), /button "Fade"/);
  await c.call("action/click", { selector: { type: "ref", ref: fade.slice(1) } });
  assert.equal(await status(c), "fade");
});

Deno.test("a role and name read off the observation locate that line's element", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const tree = String((await observed(c.pageId)).tree);
  for (const [name, what] of [["Fake button", "fake"], ["More", "more"], ["Save", "save"]]) {
    const line = tree.split("\n").find((l) => l.includes(`"${name}"`))!;
    const role = /- (\S+) "/.exec(line)![1];
    await c.call("action/click", { selector: { type: "role", role, name, exact: true } });
    assert.equal(await status(c), what, line);
  }
});

Deno.test(
  "a selector on a non-interactive descendant acts on its nearest ancestor with a ref",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.call("action/click", { selector: { type: "css", value: "#wrap b" } });
    assert.equal(await status(c), "wrap");
    await c.call("action/click", { selector: { type: "xpath", value: "//button[@id='wrap']//span" } });
    assert.equal(await status(c), "wrap");
  },
);

Deno.test(
  "a core ref whose element was replaced is -32012 naming the client's ref; its twin gets a new ref",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const save = refOf(await observed(c.pageId), /button "Save"/);
    await c.call("action/click", {
      selector: { type: "css", value: "#save" },
      options: { trial: true },
    });
    await c.run(`const b = document.getElementById("save"); b.replaceWith(b.cloneNode(true));`);
    const e = await c.fails("action/click", { selector: { type: "ref", ref: save } });
    assert.equal(e.code, -32012);
    assert.ok(e.message.includes(save), e.message);
    assert.deepEqual(e.data!.details.selector, { type: "ref", ref: save });
    assert.equal(await status(c), "idle", "never healed onto the look-alike");
    const twin = refOf(await observed(c.pageId), /button "Save"/);
    assert.notEqual(twin, save, "a ref number is never given to another element");
    await c.call("action/click", { selector: { type: "ref", ref: twin } });
    assert.equal(await status(c), "save");
  },
);

Deno.test(
  "a ref whose element changed its name since the observation is -32012 and nothing is clicked",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const save = refOf(await observed(c.pageId), /button "Save"/);
    await c.run(`document.getElementById("save").textContent = "Delete";`);
    const e = await c.fails("action/click", { selector: { type: "ref", ref: save } });
    assert.equal(e.code, -32012);
    assert.match(e.message, /"Save" and is now button "Delete"/);
    assert.equal(await status(c), "idle");
    const again = refOf(await observed(c.pageId), /button "Delete"/);
    assert.equal(again, save, "the same element keeps its ref");
    await c.call("action/click", { selector: { type: "ref", ref: again } });
    assert.equal(await status(c), "save", "once observed again, the client knows what it clicks");
  },
);

Deno.test("a ref whose element is hidden waits for it, then is -32013", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const fade = refOf(await observed(c.pageId), /button "Fade"/);
  await c.run(`document.getElementById("fade").style.display = "none";`);
  const e = await c.fails("action/click", {
    selector: { type: "ref", ref: fade },
    options: { timeout: 400 },
  });
  assertRpcError(e, -32013, true);
  await c.run(`setTimeout(() => document.getElementById("fade").style.display = "", 200);`);
  await c.call("action/click", { selector: { type: "ref", ref: fade }, options: { timeout: 5000 } });
  assert.equal(await status(c), "fade", "the same ref once it shows again");
});

Deno.test("errors name the selector the client sent, never a ref it did not use", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const off = await c.fails("action/click", {
    selector: { type: "css", value: "#off" },
    options: { timeout: 300 },
  });
  assert.equal(off.code, -32014);
  assert.doesNotMatch(off.message, /@e\d/);
  assert.match(off.message, /css "#off"/);
  assert.deepEqual(off.data!.details.selector, { type: "css", value: "#off" });
  const notSelect = await c.fails("action/select", {
    selector: { type: "role", role: "button", name: "Save" },
    values: ["x"],
  });
  assert.equal(notSelect.code, -32602);
  assert.equal(notSelect.data!.details.field, "selector");
  assert.doesNotMatch(notSelect.message, /@e\d/);
  const none = await c.fails("action/click", {
    selector: { type: "text", value: "Nowhere" },
    options: { timeout: 200 },
  });
  assert.equal(none.code, -32012);
  assert.match(none.message, /text "Nowhere"/);
  assert.equal(JSON.stringify(none.data!.details).includes(`"action":"action"`), false);
});

Deno.test(
  "in the frame frame/switch selected, selectors and refs are that frame's",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const inner = (await c.call("frame/list")).frames.find((f: Json) => !f.isMain);
    await c.call("frame/switch", { frameId: inner.frameId });
    await c.call("action/click", { selector: { type: "role", role: "button", name: "Framed" } });
    await c.call("frame/main");
    assert.equal(await status(c), "framed");
    const ref = refOf(await observed(c.pageId, inner.frameId), /button "Framed"/);
    assert.match(ref, /^@f\d+e\d+$/);
    await c.call("frame/switch", { frameId: inner.frameId });
    await c.run(`hit("idle")`);
    await c.call("action/click", { selector: { type: "ref", ref } });
    await c.call("frame/main");
    assert.equal(await status(c), "framed");
  },
);

Deno.test(
  "a trial resolves every selector the action names: a drag's source and a form's fields, each named as the action names it",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const missing = { type: "css", value: "#nowhere" };
    const save = { type: "css", value: "#save" };
    const trial = { trial: true };
    const point = { x: 5, y: 5 };
    assert.deepEqual(await c.call("action/drag", { source: save, target: point, options: trial }), {});
    const drag = await c.fails("action/drag", { source: missing, target: point, options: trial });
    assertRpcError(drag, -32012, true);
    assert.deepEqual(drag.data!.details.selector, missing);
    const field = { selector: { type: "label", value: "Color" }, value: "Red" };
    assert.deepEqual(await c.call("action/fillForm", { fields: [field], options: trial }), {});
    const form = await c.fails("action/fillForm", {
      fields: [field, { selector: missing, value: "x" }],
      options: trial,
    });
    assertRpcError(form, -32012, true);
    assert.deepEqual(form.data!.details.selector, missing);
    assert.equal(await status(c), "idle", "a trial never acts");
  },
);
