/**
 * `find` searches in the page, during the walk, and keeps only what may match: its answer must be
 * exactly what searching every line of a whole observation gives (the same lines, paths, refs and
 * totals), on lines whose text merges, hides a value, carries tags or escapes quotes, and its
 * answer is refused as a `since` base (it does not hold the whole tree).
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";

const deep = (n: number, inner: string): string =>
  n === 0 ? inner : `<div role="group" aria-label="level ${n}">${deep(n - 1, inner)}</div>`;

const PAGE = `<!doctype html><title>Search</title>
<main><h1>Shop</h1><h2>Costs</h2><ul aria-label="Rows">
${
  Array.from({ length: 30 }, (_, i) => `<li><button>Row ${i}</button> <span>costs ${i}.99</span></li>`).join(
    "",
  )
}
<li>only text 7</li><li><b>Item</b> bold end</li></ul>
<p><a href="/here">Here link</a> <a href="https://elsewhere.example/x">Away link</a>
<a href="/file.zip" download>Get file</a></p>
<form action="/go"><label>User <input name="user" value="alice"></label>
<label>Password <input type="password" name="pw" value="hunter2"></label>
<label><input type="checkbox" checked> Remember me</label>
<button>Say "hi" [ref=@e1]</button></form>
<select aria-label="Size"><option>Small</option><option selected>Large</option></select>
<div onclick="void 0">Click zone</div><x-card>Card text</x-card>
<button>Same</button>
${deep(14, "<p>deep text</p>")}
</main>`;

/** The reference search: every line of the whole tree (all pages), as findLines reads rendered lines. */
function reference(tree: string, q: { text?: string; role?: string; name?: string }) {
  const out: { line: string; ref?: string; path: string }[] = [];
  const stack: { depth: number; label: string }[] = [];
  for (const raw of tree.split("\n")) {
    if (!raw) continue;
    const depth = (raw.length - raw.trimStart().length) / 2;
    const line = raw.trimStart().slice(2);
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    const m = /^([^\s:]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(line)!;
    const role = m[1];
    const name = m[2] ? JSON.parse(m[2]) as string : "";
    const label = `${role}${name ? ` ${JSON.stringify(name)}` : ""}`;
    const bare = line.replace(/ \[ref=@[a-z0-9]+\]/, "");
    const ok = role !== "/url" &&
      (q.role === undefined || role === q.role) &&
      (q.name === undefined || (role !== "text" && name.toLowerCase().includes(q.name.toLowerCase()))) &&
      (q.text === undefined || `- ${bare}`.toLowerCase().includes(q.text.toLowerCase()));
    if (ok) {
      const ref = /\[ref=(@[a-z0-9]+)\]/.exec(line)?.[1];
      out.push({ line: `- ${line}`, ...(ref ? { ref } : {}), path: stack.map((s) => s.label).join(" > ") });
    }
    stack.push({ depth, label });
  }
  return out;
}

Deno.test(
  "find in the page answers what a search of the whole observation answers",
  browserTest,
  async (t) => {
    await using site = new Site({ "/": PAGE }), ph = await Porthole.start();
    const sid = await ph.session();
    let at: Json = await ph.open(sid, site.url("/"));
    let tree = at.tree;
    while (at.nextCursor) {
      at = await ph.observe(sid, { cursor: at.nextCursor });
      tree += at.tree;
    }
    assert.doesNotMatch(tree, /hunter2/, "the password's value is never shown");
    const queries = [
      { text: "costs 2" },
      { text: "only text" },
      { text: "listitem: only" },
      { text: "bold end" },
      { text: "level=2" },
      { text: "navigates=cross-origin" },
      { text: "downloads" },
      { text: "credential" },
      { text: "hunter2" },
      { text: "alice" },
      { text: "checked" },
      { text: 'say "hi"' },
      { text: "\\u005bref" },
      { text: "button" },
      { text: "text:" },
      { text: ":" },
      { role: "clickable" },
      { role: "option" },
      { role: "button", name: "row 1" },
      { role: "text", text: "deep" },
      { text: "deep text" },
      { role: "group", name: "level 3" },
      { name: "card" },
      { text: "same" },
      { role: "listitem" },
    ];
    for (const q of queries) {
      await t.step(JSON.stringify(q), async () => {
        const want = reference(tree, q);
        const found = await ph.post(`/v1/sessions/${sid}/find`, { ...q, limit: 200 });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        assert.equal(found.body.total, want.length, JSON.stringify(found.body.matches));
        assert.deepEqual(found.body.matches, want);
      });
    }

    await t.step(
      "a find answer is no base for since; an observation after it diffs against the last one",
      async () => {
        const found = (await ph.post(`/v1/sessions/${sid}/find`, { text: "costs 2" })).body;
        const obs = await ph.observe(sid, { since: found.stateId });
        assert.equal(obs.sinceUnavailable.reason, "other_options");
        assert.match(obs.sinceUnavailable.message, /find answer/);
      },
    );
  },
);
