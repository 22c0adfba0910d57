/**
 * Observation tiers: `full`, `interactive` (actionable nodes with the headings and landmarks
 * that place them) and `minimal` (one line per actionable node). Every actionable node of the
 * full tree keeps its ref in every tier.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";

const SHOP = `<!doctype html><title>Shop</title>
<header><h1>Shop</h1><nav><a href="/">Home</a> <a href="/cart?id=7">Cart</a></nav></header>
<main>
  <h2>Fruit</h2>
  <ul>
    <li><a href="/apple">Apple</a> <span>Crisp and sweet, $1</span> <button onclick="added.textContent = 'Apple'">Add</button></li>
    <li><a href="/pear">Pear</a> <span>Soft, $2</span> <button onclick="added.textContent = 'Pear'">Add</button></li>
  </ul>
  <p>Last added: <output id="added">nothing</output></p>
  <form aria-label="Search"><input type="search" aria-label="Find" value="kiwi"><input type="checkbox" checked aria-label="In stock"></form>
  <article><h2>About</h2><p>A long paragraph of prose that tells the story of the shop and has no controls at all.</p></article>
</main>
<footer><p>Footer text</p></footer>`;

const refLines = (tree: string) =>
  tree.split("\n").filter((l) => l.includes("[ref=")).map((l) => l.trim().replace(/:.*$|:$/, ""));
const refsIn = (tree: string) => [...tree.matchAll(/\[ref=(@[a-z0-9]+)\]/g)].map((m) => m[1]);

Deno.test("observation tiers", browserTest, async (t) => {
  await using site = new Site({ "/": SHOP }), ph = await Porthole.start();
  const sid = await ph.session();
  await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
  const full: Json = await ph.observe(sid, { tier: "full" });
  const interactive: Json = await ph.observe(sid, { tier: "interactive" });
  const minimal: Json = await ph.observe(sid, { tier: "minimal" });

  await t.step("every actionable node of the full tree keeps its ref, role and name in every tier", () => {
    assert.equal(full.tier, "full");
    assert.equal(interactive.tier, "interactive");
    assert.equal(minimal.tier, "minimal");
    assert.equal(full.refCount, 8);
    assert.deepEqual(refLines(interactive.tree), refLines(full.tree));
    assert.deepEqual(refLines(minimal.tree), refLines(full.tree));
    assert.deepEqual(refsIn(minimal.tree), refsIn(full.tree));
    assert.equal(interactive.refCount, full.refCount);
    assert.equal(minimal.refCount, full.refCount);
  });

  await t.step(
    "interactive keeps the headings and landmarks that place the actionable nodes, and no prose",
    () => {
      assert.equal(
        interactive.tree,
        [
          "- banner:",
          '  - heading "Shop" [level=1]',
          "  - navigation:",
          '    - link "Home" [navigates=same-origin] [ref=@e1]',
          '    - link "Cart" [navigates=same-origin] [ref=@e2]',
          "- main:",
          '  - heading "Fruit" [level=2]',
          '  - link "Apple" [navigates=same-origin] [ref=@e3]',
          '  - button "Add" [ref=@e4]',
          '  - link "Pear" [navigates=same-origin] [ref=@e5]',
          '  - button "Add" [ref=@e6]',
          '  - form "Search":',
          '    - searchbox "Find" [ref=@e7]: kiwi',
          '    - checkbox "In stock" [checked] [ref=@e8]',
          '  - heading "About" [level=2]',
          "",
        ].join("\n"),
      );
    },
  );

  await t.step("minimal is one unindented line per actionable node", () => {
    const lines = minimal.tree.replace(/\n$/, "").split("\n");
    assert.equal(lines.length, minimal.refCount);
    for (const line of lines) assert.match(line, /^- \S+ .*\[ref=@e\d+\]/);
    assert.ok(minimal.bytes < interactive.bytes && interactive.bytes < full.bytes);
  });

  await t.step("a ref from a minimal observation acts, and the fresh state keeps the tier", async () => {
    const state = await ph.observe(sid, { tier: "minimal" });
    const result = await ph.act(sid, state, { action: "click", ref: refsIn(state.tree)[5] });
    assert.equal(result.execution, "completed", JSON.stringify(result.error));
    assert.equal(await ph.pageEval(sid, "added.textContent"), "Pear");
    assert.equal(result.freshState.tier, "minimal");
    // The clicked button now has focus: the one change is its [active].
    assert.equal(result.freshState.tree.replace(" [active]", ""), state.tree);
  });

  await t.step("an unknown tier is 400 invalid_params naming tier", async () => {
    const r = await ph.post(`/v1/sessions/${sid}/observe`, { tier: "compact" });
    assert.equal(r.status, 400);
    assert.match(JSON.stringify(r.body.error.details), /tier/);
  });
});
