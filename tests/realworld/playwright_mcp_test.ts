/**
 * The gauntlet's peer runner reads Playwright MCP's snapshots as an agent does: the YAML block
 * of a `browser_snapshot` reply, each line's role, name and ref. The full peer run is the bench's
 * (`deno task realworld:peer`); here one real server proves the runner on a small page.
 */
import assert from "node:assert/strict";
import { browserTest, Site } from "../support/harness.ts";
import { ensureLibraries } from "../support/test_libs.ts";
import { parseSnapshot, snapshotOf, startPlaywrightMcp } from "./playwright_mcp.ts";

const REPLY = [
  "### Page",
  "- Page URL: http://127.0.0.1:4000/t/3/",
  "- Page Title: Material Web",
  "### Snapshot",
  "```yaml",
  "- main [ref=e3]:",
  '  - heading "Preferences" [level=1] [ref=e4]',
  "  - generic [ref=e5]:",
  "    - checkbox [ref=e8] [cursor=pointer]",
  "    - text: Send me news",
  '  - textbox "Say \\"hi\\"" [active] [ref=e9]: hello',
  '  - button "Previous slide" [disabled]',
  '  - "2"',
  "```",
].join("\n");

Deno.test("the peer runner takes the YAML block out of a browser_snapshot reply", () => {
  const yaml = snapshotOf(REPLY);
  assert.ok(yaml.startsWith("- main [ref=e3]:"));
  assert.ok(yaml.endsWith('- "2"'));
  assert.ok(!yaml.includes("Page URL") && !yaml.includes("```"));
  // A reply without a snapshot block is read whole.
  assert.equal(snapshotOf("- button [ref=e1]"), "- button [ref=e1]");
});

Deno.test("the peer runner reads each snapshot line's depth, role, name and ref", () => {
  const lines = parseSnapshot(snapshotOf(REPLY));
  assert.deepEqual(
    lines.map(({ depth, role, name, ref }) => [depth, role, name, ref]),
    [
      [0, "main", null, "e3"],
      [1, "heading", "Preferences", "e4"],
      [1, "generic", null, "e5"],
      [2, "checkbox", null, "e8"],
      [2, "text", null, null],
      [1, "textbox", 'Say "hi"', "e9"],
      [1, "button", "Previous slide", null],
      [1, "text", "2", null],
    ],
  );
});

Deno.test("the peer runner reads a line the snapshot single-quotes for the # in its name", () => {
  const lines = parseSnapshot("- tablist [ref=e6]:\n  - 'tab \"Tab #2\" [selected] [ref=e8]'");
  assert.deepEqual(lines.map(({ depth, role, name, ref }) => [depth, role, name, ref]), [
    [0, "tablist", null, "e6"],
    [1, "tab", "Tab #2", "e8"],
  ]);
});

Deno.test(
  "the peer runner finds a ref by role and name in Playwright MCP's real snapshot and acts on it",
  browserTest,
  async () => {
    await ensureLibraries();
    let saved = "";
    await using site = new Site({
      "/": `<title>Form</title><main><label>Name <input id="n"></label>
        <button onclick="fetch('/saved?'+encodeURIComponent(n.value))">Save</button>
        <button>Cancel</button></main>`,
      "/saved": (req) => {
        saved = decodeURIComponent(new URL(req.url).search.slice(1));
        return new Response(null, { status: 204 });
      },
    });
    const { agent, close } = await startPlaywrightMcp();
    try {
      await agent.open(site.url("/"));
      assert.match(agent.tree, /^- /, "the agent's tree is the snapshot's YAML alone");
      assert.equal(agent.observations, 1);
      const save = await agent.ref(/button "Save"/);
      assert.notEqual(save, await agent.ref(/button "Cancel"/));
      await agent.act("browser_type", /textbox "Name"/, { text: "Ada" });
      // The refs of the last snapshot stay usable after an act; no new snapshot is taken for them.
      await agent.act("browser_click", /button "Save"/);
      assert.equal(agent.observations, 1);
      assert.equal(agent.acts, 2);
      assert.ok(agent.bytes > agent.tree.length);
      for (let i = 0; i < 40 && saved !== "Ada"; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(saved, "Ada");
    } finally {
      await close();
    }
  },
);
