/**
 * The act contract's checks before and during dispatch, against real Chromium: scrolling and
 * hit-testing, enabled and visible, focus (also in a shadow root), credential fields, no
 * retries, and dialogs.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  assertNotDispatched,
  browserTest,
  refOf,
  sharedPorthole,
  Site,
  untilPage,
} from "../support/harness.ts";

/** Every page records the targets of the clicks it receives, in `window.clicks`. */
const TRACK = `<script>
window.clicks = [];
addEventListener("click", (e) => clicks.push(e.target.id || e.target.localName), true);
</script>`;

const FAR = `<!doctype html><title>Far</title>${TRACK}
<div style="height: 3000px">spacer</div><button id="far">Far away</button>`;

const COVERED = `<!doctype html><title>Covered</title>${TRACK}
<button id="pay">Pay</button>
<div id="overlay" style="position: fixed; inset: 0; background: rgba(0,0,0,0.3)">Please wait</div>`;

const COVERED_FAR = `<!doctype html><title>Covered far</title>${TRACK}
<div style="height: 3000px">spacer</div><button id="pay">Pay</button>
<div id="overlay" style="position: fixed; inset: 0; background: rgba(0,0,0,0.3)">Please wait</div>`;

const STATES = `<!doctype html><title>States</title>${TRACK}
<button id="off" disabled>Disabled</button>
<button id="v">Vanishing</button><button id="d">Undisplayed</button><button id="z">Shrinking</button>`;

const FOCUS = `<!doctype html><title>Focus</title>
<label>Name <input id="name" onfocus="document.getElementById('other').focus()"></label>
<label>Other <input id="other"></label>
<shadow-field></shadow-field>
<script>
customElements.define("shadow-field", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = '<label>Inner <input id="inner"></label>';
  }
});
</script>`;

const LONG_NAME = "Describe ".repeat(40).trim();
const FIELDS = `<!doctype html><title>Fields</title>
<script>window.inputs = 0; addEventListener("input", () => inputs++, true);</script>
<label>Password <input id="password" type="password"></label>
<label>Code <input id="code" autocomplete="one-time-code"></label>
<label>Verification <input id="otp" name="otp"></label>
<label>Card number <input id="card" autocomplete="cc-number"></label>
<input id="unresolved" aria-labelledby="nowhere">
<input id="long" aria-label="${LONG_NAME}">
<label>City <input id="city"></label>
<label>Country <input id="country" value="Norway" readonly></label>
<label>PIN <input id="digits"></label>
<input id="bare">`;

/** One of each kind of control, to be hidden, or disabled by their fieldset. */
const CONTROLS = `<!doctype html><title>Controls</title>
<script>window.events = 0; for (const t of ["input", "change", "click", "pointerdown"]) addEventListener(t, () => events++, true);</script>
<fieldset id="set">
  <label>Size <select id="size"><option>S</option><option>M</option></select></label>
  <label><input type="checkbox" id="gift"> Gift wrap</label>
  <label>Note <input id="note"></label>
  <label>Receipt <input type="file" id="receipt"></label>
  <label>Day <input type="date" id="day"></label>
  <button id="buy">Buy</button>
</fieldset>
<label>Fixed <input id="fixed" value="as is" readonly></label>
<div id="knob" role="slider" tabindex="0" aria-label="Knob" aria-valuenow="1" style="width: 20px; height: 20px"></div>`;

const DIALOGS = `<!doctype html><title>Dialogs</title><p id="answer">none</p>
<button onclick="alert('Saved!')">Save</button>
<button onclick="answer.textContent = String(confirm('Delete it?'))">Delete</button>`;

const site = new Site({
  "/far": FAR,
  "/covered": COVERED,
  "/covered-far": COVERED_FAR,
  "/states": STATES,
  "/focus": FOCUS,
  "/fields": FIELDS,
  "/dialogs": DIALOGS,
  "/controls": CONTROLS,
});
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const clicks = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.clicks");

// ---- scrolling and hit-testing ----------------------------------------------------------

Deno.test("click scrolls an off-screen button into view and clicks it", browserTest, async () => {
  await using s = await session(site.url("/far"));
  assert.equal(await ph.pageEval(s.sid, "scrollY"), 0);
  const r = await ph.actOn(s.sid, s.state, "click", /button "Far away"/);
  assert.equal(r.execution, "completed");
  assert.equal(r.error, undefined);
  assert.deepEqual(await clicks(s.sid), ["far"]);
  assert.ok(await ph.pageEval(s.sid, "scrollY") > 0);
});

