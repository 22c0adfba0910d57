/** Discovery, extraction and the element list over HTTP against real Chromium. */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { browserTest, type Json, Porthole, sharedPorthole, Site } from "../support/harness.ts";
import { bapLaunched } from "../support/bap_fixture.ts";

const LONG = "x".repeat(10_000);
const site = new Site({
  "/tools": `<!doctype html><title>Tools</title>
    <form id="search" toolname="search_products" tooldescription="Search the catalogue">
      <input name="query" required toolparamdescription="Words to look for">
      <input name="limit" type="number">
    </form>
    <script>
      navigator.modelContext = { version: "1.0",
        getTools: () => [{ name: "add_to_cart", description: "${LONG}", inputSchema: { type: "object" } }] };
    </script>`,
  "/data": `<!doctype html><title>Shop</title><main>
    <ul id="products">
      <li class="product"><h3>Red mug</h3><span class="price">$12.50</span><a href="https://shop.test/mug?token=s3cr3t">see</a></li>
      <li class="product"><h3>Blue cup</h3><span class="price">$8.00</span><a href="https://shop.test/cup?token=s3cr3t">see</a></li>
    </ul>
    <table id="stock"><thead><tr><th>Item</th><th>Count</th></tr></thead>
      <tbody><tr><td>Mug</td><td>4</td></tr><tr><td>Cup</td><td>9</td></tr></tbody></table>
    <dl id="facts"><dt>Owner</dt><dd>Ada</dd><dt>City</dt><dd>Paris</dd></dl>
    </main>`,
  "/form": `<!doctype html><title>Form</title>
    <label>Email <input id="email" data-testid="email-box" placeholder="you@example.com"></label>
    <button id="go" onclick="document.title = 'clicked'">Go</button>
    <a href="/next">Next page</a>`,
});
const { ph, session } = await sharedPorthole();
globalThis.addEventListener("unload", () => site.server.shutdown());

const post = (sid: string, op: string, body: unknown) => ph.post(`/v1/sessions/${sid}/${op}`, body);

function assertField(r: Json, field: string) {
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal(r.body.error.details.field, field, JSON.stringify(r.body));
}

Deno.test(
  "discover finds a declarative and an imperative tool, with page text bounded",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/tools"));
    const r = await post(s.sid, "discover", {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const byName = new Map(r.body.tools.map((t: Json) => [t.name, t]));
    const form = byName.get("search_products") as Json;
    assert.equal(form.source, "webmcp-declarative");
    assert.equal(form.description, "Search the catalogue");
    assert.deepEqual(form.inputSchema.required, ["query"]);
    assert.equal(form.inputSchema.properties.limit.type, "number");
    const imperative = byName.get("add_to_cart") as Json;
    assert.equal(imperative.source, "webmcp-imperative");
    assert.equal(imperative.description.length, 4096, "a page's description is cut to 4096 characters");
    assert.equal(r.body.apiVersion, "1.0");
    assert.equal(r.body.totalDiscovered, 2);
    const one = await post(s.sid, "discover", { maxTools: 1, includeInputSchemas: false });
    assert.equal(one.body.tools.length, 1);
    assert.equal(one.body.tools[0].inputSchema, undefined);
    assert.equal(one.body.totalDiscovered, 2);
  },
);

Deno.test("discover refuses bad input naming the field, and an unknown frame", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/tools"));
  assertField(await post(s.sid, "discover", { maxTools: 0 }), "maxTools");
  assertField(await post(s.sid, "discover", { includeInputSchemas: "yes" }), "includeInputSchemas");
  assertField(await post(s.sid, "discover", { tools: true }), "tools");
  const frame = await post(s.sid, "discover", { frameId: "NOPE" });
  assert.equal(frame.body.error.code, "frame_not_found", JSON.stringify(frame.body));
});

Deno.test("extract reads a list of items with URLs redacted", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/data"));
  const r = await post(s.sid, "extract", {
    schema: {
      type: "array",
      items: {
        type: "object",
        properties: { title: { type: "string" }, price: { type: "number" }, url: {} },
      },
    },
    mode: "list",
    includeSources: true,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.length, 2);
  assert.deepEqual(r.body.data.map((d: Json) => [d.title, d.price]), [["Red mug", 12.5], ["Blue cup", 8]]);
  for (const d of r.body.data) {
    assert.ok(!d.url.includes("s3cr3t"), `the query value is redacted: ${d.url}`);
    assert.ok(d.url.startsWith("https://shop.test/"), d.url);
  }
  assert.equal(r.body.sources.length, 2);
  assert.ok(!JSON.stringify(r.body).includes("s3cr3t"));
});

