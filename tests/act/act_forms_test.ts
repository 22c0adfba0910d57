/**
 * Form controls through `act`, against real Chromium: select (single and multiple, by value or
 * label), check and uncheck (checkboxes, radio buttons, ARIA switches, a checkbox drawn by its
 * label), and a date input. Every test reads the page's own values and the events it saw.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  assertNotDispatched,
  browserTest,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

/** Every page records input, change and click events on elements with an id, in order. */
const LOG = `<script>
window.log = [];
for (const type of ["input", "change", "click"]) {
  addEventListener(type, (e) => e.target.id && log.push(type + ":" + e.target.id), true);
}
</script>`;

const SELECTS = `<!doctype html><title>Selects</title>${LOG}
<label>Color <select id="color">
  <option value="r">Red</option><option value="g">Green</option><option value="b" disabled>Blue</option>
</select></label>
<label>Toppings <select id="toppings" multiple size="4">
  <option value="ch">Cheese</option><option>Ham</option><option value="ol">Olives</option>
  <optgroup label="Fruit" disabled><option value="pi">Pineapple</option></optgroup>
</select></label>
<button id="save">Save</button>`;

const TOGGLES = `<!doctype html><title>Toggles</title>${LOG}
<label><input type="checkbox" id="terms"> Accept terms</label>
<label><input type="checkbox" id="news" checked> Newsletter</label>
<label><input type="checkbox" id="locked" disabled> Locked</label>
<fieldset><legend>Size</legend>
  <label><input type="radio" name="size" id="small" checked> Small</label>
  <label><input type="radio" name="size" id="large"> Large</label>
</fieldset>
<div role="switch" id="wifi" tabindex="0" aria-checked="false"
  onclick="this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))">Wi-Fi</div>
<label style="display: inline-block; padding: 4px; border: 1px solid">
  <input type="checkbox" id="remember"
    style="position: absolute; width: 1px; height: 1px; margin: 0; opacity: 0; pointer-events: none">
  <span>Remember me</span>
</label>
<button id="plain">Plain button</button>`;

/**
 * A date input under a React-style value tracker: the framework patches the node's value
 * property and ignores input events whose value it set itself, as React's onChange does.
 */
const DATES = `<!doctype html><title>Dates</title>${LOG}
<label>Birthday <input type="date" id="birthday" min="1900-01-01"></label>
<label>Volume <input type="range" id="volume" min="0" max="10"></label>
<p id="seen">none</p>
<script>
const el = document.getElementById("birthday");
const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
let tracked = el.value;
Object.defineProperty(el, "value", {
  configurable: true,
  get() { return own.get.call(this); },
  set(v) { tracked = String(v); own.set.call(this, v); },
});
el.addEventListener("input", () => {
  if (el.value === tracked) return;
  tracked = el.value;
  document.getElementById("seen").textContent = "onChange " + el.value;
});
</script>`;

const site = new Site({ "/selects": SELECTS, "/toggles": TOGGLES, "/dates": DATES });
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const log = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.log");
const selected = (sid: string, id: string): Promise<string[]> =>
  ph.pageEval(sid, `[...document.getElementById("${id}").selectedOptions].map((o) => o.value)`);
const checked = (sid: string, id: string): Promise<boolean> =>
  ph.pageEval(sid, `document.getElementById("${id}").checked`);

// ---- select ----------------------------------------------------------------------------

Deno.test("select by value picks the option and fires one input and one change", browserTest, async () => {
  await using s = await session(site.url("/selects"));
  const r = await ph.actOn(s.sid, s.state, "select", /combobox "Color"/, { values: ["g"] });
  assertCompleted(r);
  assert.deepEqual(await selected(s.sid, "color"), ["g"]);
  assert.deepEqual(await log(s.sid), ["input:color", "change:color"]);
  assert.equal(await ph.pageEval(s.sid, "document.activeElement.id"), "color");
});

Deno.test("select by label picks the option whose text matches", browserTest, async () => {
  await using s = await session(site.url("/selects"));
  const r = await ph.actOn(s.sid, s.state, "select", /combobox "Color"/, { values: ["Green"] });
  assert.equal(r.error, undefined);
  assert.deepEqual(await selected(s.sid, "color"), ["g"]);
  assert.match(r.freshState.tree, /option "Green" \[selected\]/);
});

Deno.test("select on a <select multiple> selects exactly the options named", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/selects"));
  await ph.pageEval(s.sid, `document.querySelector("#toppings option").selected = true`);
  const ref = refOf(state, /listbox "Toppings"/);
  const r = await ph.act(s.sid, state, { action: "select", ref, values: ["Ham", "ol"] });
  assert.equal(r.error, undefined);
  assert.deepEqual(await selected(s.sid, "toppings"), ["Ham", "ol"]);
  assert.deepEqual(await log(s.sid), ["input:toppings", "change:toppings"]);
  state = r.freshState;
  const none = await ph.actOn(s.sid, state, "select", /listbox "Toppings"/, { values: [] });
  assert.equal(none.error, undefined);
  assert.deepEqual(await selected(s.sid, "toppings"), []);
});