Deno.test("click on a covered button is obscured and nothing is clicked", browserTest, async () => {
  await using s = await session(site.url("/covered"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Pay"/);
  assertNotDispatched(r, "obscured");
  assert.equal(r.error.retryable, true);
  assert.match(r.error.details.coveredBy, /overlay/); // the page's id and classes: details only
  assert.doesNotMatch(r.error.message, /overlay/);
  assert.equal(r.error.details.transient, undefined); // an overlay that stays is no cover of the moment
  assert.equal(r.observation, "captured");
  assert.deepEqual(await clicks(s.sid), []);
});

Deno.test(
  "click on a covered off-screen button is obscured after scrolling: dispatched_unknown, nothing clicked",
  browserTest,
  async () => {
    await using s = await session(site.url("/covered-far"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Pay"/);
    assert.equal(r.execution, "dispatched_unknown");
    assert.equal(r.error.code, "obscured");
    assert.equal(r.error.retryable, false);
    assert.equal(r.observation, "captured");
    assert.deepEqual(await clicks(s.sid), []);
    // The scroll, an action-related side effect, did happen.
    assert.ok(await ph.pageEval(s.sid, "scrollY") > 0);
  },
);

Deno.test("an obscured click is never retried, even once the overlay is gone", browserTest, async () => {
  await using s = await session(site.url("/covered"));
  await ph.pageEval(s.sid, "setTimeout(() => document.getElementById('overlay').remove(), 1000)");
  const r = await ph.actOn(s.sid, s.state, "click", /button "Pay"/);
  assert.equal(r.error.code, "obscured");
  await untilPage(ph, s.sid, "!document.getElementById('overlay')");
  assert.deepEqual(await clicks(s.sid), []);
});

// ---- enabled and visible ------------------------------------------------------------------

Deno.test("a disabled button is element_not_enabled and nothing is clicked", browserTest, async () => {
  await using s = await session(site.url("/states"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Disabled"/);
  assertNotDispatched(r, "element_not_enabled");
  assert.deepEqual(await clicks(s.sid), []);
});

for (
  const [name, id, label, hide] of [
    ["visibility: hidden", "v", /button "Vanishing"/, "style.visibility = 'hidden'"],
    ["display: none", "d", /button "Undisplayed"/, "style.display = 'none'"],
    [
      "zero size",
      "z",
      /button "Shrinking"/,
      "style.cssText = 'width: 0; height: 0; padding: 0; border: 0; overflow: hidden'",
    ],
  ] as const
) {
  Deno.test(
    `a button hidden by ${name} is element_not_visible and nothing is clicked`,
    browserTest,
    async () => {
      await using s = await session(site.url("/states"));
      const ref = refOf(s.state, label);
      await ph.pageEval(s.sid, `document.getElementById("${id}").${hide}`);
      const r = await ph.act(s.sid, s.state, { action: "click", ref });
      assertNotDispatched(r, "element_not_visible");
      assert.deepEqual(await clicks(s.sid), []);
    },
  );
}

/** An action of each family, on the control it fits. */
const ON_CONTROLS = [
  { action: "select", ref: /combobox "Size"/, values: ["M"] },
  { action: "check", ref: /checkbox "Gift wrap"/ },
  { action: "fill", ref: /textbox "Note"/, text: "x" },
  { action: "type", ref: /textbox "Note"/, text: "x" },
  { action: "clear", ref: /textbox "Note"/ },
  { action: "press", ref: /textbox "Note"/, key: "a" },
  { action: "fill", ref: /"Day"/, text: "2020-01-01" },
  { action: "type", ref: /"Day"/, text: "05" },
  { action: "click", ref: /button "Buy"/ },
  { action: "dblclick", ref: /button "Buy"/ },
  { action: "drag", ref: /slider "Knob"/, deltaX: 10 },
] as const;

Deno.test(
  "every action on a control hidden since the observation is element_not_visible and nothing happens",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/controls"));
    for (const { ref, ...action } of [...ON_CONTROLS, { action: "scroll", ref: /button "Buy"/ }]) {
      const state = await ph.observe(s.sid);
      const target = refOf(state, ref);
      await ph.pageEval(
        s.sid,
        `for (const n of document.querySelectorAll("fieldset, #knob")) n.style.display = "none"`,
      );
      const r = await ph.act(s.sid, state, { ...action, ref: target });
      assert.equal(r.execution, "not_dispatched", action.action);
      assert.equal(r.error?.code, "element_not_visible", action.action);
      await ph.pageEval(
        s.sid,
        `for (const n of document.querySelectorAll("fieldset, #knob")) n.style.display = ""`,
      );
    }
    assert.equal(await ph.pageEval(s.sid, "window.events"), 0);
  },
);

Deno.test(
  "every action on a control disabled by its fieldset is element_not_enabled and nothing happens",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/controls"));
    await ph.pageEval(
      s.sid,
      `document.getElementById("set").disabled = true; document.getElementById("knob").setAttribute("aria-disabled", "true")`,
    );
    const upload = {
      action: "upload",
      ref: /Receipt/,
      files: [{ name: "r.txt", mimeType: "text/plain", buffer: "" }],
    };
    for (const { ref, ...action } of [...ON_CONTROLS, upload]) {
      const r = await ph.act(s.sid, state, { ...action, ref: refOf(state, ref) });
      assert.equal(r.execution, "not_dispatched", action.action);
      assert.equal(r.error?.code, "element_not_enabled", action.action);
      state = r.freshState;
    }
    assert.equal(await ph.pageEval(s.sid, "window.events"), 0);
  },
);

Deno.test(
  "text entry into what takes no text is element_not_editable and changes nothing",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/controls"));
    for (
      const [action, ref] of [
        ["type", /button "Buy"/],
        ["fill", /checkbox "Gift wrap"/],
        ["clear", /textbox "Fixed"/],
        ["fill", /textbox "Fixed"/],
      ] as const
    ) {
      const r = await ph.act(s.sid, state, {
        action,
        ref: refOf(state, ref),
        text: action === "clear" ? undefined : "x",
      });
      assert.equal(r.execution, "not_dispatched", `${action} ${ref}`);
      assert.equal(r.error?.code, "element_not_editable", `${action} ${ref}`);
      state = r.freshState;
    }
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("fixed").value`), "as is");
    assert.equal(await ph.pageEval(s.sid, "window.events"), 0);
  },
);

// ---- focus ----------------------------------------------------------------------------

Deno.test(
  "typing into a field that moves focus away is focus_lost, dispatched_unknown, nothing typed",
  browserTest,
  async () => {
    await using s = await session(site.url("/focus"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Name"/, { text: "Ada" });
    assert.equal(r.execution, "dispatched_unknown");
    assert.equal(r.error.code, "focus_lost");
    assert.equal(r.error.retryable, false);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('name').value"), "");
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('other').value"), "");
  },
);

Deno.test("typing into a field inside an open shadow root keeps focus and types", browserTest, async () => {
  await using s = await session(site.url("/focus"));
  const r = await ph.actOn(s.sid, s.state, "type", /textbox "Inner"/, { text: "deep" });
  assertCompleted(r);
  assert.equal(
    await ph.pageEval(
      s.sid,
      "document.querySelector('shadow-field').shadowRoot.getElementById('inner').value",
    ),
    "deep",
  );
});

// ---- credential fields ------------------------------------------------------------------

for (
  const [what, label] of [
    ["a password field", /textbox "Password"/],
    ["a one-time-code field", /textbox "Code"/],
    ["an OTP field named otp", /textbox "Verification"/],
    ["a card number field", /textbox "Card number"/],
    ["a field whose aria-labelledby does not resolve", null],
    ["a field whose accessible name is over 256 characters", /textbox "Describe Describe/],
  ] as const
) {
  Deno.test(`type and fill into ${what} are sensitive_field and nothing is typed`, browserTest, async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/fields"));
    for (const action of ["type", "fill"]) {
      const ref = label ? refOf(state, label) : unresolvedRef(state.tree);
      const r = await ph.act(s.sid, state, { action, ref, text: "hunter2" });
      assert.equal(r.execution, "not_dispatched", action);
      assert.equal(r.error.code, "sensitive_field", action);
      assert.equal(r.error.retryable, false);
      state = r.freshState;
    }
    assert.equal(await ph.pageEval(s.sid, "window.inputs"), 0);
    assert.equal(
      await ph.pageEval(
        s.sid,
        "[...document.querySelectorAll('input:not([readonly])')].map((i) => i.value).join('')",
      ),
      "",
    );
  });
}

/** The ref of the one textbox that has no name (the field labelled by a missing element). */
function unresolvedRef(tree: string): string {
  const lines = tree.split("\n").filter((l) => /- textbox \[/.test(l));
  const m = lines[0]?.match(/\[ref=(@[^\]]+)\]/);
  if (!m) throw new Error(`no unnamed textbox in:\n${tree}`);
  return m[1];
}

Deno.test("press of a printable key into a password field is sensitive_field", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const r = await ph.actOn(s.sid, s.state, "press", /textbox "Password"/, { key: "a" });
  assertNotDispatched(r, "sensitive_field");
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('password').value"), "");
});

for (
  const [what, id] of [
    ["a password field", "password"],
    ["a field labelled PIN", "digits"],
    ["a field whose aria-labelledby does not resolve", "unresolved"],
  ] as const
) {
  Deno.test(
    `press of a printable key without a ref while ${what} has focus is sensitive_field`,
    browserTest,
    async () => {
      await using s = await session(site.url("/fields"));
      await ph.pageEval(s.sid, `document.getElementById("${id}").focus()`);
      const r = await ph.act(s.sid, s.state, { action: "press", key: "a" });
      assertNotDispatched(r, "sensitive_field");
      assert.equal(await ph.pageEval(s.sid, `document.getElementById("${id}").value`), "");
      assert.equal(await ph.pageEval(s.sid, "window.inputs"), 0);
    },
  );
}

Deno.test(
  "press of a printable key without a ref types into an ordinary focused field",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    await ph.pageEval(s.sid, `document.getElementById("city").focus()`);
    const r = await ph.act(s.sid, s.state, { action: "press", key: "a" });
    assertCompleted(r);
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("city").value`), "a");
  },
);

Deno.test("press of a non-printable key into a password field is allowed", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const r = await ph.actOn(s.sid, s.state, "press", /textbox "Password"/, { key: "Tab" });
  assertCompleted(r);
  assert.equal(await ph.pageEval(s.sid, "document.activeElement.id"), "code");
});

