/**
 * What the gauntlet of real libraries (tests/realworld) found missing from the tree, on small
 * hand-written pages: a scroll container is actionable and says how far it scrolls, and an
 * editor's formatted text keeps its formatting.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";

const LIST = `<title>list</title><div id="list" aria-label="Orders" role="region"
  style="height:100px;overflow:auto"><div style="height:3200px">${
  Array.from({ length: 3 }, (_, i) => `<button>Order ${i}</button>`).join("")
}</div></div>`;

const EDITOR =
  `<title>editor</title><div contenteditable aria-label="Note"><p>plain and <strong>bold</strong></p></div>
<div contenteditable aria-label="Plain"><p>only plain</p></div>`;

Deno.test(
  "a scroll container has a ref and its extent; scrolling it by ref moves it",
  browserTest,
  async () => {
    await using site = new Site({ "/": LIST });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    assert.match(state.tree, /region "Orders" \[scroll=0-100\/3200\] \[ref=@e\d+\]/);
    const r = await ph.actOn(sid, state, "scroll", /region "Orders"/, { deltaY: 1000 });
    assert.equal(r.execution, "completed");
    assert.match(r.freshState.tree, /region "Orders" \[scroll=1000-1100\/3200\]/);
    assert.equal(await ph.pageEval(sid, "document.getElementById('list').scrollTop"), 1000);
  },
);

Deno.test(
  "an editor's bold word is in the tree; an unformatted editor keeps its value line",
  browserTest,
  async () => {
    await using site = new Site({ "/": EDITOR });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const lines = state.tree.split("\n");
    const at = lines.findIndex((l: string) => /textbox "Note"/.test(l));
    assert.match(lines[at], /textbox "Note" \[ref=@e\d+\]:$/);
    assert.ok(lines.slice(at + 1, at + 5).some((l: string) => /^\s+- strong: bold$/.test(l)), state.tree);
    assert.match(state.tree, /textbox "Plain" \[ref=@e\d+\]: only plain/);
    refOf(state, /textbox "Note"/);
  },
);
