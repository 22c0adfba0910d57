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

/**
 * A link, button or heading named by its text alone is named by the walker without asking Chromium
 * (walker.ts textName): the text with its white space collapsed. Everything else that could take part
 * in the name sends the walker to Chromium. Each case's line shows the name Chromium itself gives.
 */
const TEXT_NAMES = `<!doctype html><title>Text names</title>
<style>
  .before::before { content: "New: " } .after::after { content: " (3)" } .upper { text-transform: uppercase }
  .pre { white-space: pre } .hidden-before::before { content: none }
</style>
<main>
  <a href="/a" data-k="plain">Plain link</a>
  <a href="/b" data-k="spaces">
      Spread   over
      lines	and tabs
  </a>
  <button data-k="button">Save <!-- a comment --> draft</button>
  <h2 data-k="heading">Section title</h2>
  <a href="/c" class="before" data-k="before">Messages</a>
  <a href="/d" class="after" data-k="after">Inbox</a>
  <a href="/e" class="hidden-before" data-k="before-none">Quiet</a>
  <button class="upper" data-k="upper">shout</button>
  <button class="pre" data-k="pre">Two  spaces</button>
  <a href="/f" data-k="nbsp">No&nbsp;break</a>
  <a href="/g" data-k="soft">Soft&shy;hyphen</a>
  <a href="/h" data-k="accents">Café Zürich Łódź</a>
  <a href="/i" data-k="cjk">東京 駅</a>
  <a href="/j" data-k="emoji">Party 🎉</a>
  <a href="/k" aria-label="Labelled" data-k="aria-label">Text</a>
  <span id="lbl">From elsewhere</span><a href="/l" aria-labelledby="lbl" data-k="labelledby">Text</a>
  <a href="/m" title="Title text" data-k="title">Linked</a>
  <label for="b1">Label wins</label><button id="b1" data-k="label">Button text</button>
  <a href="/n" data-k="nested">Nested <b>bold</b> part</a>
  <a href="/o" data-k="image"><img alt="Logo" src="data:,"> Home</a>
  <h3 data-k="hidden-part">Visible<span hidden> hidden</span></h3>
  <h3 data-k="headline"><a href="/p">Headline of a story</a></h3>
  <h3 data-k="headline-labelled"><a href="/q" aria-label="Read the story">Second headline</a></h3>
  <h3 data-k="headline-spaced"> <a href="/r">Third headline</a> </h3>
  <h3 class="before" data-k="headline-generated"><a href="/s">Fourth headline</a></h3>
  <h3 data-k="headline-block"><a href="/t" style="display:block">Fifth headline</a></h3>
  <h4 data-k="shadow-heading">Light text</h4>
</main>
<script>
  document.querySelector('[data-k="shadow-heading"]').attachShadow({ mode: "open" }).innerHTML =
    "Shadow text <slot></slot>";
</script>`;

Deno.test(
  "a link, button or heading named by its text shows the name Chromium gives it, whatever else takes part",
  browserTest,
  async () => {
    await using site = new Site({ "/": TEXT_NAMES });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const chromium: Record<string, string> = JSON.parse(
      await ph.pageEval(
        sid,
        `JSON.stringify(Object.fromEntries([...document.querySelectorAll("[data-k]")].map((e) => [e.dataset.k, e.computedName])))`,
      ),
    );
    // The cases read as a person would expect, as Chromium names them.
    // Chromium keeps a space the layout keeps (before the next word on the line): the tree shows names trimmed.
    assert.equal(chromium.spaces.trim(), "Spread over lines and tabs");
    assert.equal(chromium.before, "New: Messages");
    assert.equal(chromium.label, "Label wins");
    assert.equal(chromium["aria-label"], "Labelled");
    const lines = state.tree.split("\n").map((l: string) => l.trim());
    for (const [k, name] of Object.entries(chromium)) {
      const quoted = JSON.stringify(name.replace(/\s+/g, " ").trim());
      assert.ok(
        lines.some((l: string) => l.includes(` ${quoted}`)),
        `${k}: no line named ${quoted} in:\n${state.tree}`,
      );
    }
    // A rule added later (as CSS-in-JS libraries add theirs) is read by the next walk.
    await ph.pageEval(
      sid,
      `document.styleSheets[0].insertRule('[data-k="plain"]::after { content: " now" }')`,
    );
    const later = await ph.observe(sid);
    assertLine(later.tree, /^- link "Plain link now" /);
    // An act checks the ref's role and name against Chromium's own, exactly: each link and button passes it.
    let at = later;
    for (
      const line of later.tree.split("\n").map((l: string) => l.trim()).filter((l: string) =>
        /^- (link|button) .*\[ref=@e\d+\]/.test(l) && !l.includes("[covered]")
      )
    ) {
      const ref = /\[ref=(@e\d+)\]/.exec(line)![1];
      const r = await ph.act(sid, at, { action: "hover", ref });
      assert.equal(r.execution, "completed", `${line}: ${JSON.stringify(r.error)}`);
      at = r.freshState;
    }
  },
);
