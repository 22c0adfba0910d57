/** BAP observe/* against real Chromium: images, trees, documents with secrets redacted, elements. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { BapClient, type Json, wsUrl } from "../support/bap_client.ts";

const PAGE = `<!doctype html><html><head><title>Observe me</title></head><body>
<main>
  <h1>Account</h1>
  <p>Hello <strong>world</strong>, see <a href="/docs?tab=intro#top">the docs</a>.</p>
  <ul><li>One</li><li>Two</li></ul>
  <form>
    <label for="user">User</label><input id="user" name="user" value="ada">
    <label for="pw">Password</label><input id="pw" type="password" value="hunter2">
    <input id="tok" data-sensitive value="tok-123" aria-label="Note">
    <input type="checkbox" id="agree" aria-label="Agree" checked>
    <button id="go" disabled>Go</button>
  </form>
  <div id="box" data-token="abc" style="width:50px;height:20px;color:rgb(255, 0, 0)">Box</div>
  <nav aria-label="Links"><a href="/a">First</a><a href="/b">Second</a></nav>
  <p>Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl</p>
</main>
</body></html>`;

const site = new Site({ "/": PAGE });
const ph = await Porthole.start();
globalThis.addEventListener("unload", () => {
  ph.server.close();
  site.server.shutdown();
});

let shared: BapClient | null = null;
async function client(): Promise<BapClient> {
  if (shared) return shared;
  const c = await BapClient.connect(wsUrl(ph.url));
  await c.call("browser/launch", {});
  await c.call("page/create", { url: site.url("/") });
  shared = c;
  return c;
}
globalThis.addEventListener("unload", () => shared?.close());

function bytes(b64: string): Uint8Array {
  return Uint8Array.fromBase64(b64);
}

Deno.test(
  "observe/screenshot is JPEG by default, PNG or WebP on request, with the image's size",
  browserTest,
  async () => {
    const c = await client();
    const jpeg = await c.call("observe/screenshot", {});
    assert.equal(jpeg.format, "jpeg");
    assert.deepEqual([...bytes(jpeg.data).slice(0, 3)], [0xff, 0xd8, 0xff]);
    assert.deepEqual([jpeg.width, jpeg.height], [1280, 720]);
    const png = await c.call("observe/screenshot", {
      options: { format: "png", clip: { x: 0, y: 0, width: 100, height: 50 } },
    });
    assert.equal(png.format, "png");
    assert.deepEqual([...bytes(png.data).slice(1, 4)], [0x50, 0x4e, 0x47]);
    assert.deepEqual([png.width, png.height], [100, 50]);
    const webp = await c.call("observe/screenshot", { options: { format: "webp", fullPage: true } });
    assert.equal(webp.format, "webp");
    const riff = bytes(webp.data);
    assert.equal(new TextDecoder().decode(riff.slice(0, 4)), "RIFF");
    assert.equal(new TextDecoder().decode(riff.slice(8, 12)), "WEBP");
  },
);

Deno.test(
  "observe/accessibility returns one root with Chromium's roles, and never a password's value",
  browserTest,
  async () => {
    const c = await client();
    const { tree } = await c.call("observe/accessibility", {});
    assert.equal(tree.role, "RootWebArea");
    const all: {
      role: string;
      name?: string;
      value?: string;
      checked?: boolean;
      disabled?: boolean;
      level?: number;
    }[] = [];
    const walk = (n: typeof all[number] & { children?: unknown[] }) => {
      all.push(n);
      for (const k of (n.children ?? []) as typeof n[]) walk(k);
    };
    walk(tree);
    assert.ok(all.some((n) => n.role === "heading" && n.name === "Account" && n.level === 1));
    assert.ok(all.some((n) => n.role === "checkbox" && n.name === "Agree" && n.checked === true));
    assert.ok(all.some((n) => n.role === "button" && n.name === "Go" && n.disabled === true));
    assert.ok(all.some((n) => n.role === "textbox" && n.name === "User" && n.value === "ada"));
    const json = JSON.stringify(tree);
    assert.ok(!json.includes("hunter2"));
    assert.ok(!json.includes("tok-123"));
    const { tree: nav } = await c.call("observe/accessibility", {
      options: { root: { type: "role", role: "navigation" } },
    });
    assert.equal(nav.role, "navigation");
    assert.deepEqual(nav.children.map((k: { name: string }) => k.name), ["First", "Second"]);
    const { tree: shallow } = await c.call("observe/accessibility", { options: { maxDepth: 1 } });
    assert.ok(shallow.children.length > 0);
    assert.ok(
      shallow.children.every((k: { children?: unknown[] }) => k.children === undefined),
      "maxDepth 1",
    );
    const missing = await c.fails("observe/accessibility", {
      options: { root: { type: "css", value: "#nope" } },
    });
    assert.equal(missing.code, -32012);
  },
);

Deno.test(
  "observe/dom redacts credential fields, secret attributes and JWTs; URLs are redacted",
  browserTest,
  async () => {
    const c = await client();
    const dom = await c.call("observe/dom", {});
    assert.equal(dom.title, "Observe me");
    assert.equal(dom.url, site.url("/"));
    assert.match(dom.html, /<input id="user" name="user" value="ada">/);
    assert.match(dom.html, /id="pw" type="password" value="\[REDACTED\]"/);
    assert.match(dom.html, /value="\[REDACTED\]"/);
    assert.ok(!dom.html.includes("hunter2") && !dom.html.includes("tok-123"));
    assert.match(dom.html, /data-token="\[REDACTED\]"/);
    assert.match(dom.html, /\[REDACTED_JWT\]/);
    assert.ok(
      dom.html.includes(`href="${site.url("/docs")}?tab=[redacted]"`),
      dom.html.match(/href="[^"]*docs[^"]*"/)?.[0],
    );
    assert.match(dom.text, /Hello world/);
    assert.equal(await pageValue("#pw"), "hunter2", "the page itself is untouched");
  },
);

Deno.test("observe/content gives text, HTML and Markdown", browserTest, async () => {
  const c = await client();
  const text = await c.call("observe/content", { format: "text" });
  assert.match(text.content, /Account/);
  assert.equal(text.title, "Observe me");
  const html = await c.call("observe/content", { format: "html" });
  assert.match(html.content, /^<!DOCTYPE html>/);
  assert.ok(!html.content.includes("hunter2"));
  const md = await c.call("observe/content", { format: "markdown" });
  assert.match(md.content, /^# Account$/m);
  assert.match(
    md.content,
    /Hello \*\*world\*\*, see \[the docs\]\(http:\/\/127\.0\.0\.1:\d+\/docs\?tab=\[redacted\]\)/,
  );
  assert.match(md.content, /^- One$/m);
  const fallback = await c.call("observe/content", {});
  assert.equal(fallback.content, text.content, "no format is text");
});

Deno.test(
  "observe/element reads only the asked properties; a password's value is redacted; no match is found:false",
  browserTest,
  async () => {
    const c = await client();
    const user = await c.call("observe/element", {
      selector: { type: "label", value: "User" },
      properties: ["value", "visible", "enabled", "attributes"],
    });
    assert.deepEqual(Object.keys(user).sort(), ["attributes", "enabled", "found", "value", "visible"]);
    assert.equal(user.value, "ada");
    assert.equal(user.attributes.name, "user");
    const pw = await c.call("observe/element", {
      selector: { type: "css", value: "#pw" },
      properties: ["value", "attributes"],
    });
    assert.equal(pw.value, "[REDACTED]");
    assert.equal(pw.attributes.value, "[REDACTED]");
    const box = await c.call("observe/element", {
      selector: { type: "testId", value: "nope" },
      properties: ["text"],
    });
    assert.deepEqual(box, { found: false });
    const styled = await c.call("observe/element", {
      selector: { type: "css", value: "#box" },
      properties: ["boundingBox", "computedStyle", "text", "checked"],
    });
    assert.equal(styled.boundingBox.width, 50);
    assert.equal(styled.computedStyle.color, "rgb(255, 0, 0)");
    assert.equal(styled.text, "Box");
    assert.equal("checked" in styled, false);
    const go = await c.call("observe/element", {
      selector: { type: "role", role: "button", name: "Go" },
      properties: ["enabled"],
    });
    assert.equal(go.enabled, false);
    const two = await c.fails("observe/element", {
      selector: { type: "css", value: "nav a" },
      properties: ["text"],
    });
    assert.equal(two.code, -32020);
    assert.equal(two.data!.details.count, 2);
    // A ref is one of the page's current state, or refused (as over HTTP), naming the client's selector.
    const stale = await c.fails("observe/element", {
      selector: { type: "ref", ref: "@e999" },
      properties: ["text"],
    });
    assert.equal(stale.code, -32602);
    assert.equal(stale.data!.details.field, "selector.ref");
    const root = await c.fails("observe/accessibility", { options: { root: { type: "ref", ref: "@e999" } } });
    assert.equal(root.data!.details.field, "options.root.ref");
  },
);

Deno.test("observe/pdf prints the page", browserTest, async () => {
  const c = await client();
  const r = await c.call("observe/pdf", {
    options: { format: "Letter", margin: { top: "1cm" }, landscape: true },
  });
  assert.equal(new TextDecoder().decode(bytes(r.data).slice(0, 5)), "%PDF-");
  const bad = await c.fails("observe/pdf", { options: { margin: { top: "wide" } } });
  assert.equal(bad.code, -32602);
});

Deno.test(
  "observe/ariaSnapshot is YAML of the page, or of one element with it included",
  browserTest,
  async () => {
    const c = await client();
    const whole = await c.call("observe/ariaSnapshot", {});
    assert.equal(whole.title, "Observe me");
    assert.match(whole.snapshot, /^\s*- heading "Account" \[level=1\]$/m);
    assert.match(whole.snapshot, /- checkbox "Agree" \[checked\]/);
    assert.match(whole.snapshot, /- button "Go" \[disabled\]/);
    assert.match(whole.snapshot, /- textbox "User": ada$/m, "values are YAML, quoted only when needed");
    assert.ok(!whole.snapshot.includes("hunter2"));
    assert.ok(!whole.snapshot.includes("tok-123"), "a data-sensitive field's value is not shown");
    assert.ok(!whole.snapshot.includes("[ref="));
    const nav = await c.call("observe/ariaSnapshot", { selector: { type: "css", value: "nav" } });
    assert.equal(nav.snapshot, '- navigation "Links":\n  - link "First"\n  - link "Second"\n');
  },
);

async function pageValue(selector: string): Promise<Json> {
  for (const s of ph.server.registry.list()) {
    for (const rec of s.pages.values()) {
      return await rec.driver.page.evaluate(`document.querySelector(${JSON.stringify(selector)}).value`);
    }
  }
}
