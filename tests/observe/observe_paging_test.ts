/**
 * An observation past the 48 KiB cap: `nextCursor` pages the same state to its last line, every
 * ref exactly once and each acting; `observe {ref|locator}` answers one subtree as a new state;
 * `find` searches the whole document and answers a state an act consumes.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const ROWS = 10_000;

/** A plain list of about 35,000 accessibility nodes: 10,000 rows, each a button and some text; 10,003 refs. */
const LIST = (() => {
  let s = `<!doctype html><title>Rows</title><header><nav><a href="/a">A</a> <a href="/b">B</a> ` +
    `<a href="/c">C</a></nav></header><main><h1>Rows</h1><p id="out">None</p><ul aria-label="Rows">`;
  for (let i = 0; i < ROWS; i++) {
    s +=
      `<li><button onclick="out.textContent='Clicked ${i}'">Row ${i}</button> <span>costs ${i}.99</span></li>`;
  }
  return s + `</ul></main><section aria-label="Orders"><table><tr><th>Order</th></tr>` +
    `<tr><td><button>Refund 1</button></td></tr><tr><td><button>Refund 2</button></td></tr></table></section>`;
})();

const utf8 = (s: string) => new TextEncoder().encode(s).length;
const refsIn = (tree: string) => [...tree.matchAll(/\[ref=(@[a-z0-9]+)\]/g)].map((m) => m[1]);

Deno.test("observe past the cap: cursors, scopes and find", browserTest, async (t) => {
  await using site = new Site({ "/": LIST }), ph = await Porthole.start();
  const sid = await ph.session();
  const first: Json = await ph.open(sid, site.url("/"));
  const pages: Json[] = [first];

  await t.step("a cut observation says so and carries a cursor", () => {
    assert.equal(first.truncated, true);
    assert.equal(typeof first.nextCursor, "string");
    assert.equal(first.page.index, 0);
    assert.ok(first.page.count > 1);
    assert.ok(first.bytes <= 48 * 1024);
  });

  await t.step("following the cursors yields every ref exactly once, each page within the cap", async () => {
    let at = first;
    while (at.nextCursor) {
      at = await ph.observe(sid, { cursor: at.nextCursor });
      assert.equal(at.stateId, first.stateId, "every page is of the same state");
      assert.ok(utf8(at.tree) <= 48 * 1024, `page ${at.page.index}: ${utf8(at.tree)} bytes`);
      assert.equal(at.bytes, utf8(at.tree));
      pages.push(at);
    }
    assert.equal(at.truncated, false, "the last page is the end of the document");
    assert.equal(pages.length, first.page.count);
    const all = pages.flatMap((p) => refsIn(p.tree));
    assert.equal(all.length, ROWS + 5, "10,000 rows, 3 links and 2 refund buttons");
    assert.equal(new Set(all).size, all.length, "no ref twice");
    const lines = pages.map((p) => p.tree).join("");
    assert.match(lines, /button "Row 0" \[ref=/);
    assert.match(lines, /button "Row 9999" \[ref=/);
    assert.equal(lines.match(/- listitem/g)?.length, ROWS, "no row repeated or skipped");
    for (const p of pages.slice(1)) {
      assert.match(p.tree, /^ {4}- listitem:\n/, "a page starts on a whole row");
    }
  });

  await t.step("a ref from a later page acts on the state", async () => {
    const late = pages[pages.length - 2];
    const result = await ph.act(sid, first, { action: "click", ref: refOf(late, /button "Row \d+"/) });
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    const row = refOf(late, /button "Row \d+"/);
    const n = late.tree.split("\n").find((l: string) => l.includes(row)).match(/Row (\d+)/)[1];
    assert.equal(await ph.pageEval(sid, "out.textContent"), `Clicked ${n}`);
  });

  await t.step("a cursor of a consumed or replaced state is refused", async () => {
    const consumed = await ph.post(`/v1/sessions/${sid}/observe`, { cursor: first.nextCursor });
    assertError(consumed, 409, "stale_cursor");
    assert.match(consumed.body.error.message, /consumed/);
    const fresh = await ph.observe(sid);
    await ph.observe(sid);
    const replaced = await ph.post(`/v1/sessions/${sid}/observe`, { cursor: fresh.nextCursor });
    assertError(replaced, 409, "stale_cursor");
    assert.match(replaced.body.error.message, /replaced/);
    assertError(
      await ph.post(`/v1/sessions/${sid}/observe`, { cursor: "st_never~1" }),
      400,
      "invalid_params",
    );
    const mixed = await ph.post(`/v1/sessions/${sid}/observe`, { cursor: fresh.nextCursor, tier: "minimal" });
    assertError(mixed, 400, "invalid_params");
    assert.equal(mixed.body.error.details.field, "tier");
  });

  await t.step("find answers the matching line with its path, and its ref clicks (two calls)", async () => {
    const found = await ph.post(`/v1/sessions/${sid}/find`, { role: "button", name: "Row 7500" });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(found.body.total, 1);
    const [match] = found.body.matches;
    assert.equal(match.path, 'main > list "Rows" > listitem');
    assert.match(found.body.tree, /^- main > list "Rows" > listitem > button "Row 7500" \[ref=@e\d+\]\n$/);
    const result = await ph.act(sid, found.body, { action: "click", ref: match.ref });
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    assert.equal(await ph.pageEval(sid, "out.textContent"), "Clicked 7500");
  });

  await t.step("find by text counts every match and answers up to the limit", async () => {
    const found = await ph.post(`/v1/sessions/${sid}/find`, { text: "costs 99", limit: 3 });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(found.body.total, 111, "costs 99.99, 990.99 … 9999.99");
    assert.equal(found.body.matches.length, 3);
    assert.equal(found.body.truncated, true);
    assertError(await ph.post(`/v1/sessions/${sid}/find`, {}), 400, "invalid_params");
    assertError(await ph.post(`/v1/sessions/${sid}/find`, { limit: 0, text: "x" }), 400, "invalid_params");
  });

  await t.step("observe {ref} answers the subtree under a node as a new state whose refs act", async () => {
    const found = (await ph.post(`/v1/sessions/${sid}/find`, { role: "region", name: "Orders" })).body;
    const regionRef = found.matches[0]?.ref;
    // The region has no ref (it is not actionable): scope it by locator instead.
    assert.equal(regionRef, undefined);
    const scoped = await ph.observe(sid, { locator: { type: "role", role: "region", name: "Orders" } });
    assert.notEqual(scoped.stateId, found.stateId);
    assert.equal(scoped.truncated, false);
    assert.match(scoped.tree, /^- region "Orders":\n/);
    assert.deepEqual(refsIn(scoped.tree).length, 2);
    assert.doesNotMatch(scoped.tree, /Row 1/);
    const refund = refOf(scoped, /Refund 2/);
    const byRef = await ph.observe(sid, { ref: refund });
    assert.deepEqual(byRef.scope, { ref: refund });
    assert.equal(byRef.tree, `- button "Refund 2" [ref=${refund}]\n`);
    const result = await ph.act(sid, byRef, { action: "click", ref: refund });
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    const unknown = await ph.post(`/v1/sessions/${sid}/observe`, { ref: "@e999999" });
    assertError(unknown, 400, "invalid_params");
    assert.equal(unknown.body.error.details.field, "ref");
  });
});
