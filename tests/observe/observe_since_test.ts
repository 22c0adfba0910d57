/**
 * Incremental observation: `since` answers only the lines that changed against an earlier state
 * of the same document (recent states are kept, read-only, as diff bases), and otherwise the
 * full tree with `sinceUnavailable` saying why.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const COUNTER = `<!doctype html><title>Counter</title>
<h1>Counter</h1>
<p id="count">Count: 0</p>
<label><input type="checkbox" id="agree"> Agree</label>
<button onclick="count.textContent = 'Count: ' + (Number(count.textContent.slice(7)) + 1)">Increment</button>
<button onclick="document.body.append(Object.assign(document.createElement('button'), { textContent: 'New ' + document.querySelectorAll('button').length }))">Grow</button>
<button onclick="this.remove()">Vanish</button>
<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/p/${i}">Product ${i}</a></li>`).join("")}</ul>`;

const utf8 = (s: string) => new TextEncoder().encode(s).length;

Deno.test("incremental observation with since", browserTest, async (t) => {
  await using site = new Site({ "/": COUNTER, "/other": "<!doctype html><title>Other</title><p>Other</p>" }),
    ph = await Porthole.start();
  const sid = await ph.session();
  const first: Json = await ph.open(sid, site.url("/"));

  await t.step(
    "after a click, since answers only the changed lines, and far less than the tree",
    async () => {
      const clicked = await ph.actOn(sid, first, "click", /Increment/);
      assert.equal(clicked.execution, "completed");
      const diff = await ph.observe(sid, { since: first.stateId });
      assert.equal(diff.since, first.stateId);
      assert.deepEqual(diff.changes, {
        added: ['- paragraph: "Count: 1"'],
        removed: ['- paragraph: "Count: 0"'],
        // The click focused the button.
        changed: [`- button "Increment" [active] [ref=${refOf(first, /Increment/)}]`],
      });
      assert.equal(diff.tree, "");
      assert.equal(diff.bytes, 0);
      assert.equal(diff.sinceUnavailable, undefined);
      assert.ok(utf8(JSON.stringify(diff)) < 2048, `${utf8(JSON.stringify(diff))} bytes`);
      assert.ok(utf8(first.tree) > 2048);
      assert.equal(diff.refCount, first.refCount, "the state behind the diff is the whole document");
    },
  );

  await t.step("a since observation is a new current state whose refs act", async () => {
    const base = await ph.observe(sid);
    const diff = await ph.observe(sid, { since: base.stateId });
    assert.deepEqual(diff.changes, { added: [], removed: [], changed: [] });
    const result = await ph.act(sid, diff, { action: "click", ref: refOf(base, /Increment/) });
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    assert.equal(await ph.pageEval(sid, "count.textContent"), "Count: 2");
    const stale = await ph.actOn(sid, base, "click", /Increment/);
    assert.equal(stale.error.code, "stale_state", "a diff base stays read-only");
  });

  await t.step(
    "state changes, new and removed elements are changed, added and removed lines by ref",
    async () => {
      const base = await ph.observe(sid);
      await ph.pageEval(sid, "agree.click()");
      const grown = await ph.actOn(sid, base, "click", /Grow/);
      const vanish = refOf(grown.freshState, /Vanish/);
      await ph.act(sid, grown.freshState, { action: "click", ref: vanish });
      const diff = await ph.observe(sid, { since: base.stateId });
      assert.deepEqual(diff.changes.changed, [
        `- checkbox "Agree" [checked] [ref=${refOf(base, /Agree/)}]`,
        // Focus left the button the earlier step clicked.
        `- button "Increment" [ref=${refOf(base, /Increment/)}]`,
      ]);
      assert.equal(diff.changes.added.length, 1);
      assert.match(diff.changes.added[0], /^- button "New \d+" \[ref=@e\d+\]$/);
      // A removed line that had a ref is named by its ref alone: the agent holds the line.
      assert.deepEqual(diff.changes.removed, [vanish]);
    },
  );

  await t.step("a list that went whole is one removed line: its 40 items and links go with it", async () => {
    const base = await ph.observe(sid);
    assert.equal((base.tree.match(/- link "Product/g) ?? []).length, 40);
    await ph.pageEval(sid, "document.querySelector('ul').remove()");
    const diff = await ph.observe(sid, { since: base.stateId });
    assert.deepEqual(diff.changes, { added: [], removed: ["- list:"], changed: [] });
    await ph.pageEval(
      sid,
      `document.body.append(Object.assign(document.createElement('ul'), {
      innerHTML: ${
        JSON.stringify(
          Array.from({ length: 40 }, (_, i) => `<li><a href="/p/${i}">Product ${i}</a></li>`).join(""),
        )
      }
    }))`,
    );
  });

  await t.step("an unknown state gives the full tree, and sinceUnavailable says why", async () => {
    const r = await ph.observe(sid, { since: "st_never" });
    assert.equal(r.sinceUnavailable.reason, "unknown_state");
    assert.match(r.sinceUnavailable.message, /st_never/);
    assert.equal(r.changes, undefined);
    assert.match(r.tree, /button "Increment"/);
    assert.equal(r.bytes, utf8(r.tree));
  });

  await t.step("other options than the base's give the full tree with other_options", async () => {
    const base = await ph.observe(sid);
    const r = await ph.observe(sid, { since: base.stateId, tier: "minimal" });
    assert.equal(r.sinceUnavailable.reason, "other_options");
    assert.match(r.tree, /\[ref=/);
  });

  await t.step("a new document (even the same URL) gives the full tree with other_document", async () => {
    const base = await ph.observe(sid);
    const reloaded = await ph.open(sid, site.url("/"));
    const r = await ph.observe(sid, { since: base.stateId });
    assert.equal(r.sinceUnavailable.reason, "other_document");
    assert.equal(r.tree, reloaded.tree);
    await ph.open(sid, site.url("/other"));
    const other = await ph.observe(sid, { since: reloaded.stateId });
    assert.equal(other.sinceUnavailable.reason, "other_document");
    assert.equal(other.tree, "- paragraph: Other\n");
  });
});

Deno.test(
  "changes larger than the whole tree give the whole tree, with changes_larger",
  browserTest,
  async () => {
    const FILTER = `<!doctype html><title>Filter</title>
<input aria-label="Filter" oninput="for (const li of document.getElementById('list').children) li.hidden = !li.textContent.includes(this.value)">
<button onclick="filter.value = 'Country 7'; filter.oninput()">Only seven</button>
<button onclick="list.firstElementChild.textContent = 'First, renamed'">Rename first</button>
<ul id="list">${
      Array.from({ length: 120 }, (_, i) => `<li><button>Country ${i}</button></li>`).join("")
    }</ul>`
      .replace("<input", '<input id="filter"');
    await using site = new Site({ "/": FILTER }), ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    // A small change is answered as changes.
    await ph.actOn(sid, first, "click", /Rename first/);
    const small = await ph.observe(sid, { since: first.stateId });
    assert.equal(small.sinceUnavailable, undefined);
    assert.ok(small.changes.added.some((l: string) => l.includes("First, renamed")), JSON.stringify(small));
    // The filter hides 109 of 120 rows: their removal says more than the eleven rows left.
    const base = await ph.observe(sid);
    await ph.actOn(sid, base, "click", /Only seven/);
    const r = await ph.observe(sid, { since: base.stateId });
    assert.equal(r.sinceUnavailable.reason, "changes_larger");
    assert.match(r.sinceUnavailable.message, /larger than the whole tree \(\d+ bytes\)/);
    assert.equal(r.changes, undefined);
    assert.match(r.tree, /button "Country 77"/);
    assert.doesNotMatch(r.tree, /Country 8\b/);
    assert.equal(r.bytes, utf8(r.tree));
    // The whole tree is a base like any other: the next small change is changes again.
    await ph.actOn(sid, r, "click", /Rename first/);
    const again = await ph.observe(sid, { since: r.stateId });
    assert.equal(again.sinceUnavailable, undefined);
    assert.ok(again.changes.changed.some((l: string) => /button "Rename first" \[active\]/.test(l)));
  },
);
