/** BAP agent/observe and agent/extract against real Chromium (conformance scenarios 7, 14–16). */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";
import { type BapClient, type Json } from "../support/bap_client.ts";

const FORM = `<!doctype html><title>Agent</title>
<button data-testid="save" onclick="document.getElementById('status').textContent = 'saved ' + this.form?.id">Save</button>
<input id="email" aria-label="Email">
<a href="/x">Docs</a>
<input id="pw" type="password" value="hunter2" aria-label="Secret">
<p id="status">idle</p>
<div id="hidden" style="display:none"><button>Ghost</button></div>
<div id="slot"></div>`;

const SHOP = `<!doctype html><title>Shop</title><main>
<article><h2>Lamp</h2><span class="price">$19.99</span></article>
<article><h2>Desk</h2><span class="price">$120.00</span></article>
<article><h2>Chair</h2><span class="price">$45.50</span></article>
</main>`;

const FRAMED = `<!doctype html><title>Framed</title><button>Outside</button><iframe src="/inner"></iframe>`;
const INNER = `<!doctype html><title>Inner</title><h2>Inside</h2><button>Inner button</button>`;

const { site, ph } = await siteAndPorthole({
  "/": FORM,
  "/shop": SHOP,
  "/x": "<title>X</title>x",
  "/framed": FRAMED,
  "/inner": INNER,
});
const fresh = (path = "/"): Promise<BapClient> => bapPage(ph, site.url(path));

const SELECTOR_TYPES = [
  "css",
  "xpath",
  "role",
  "text",
  "label",
  "placeholder",
  "testId",
  "semantic",
  "coordinates",
  "ref",
];

function byName(obs: Json, name: string): Json {
  return obs.interactiveElements.find((e: Json) => e.name === name);
}

Deno.test(
  "agent/observe: refs, selectors in the seed's order, hints, stability, redacted values",
  browserTest,
  async () => {
    await using c = await fresh();
    const bare = await c.call("agent/observe", {});
    assert.deepEqual(Object.keys(bare), ["metadata"], "a bare call returns only metadata");
    const obs = await c.call("agent/observe", { includeInteractiveElements: true });
    for (const e of obs.interactiveElements) {
      assert.match(e.ref, /^@/);
      assert.ok(SELECTOR_TYPES.includes(e.selector.type));
      assert.ok(Array.isArray(e.actionHints));
      assert.equal(typeof e.tagName, "string");
      assert.equal(e.stability, "new");
    }
    assert.deepEqual(byName(obs, "Save").selector, { type: "testId", value: "save" });
    const email = byName(obs, "Email");
    assert.equal(email.selector.type, "role");
    assert.equal(email.selector.name, "Email");
    assert.ok(email.actionHints.includes("editable"));
    assert.deepEqual(email.alternativeSelectors, [{ type: "css", value: "#email" }]);
    const docs = byName(obs, "Docs");
    assert.equal(docs.role, "link");
    assert.deepEqual(docs.alternativeSelectors.map((s: Json) => s.type), ["role", "css"]);
    assert.equal(byName(obs, "Secret").value, "[REDACTED]");
    assert.equal(byName(obs, "Ghost"), undefined, "hidden elements are not candidates");
    assert.ok(obs.totalInteractiveElements >= obs.interactiveElements.length);
    const refs = obs.interactiveElements.map((e: Json) => e.ref);
    assert.equal(new Set(refs).size, refs.length, "refs are unique within the response");
    const again = await c.call("agent/observe", { includeInteractiveElements: true });
    assert.deepEqual(again.interactiveElements.map((e: Json) => e.ref), refs);
    assert.ok(again.interactiveElements.every((e: Json) => e.stability === "stable"));
    const links = await c.call("agent/observe", { includeInteractiveElements: true, filterRoles: ["link"] });
    assert.deepEqual(links.interactiveElements.map((e: Json) => e.name), ["Docs"]);
    const one = await c.call("agent/observe", { includeInteractiveElements: true, maxElements: 1 });
    assert.equal(one.interactiveElements.length, 1);
    assert.equal(one.totalInteractiveElements, obs.totalInteractiveElements);
  },
);

Deno.test("identical elements in sibling containers get distinct refs", browserTest, async () => {
  await using c = await fresh();
  await pageRun(`document.getElementById("slot").innerHTML =
    '<div class="card"><button>Add to cart</button></div><div class="card"><button>Add to cart</button></div>'`);
  const obs = await c.call("agent/observe", { includeInteractiveElements: true });
  const adds = obs.interactiveElements.filter((e: Json) => e.name === "Add to cart");
  assert.equal(adds.length, 2);
  assert.notEqual(adds[0].ref, adds[1].ref);
});

