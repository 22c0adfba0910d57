import assert from "node:assert/strict";
import { assertLine, browserTest, Porthole, Site } from "../support/harness.ts";

/**
 * Paragraphs, list items, lists and landmarks are named only by their author (aria-label,
 * aria-labelledby, title): the walker asks Chromium for the name of those only, and of any that can
 * take focus (walker.ts AUTHOR_NAMED); the tree shows each name as Chromium gives it.
 */
const PAGE = `<!doctype html><title>Names</title>
<header title="Masthead"><nav aria-label="Primary"><a href="/a">A</a></nav></header>
<main title="Content">
  <ul aria-label="Fruits">
    <li>Apple</li>
    <li aria-labelledby="yellow">Banana</li>
    <li tabindex="0">Cherry</li>
    <li title="Stone fruit">Damson</li>
  </ul>
  <span id="yellow">Yellow one</span>
  <p title="Tip">Drink water</p>
  <p>Plain paragraph</p>
  <p tabindex="0">Focusable paragraph</p>
  <article aria-label="Story"><p>Once</p></article>
  <aside>Side</aside>
</main>
<footer>Foot</footer>`;

Deno.test(
  "a paragraph, list item, list or landmark shows the name its author gave, and none otherwise",
  browserTest,
  async () => {
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const has = (re: RegExp) => assertLine(state.tree, re);
    has(/^- banner "Masthead":$/);
    has(/^- navigation "Primary":$/);
    has(/^- main "Content":$/);
    has(/^- list "Fruits":$/);
    has(/^- listitem: Apple$/);
    has(/^- listitem "Yellow one": Banana$/);
    // Focusable: actionable, and named as Chromium names it (by nobody here either).
    has(/^- listitem \[ref=@e\d+\]: Cherry$/);
    has(/^- listitem "Stone fruit": Damson$/);
    // A paragraph's title is its description, not its name, in Chromium.
    has(/^- paragraph: Drink water$/);
    has(/^- paragraph: Plain paragraph$/);
    has(/^- paragraph \[ref=@e\d+\]: Focusable paragraph$/);
    has(/^- article "Story":$/);
    has(/^- complementary: Side$/);
    has(/^- contentinfo: Foot$/);
  },
);

Deno.test(
  "a container named by its one actionable child leaves the name to it: a heading around a link says it once",
  browserTest,
  async () => {
    await using site = new Site({
      "/": `<!doctype html><title>Cards</title><main>
<article><h3><a href="/one">Story one</a></h3><p>Summary</p></article>
<article><h3><a href="/two">Story two</a> (live)</h3></article>
<article><h3>Story three</h3></article>
</main>`,
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const has = (re: RegExp) => assertLine(state.tree, re);
    // The link carries the name; the heading around it only its level.
    has(/^- heading \[level=3\]:$/);
    has(/^- link "Story one" \[navigates=same-origin\] \[ref=@e\d+\]:$/);
    // A heading with more than its link keeps its own name, as does one with no actionable child.
    has(/^- heading "Story two \(live\)" \[level=3\]:$/);
    has(/^- heading "Story three" \[level=3\]$/);
    const interactive = await ph.observe(sid, { tier: "interactive" });
    assertLine(interactive.tree, /^- heading \[level=3\]:$/);
    assertLine(interactive.tree, /^- link "Story one" \[navigates=same-origin\] \[ref=@e\d+\]$/);
    // find still matches the heading by its name, and shows it there.
    const found = await ph.post(`/v1/sessions/${sid}/find`, { role: "heading", name: "story one" });
    assert.equal(found.body.total, 1, JSON.stringify(found.body));
    assert.match(found.body.matches[0].line, /^- heading "Story one" \[level=3\]/);
  },
);