Deno.test(
  "select with a value no option has is invalid_params listing the options, and nothing changes",
  browserTest,
  async () => {
    await using s = await session(site.url("/selects"));
    const r = await ph.actOn(s.sid, s.state, "select", /combobox "Color"/, { values: ["Purple"] });
    assertNotDispatched(r, "invalid_params", "values");
    assert.equal(r.error.details.value, "Purple");
    assert.doesNotMatch(r.error.message, /Purple|Red|Green|Blue/, "option text stays out of the message");
    assert.deepEqual(r.error.details.options.map((o: { value: string }) => o.value), ["r", "g", "b"]);
    assert.deepEqual(await selected(s.sid, "color"), ["r"]);
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test("select of a disabled option is element_not_enabled and nothing changes", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/selects"));
  for (const [label, value] of [[/combobox "Color"/, "Blue"], [/listbox "Toppings"/, "pi"]] as const) {
    const r = await ph.act(s.sid, state, { action: "select", ref: refOf(state, label), values: [value] });
    assert.equal(r.execution, "not_dispatched", value);
    assert.equal(r.error.code, "element_not_enabled", value);
    state = r.freshState;
  }
  assert.deepEqual(await log(s.sid), []);
});

Deno.test("select of two values on a single select is invalid_params", browserTest, async () => {
  await using s = await session(site.url("/selects"));
  const r = await ph.actOn(s.sid, s.state, "select", /combobox "Color"/, { values: ["r", "g"] });
  assertNotDispatched(r, "invalid_params");
  assert.deepEqual(await selected(s.sid, "color"), ["r"]);
});

Deno.test("select needs values, and a <select> as its target", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/selects"));
  const missing = await ph.actOn(s.sid, state, "select", /combobox "Color"/);
  assert.equal(missing.error.code, "invalid_params");
  assert.equal(missing.error.details.field, "values");
  state = missing.freshState;
  const button = await ph.actOn(s.sid, state, "select", /button "Save"/, { values: ["r"] });
  assertNotDispatched(button, "invalid_params", "ref");
  assert.deepEqual(await log(s.sid), []);
});

// ---- check and uncheck ---------------------------------------------------------------------

Deno.test(
  "check clicks an unchecked checkbox: click, input, change, and it is checked",
  browserTest,
  async () => {
    await using s = await session(site.url("/toggles"));
    const r = await ph.actOn(s.sid, s.state, "check", /checkbox "Accept terms"/);
    assertCompleted(r);
    assert.equal(r.noop, undefined);
    assert.equal(await checked(s.sid, "terms"), true);
    assert.deepEqual(await log(s.sid), ["click:terms", "input:terms", "change:terms"]);
    assert.match(r.freshState.tree, /checkbox "Accept terms" \[checked\]/);
  },
);

Deno.test(
  "check on a checkbox already checked is a noop: not dispatched, no error, nothing clicked",
  browserTest,
  async () => {
    await using s = await session(site.url("/toggles"));
    const r = await ph.actOn(s.sid, s.state, "check", /checkbox "Newsletter"/);
    assert.equal(r.execution, "not_dispatched");
    assert.equal(r.noop, true);
    assert.equal(r.error, undefined);
    assert.equal(r.observation, "captured");
    assert.equal(await checked(s.sid, "news"), true);
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test("uncheck clears a checked checkbox, and is a noop on an unchecked one", browserTest, async () => {
  await using s = await session(site.url("/toggles"));
  const r = await ph.actOn(s.sid, s.state, "uncheck", /checkbox "Newsletter"/);
  assertCompleted(r);
  assert.equal(await checked(s.sid, "news"), false);
  const again = await ph.actOn(s.sid, r.freshState, "uncheck", /checkbox "Accept terms"/);
  assert.equal(again.noop, true);
  assert.equal(again.execution, "not_dispatched");
  assert.deepEqual(await log(s.sid), ["click:news", "input:news", "change:news"]);
});

Deno.test(
  "check on a radio button selects it in its group; a checked radio cannot be unchecked",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/toggles"));
    const r = await ph.actOn(s.sid, state, "check", /radio "Large"/);
    assert.equal(r.error, undefined);
    assert.equal(await checked(s.sid, "large"), true);
    assert.equal(await checked(s.sid, "small"), false);
    state = r.freshState;
    const refused = await ph.actOn(s.sid, state, "uncheck", /radio "Large"/);
    assertNotDispatched(refused, "invalid_params");
    state = refused.freshState;
    const noop = await ph.actOn(s.sid, state, "uncheck", /radio "Small"/);
    assert.equal(noop.noop, true);
    assert.equal(await checked(s.sid, "large"), true);
  },
);

Deno.test("check and uncheck drive an ARIA switch through its own click handler", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/toggles"));
  const on = await ph.actOn(s.sid, state, "check", /switch "Wi-Fi"/);
  assert.equal(on.error, undefined);
  assert.equal(
    await ph.pageEval(s.sid, `document.getElementById("wifi").getAttribute("aria-checked")`),
    "true",
  );
  state = on.freshState;
  const noop = await ph.actOn(s.sid, state, "check", /switch "Wi-Fi"/);
  assert.equal(noop.noop, true);
  state = noop.freshState;
  const off = await ph.actOn(s.sid, state, "uncheck", /switch "Wi-Fi"/);
  assert.equal(off.error, undefined);
  assert.equal(
    await ph.pageEval(s.sid, `document.getElementById("wifi").getAttribute("aria-checked")`),
    "false",
  );
  assert.deepEqual(await log(s.sid), ["click:wifi", "click:wifi"]);
});

