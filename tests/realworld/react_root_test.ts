/**
 * An event-delegation root is not a control: React listens for every event it knows on the app's
 * root element, and that element must not show as a `clickable` wrapper around the whole app. An
 * element with a click listener of its own still gets its ref.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { bundle } from "./gauntlet.ts";
import { ensureLibraries } from "../support/test_libs.ts";

Deno.test(
  "a React app's root, which delegates every event, is no clickable wrapper; its button and a listened div keep refs",
  browserTest,
  async () => {
    await ensureLibraries();
    const app = await bundle("react_root.jsx");
    await using site = new Site({
      "/": `<!doctype html><title>React</title><div id="root"></div>
        <div id="card" style="width:200px;height:40px">Open the card</div>
        <script>document.getElementById("card").addEventListener("click", () => document.title = "opened");</script>
        <script type="module" src="/app.js"></script>`,
      "/app.js": () => new Response(app.js, { headers: { "content-type": "text/javascript" } }),
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    const obs = (await ph.post(`/v1/sessions/${sid}/observe`, {})).body;
    const tree: string = obs.tree;
    assert.match(tree, /button "Add one" \[ref=/, tree);
    assert.match(tree, /clickable \[ref=@?e\d+\]: Open the card/, tree);
    assert.equal(tree.match(/clickable/g)?.length, 1, `only the card is a clickable:\n${tree}`);
    // The app works through its delegated listener: the button's ref acts.
    const r = await ph.actOn(sid, obs, "click", /button "Add one"/);
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    assert.equal(await ph.pageEval(sid, "document.getElementById('count').textContent"), "1");
  },
);
