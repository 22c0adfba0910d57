/**
 * Refs are stable names, on every door: an element that survives between two observations of
 * its document keeps its ref (across scrolls, inserts before it, and re-renders that keep the
 * element), and an element that was replaced gets a new ref, even with the same role and name.
 * Stability is about names only: a state is still good for one act, and a ref of a detached
 * element never acts on its replacement.
 */
import assert from "node:assert/strict";
import { assertNotDispatched, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";
import { BapCallError, BapClient, wsUrl } from "../support/bap_client.ts";

const PAGE = `<!doctype html><title>Stable</title>
<div id="list"><button id="save">Save</button> <button id="cancel">Cancel</button>
<button id="count" onclick="this.textContent = 'Count ' + (++n)">Count 0</button></div>
<button onclick="rerender()">Re-render</button> <button onclick="replace()">Replace</button>
<div style="height:3000px"></div><button id="bottom">Bottom</button>
<script>
  let n = 0;
  // What a React-style re-render does to elements it keeps: new attributes, text and order,
  // and a new sibling before them.
  function rerender() {
    const list = document.getElementById("list");
    const save = document.getElementById("save");
    save.className = "r" + (++n);
    save.setAttribute("aria-describedby", "");
    document.getElementById("count").textContent = "Count " + n;
    list.insertBefore(document.getElementById("cancel"), save);
    const fresh = document.createElement("button");
    fresh.textContent = "New " + n;
    list.insertBefore(fresh, list.firstChild);
  }
  // A re-render that does not keep the element: the same role and name on a new node.
  function replace() {
    const old = document.getElementById("save");
    const b = document.createElement("button");
    b.id = "save";
    b.textContent = "Save";
    old.replaceWith(b);
  }
</script>`;

const site = new Site({ "/": PAGE });
globalThis.addEventListener("unload", () => site.server.shutdown());

/** Every ref line's role and name (as the tree spells them), by ref. */
function names(tree: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tree.matchAll(/^\s*- (\w+ "[^"]*")[^\n]*\[ref=(@e\d+)\]/gm)) out.set(m[1], m[2]);
  return out;
}
const refNumber = (ref: string) => Number(ref.slice(2));

Deno.test(
  "HTTP: refs survive a scroll, an insert before them and a re-render that keeps the element",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    const before = names(first.tree);
    const save = before.get('button "Save"')!;
    const bottom = before.get('button "Bottom"')!;
    const count = before.get('button "Count 0"')!;

    await ph.pageEval(sid, "window.scrollTo(0, document.body.scrollHeight)");
    const scrolled = names((await ph.observe(sid)).tree);
    assert.deepEqual(scrolled, before, "a scroll renames nothing");

    await ph.pageEval(sid, "window.scrollTo(0, 0); rerender()");
    const after = names((await ph.observe(sid, { tier: "interactive" })).tree);
    assert.equal(after.get('button "Save"'), save);
    assert.equal(after.get('button "Bottom"'), bottom);
    // Its name changed, its ref did not: the ref names the element.
    assert.equal(after.get('button "Count 1"'), count);
    assert.equal(after.get('button "Cancel"'), before.get('button "Cancel"'));
    // The element inserted before them got a number never given before.
    const fresh = after.get('button "New 1"')!;
    assert.ok(refNumber(fresh) > Math.max(...[...before.values()].map(refNumber)), fresh);
  },
);

Deno.test(
  "HTTP: a replaced element gets a new ref, and its old ref never acts on the replacement",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    const old = refOf(first, /button "Save"/);
    await ph.pageEval(sid, "replace()");
    // The state is still the current one; its ref's element is gone: refused, nothing dispatched.
    assertNotDispatched(await ph.act(sid, first, { action: "click", ref: old }), "element_detached");
    const next: Json = await ph.observe(sid);
    const renamed = refOf(next, /button "Save"/);
    assert.notEqual(renamed, old);
    assert.ok(!String(next.tree).includes(`[ref=${old}]`), "the old ref names nothing any more");
    // A state is still good for one act only: stability is about names, not permission.
    const r = await ph.act(sid, next, { action: "click", ref: renamed });
    assert.equal(r.execution, "completed");
    const again = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: next.stateId,
      targetId: next.targetId,
      action: "click",
      ref: renamed,
    });
    assert.equal(again.body.error.code, "stale_state");
  },
);

Deno.test(
  "MCP: browser_observe names the elements as HTTP observe does, and keeps them across a re-render",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph);
    ok(await mcp.call("browser_navigate", { url: site.url("/") }));
    const viaHttp = names((await ph.observe(mcp.sid)).tree);
    const viaMcp = names(ok(await mcp.call("browser_observe", {})).tree);
    assert.deepEqual(viaMcp, viaHttp, "one page, one set of names, whichever door observes");
    await ph.pageEval(mcp.sid, "rerender()");
    const after = names(ok(await mcp.call("browser_observe", {})).tree);
    for (const name of ['button "Save"', 'button "Cancel"', 'button "Bottom"']) {
      assert.equal(after.get(name), viaHttp.get(name), name);
    }
    assert.equal(after.get('button "Count 1"'), viaHttp.get('button "Count 0"'));
    await ph.pageEval(mcp.sid, "replace()");
    const replaced = names(ok(await mcp.call("browser_observe", {})).tree);
    assert.notEqual(replaced.get('button "Save"'), viaHttp.get('button "Save"'));
  },
);

Deno.test(
  "BAP: agent/observe keeps refs across a scroll and a re-render, and a replaced element's ref is refused",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using c = await BapClient.connect(wsUrl(ph.url));
    await c.call("browser/launch", {});
    await c.call("page/create", { url: site.url("/") });
    const listed = async () => {
      const r = await c.call("agent/observe", { responseTier: "interactive", maxElements: 200 });
      return new Map<string, string>(r.interactiveElements.map((e: Json) => [e.name, e.ref]));
    };
    const before = await listed();
    await c.call("action/scroll", { direction: "down", amount: 2000 });
    assert.deepEqual(await listed(), before, "a scroll renames nothing");
    await c.call("action/click", { selector: { type: "role", role: "button", name: "Re-render" } });
    const after = await listed();
    for (const name of ["Save", "Cancel", "Bottom", "Replace"]) {
      assert.equal(
        after.get(name),
        before.get(name),
        name,
      );
    }
    assert.equal(after.get("Count 1"), before.get("Count 0"));
    assert.ok(after.get("New 1") && ![...before.values()].includes(after.get("New 1")!));

    const old = after.get("Save")!;
    await c.call("action/click", { selector: { type: "role", role: "button", name: "Replace" } });
    // A ref never heals to another element: the replacement answers to a new ref only.
    const err = await c.call("action/click", {
      selector: { type: "ref", ref: old },
      options: { timeout: 300 },
    })
      .then(() => null, (e: unknown) => e);
    assert.ok(err instanceof BapCallError, String(err));
    assert.equal(err.error.code, -32012);
    const replaced = await listed();
    assert.ok(replaced.get("Save") && replaced.get("Save") !== old);
    assert.equal(replaced.get("Cancel"), before.get("Cancel"));
  },
);
