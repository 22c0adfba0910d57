/**
 * The act options every door shares, against real Chromium over HTTP: scroll by a direction (in
 * pixels or viewports), type that appends or empties the field first, and drag to a viewport
 * point. Every test reads what the page itself holds; the options are in OpenAPI and the MCP act tool.
 */
import assert from "node:assert/strict";
import { assertCompleted, browserTest, refOf, sharedPorthole, Site } from "../support/harness.ts";
import { toolListing } from "../../lib/mcp/server.ts";
import { TOOLS } from "../../lib/mcp/tools.ts";

const LONG = `<!doctype html><title>Long</title><style>body { margin: 0 }</style>
<div style="width: 5000px; height: 5000px">Long page</div>
<div id="box" role="region" aria-label="Box" tabindex="0" style="position: absolute; left: 0; top: 0; width: 200px; height: 150px; overflow: auto">
  <div style="height: 2000px">Inside</div>
</div>`;

const FIELDS = `<!doctype html><title>Fields</title>
<label>Name <input id="name" value="old"></label>
<label>Mail <input id="mail" type="email" value="ann@example.com"></label>
<label>Count <input id="count" type="number" value="12"></label>
<div id="editor" contenteditable="true" role="textbox" aria-label="Editor">old</div>`;

/** A handle that follows the pointer while pressed and reports where it was let go. */
const PAD = `<!doctype html><title>Pad</title><style>body { margin: 0 }</style>
<div id="handle" role="button" aria-label="Handle" tabindex="0"
  style="position: absolute; left: 20px; top: 20px; width: 40px; height: 40px; background: #333"></div>
<p id="out" style="position: absolute; top: 300px">none</p>
<script>
handle.addEventListener("pointerdown", (e) => handle.setPointerCapture(e.pointerId));
handle.addEventListener("pointerup", (e) => { out.textContent = e.clientX + "," + e.clientY; });
</script>`;

const site = new Site({ "/long": LONG, "/fields": FIELDS, "/pad": PAD });
const { ph, session } = await sharedPorthole();
const scroll = (sid: string) => ph.pageEval(sid, "[scrollX, scrollY]");

Deno.test(
  "scroll by direction moves the page by pixels or by one viewport, and a box by its own height",
  browserTest,
  async () => {
    await using s = await session(site.url("/long"));
    const down = await ph.act(s.sid, s.state, { action: "scroll", direction: "down", amount: 250 });
    assertCompleted(down);
    assert.deepEqual(await scroll(s.sid), [0, 250]);
    const page = await ph.act(s.sid, down.freshState, { action: "scroll", direction: "right" });
    assertCompleted(page);
    assert.deepEqual(await scroll(s.sid), [
      await ph.pageEval(s.sid, "document.scrollingElement.clientWidth"),
      250,
    ]);
    const up = await ph.act(s.sid, page.freshState, { action: "scroll", direction: "up", amount: "page" });
    assertCompleted(up);
    assert.equal((await scroll(s.sid))[1], 0, "one viewport up from 250 is the top");
    const box = await ph.actOn(s.sid, up.freshState, "scroll", /region "Box"/, { direction: "down" });
    assertCompleted(box);
    assert.deepEqual(
      await ph.pageEval(s.sid, "[box.scrollTop, box.clientHeight]"),
      [150, 150],
      "one box height",
    );
  },
);

Deno.test(
  "scroll refuses a direction with deltas, an amount without a direction, and a direction on another action",
  browserTest,
  async () => {
    await using s = await session(site.url("/long"));
    let state = s.state;
    for (
      const [extra, field] of [
        [{ action: "scroll", direction: "down", deltaY: 10 }, "direction"],
        [{ action: "scroll", amount: 10 }, "amount"],
        [{ action: "click", ref: refOf(state, /region "Box"/), direction: "down" }, "direction"],
      ] as const
    ) {
      const r = await ph.act(s.sid, state, extra);
      assert.equal(r.execution, "not_dispatched", JSON.stringify(extra));
      assert.equal(r.error.code, "invalid_params");
      assert.equal(r.error.details.field, field);
      state = r.freshState;
    }
    const bad = await ph.post(`/v1/sessions/${s.sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "scroll",
      direction: "down",
      amount: "half",
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /amount/);
    const far = await ph.post(`/v1/sessions/${s.sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "scroll",
      direction: "down",
      amount: 1e300,
    });
    assert.equal(far.status, 400, "an amount in pixels is bounded as deltaY is");
    assert.equal(far.body.error.details.field, "amount");
    assert.deepEqual(await scroll(s.sid), [0, 0]);
  },
);

