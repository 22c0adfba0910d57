/**
 * One credential rule on every door: the same table of fields, in real Chromium, is refused for
 * typing over HTTP exactly when BAP's observe/dom redacts its value, and neither names a field the
 * rule (policy/sensitive.ts, with page_lib.ts FIELD_FACTS) calls harmless.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, sharedPorthole, Site } from "../support/harness.ts";
import { bapPage } from "../support/bap_fixture.ts";

/** [label of the row, the field's markup, whether the rule calls it sensitive]. */
const FIELDS: [string, string, boolean][] = [
  ["password type", `<input id="f0" type="password" aria-label="Field 0">`, true],
  ["data-sensitive", `<input id="f1" data-sensitive aria-label="Field 1">`, true],
  ["one-time-code autocomplete", `<input id="f2" autocomplete="one-time-code" aria-label="Field 2">`, true],
  ["cc-number among tokens", `<input id="f3" autocomplete="section-a cc-number" aria-label="Field 3">`, true],
  ["CVC label", `<label>CVC <input id="f4"></label>`, true],
  ["token placeholder", `<input id="f5" placeholder="API token" aria-label="Field 5">`, true],
  ["access key name", `<input id="f6" name="access_key" aria-label="Field 6">`, true],
  ["unresolvable aria-labelledby", `<input id="f7" aria-labelledby="nowhere">`, true],
  ["over-long name", `<input id="f8" aria-label="${"x".repeat(300)}">`, true],
  ["plain name field", `<label>Full name <input id="f9"></label>`, false],
  ["search", `<input id="f10" type="search" aria-label="Search">`, false],
];
const PAGE = `<!doctype html><title>Fields</title>${
  FIELDS.map(([, html]) => `<p>${html}</p>`).join("\n")
}<script>for (const el of document.querySelectorAll("input")) el.setAttribute("value", "v-" + el.id);</script>`;
const site = new Site({ "/": PAGE });
const { ph, session } = await sharedPorthole();

Deno.test("every door applies the one credential rule to the same table of fields", browserTest, async () => {
  await using s = await session();
  let state: Json = await ph.open(s.sid, site.url("/"));
  await using c = await bapPage(ph, site.url("/"));
  const html: string = (await c.call("observe/content", { format: "html" })).content;
  for (const [i, [what, , sensitive]] of FIELDS.entries()) {
    const line = state.tree.split("\n").find((l: string) =>
      /textbox|searchbox/.test(l) && l.endsWith(`: v-f${i}`)
    ) ??
      state.tree.split("\n").filter((l: string) => /textbox|searchbox/.test(l))[i];
    const ref = line.match(/\[ref=(@[^\]]+)\]/)[1];
    const r = await ph.act(s.sid, state, { action: "type", ref, text: "z" });
    assert.equal(
      r.error?.code === "sensitive_field",
      sensitive,
      `HTTP type into ${what}: ${JSON.stringify(r.error)}`,
    );
    state = r.freshState ?? await ph.observe(s.sid);
    assert.equal(
      html.includes(`value="v-f${i}"`),
      !sensitive,
      `BAP observe/content of ${what}: ${html.match(new RegExp(`<input id="f${i}"[^>]*>`))?.[0]}`,
    );
  }
});

Deno.test("credential rule: the shared browser closes", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
});
