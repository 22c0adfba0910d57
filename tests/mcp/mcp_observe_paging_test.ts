/**
 * MCP's browser_observe takes `since` and `cursor` as HTTP's observe does (one operation), and the
 * opt-in browser_find answers a state whose refs browser_act uses.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";

const ROWS = 3_000;
const LIST = `<!doctype html><title>Rows</title><p id="out">None</p><ul>${
  Array.from({ length: ROWS }, (_, i) =>
    `<li><button onclick="out.textContent='Clicked ${i}'">Row ${i}</button></li>`)
    .join("")
}</ul>`;
const refsIn = (tree: string) => [...tree.matchAll(/\[ref=(@[a-z0-9]+)\]/g)].map((m) => m[1]);

Deno.test(
  "browser_observe pages with cursor and diffs with since; browser_find finds and acts",
  browserTest,
  async () => {
    await using site = new Site({ "/": LIST }), ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph, "?tools=observe,act,navigate,find");
    const call = async (name: string, args: Record<string, unknown> = {}): Promise<Json> =>
      ok(await mcp.call(name, args));
    await call("browser_navigate", { url: site.url("/") });
    const first = await call("browser_observe");
    assert.equal(first.truncated, true);
    const refs = refsIn(first.tree);
    let at = first;
    while (at.next_cursor) {
      at = await call("browser_observe", { cursor: at.next_cursor });
      assert.equal(at.state_id, first.state_id);
      refs.push(...refsIn(at.tree));
    }
    assert.equal(refs.length, ROWS);
    assert.equal(new Set(refs).size, ROWS);

    const found = await call("browser_find", { name: "Row 2999", role: "button" });
    const ref = String(found.tree).match(/button "Row 2999" \[ref=(@[a-z0-9]+)\]/)![1];
    const acted = ok(await mcp.act(found, { action: "click", ref }));
    assert.equal(acted.execution, "completed");

    const diff = await call("browser_observe", { since: acted.fresh_state.state_id });
    assert.equal(diff.since, acted.fresh_state.state_id);
    assert.match(String(diff.changes), /"added":\[\],"removed":\[\],"changed":\[\]/);
    const stale = await mcp.call("browser_observe", { cursor: first.next_cursor });
    assert.equal(stale.isError, true);
    assert.match(JSON.stringify(stale.content), /stale_cursor/);
  },
);

const FORM = `<!doctype html><title>Scoped</title>
<nav><a href="#a">Home</a><a href="#b">About</a></nav>
<div style="overflow:auto;height:60px" tabindex="0"><button type="button">Join</button><p>Plans</p><p>x</p><p>y</p><p>z</p></div>`;

Deno.test(
  "browser_observe {ref} observes one subtree as a new state, whose refs browser_act uses; a bad ref is refused",
  browserTest,
  async () => {
    await using site = new Site({ "/": FORM }), ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph);
    const call = async (name: string, args: Record<string, unknown> = {}): Promise<Json> =>
      ok(await mcp.call(name, args));
    await call("browser_navigate", { url: site.url("/") });
    const whole = await call("browser_observe");
    // A scrolling box is actionable (it scrolls), so it has a ref to scope by.
    const box = String(whole.tree).match(/scrollable [^\n]*\[ref=(@[a-z0-9]+)\]/)![1];
    const scoped = await call("browser_observe", { ref: box });
    assert.notEqual(scoped.state_id, whole.state_id, "a scoped observation is a new state");
    assert.match(scoped.tree, /button "Join"/);
    assert.doesNotMatch(scoped.tree, /link "Home"/, "only the box's subtree");
    const join = String(scoped.tree).match(/button "Join" \[ref=(@[a-z0-9]+)\]/)![1];
    const acted = ok(await mcp.act(scoped, { action: "click", ref: join }));
    assert.equal(acted.execution, "completed");
    const bad = await mcp.call("browser_observe", { ref: "nonsense" });
    assert.equal(bad.isError, true);
    assert.match(JSON.stringify(bad.content), /ref/);
  },
);