Deno.test(
  "type into a read-only field is element_not_editable and changes nothing",
  browserTest,
  async () => {
    await using s = await session(site.url("/fields"));
    const r = await ph.actOn(s.sid, s.state, "type", /textbox "Country"/, { text: "x" });
    assertNotDispatched(r, "element_not_editable");
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('country').value"), "Norway");
    assert.equal(await ph.pageEval(s.sid, "window.inputs"), 0);
  },
);

Deno.test("an ordinary labelled field, or one with no label at all, is typed into", browserTest, async () => {
  await using s = await session(site.url("/fields"));
  const city = await ph.actOn(s.sid, s.state, "type", /textbox "City"/, { text: "Oslo" });
  assert.equal(city.error, undefined);
  const bare = city.freshState.tree.split("\n").filter((l: string) => /- textbox \[/.test(l));
  // Two unnamed textboxes: the one with a dangling aria-labelledby, then the bare one.
  const ref = bare[1].match(/\[ref=(@[^\]]+)\]/)[1];
  const r = await ph.act(s.sid, city.freshState, { action: "fill", ref, text: "free" });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('city').value"), "Oslo");
  assert.equal(await ph.pageEval(s.sid, "document.getElementById('bare').value"), "free");
});

// ---- dialogs --------------------------------------------------------------------------

Deno.test(
  "an alert opened by a click never hangs the action and is listed in dialogs",
  browserTest,
  async () => {
    await using s = await session(site.url("/dialogs"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Save"/);
    assert.equal(r.execution, "completed");
    assert.equal(r.observation, "captured");
    assert.deepEqual(r.dialogs, [{ type: "alert", message: "Saved!", handled: "dismissed" }]);
  },
);

Deno.test(
  "a confirm opened by a click is dismissed by default and the page sees false",
  browserTest,
  async () => {
    await using s = await session(site.url("/dialogs"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Delete"/, {
      expect: { selector: "#answer", text: "false" },
    });
    assert.equal(r.execution, "completed");
    assert.equal(r.postcondition, "met");
    assert.deepEqual(r.dialogs, [{ type: "confirm", message: "Delete it?", handled: "dismissed" }]);
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('answer').textContent"), "false");
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
