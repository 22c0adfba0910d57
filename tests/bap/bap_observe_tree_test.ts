/**
 * Porthole's own BAP methods over the core observe and find: `observe/tree` pages a cut state with
 * `cursor`, scopes with `ref`/`selector` and diffs with `since`; `observe/find` answers a state the
 * next action's ref is looked up in.
 */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { assertRpcError, bapPage, siteAndPorthole } from "../support/bap_fixture.ts";
import type { Json } from "../support/bap_client.ts";

const ROWS = 3_000;
const { site, ph } = await siteAndPorthole({
  "/": `<!doctype html><title>Rows</title><p id="out">None</p><nav aria-label="Tabs"><button>One</button>` +
    `<button>Two</button></nav><ul>${
      Array.from({ length: ROWS }, (_, i) =>
        `<li><button onclick="out.textContent='Clicked ${i}'">Row ${i}</button></li>`)
        .join("")
    }</ul>`,
});
const refsIn = (tree: string) => [...tree.matchAll(/\[ref=(@[a-z0-9]+)\]/g)].map((m) => m[1]);

Deno.test(
  "observe/tree pages, scopes and diffs; observe/find finds a ref action/click uses",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const first: Json = await c.call("observe/tree", {});
    assert.equal(first.truncated, true);
    const refs = refsIn(first.tree);
    let at = first;
    while (at.nextCursor) {
      at = await c.call("observe/tree", { cursor: at.nextCursor });
      assert.equal(at.stateId, first.stateId);
      refs.push(...refsIn(at.tree));
    }
    assert.equal(new Set(refs).size, ROWS + 2);

    const found = await c.call("observe/find", { role: "button", name: "row 1234" });
    assert.equal(found.total, 1);
    assert.deepEqual(
      await c.call("action/click", { selector: { type: "ref", ref: found.matches[0].ref } }),
      {},
    );
    assert.equal(await c.run("out.textContent"), "Clicked 1234");

    const nav = await c.call("observe/tree", { selector: { type: "role", role: "navigation" } });
    assert.equal(nav.tree.split("\n").filter(Boolean).length, 3, nav.tree);
    const same = await c.call("observe/tree", {
      since: nav.stateId,
      selector: { type: "role", role: "navigation" },
    })
      .catch((e) => e.error);
    assertRpcError(same, -32602, false);
    const base = await c.call("observe/tree", {});
    const diff = await c.call("observe/tree", { since: base.stateId });
    assert.deepEqual(diff.changes, { added: [], removed: [], changed: [] });
    const stale = await c.fails("observe/tree", { cursor: first.nextCursor });
    assertRpcError(stale, -32012, true);
  },
);