Deno.test(
  "check on a visually hidden checkbox clicks the label drawn over it, and it is checked",
  browserTest,
  async () => {
    await using s = await session(site.url("/toggles"));
    const r = await ph.actOn(s.sid, s.state, "check", /checkbox "Remember me"/);
    assertCompleted(r);
    assert.equal(await checked(s.sid, "remember"), true);
  },
);

Deno.test(
  "check on a disabled checkbox is element_not_enabled and nothing is clicked",
  browserTest,
  async () => {
    await using s = await session(site.url("/toggles"));
    const r = await ph.actOn(s.sid, s.state, "check", /checkbox "Locked"/);
    assertNotDispatched(r, "element_not_enabled");
    assert.equal(await checked(s.sid, "locked"), false);
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test(
  "check on something that is not a checkbox, radio or switch is invalid_params",
  browserTest,
  async () => {
    await using s = await session(site.url("/toggles"));
    const r = await ph.actOn(s.sid, s.state, "check", /button "Plain button"/);
    assertNotDispatched(r, "invalid_params", "ref");
    assert.deepEqual(await log(s.sid), []);
  },
);

// ---- date and range inputs ------------------------------------------------------------------

Deno.test(
  "fill sets a date input as its picker would: input and change, seen by a framework's value tracker",
  browserTest,
  async () => {
    await using s = await session(site.url("/dates"));
    const r = await ph.actOn(s.sid, s.state, "fill", /Birthday/, {
      text: "1990-05-17",
      expect: { selector: "#seen", text: "onChange 1990-05-17" },
    });
    assertCompleted(r);
    assert.equal(r.postcondition, "met");
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("birthday").value`), "1990-05-17");
    assert.deepEqual(await log(s.sid), ["input:birthday", "change:birthday"]);
  },
);

Deno.test(
  "fill of a value a date input does not take is invalid_params, and nothing is set",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/dates"));
    for (const text of ["17/05/1990", "1990-13-01"]) {
      const r = await ph.actOn(s.sid, state, "fill", /Birthday/, { text });
      assert.equal(r.execution, "not_dispatched", text);
      assert.equal(r.error.code, "invalid_params", text);
      assert.match(r.error.message, /YYYY-MM-DD/);
      state = r.freshState;
    }
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("birthday").value`), "");
    assert.deepEqual(await log(s.sid), []);
  },
);

Deno.test("fill moves a range input to a value; clear empties a date input", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/dates"));
  const range = await ph.actOn(s.sid, state, "fill", /slider "Volume"/, { text: "7" });
  assert.equal(range.error, undefined);
  assert.equal(await ph.pageEval(s.sid, `document.getElementById("volume").value`), "7");
  state = range.freshState;
  const date = await ph.actOn(s.sid, state, "fill", /Birthday/, { text: "2001-02-03" });
  state = date.freshState;
  const cleared = await ph.actOn(s.sid, state, "clear", /Birthday/);
  assert.equal(cleared.error, undefined);
  assert.equal(await ph.pageEval(s.sid, `document.getElementById("birthday").value`), "");
});

Deno.test(
  "type into a date input types the date part by part, as a user would",
  browserTest,
  async () => {
    // The order of a date's parts follows the locale: en-US is month/day/year.
    const sid = await ph.session({ locale: "en-US" });
    try {
      const state = await ph.open(sid, site.url("/dates"));
      const r = await ph.actOn(sid, state, "type", /Birthday/, { text: "05172030" });
      assert.equal(r.error, undefined);
      assert.equal(await ph.pageEval(sid, `document.getElementById("birthday").value`), "2030-05-17");
      assert.equal(
        await ph.pageEval(sid, `document.getElementById("seen").textContent`),
        "onChange 2030-05-17",
      );
    } finally {
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