Deno.test("extract reads a table and labelled fields", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/data"));
  const table = await post(s.sid, "extract", {
    schema: {
      type: "array",
      items: { type: "object", properties: { item: { type: "string" }, count: { type: "number" } } },
    },
    mode: "table",
  });
  assert.equal(table.status, 200, JSON.stringify(table.body));
  assert.deepEqual(table.body.data, [{ item: "Mug", count: 4 }, { item: "Cup", count: 9 }]);
  const fields = await post(s.sid, "extract", {
    schema: { type: "object", properties: { owner: { type: "string" }, city: { type: "string" } } },
  });
  assert.equal(fields.status, 200, JSON.stringify(fields.body));
  assert.deepEqual(fields.body.data, { owner: "Ada", city: "Paris" });
});

Deno.test(
  "extract scoped by a ref of the current state reads only under that element",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/data"));
    const listed = await post(s.sid, "elements", {});
    const link = listed.body.elements.find((e: Json) => e.role === "link");
    assert.ok(link, JSON.stringify(listed.body.elements));
    const r = await post(s.sid, "extract", {
      schema: { type: "string" },
      ref: link.ref,
      stateId: listed.body.stateId,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data, "see");
    assertField(await post(s.sid, "extract", { schema: { type: "string" }, ref: link.ref }), "stateId");
    assertField(
      await post(s.sid, "extract", {
        schema: { type: "string" },
        ref: "@e999",
        stateId: listed.body.stateId,
      }),
      "ref",
    );
  },
);

Deno.test("extract refuses bad input naming the field", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/data"));
  assertField(await post(s.sid, "extract", {}), "schema");
  assertField(await post(s.sid, "extract", { schema: { type: "date" } }), "schema.type");
  assertField(await post(s.sid, "extract", { schema: { type: "string" }, mode: "grid" }), "mode");
  assertField(
    await post(s.sid, "extract", { schema: { type: "string", description: "d".repeat(20_000) } }),
    "schema",
  );
});

