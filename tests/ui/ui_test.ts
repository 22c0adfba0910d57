// deno-lint-ignore-file no-explicit-any -- in-page functions see the DOM, which Deno's types do not have
/**
 * The web UI in a real browser: a person's Chromium (puppeteer) on /ui of a real Porthole that
 * drives its own Chromium. It loads cleanly, shows sessions live, streams the page, outlines a
 * ref, decides approvals, passes axe-core, and takes the README's screenshots.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { fixtureTest } from "../support/fixtures.ts";
import { UiBrowser } from "./ui_browser.ts";
import type { Page } from "puppeteer-core";
import type { ApprovalRule } from "../../lib/policy/approval_rules.ts";

const SHOP = `<!doctype html><title>Shop</title>
<style>body{margin:0;padding:24px;font:28px sans-serif;background:#fff;color:#222} body.dark{background:#123;color:#eee}
button{font:inherit;margin:8px}</style>
<h1>Corner shop</h1><p>Orders placed: <span id="orders">0</span></p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1)">Place order</button>
<button onclick="document.body.classList.toggle('dark'); console.log('looked around')">Look around</button>
<script>console.info("shop ready")</script>`;

const RULE: ApprovalRule = {
  actions: ["click"],
  consequences: ["purchase"],
  timeoutMs: 30_000,
  description: "places an order",
};

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 5000,
): Promise<T> {
  const end = Date.now() + ms;
  while (true) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The live frame's pixels: how many are not the page's white, and their mean brightness. */
function framePixels(page: Page): Promise<{ inked: number; mean: number } | null> {
  return page.evaluate(() => {
    const img = (globalThis as any).document.querySelector("img.live-frame") as any;
    if (!img || !img.complete || !img.naturalWidth) return null;
    const c = (globalThis as any).document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext("2d")!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let inked = 0, sum = 0;
    for (let i = 0; i < d.length; i += 4) {
      const v = (d[i] + d[i + 1] + d[i + 2]) / 3;
      sum += v;
      if (v < 200) inked++;
    }
    return { inked: inked / (d.length / 4), mean: sum / (d.length / 4) };
  });
}

async function setup(rules = false) {
  const site = new Site({ "/": SHOP });
  const ph = await Porthole.start((c) => {
    if (rules) c.operator.approvals = [RULE];
  });
  const ui = await UiBrowser.open();
  /** A new session (created with `body`) opened at the shop: its id and first observation. */
  const shop = async (body: Json = {}) => {
    const sid = await ph.session(body);
    return { sid, state: await ph.open(sid, site.url("/")) };
  };
  return {
    site,
    ph,
    ui,
    shop,
    async [Symbol.asyncDispose]() {
      await ui[Symbol.asyncDispose]();
      await ph[Symbol.asyncDispose]();
      await site[Symbol.asyncDispose]();
    },
  };
}

fixtureTest(
  "the UI loads with no console error, and a session created over HTTP appears without a reload",
  setup,
  async (t) => {
    await t.ui.goto(`${t.ph.url}/ui`);
    await t.ui.page.waitForSelector("#sessions-title");
    await until("the UI's event stream", () => Promise.resolve(t.ph.server.registry.events.readers > 0));
    const started = performance.now();
    const sid = await t.ph.session();
    // Listed from the event stream (the time is printed; speed is the benchmarks' business).
    await t.ui.page.waitForSelector(`tr[data-session="${sid}"]`, { timeout: 10_000 });
    console.log(`  session listed ${Math.round(performance.now() - started)} ms after it was created`);
    await t.ph.open(sid, t.site.url("/"));
    // Its pages follow (the list reloads on its events); no second-level promise for these.
    await t.ui.page.waitForFunction(
      (s: string) =>
        (globalThis as any).document.querySelector(`tr[data-session="${s}"]`)?.textContent?.includes("Shop"),
      { timeout: 10_000 },
      sid,
    );
    assert.deepEqual(t.ui.errors, []);
  },
);

