import assert from "node:assert/strict";
import { assertLine, browserTest, Porthole, Site } from "../support/harness.ts";

/**
 * Links with an href, buttons, lists, list items, paragraphs, headings, navigation, main, strong,
 * emphasis, code, articles, quotations, figures, separators, terms, definitions and the grouping
 * elements take their role from the tag alone in Chromium when they carry no role attribute:
 * the walker does not ask for those (walker.ts KNOWN). A list item's role also depends on its parent,
 * so one under a parent with a role of its own, or slotted into a shadow root, is asked for. Each line
 * shows the role Chromium gives, which the page reads here too.
 */
const PAGE = `<!doctype html><title>Roles</title>
<nav><a href="/a" data-k="link">Home</a> <a data-k="no-href">Not a link</a>
  <a href="/b" role="button" data-k="link-as-button">Styled link</a></nav>
<main>
  <h3 data-k="heading">Heading three</h3>
  <p data-k="paragraph">A paragraph with <strong data-k="strong">bold</strong>, <em data-k="em">stressed</em>
    and <code data-k="code">code</code> words.</p>
  <ul data-k="list"><li data-k="item">Plain item</li></ul>
  <ul role="none"><li data-k="item-in-none">Presentational item</li></ul>
  <ol role="presentation"><li data-k="item-in-presentation">Another presentational item</li></ol>
  <ul role="none"><li role="listitem" data-k="item-own-role">Item with its own role</li></ul>
  <div><li data-k="orphan">Item without a list</li></div>
  <shadow-list><li data-k="slotted">Slotted item</li></shadow-list>
  <div role="button" tabindex="0"><button data-k="button-in-button">Inner</button></div>
  <menu><li data-k="menu-item">Menu entry</li></menu>
  <article data-k="article"><h4>Story</h4><p>Story text.</p></article>
  <ul role="none"><li><article data-k="article-in-none">Story in a presentational list</article></li></ul>
  <shadow-list><article data-k="article-slotted">Slotted story</article></shadow-list>
  <blockquote data-k="blockquote">Quoted words</blockquote>
  <figure data-k="figure">Figure body</figure>
  <hr data-k="hr">
  <dl><dt data-k="dt">Term</dt><dd data-k="dd">Its definition</dd></dl>
  <fieldset data-k="fieldset">Grouped fields</fieldset>
  <address data-k="address">1 Harbour Street</address>
  <details data-k="details" open><summary>More</summary>Details text</details>
  <hgroup data-k="hgroup"><h5>Title</h5><p>Subtitle</p></hgroup>
  <search data-k="search">Search area</search>
  <section><aside><article data-k="article-in-aside">Nested story</article></aside></section>
</main>
<script>
  customElements.define("shadow-list", class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = '<ul role="none"><slot></slot></ul>';
    }
  });
</script>`;

Deno.test(
  "an element whose role the walker knows from its tag shows the role Chromium gives it, and a list item under a presentational or shadow list shows Chromium's",
  browserTest,
  async () => {
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const has = (re: RegExp) => assertLine(state.tree, re);
    has(/^- navigation:$/);
    has(/^- link "Home" .*\[ref=@e\d+\]/);
    has(/^- button "Styled link" \[ref=@e\d+\]/);
    has(/^- main:$/);
    has(/^- heading "Heading three" \[level=3\]$/);
    // Inline roles outside an editor join the text around them.
    has(/^- paragraph: A paragraph with bold, stressed and code words\.$/);
    has(/^- list:$/);
    has(/^- listitem: Plain item$/);
    has(/^- listitem: Item with its own role$/);
    has(/^- listitem: Item without a list$/);
    has(/^- listitem: Menu entry$/);
    has(/^- button "Inner" \[ref=@e\d+\]$/);
    has(/^- article:$/);
    has(/^- article: Story in a presentational list$/);
    has(/^- article: Slotted story$/);
    has(/^- blockquote: Quoted words$/);
    has(/^- figure: Figure body$/);
    has(/^- separator$/);
    has(/^- term "Term"$/);
    has(/^- definition: Its definition$/);
    has(/^- group: Grouped fields$/);
    has(/^- group: 1 Harbour Street$/);
    has(/^- search: Search area$/);
    has(/^- article: Nested story$/);
    // A presentational list's items are presentational too: their text joins the text around them.
    assert.doesNotMatch(state.tree, /^\s*- listitem: (Another )?[Pp]resentational item$/m);
    has(/Presentational item/);
    // The page's own answer, element by element, for what the walker did not ask for.
    const chromium = JSON.parse(
      await ph.pageEval(
        sid,
        `JSON.stringify(Object.fromEntries([...document.querySelectorAll("[data-k]")].map((e) => [e.dataset.k, e.computedRole])))`,
      ),
    );
    assert.deepEqual(chromium, {
      "link": "link",
      "no-href": "generic",
      "link-as-button": "button",
      "heading": "heading",
      "paragraph": "paragraph",
      "strong": "strong",
      "em": "emphasis",
      "code": "code",
      "list": "list",
      "item": "listitem",
      "item-in-none": "none",
      "item-in-presentation": "none",
      "item-own-role": "listitem",
      "orphan": "listitem",
      "slotted": chromium.slotted,
      "button-in-button": "button",
      "menu-item": "listitem",
      "article": "article",
      "article-in-none": "article",
      "article-slotted": "article",
      "blockquote": "blockquote",
      "figure": "figure",
      "hr": "separator",
      "dt": "term",
      "dd": "definition",
      "fieldset": "group",
      "address": "group",
      "details": "group",
      "hgroup": "group",
      "search": "search",
      "article-in-aside": "article",
    });
    const slottedLine = chromium.slotted === "listitem" ? /^- listitem: Slotted item$/ : /Slotted item/;
    has(slottedLine);
    // An act on a link and a button whose role came from the tag passes the act's own check of the role.
    const link = /link "Home" .*\[ref=(@e\d+)\]/.exec(state.tree)![1];
    const clicked = await ph.act(sid, state, { action: "click", ref: link });
    assert.equal(clicked.execution, "completed", JSON.stringify(clicked.error));
  },
);
