/**
 * One credential rule for every door, against real Chromium: a field the page marks
 * `data-sensitive`, and one whose aria-labelledby names no element, are refused for typing over
 * HTTP act and over BAP, and no BAP observation shows their values.
 */
import assert from "node:assert/strict";
import {
  assertNotDispatched,
  browserTest,
  type Json,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";
import { bapLaunched } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Fields</title>
<script>window.inputs = 0; addEventListener("input", () => window.inputs++, true);</script>
<label for="note">Note</label><input id="note" data-sensitive value="note-secret">
<input id="ghost" aria-labelledby="missing-label" value="ghost-secret">
<label for="plain">Plain</label><input id="plain" value="plain-value">`;

const site = new Site({ "/": PAGE });
const { ph, session } = await sharedPorthole();

const FIELDS = [
  ["a data-sensitive field", "#note", "note-secret"],
  ["a field whose aria-labelledby does not resolve", "#ghost", "ghost-secret"],
] as const;

/** The ref of the line for the field with this id (the walker names the unlabelled one by nothing). */
function fieldRef(state: Json, id: string): string {
  if (id === "#note") return refOf(state, /textbox "Note"/);
  const line = state.tree.split("\n").find((l: string) => /- textbox \[/.test(l));
  const m = line?.match(/\[ref=(@[^\]]+)\]/);
  if (!m) throw new Error(`no unnamed textbox in:\n${state.tree}`);
  return m[1];
}

for (const [what, css, secret] of FIELDS) {
  Deno.test(`HTTP act refuses to type into ${what}, and observe hides its value`, browserTest, async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/"));
    assert.ok(!state.tree.includes(secret), state.tree);
    assert.match(state.tree, /textbox "Plain" \[ref=@e\d+\]: plain-value/);
    const r = await ph.act(s.sid, state, { action: "type", ref: fieldRef(state, css), text: "typed" });
    assertNotDispatched(r, "sensitive_field");
    assert.equal(await ph.pageEval(s.sid, "window.inputs"), 0);
  });

  Deno.test(`BAP refuses to type into ${what}, and no observation shows its value`, browserTest, async () => {
    await using c = await bapLaunched(ph);
    await c.call("page/create", { url: site.url("/") });
    const e = await c.fails("action/type", { selector: { type: "css", value: css }, text: "typed" });
    assert.equal(e.code, -32021);
    assert.equal(e.data!.details.reason, "sensitive_field");
    const observed = [
      await c.call("observe/ariaSnapshot", {}),
      await c.call("observe/accessibility", {}),
      await c.call("observe/dom", {}),
      await c.call("observe/content", { format: "html" }),
      await c.call("observe/element", {
        selector: { type: "css", value: css },
        properties: ["value", "attributes"],
      }),
      await c.call("agent/observe", { includeInteractiveElements: true, includeAccessibility: true }),
    ];
    for (const answer of observed) {
      assert.ok(!JSON.stringify(answer).includes(secret), JSON.stringify(answer));
    }
    const listed = observed[5].interactiveElements.find((el: Json) =>
      el.selector.value === css ||
      el.alternativeSelectors?.some((s: Json) => s.value === css)
    );
    assert.equal(listed?.value, "[REDACTED]");
    assert.ok(JSON.stringify(observed).includes("plain-value"), "other fields still show their values");
  });
}