fixtureTest(
  "the live view shows the page's frames and follows an agent's click; hovering a ref outlines it",
  setup,
  async (t) => {
    const { sid, state } = await t.shop({ viewport: { width: 1280, height: 720 } });
    await t.ui.goto(`${t.ph.url}/ui#live/${sid}`);
    const before = await until("a frame with content", async () => {
      const px = await framePixels(t.ui.page);
      return px && px.inked > 0.001 ? px : null;
    });
    assert.ok(before.mean > 200, `a light page first (mean ${before.mean.toFixed(0)})`);
    const r = await t.ph.actOn(sid, state, "click", /button "Look around"/);
    assert.equal(r.execution, "completed");
    const after = await until("a frame after the click", async () => {
      const px = await framePixels(t.ui.page);
      return px && px.mean < 100 ? px : null;
    });
    assert.ok(after.mean < before.mean - 100, "the frame changed with the page");

    // The refs of the agent's latest observation (its fresh state after the click).
    const ref = refOf(r.freshState as Json, /button "Place order"/);
    const button = await t.ui.page.waitForSelector(`button.ref[data-ref="${ref}"]:not([disabled])`);
    await button!.hover();
    const outline = await t.ui.page.waitForSelector(`.ref-outline[data-ref="${ref}"]`, { timeout: 10_000 });
    const box = (await outline!.boundingBox())!;
    const img = (await (await t.ui.page.$("img.live-frame"))!.boundingBox())!;
    const element = await t.ph.pageEval(
      sid,
      "JSON.stringify(document.querySelector('button').getBoundingClientRect())",
    );
    const el = JSON.parse(element);
    const scale = img.width / 1280;
    assert.ok(Math.abs(box.x - img.x - el.x * scale) < 3, `outline x ${box.x - img.x} vs ${el.x * scale}`);
    assert.ok(
      Math.abs(box.width - el.width * scale) < 3,
      `outline width ${box.width} vs ${el.width * scale}`,
    );
    assert.equal(
      await t.ph.pageEval(sid, "document.querySelectorAll('*[style*=outline]').length"),
      0,
      "nothing injected",
    );
    assert.deepEqual(t.ui.errors, []);
  },
);

