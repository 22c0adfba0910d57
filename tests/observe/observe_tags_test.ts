/**
 * Consequence tags on refs, read by the walker from the page's own markup in real Chromium:
 * what acting on a ref would do (`[submits]`, `[navigates=…]`, `[opens-popup]`, `[downloads]`,
 * `[credential]`) and whether it can be reached now (`[covered]`, `[offscreen]`, `[disabled]`).
 */
import assert from "node:assert/strict";
import { type Json, sharedPorthole, Site } from "../support/harness.ts";

const { ph, session } = await sharedPorthole();

const PAGE = `<!doctype html><title>Tags</title>
<form action="/done"><input aria-label="User"><input type="password" aria-label="Secret">
  <button>Sign in</button><button type="button">Show</button></form>
<form action="/done" target="_blank"><input type="submit" value="Print"></form>
<a href="/next">Next</a>
<a href="https://example.com/about">Elsewhere</a>
<a href="/help" target="_blank">Help</a>
<a href="/side" target="side">Side</a><iframe name="side" title="Side"></iframe>
<a href="/report.csv" download>Report</a>
<a href="mailto:someone@example.com">Write</a>
<button disabled>Later</button>
<button id="under" style="position:absolute; top:400px; left:10px">Under</button>
<div style="position:absolute; top:390px; left:0; width:300px; height:60px; background:#fff"></div>
<button style="position:absolute; left:-9999px">Skip</button>
<div style="height:3000px"></div>
<button>Far below</button>`;

/** The tree line of the ref'd element named `name`, with its ref cut off. */
function lineOf(state: Json, name: string): string {
  const line = String(state.tree).split("\n").find((l) => l.includes(`"${name}"`) && l.includes("[ref="));
  assert.ok(line, `a ref line for ${name} in:\n${state.tree}`);
  return line.trim().replace(/ \[ref=@e\d+\].*$/, "");
}

Deno.test("refs carry the tags their markup implies, in every tier", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using site = new Site({ "/": PAGE });
  await using s = await session(site.url("/"));
  for (const tier of ["full", "interactive", "minimal"]) {
    const state = await ph.observe(s.sid, { tier });
    const expected: Record<string, string> = {
      User: '- textbox "User"',
      Secret: '- textbox "Secret" [credential]',
      "Sign in": '- button "Sign in" [submits]',
      Show: '- button "Show"',
      Print: '- button "Print" [submits] [opens-popup]',
      Next: '- link "Next" [navigates=same-origin]',
      Elsewhere: '- link "Elsewhere" [navigates=cross-origin]',
      Help: '- link "Help" [navigates=same-origin] [opens-popup]',
      // A named target that a frame of the page has is that frame, not a new window.
      Side: '- link "Side" [navigates=same-origin]',
      Report: '- link "Report" [downloads]',
      // Not a navigation of the page.
      Write: '- link "Write"',
      Later: '- button "Later" [disabled]',
      Under: '- button "Under" [covered]',
      Skip: '- button "Skip" [offscreen]',
      // Below the fold is not off the page: scrolling shows it.
      "Far below": '- button "Far below"',
    };
    for (const [name, line] of Object.entries(expected)) {
      assert.equal(lineOf(state, name), line, `${tier}: ${name}`);
    }
  }
});

Deno.test("an option a scrolled list has scrolled past is no [offscreen]: scrolling the list shows it", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  // A dropdown as country pickers draw it: a list that scrolls, inside a panel that hides its overflow,
  // scrolled far down at open (to the selected option), so the first options lie above the page's top.
  const options = Array.from({ length: 200 }, (_, i) => `<li role="option" tabindex="-1">Country ${i}</li>`);
  const page = `<!doctype html><title>Picker</title>
<div style="overflow:hidden; width:300px">
  <ul role="listbox" aria-label="Countries" id="list" style="height:120px; overflow-y:auto; margin:0">${
    options.join("")
  }</ul>
</div>
<div style="overflow:auto; width:200px; height:60px; position:relative">
  <button style="position:relative; left:-9999px">Before the start</button>
  <div style="height:200px"></div>
</div>
<script>list.scrollTop = list.scrollHeight; list.lastElementChild.focus();</script>`;
  await using site = new Site({ "/": page });
  await using s = await session(site.url("/"));
  const state = await ph.observe(s.sid);
  assert.equal(lineOf(state, "Country 0"), '- option "Country 0"');
  assert.equal(lineOf(state, "Country 120"), '- option "Country 120"');
  assert.doesNotMatch(state.tree, /option "Country \d+" \[offscreen\]/);
  // Left of a box's start no scroll reaches: offscreen.
  assert.equal(lineOf(state, "Before the start"), '- button "Before the start" [offscreen]');
  // And the act agrees: the first option is scrolled into view and clicked.
  const r = await ph.actOn(s.sid, state, "click", /option "Country 0"/);
  assert.equal(r.execution, "completed", JSON.stringify(r.error));
  assert.equal(await ph.pageEval(s.sid, "document.activeElement.textContent"), "Country 0");
});

Deno.test("[covered] follows the page: the overlay gone, the tag is gone and the ref stays", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  {
    await using site = new Site({ "/": PAGE });
    await using s = await session(site.url("/"));
    await overlayGone(s.sid);
  }
  await ph[Symbol.asyncDispose]();
});

async function overlayGone(sid: string) {
  const s = { sid };
  const before = await ph.observe(s.sid, {});
  const ref = String(before.tree).match(/button "Under" \[covered\] \[ref=(@e\d+)\]/)?.[1];
  assert.ok(ref, before.tree);
  await ph.pageEval(s.sid, `document.querySelector("div[style*='background']").remove()`);
  const after = await ph.observe(s.sid, {});
  assert.match(after.tree, new RegExp(`^- button "Under" \\[ref=${ref}\\]$`, "m"));
}
