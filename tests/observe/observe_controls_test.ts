import assert from "node:assert/strict";
import { assertCaptured, browserTest, Porthole, refOf, Site } from "../support/harness.ts";

/** One of every HTML control, each labelled, as an agent meets them on forms. */
const CONTROLS = `<!doctype html><title>Controls</title>
<label>Name <input value="Ada"></label>
<label>Mail <input type=email value="a@b.c"></label>
<label>Find <input type=search value="q"></label>
<label>Phone <input type=tel value="555"></label>
<label>Site <input type=url value="http://x.y"></label>
<label>Age <input type=number value="42"></label>
<label>When <input type=time value="13:30"></label>
<label>Day <input type=date value="2026-12-01"></label>
<label>Meet <input type=datetime-local value="2026-12-01T13:30"></label>
<label>Month <input type=month value="2026-12"></label>
<label>Week <input type=week value="2026-W49"></label>
<label>Tint <input type=color value="#ff0000"></label>
<label>Vol <input type=range min=0 max=10 value=3></label>
<label>Agree <input type=checkbox checked></label>
<label>Red <input type=radio name=c checked></label>
<label>Pass <input type=password value="hunter2"></label>
<label>Doc <input type=file></label>
<input type=submit value="Send"> <input type=reset value="Reset"> <input type=button value="Push">
<input type=hidden value="h">
<label>Notes <textarea>Hello there</textarea></label>
<label>Pick <select><option>One</option><option selected>Two</option></select></label>
<label>Many <select multiple size=3><option selected>A</option><option>B</option></select></label>
<div contenteditable="true" aria-label="Editor">Rich text</div>
<label>Load <progress value="30" max="100"></progress></label>
<label>Fuel <meter value="0.6"></meter></label>
<details open><summary>More</summary><p>Body</p></details>
<details><summary>Less</summary><p>Hidden body</p></details>
<form><output>7</output></form>
<label>Focus <input id="focus" value="here"></label>
<script>document.getElementById("focus").focus();</script>`;

/** Each control's line, exactly (the text runs of their labels are lines of their own). */
const LINES = [
  '- textbox "Name" [ref=@e1]: Ada',
  '- textbox "Mail" [ref=@e2]: a@b.c',
  '- searchbox "Find" [ref=@e3]: q',
  '- textbox "Phone" [ref=@e4]: "555"',
  '- textbox "Site" [ref=@e5]: http://x.y',
  '- spinbutton "Age" [ref=@e6]: "42"',
  '- textbox "When" [ref=@e7]: 13:30',
  '- textbox "Day" [ref=@e8]: 2026-12-01',
  '- textbox "Meet" [ref=@e9]: 2026-12-01T13:30',
  '- textbox "Month" [ref=@e10]: 2026-12',
  '- textbox "Week" [ref=@e11]: 2026-W49',
  '- textbox "Tint" [ref=@e12]: "#ff0000"',
  '- slider "Vol" [ref=@e13]: "3"',
  '- checkbox "Agree" [checked] [ref=@e14]',
  '- radio "Red" [checked] [ref=@e15]',
  '- textbox "Pass" [credential] [ref=@e16]',
  '- button "Doc: No file chosen" [ref=@e17]',
  '- button "Send" [ref=@e18]',
  '- button "Reset" [ref=@e19]',
  '- button "Push" [ref=@e20]',
  '- textbox "Notes" [ref=@e21]: Hello there',
  '- combobox "Pick" [ref=@e22]:',
  // A drop-down's options are drawn outside the page: no ref (select takes the drop-down's).
  '  - option "One"',
  '  - option "Two" [selected]',
  '- listbox "Many" [ref=@e23]:',
  '  - option "A" [selected] [ref=@e24]',
  '  - option "B" [ref=@e25]',
  '- textbox "Editor" [ref=@e26]: Rich text',
  '- progressbar "Load": "30"',
  '- meter "Fuel": "0.6"',
  '  - button "More" [expanded] [ref=@e27]',
  "  - paragraph: Body",
  '  - button "Less" [ref=@e28]',
  '  - status: "7"',
  '- textbox "Focus" [active] [ref=@e29]: here',
];

/** Role names Chromium uses internally; none may reach an agent. */
const INTERNAL = /\b(DisclosureTriangle|LabelText|Iframe|LineBreak|StaticText|InlineTextBox)\b|- clickable "/;

const { ph, session } = await (async () => {
  const ph = await Porthole.start();
  return { ph, session: () => ph.session() };
})();

Deno.test("observe shows every HTML control with its ARIA role and its value", browserTest, async () => {
  await using site = new Site({ "/": CONTROLS });
  const sid = await session();
  const state = await ph.open(sid, site.url("/"));
  const lines = state.tree.split("\n");
  for (const want of LINES) {
    assert.ok(lines.includes(want), `no line ${JSON.stringify(want)} in:\n${state.tree}`);
  }
  assert.doesNotMatch(state.tree, INTERNAL);
  assert.doesNotMatch(state.tree, /hunter2/, "a password never shows its value");
  assert.doesNotMatch(state.tree, /Hidden body/, "a closed details hides its body");
  assert.doesNotMatch(state.tree, /"h"/, "a hidden input is not shown");
});

Deno.test("the minimal and interactive tiers show the same control lines", browserTest, async () => {
  await using site = new Site({ "/": CONTROLS });
  const sid = await session();
  await ph.open(sid, site.url("/"));
  for (const tier of ["interactive", "minimal"]) {
    const state = await ph.observe(sid, { tier });
    assert.doesNotMatch(state.tree, INTERNAL);
    assert.match(state.tree, /^- textbox "When" \[ref=@e7\]: 13:30$/m, tier);
    assert.match(state.tree, /^ *- slider "Vol" \[ref=@e13\]: "3"$/m, tier);
    assert.match(state.tree, /^ *- textbox "Focus" \[active\] \[ref=@e29\]: here$/m, tier);
    // A drop-down's choices show in every tier, though they have no ref.
    assert.match(state.tree, /^ *- option "Two" \[selected\]$/m, tier);
  }
});

Deno.test(
  "a time field's new value and the focus move show in the fresh state and in since",
  browserTest,
  async () => {
    await using site = new Site({ "/": CONTROLS });
    const sid = await session();
    const state = await ph.open(sid, site.url("/"));
    const r = await ph.act(sid, state, {
      action: "fill",
      ref: refOf(state, /textbox "When"/),
      text: "20:04",
    });
    assertCaptured(r);
    assert.match(r.freshState.tree, /^- textbox "When" \[active\] \[ref=@e7\]: 20:04$/m);
    assert.match(r.freshState.tree, /^- textbox "Focus" \[ref=@e29\]: here$/m);
    const moved = await ph.act(sid, r.freshState, { action: "fill", ref: "@e10", text: "2027-01" });
    assertCaptured(moved);
    const diff = await ph.observe(sid, { since: r.freshState.stateId });
    assert.deepEqual(diff.changes.changed.sort(), [
      '- textbox "Month" [active] [ref=@e10]: 2027-01',
      '- textbox "When" [ref=@e7]: 20:04',
    ]);
  },
);

Deno.test("a focused password field is [active] and still shows no value", browserTest, async () => {
  await using site = new Site({ "/": CONTROLS });
  const sid = await session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /textbox "Pass"/) });
  assertCaptured(r);
  assert.match(r.freshState.tree, /^- textbox "Pass" \[active\] \[credential\] \[ref=@e16\]$/m);
  await ph[Symbol.asyncDispose]();
});