Deno.test(
  "response tiers, and incremental observation lists what was added and removed",
  browserTest,
  async () => {
    await using c = await fresh();
    const minimal = await c.call("agent/observe", { responseTier: "minimal", includeScreenshot: true });
    assert.ok(minimal.metadata);
    assert.equal(minimal.screenshot, undefined);
    for (const e of minimal.interactiveElements) {
      assert.deepEqual(Object.keys(e).filter((k) => k !== "name").sort(), [
        "actionHints",
        "ref",
        "role",
        "selector",
        "tagName",
      ]);
    }
    const interactive = await c.call("agent/observe", {
      responseTier: "interactive",
      includeAccessibility: true,
    });
    assert.ok(interactive.interactiveElements.length > 0);
    assert.equal(interactive.accessibility, undefined);
    await pageRun(
      `document.getElementById("slot").innerHTML = '<button>Fresh</button>'; document.querySelector("a").remove();`,
    );
    const inc = await c.call("agent/observe", { includeInteractiveElements: true, incremental: true });
    assert.deepEqual(inc.changes.added.map((e: Json) => e.name), ["Fresh"]);
    assert.ok(Array.isArray(inc.changes.removed));
    const docsRef = byName(interactive, "Docs").ref;
    assert.ok(inc.changes.removed.includes(docsRef));
    assert.ok(inc.interactiveElements.length > 0, "the full list comes too");
  },
);

Deno.test("annotated screenshots: a PNG with labels whose refs resolve", browserTest, async () => {
  await using c = await fresh();
  const obs = await c.call("agent/observe", { annotateScreenshot: { enabled: true, labelFormat: "both" } });
  assert.equal(obs.screenshot.format, "png");
  assert.equal(obs.screenshot.annotated, true);
  assert.deepEqual([...Uint8Array.fromBase64(obs.screenshot.data).slice(1, 4)], [0x50, 0x4e, 0x47]);
  assert.equal(obs.interactiveElements, undefined, "elements are drawn, not returned");
  assert.match(obs.annotationMap[0].label, /^\d+:@/);
  for (const m of obs.annotationMap) {
    const el = await c.call("observe/element", {
      selector: { type: "ref", ref: m.ref },
      properties: ["visible"],
    });
    assert.equal(el.found, true, m.ref);
  }
  const overlay = await pageRun(`document.documentElement.lastElementChild.localName`);
  assert.equal(overlay, "body", "the overlay is gone after the screenshot");
  const plain = await c.call("agent/observe", { includeScreenshot: true });
  assert.equal(plain.screenshot.format, "jpeg");
  assert.equal(plain.screenshot.annotated, false);
});

Deno.test(
  "agent/observe's refs are the core refs: the ones POST …/observe prints for the same elements",
  browserTest,
  async () => {
    await using c = await fresh();
    const obs = await c.call("agent/observe", { includeInteractiveElements: true });
    const { activePage } = await c.call("page/list");
    const session = ph.server.registry.list().find((s) => s.pages.has(activePage))!;
    const core = await ph.observe(session.id, { pageId: activePage });
    assert.ok(obs.interactiveElements.length >= 4);
    for (const e of obs.interactiveElements) {
      assert.match(e.ref, /^@e\d+$/);
      const line = core.tree.split("\n").find((l: string) => l.includes(`[ref=${e.ref}]`));
      assert.ok(line?.includes(`"${e.name}"`), `${e.ref} ${e.name}: ${line}`);
    }
    assert.equal(
      byName(obs, "Secret").value,
      "[REDACTED]",
      "the password's value is redacted as the core redacts it",
    );
  },
);

Deno.test(
  "fused observations annotate as agent/observe does, say the image's size and leave nothing stored",
  browserTest,
  async () => {
    await using c = await fresh();
    const observe = { annotateScreenshot: { enabled: true, labelFormat: "ref", maxLabels: 2 } };
    const nav = await c.call("page/navigate", { url: site.url("/"), observe });
    const act = await c.call("agent/act", {
      steps: [{
        action: "action/fill",
        params: { selector: { type: "css", value: "#email" }, value: "a@b.c" },
      }],
      postObserve: observe,
    });
    for (const obs of [nav.observation, act.postObservation]) {
      assert.equal(obs.screenshot.annotated, true);
      assert.deepEqual(
        obs.annotationMap.map((m: Json) => m.label),
        obs.annotationMap.map((m: Json) => m.ref),
      );
      assert.equal(obs.annotationMap.length, 2);
      const png = Uint8Array.fromBase64(obs.screenshot.data);
      const ihdr = new DataView(png.buffer, 16, 8);
      assert.deepEqual([obs.screenshot.width, obs.screenshot.height], [ihdr.getUint32(0), ihdr.getUint32(4)]);
    }
    for (const s of ph.server.registry.list()) assert.equal(s.artifacts.count, 0, `session ${s.id}`);
  },
);