fixtureTest(
  "an approval approved in the UI lets the held action complete; one denied is refused",
  () => setup(true),
  async (t) => {
    const { sid, state } = await t.shop();
    await t.ui.goto(`${t.ph.url}/ui#approvals`);
    await until("the UI's event stream", () => Promise.resolve(t.ph.server.registry.events.readers > 0));
    const first = t.ph.actOn(sid, state, "click", /button "Place order"/);
    const item = await t.ui.page.waitForSelector("li.approval", { timeout: 10_000 });
    const text = await item!.evaluate((e) => e.textContent ?? "");
    assert.match(text, /wants to click button "Place order" on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(text, /places an order/);
    await (await t.ui.page.$("li.approval button.approve"))!.click();
    const done = await first;
    assert.equal(done.execution, "completed");
    assert.equal(await t.ph.pageEval(sid, "orders.textContent"), "1");
    await t.ui.page.waitForFunction(() => !(globalThis as any).document.querySelector("li.approval"), {
      timeout: 10_000,
    });

    const second = t.ph.actOn(sid, done.freshState, "click", /button "Place order"/);
    await t.ui.page.waitForSelector("li.approval button.deny", { timeout: 10_000 });
    await (await t.ui.page.$("li.approval button.deny"))!.click();
    const refused = await second;
    assert.equal(refused.execution, "not_dispatched");
    assert.equal(refused.error.code, "approval_denied");
    assert.equal(await t.ph.pageEval(sid, "orders.textContent"), "1");
    assert.deepEqual(t.ui.errors, []);
  },
);

fixtureTest(
  "every view passes axe-core with no serious or critical violation; screenshots for the README",
  () => setup(true),
  async (t) => {
    const opened = await t.shop({ viewport: { width: 1280, height: 720 } });
    const sid = opened.sid;
    let state = opened.state;
    state = (await t.ph.actOn(sid, state, "click", /button "Look around"/)).freshState;
    state = (await t.ph.actOn(sid, state, "click", /button "Look around"/)).freshState;
    await t.ph.post(`/v1/sessions/${sid}/screenshot`, {});
    const found: string[] = [];
    const visit = async (name: string, hash: string, ready: string, hover?: string) => {
      await t.ui.goto(`${t.ph.url}/ui${hash}`);
      await t.ui.page.waitForSelector(ready, { timeout: 10_000 });
      if (hover) await (await t.ui.page.waitForSelector(hover, { timeout: 10_000 }))!.hover();
      await new Promise((r) => setTimeout(r, 300));
      for (const v of await t.ui.axe()) {
        found.push(`${name}: ${v.impact} ${v.id} (${v.help}) ${v.nodes.join(" ")}`);
      }
      await t.ui.screenshot(name);
    };
    await visit("sessions", "#sessions", "tr[data-session]");
    const ref = refOf(state, /button "Place order"/);
    await visit("live", `#live/${sid}`, "img.live-frame", `button.ref[data-ref="${ref}"]:not([disabled])`);
    // Inspect reads through the session's gate: visit it before an action holds the gate.
    await visit("inspect", `#inspect/${sid}`, ".ring table");
    const held = t.ph.actOn(sid, state, "click", /button "Place order"/);
    await until(
      "the approval",
      async () => (await t.ph.request("GET", "/v1/approvals")).body.approvals.length,
    );
    await visit("timeline", `#timeline/${sid}`, "li.event[data-type='approval.requested']");
    await visit("approvals", "#approvals", "li.approval");
    assert.deepEqual(found, []);
    await t.ph.post(
      `/v1/approvals/${(await t.ph.request("GET", "/v1/approvals")).body.approvals[0].approvalId}`,
      {
        decision: "deny",
      },
    );
    await held;
    assert.deepEqual(t.ui.errors, []);
  },
);

Deno.test(
  "with a token, the printed login link logs the browser in: the UI's calls and streams carry its cookie",
  browserTest,
  async () => {
    await using site = new Site({ "/": SHOP }),
      ph = await Porthole.start((c) => (c.token = "tok-ui-3x4mple"));
    await using ui = await UiBrowser.open();
    await ui.goto(ph.server.uiLoginLink!);
    assert.equal(new URL(ui.page.url()).pathname, "/ui");
    await ui.page.waitForSelector("#sessions-title");
    await until("the UI's event stream", () => Promise.resolve(ph.server.registry.events.readers > 0));
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    await ui.page.waitForSelector(`tr[data-session="${sid}"]`, { timeout: 10_000 });
    await ui.goto(`${ph.url}/ui#live/${sid}`);
    await ui.page.waitForSelector("img.live-frame", { timeout: 10_000 });
    assert.equal(await ui.page.$("[role=alert]"), null, "no 'not logged in' notice");
    const cookies = await ui.browser.cookies();
    assert.ok(cookies.some((c) => c.name === "porthole_ui" && c.httpOnly && c.sameSite === "Strict"));
    assert.deepEqual(ui.errors, []);
  },
);

Deno.test(
  "page text reaches the UI as text, never as HTML: title, console and tree",
  browserTest,
  async () => {
    const evil = `<img id="pwn" src="x" onerror="window.pwned = 1">`;
    await using site = new Site({
      "/": `<!doctype html><title>${evil.replaceAll("<", "&lt;")}</title><button>${
        evil.replaceAll("<", "&lt;")
      }</button><script>console.log(${JSON.stringify(evil)})</script>`,
    });
    await using ph = await Porthole.start();
    await using ui = await UiBrowser.open();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    await ui.goto(`${ph.url}/ui#timeline/${sid}`);
    await ui.page.waitForSelector("li.event[data-type='console']", { timeout: 10_000 });
    await ui.page.waitForSelector("button.ref", { timeout: 10_000 });
    const text = await ui.page.evaluate(() => (globalThis as any).document.body.textContent as string);
    assert.ok(text.includes(evil), "the console line is shown as its text");
    assert.equal(await ui.page.$("#pwn"), null, "no element was made from page text");
    assert.equal(await ui.page.evaluate(() => (globalThis as any).pwned), undefined);
    assert.deepEqual(ui.errors, []);
  },
);