Deno.test(
  "type with append adds after the last character, with clear it replaces; by default neither",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    const value = () => ph.pageEval(s.sid, "document.getElementById('name').value");
    const caretAtStart = () =>
      ph.pageEval(
        s.sid,
        "{ const f = document.getElementById('name'); f.focus(); f.setSelectionRange(0, 0); f.blur() }",
      );
    // Where focus leaves the caret, the start of a field never focused.
    await caretAtStart();
    const appended = await ph.actOn(s.sid, s.state, "type", /textbox "Name"/, { text: "-new", append: true });
    assertCompleted(appended);
    assert.equal(await value(), "old-new");
    const cleared = await ph.actOn(s.sid, appended.freshState, "type", /textbox "Name"/, {
      text: "x",
      clear: true,
    });
    assertCompleted(cleared);
    assert.equal(await value(), "x");
    const editor = await ph.actOn(s.sid, cleared.freshState, "type", /textbox "Editor"/, {
      text: "!",
      append: true,
    });
    assertCompleted(editor);
    assert.equal(await ph.pageEval(s.sid, "editor.textContent"), "old!");
    const both = await ph.actOn(s.sid, editor.freshState, "type", /textbox "Name"/, {
      text: "y",
      clear: true,
      append: true,
    });
    assert.equal(both.execution, "not_dispatched");
    assert.equal(both.error.details.field, "append");
    const onFill = await ph.actOn(s.sid, both.freshState, "fill", /textbox "Name"/, {
      text: "y",
      clear: true,
    });
    assert.equal(onFill.error.details.field, "clear");
    assert.equal(await value(), "x");
    await caretAtStart();
    const plain = await ph.actOn(s.sid, onFill.freshState, "type", /textbox "Name"/, { text: "^" });
    assertCompleted(plain);
    assert.equal(await value(), "^x", "a plain type starts where focus puts the caret");
  },
);

Deno.test(
  "type with append adds after the last character of an email or number field, whose caret a script cannot set",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    const mail = await ph.actOn(s.sid, s.state, "type", /textbox "Mail"/, { text: ".uk", append: true });
    assertCompleted(mail);
    assert.equal(await ph.pageEval(s.sid, "mail.value"), "ann@example.com.uk");
    const count = await ph.actOn(s.sid, mail.freshState, "type", /spinbutton "Count"/, {
      text: "3",
      append: true,
    });
    assertCompleted(count);
    assert.equal(await ph.pageEval(s.sid, "count.value"), "123");
  },
);

Deno.test("drag to a viewport point releases the pointer exactly there", browserTest, async () => {
  await using s = await session(site.url("/pad"));
  const r = await ph.actOn(s.sid, s.state, "drag", /button "Handle"/, { toPoint: { x: 250, y: 180 } });
  assertCompleted(r);
  assert.equal(await ph.pageEval(s.sid, "out.textContent"), "250,180");
  const both = await ph.actOn(s.sid, r.freshState, "drag", /button "Handle"/, {
    toPoint: { x: 10, y: 10 },
    deltaX: 5,
  });
  assert.equal(both.execution, "not_dispatched");
  assert.equal(both.error.details.field, "toRef");
  assert.match(both.error.message, /toPoint/);
  const outside = await ph.actOn(s.sid, both.freshState, "drag", /button "Handle"/, {
    toPoint: { x: 5000, y: 10 },
  });
  assert.equal(outside.execution, "not_dispatched");
  assert.equal(outside.error.details.field, "toPoint");
  assert.equal(await ph.pageEval(s.sid, "out.textContent"), "250,180");
});

Deno.test("these options are described in /openapi.json and in the MCP act tool", browserTest, async () => {
  const doc = (await ph.request("GET", "/openapi.json")).body;
  const act = doc.components.schemas.ActInput.properties;
  const tool = toolListing(TOOLS.find((t) => t.name === "browser_act")!).inputSchema.properties!;
  for (const [name, snake] of [["direction"], ["amount"], ["toPoint", "to_point"], ["clear"], ["append"]]) {
    assert.ok(act[name]?.description, `ActInput.${name}`);
    assert.ok((tool[snake ?? name] as { description?: string })?.description, `browser_act ${snake ?? name}`);
  }
  const wait = doc.components.schemas.WaitInput.properties;
  for (const name of ["locator", "state", "frameId"]) assert.ok(wait[name]?.description, `WaitInput.${name}`);
});
