/** BAP action/* against real Chromium: every selector type, refs that never heal, auto-wait, errors. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import type { BapClient } from "../support/bap_client.ts";
import { assertRpcError, bapPage, elementProperty, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Actions</title>
<script>
  let clicks = 0;
  function hit(what) { clicks++; document.getElementById("status").textContent = what + " " + clicks; }
</script>
<button data-testid="save" onclick="hit('save')">Save</button>
<input id="email" aria-label="Email">
<a href="#docs" onclick="hit('docs'); return false">Docs</a>
<p id="status">idle</p>
<input id="q" placeholder="Search...">
<label for="name">Name</label><input id="name" value="old">
<button class="dup" onclick="hit('dup')">Dup</button><button class="dup" onclick="hit('dup')">Dup</button>
<button id="off" disabled onclick="hit('off')">Off</button>
<button id="pos" style="position:absolute;left:600px;top:20px;width:120px;height:40px" onclick="hit('pos')">Positioned</button>
<div><button onclick="hit('inner')"><span>Inner label</span></button></div>
<input id="pw" type="password" aria-label="Password">
<div id="later"></div>
<div id="hoverme" onmouseover="hit('hover')" tabindex="0" style="width:80px;height:30px">Hover me</div>
<textarea id="log" aria-label="Log"></textarea>
<button id="ghost" style="visibility:hidden" onclick="hit('ghost')">Ghost</button>`;

const { site, ph } = await siteAndPorthole({
  "/": PAGE,
  "/slow": async () => {
    await new Promise((r) => setTimeout(r, 3000));
    return new Response("<title>Slow</title>", { headers: { "content-type": "text/html" } });
  },
});

const status = (c: BapClient): Promise<string> => elementProperty(c, "#status");
const value = (c: BapClient, css: string): Promise<string> => elementProperty(c, css, "value");

Deno.test(
  "act by ref from agent/observe: the click runs the page's handler and a fill sets the value",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const obs = await c.call("agent/observe", { includeInteractiveElements: true });
    const save = obs.interactiveElements.find((e: { name?: string }) => e.name === "Save");
    const email = obs.interactiveElements.find((e: { name?: string }) => e.name === "Email");
    assert.deepEqual(await c.call("action/click", { selector: { type: "ref", ref: save.ref } }), {});
    assert.equal(await status(c), "save 1");
    await c.call("action/fill", { selector: { type: "ref", ref: email.ref }, value: "a@b.co" });
    assert.equal(await value(c, "#email"), "a@b.co");
    await c.call("action/click", { selector: { type: "ref", ref: save.ref } });
    assert.equal(await status(c), "save 2", "a ref is reusable across calls");
  },
);

Deno.test("every selector type resolves to its one element", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const obs = await c.call("agent/observe", { includeInteractiveElements: true, includeBounds: true });
  const pos = obs.interactiveElements.find((e: { name?: string }) => e.name === "Positioned");
  // (A loose text selector first: once #status reads "docs 1", "Docs" would match it too.)
  const cases: [Record<string, unknown>, string][] = [
    [{ type: "text", value: "docs" }, "docs"],
    [{ type: "css", value: "[data-testid=save]" }, "save"],
    [{ type: "xpath", value: "//button[@data-testid='save']" }, "save"],
    [{ type: "role", role: "button", name: "save" }, "save"],
    [{ type: "role", role: "link", name: "Docs", exact: true }, "docs"],
    [{ type: "testId", value: "save" }, "save"],
    [{ type: "semantic", description: "Inner label" }, "inner"],
    [{ type: "text", value: "Inner label", exact: true }, "inner"],
    [
      {
        type: "coordinates",
        x: pos.bounds.x + pos.bounds.width / 2,
        y: pos.bounds.y + pos.bounds.height / 2,
      },
      "pos",
    ],
    [{ type: "ref", ref: pos.ref }, "pos"],
  ];
  let n = 0;
  for (const [selector, what] of cases) {
    await c.call("action/click", { selector });
    assert.equal(await status(c), `${what} ${++n}`, JSON.stringify(selector));
  }
  await c.call("action/fill", { selector: { type: "label", value: "Name" }, value: "Ada" });
  assert.equal(await value(c, "#name"), "Ada");
  await c.call("action/fill", { selector: { type: "placeholder", value: "search" }, value: "cats" });
  assert.equal(await value(c, "#q"), "cats");
});

Deno.test(
  "element errors: no match is -32012 retryable, a bad value -32602, two matches -32020 and nothing is clicked",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const missing = await c.fails("action/click", {
      selector: { type: "css", value: "#missing" },
      options: { timeout: 500 },
    });
    assert.ok([-32012, -32016].includes(missing.code));
    assert.equal(missing.data!.retryable, true);
    const nope = await c.fails("action/click", { selector: { type: "ref", ref: "@nope" } });
    assert.equal(nope.code, -32012);
    assert.equal((await c.fails("action/click", { selector: { type: "css", value: "" } })).code, -32602);
    assert.equal((await c.fails("action/click", { selector: { type: "css", value: "a[" } })).code, -32602);
    assert.equal((await c.fails("action/click", { selector: { type: "magic" } })).code, -32602);
    assert.equal((await c.fails("action/click", {})).code, -32602);
    const dup = await c.fails("action/click", { selector: { type: "css", value: ".dup" } });
    assert.equal(dup.code, -32020);
    assert.equal(dup.data!.details.count, 2);
    assert.deepEqual(dup.data!.details.selector, { type: "css", value: ".dup" });
    const text = await c.fails("action/click", { selector: { type: "text", value: "Dup" } });
    assert.equal(text.code, -32020);
    assert.equal(await status(c), "idle", "nothing was clicked");
  },
);

Deno.test("a ref whose node was removed is -32012 and never heals to a look-alike", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const obs = await c.call("agent/observe", { includeInteractiveElements: true });
  const save = obs.interactiveElements.find((e: { name?: string }) => e.name === "Save");
  await c.run(
    `const b = document.querySelector("[data-testid=save]"); const twin = b.cloneNode(true); b.replaceWith(twin);`,
  );
  const e = await c.fails("action/click", { selector: { type: "ref", ref: save.ref } });
  assertRpcError(e, -32012, true);
  assert.match(e.data!.recoveryHint!, /observe/i);
  assert.equal(await status(c), "idle");
  const again = await c.call("agent/observe", { includeInteractiveElements: true });
  // Refs are the core's: the twin is another node, so it has another ref (the old one never moves to it).
  const twin = again.interactiveElements.find((x: { name?: string }) => x.name === "Save");
  assert.notEqual(twin.ref, save.ref, "a new node gets a new ref after observing again");
  await c.call("action/click", { selector: { type: "ref", ref: twin.ref } });
  assert.equal(await status(c), "save 1");
});

Deno.test(
  "auto-wait: a button that appears later is clicked; a disabled one times out with -32014",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.run(`setTimeout(() => { document.getElementById("later").innerHTML =
    '<button onclick="hit(\\'late\\')">Late</button>'; }, 300);`);
    await c.call("action/click", {
      selector: { type: "role", role: "button", name: "Late" },
      options: { timeout: 10000 },
    });
    assert.equal(await status(c), "late 1");
    const off = await c.fails("action/click", {
      selector: { type: "css", value: "#off" },
      options: { timeout: 400 },
    });
    assert.equal(off.code, -32014);
    assert.equal(await status(c), "late 1");
  },
);

Deno.test(
  "a hidden target is -32013 once the wait is over, and a navigation over its timeout is -32016",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const hidden = await c.fails("action/click", {
      selector: { type: "css", value: "#ghost" },
      options: { timeout: 300 },
    });
    assertRpcError(hidden, -32013, true);
    assert.equal(await status(c), "idle");
    const slow = await c.fails("page/navigate", { url: site.url("/slow"), timeout: 300 });
    assertRpcError(slow, -32016, true);
  },
);

Deno.test(
  "type appends, clear empties, fill replaces, press sends keys, hover moves the mouse",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const name = { type: "css", value: "#name" };
    await c.call("action/type", { selector: name, text: "-new" });
    assert.equal(await value(c, "#name"), "old-new");
    await c.call("action/type", { selector: name, text: "x", options: { clear: true } });
    assert.equal(await value(c, "#name"), "x");
    await c.call("action/clear", { selector: name });
    assert.equal(await value(c, "#name"), "");
    await c.call("action/fill", { selector: { type: "label", value: "Log" }, value: "line one" });
    await c.call("action/press", { selector: { type: "label", value: "Log" }, key: "Enter" });
    await c.call("action/press", { key: "x" });
    assert.equal(await value(c, "#log"), "line one\nx");
    await c.call("action/hover", { selector: { type: "text", value: "Hover me" } });
    assert.equal(await status(c), "hover 1");
    await c.call("action/dblclick", { selector: { type: "testId", value: "save" } });
    assert.equal(await status(c), "save 3", "a double click is two clicks");
  },
);

Deno.test(
  "typing into a password field is refused with -32021 and nothing is typed",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const e = await c.fails("action/fill", { selector: { type: "css", value: "#pw" }, value: "hunter2" });
    assert.equal(e.code, -32021);
    assert.equal(e.data!.details.reason, "sensitive_field");
    assert.equal(await c.run(`document.getElementById("pw").value`), "");
  },
);

/** How many actions `/metrics` counts with these labels (the histogram's _count series). */
async function actionCount(labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${ph.url}/metrics`)).text();
  const line = text.split("\n").find((l) =>
    l.startsWith("porthole_action_duration_seconds_count{") &&
    Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
  );
  return line ? Number(line.split(" ").at(-1)) : 0;
}

Deno.test(
  "a BAP action is one action of the core's histogram: a click counts as completed, a missing element by its reason",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const done = { action: "click", outcome: "completed" };
    const missing = { action: "click", outcome: "element_not_found" };
    const [doneBefore, missingBefore] = [await actionCount(done), await actionCount(missing)];
    await c.call("action/click", { selector: { type: "testId", value: "save" } });
    const e = await c.fails("action/click", {
      selector: { type: "css", value: "#nothing" },
      options: { timeout: 300 },
    });
    assert.equal(e.code, -32012);
    assert.equal(
      await actionCount(done),
      doneBefore + 1,
      "one click, one observation, however long it waited",
    );
    assert.equal(await actionCount(missing), missingBefore + 1);
  },
);