Deno.test(
  "elements lists refs with selectors that act accepts with the returned stateId",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/form"));
    const r = await post(s.sid, "elements", {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const { stateId, targetId, elements } = r.body;
    assert.equal(r.body.totalElements, elements.length);
    const email = elements.find((e: Json) => e.role === "textbox");
    assert.equal(email.selector.type, "testId", JSON.stringify(email));
    assert.ok(email.alternativeSelectors.some((x: Json) => x.type === "css"), JSON.stringify(email));
    assert.ok(email.bounds.width > 0 && email.bounds.height > 0);
    const go = elements.find((e: Json) => e.role === "button");
    assert.equal(go.name, "Go");
    assert.match(go.ref, /^@e\d+$/);
    const acted = await ph.act(s.sid, { stateId, targetId }, { action: "click", ref: go.ref });
    assert.equal(acted.execution, "completed", JSON.stringify(acted));
    assert.equal(await ph.pageEval(s.sid, "document.title"), "clicked");
    const none = await post(s.sid, "elements", { maxElements: 0 });
    assert.equal(none.status, 200, JSON.stringify(none.body));
    assert.deepEqual(none.body.elements, []);
    assert.ok(none.body.totalElements >= 3);
  },
);

Deno.test(
  "elements with annotate stores a numbered screenshot, its size and where each label is drawn",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/form"));
    const r = await post(s.sid, "elements", { annotate: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const shot = r.body.screenshot;
    assert.equal(shot.annotated, true);
    assert.equal(shot.labels.length, r.body.elements.length);
    const { ref, bounds } = r.body.elements[0];
    // The badge (20 px by default) sits just above its element's box.
    assert.deepEqual(shot.labels[0], { label: "1", ref, position: { x: bounds.x, y: bounds.y - 22 } });
    const res = await fetch(ph.url + shot.artifact.href);
    assert.equal(res.headers.get("content-type"), "image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47]);
    const ihdr = new DataView(bytes.buffer, 16, 8);
    assert.deepEqual([shot.width, shot.height], [ihdr.getUint32(0), ihdr.getUint32(4)], "the PNG's own size");
    const plain = await post(s.sid, "elements", { annotate: true, maxElements: 0 });
    assert.equal(plain.body.screenshot.annotated, false);
    assert.equal(plain.body.screenshot.artifact.mimeType, "image/jpeg");
  },
);

Deno.test("elements refuses bad input naming the field", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/form"));
  assertField(await post(s.sid, "elements", { maxElements: -1 }), "maxElements");
  assertField(await post(s.sid, "elements", { maxElements: 1.5 }), "maxElements");
  assertField(await post(s.sid, "elements", { annotate: 1 }), "annotate");
  assertField(await post(s.sid, "elements", { frame: "x" }), "frame");
});

Deno.test(
  "a screenshot with a clip is that rectangle; a PDF takes paper, margins and landscape",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/form"));
    const r = await post(s.sid, "screenshot", {
      format: "png",
      clip: { x: 0, y: 0, width: 120, height: 40 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const png = new Uint8Array(await (await fetch(ph.url + r.body.artifact.href)).arrayBuffer());
    const view = new DataView(png.buffer);
    assert.deepEqual([view.getUint32(16), view.getUint32(20)], [120, 40]);
    assertField(
      await post(s.sid, "screenshot", { clip: { x: 0, y: 0, width: 0, height: 10 } }),
      "clip.width",
    );
    assertField(
      await post(s.sid, "screenshot", { fullPage: true, clip: { x: 0, y: 0, width: 9, height: 9 } }),
      "clip",
    );
    const pdf = await post(s.sid, "pdf", {
      paperWidth: 8.27,
      paperHeight: 11.69,
      landscape: true,
      margin: { top: 0.5 },
      printBackground: false,
    });
    assert.equal(pdf.status, 200, JSON.stringify(pdf.body));
    assertField(await post(s.sid, "pdf", { margin: { top: -1 } }), "margin.top");
  },
);

Deno.test("MCP offers discover, extract and elements only when --tools names them", browserTest, async () => {
  const open = async (query: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp${query}`));
    const client = new Client({ name: "page-ops-test", version: "1.0.0" });
    await client.connect(transport);
    return { client, transport };
  };
  const plain = await open("");
  const names = (await plain.client.listTools()).tools.map((t: Json) => t.name);
  assert.ok(!names.includes("browser_elements") && !names.includes("browser_extract"), names.join());
  await plain.transport.terminateSession().catch(() => {});
  await plain.client.close();
  const { client, transport } = await open("?tools=navigate,elements,extract,discover,act");
  try {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r: Json = await client.callTool({ name, arguments: args });
      assert.ok(!r.isError, JSON.stringify(r.content));
      return r.structuredContent;
    };
    await call("browser_navigate", { url: site.url("/form") });
    const listed = await call("browser_elements", { max_elements: 10 });
    assert.match(listed.elements, /browser_data trust="untrusted"/);
    const go = /"ref":"(@e\d+)","role":"button"/.exec(listed.elements)![1];
    const acted = await call("browser_act", {
      state_id: listed.state_id,
      target_id: listed.target_id,
      action: "click",
      ref: go,
    });
    assert.equal(acted.execution, "completed");
    const data = await call("browser_extract", { schema: { type: "string" } });
    assert.match(data.data, /Go/);
    assert.equal((await call("browser_discover", {})).total_discovered, 0);
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
});

Deno.test(
  "BAP screenshots and PDFs come from the core operations and leave nothing in the store",
  browserTest,
  async () => {
    await using c = await bapLaunched(ph);
    await c.call("page/create", { url: site.url("/form") });
    const before = new Set(ph.server.registry.list().map((s) => s.id));
    assert.ok(before.size >= 2, "the BAP context's session is in the registry beside the keeper");
    const shot = await c.call("observe/screenshot", {
      options: { format: "png", clip: { x: 0, y: 0, width: 64, height: 32 } },
    });
    assert.deepEqual([shot.width, shot.height], [64, 32]);
    const webp = await c.call("observe/screenshot", { options: { format: "webp", quality: 0 } });
    assert.equal(new TextDecoder().decode(Uint8Array.fromBase64(webp.data).slice(8, 12)), "WEBP");
    const pdf = await c.call("observe/pdf", {
      options: { format: "A5", landscape: true, margin: { top: "1cm" } },
    });
    assert.equal(new TextDecoder().decode(Uint8Array.fromBase64(pdf.data).slice(0, 5)), "%PDF-");
    for (const s of ph.server.registry.list()) {
      if (before.has(s.id)) assert.equal(s.artifacts.count, 0, `session ${s.id} keeps no artifact`);
    }
  },
);

Deno.test(
  "a configured secret the page echoes is in no element, extraction or tool",
  browserTest,
  async () => {
    const SECRET = "correct-horse-battery-staple";
    await using echo = new Site({
      "/": `<!doctype html><title>Echo</title><button>Pay ${SECRET}</button><p>${SECRET}</p>
      <form toolname="t" tooldescription="uses ${SECRET}"><input name="q"></form>`,
    });
    await using own = await Porthole.start((c) => {
      c.operator.secrets = { shop: { value: SECRET, origins: [echo.origin] } };
    });
    const sid = await own.session();
    await own.open(sid, echo.url("/"));
    for (
      const [op, body] of [["elements", {}], ["extract", { schema: { type: "string" } }], ["discover", {}]]
    ) {
      const r = await own.post(`/v1/sessions/${sid}/${op}`, body);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok(!JSON.stringify(r.body).includes(SECRET), `${op}: ${JSON.stringify(r.body)}`);
    }
  },
);

Deno.test("the last test closes the shared Porthole", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
});