Deno.test(
  "agent/observe with maxElements 0 lists no elements and still counts them",
  browserTest,
  async () => {
    await using c = await fresh();
    const obs = await c.call("agent/observe", { includeInteractiveElements: true, maxElements: 0 });
    assert.deepEqual(obs.interactiveElements, []);
    assert.ok(obs.totalInteractiveElements >= 4);
    const bad = await c.fails("agent/observe", { includeInteractiveElements: true, maxElements: 1.5 });
    assert.equal(bad.code, -32602);
    assert.equal(bad.data!.details.field, "maxElements");
  },
);

Deno.test(
  "after frame/switch, agent/observe, agent/extract, observe/ariaSnapshot and observe/accessibility read that frame",
  browserTest,
  async () => {
    await using c = await fresh("/framed");
    await c.call("frame/switch", { url: "/inner" });
    const obs = await c.call("agent/observe", { includeInteractiveElements: true });
    assert.deepEqual(obs.interactiveElements.map((e: Json) => e.name), ["Inner button"]);
    assert.match(obs.interactiveElements[0].ref, /^@f\d+e\d+$/, "refs of another frame carry its prefix");
    const heading = {
      instruction: "the heading",
      schema: { type: "string" },
      selector: { type: "css", value: "h2" },
    };
    assert.equal((await c.call("agent/extract", heading)).data, "Inside");
    const aria = await c.call("observe/ariaSnapshot", {});
    assert.equal(aria.snapshot, '- heading "Inside" [level=2]\n- button "Inner button"\n');
    assert.equal(aria.title, "Inner");
    const { tree } = await c.call("observe/accessibility", {});
    assert.deepEqual(tree.children.map((k: Json) => k.role), ["heading", "button"]);
    await c.call("frame/main", {});
    const outer = await c.call("agent/observe", { includeInteractiveElements: true });
    assert.deepEqual(outer.interactiveElements.map((e: Json) => e.name), ["Outside"]);
    const none = await c.call("agent/extract", { ...heading, timeout: 200 });
    assert.deepEqual([none.success, none.data], [false, null], "the main frame has no h2");
  },
);

Deno.test(
  "incremental observation after a navigation: every earlier ref is removed, every element added",
  browserTest,
  async () => {
    await using c = await fresh();
    const first = await c.call("agent/observe", { includeInteractiveElements: true });
    await c.call("page/navigate", { url: site.url("/framed") });
    const next = await c.call("agent/observe", { includeInteractiveElements: true, incremental: true });
    assert.deepEqual(next.changes.removed, first.interactiveElements.map((e: Json) => e.ref));
    assert.deepEqual(next.changes.added.map((e: Json) => e.name), ["Outside"]);
    assert.ok(next.interactiveElements.every((e: Json) => e.stability === "new"));
  },
);

Deno.test("agent/extract reads a list of products with their sources", browserTest, async () => {
  await using c = await fresh("/shop");
  const r = await c.call("agent/extract", {
    instruction: "products",
    schema: {
      type: "array",
      items: { type: "object", properties: { title: { type: "string" }, price: { type: "string" } } },
    },
    mode: "list",
    includeSourceRefs: true,
  });
  assert.equal(r.success, true);
  assert.deepEqual(r.data, [
    { title: "Lamp", price: "$19.99" },
    { title: "Desk", price: "$120.00" },
    { title: "Chair", price: "$45.50" },
  ]);
  assert.equal(r.sources.length, 3);
  assert.ok(r.confidence >= 0 && r.confidence <= 1);
  const scalar = await c.call("agent/extract", {
    instruction: "the price of the desk",
    schema: { type: "number" },
    selector: { type: "css", value: "article:nth-of-type(2) .price" },
  });
  assert.equal(scalar.data, 120);
  const missing = await c.call("agent/extract", {
    instruction: "x",
    schema: { type: "string" },
    selector: { type: "css", value: "#nothing" },
    timeout: 200,
  });
  assert.equal(missing.success, false);
  assert.equal(missing.data, null);
});

async function pageRun(code: string): Promise<Json> {
  for (const s of ph.server.registry.list()) {
    for (const rec of s.pages.values()) {
      if (rec.driver.page.url().startsWith(site.origin)) return await rec.driver.page.evaluate(code);
    }
  }
}
