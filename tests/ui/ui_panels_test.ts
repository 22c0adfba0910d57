// deno-lint-ignore-file no-explicit-any -- in-page functions see the DOM, which Deno's types do not have
/**
 * The web UI's Takeover, Test and Preview panels in a real browser: a person takes control from
 * the live view and types into the page, the test browser is driven from its panel (its 429 and
 * its cookie isolation), both pass axe-core, and the README's screenshots of them are taken.
 */
import assert from "node:assert/strict";
import {
  assertError,
  browserTest,
  eventually,
  type Json,
  Porthole,
  refOf,
  Site,
} from "../support/harness.ts";
import { UiBrowser } from "./ui_browser.ts";
import type { Page } from "puppeteer-core";

const FORM = `<!doctype html><title>Sign in</title>
<style>body{margin:0;padding:24px;font:24px sans-serif} input{font:inherit;display:block;margin:12px 0;width:420px}</style>
<h1>Sign in</h1>
<label>Name <input id="name" name="name"></label>
<label>Password <input id="pw" type="password" name="password"></label>
<button>Continue</button><div style="height:2000px"></div>`;

const SHOW = `<!doctype html><title>Cookies</title><p id="c"></p>
<label>Note <input id="note"></label><button onclick="document.title = 'went'">Go</button>
<script>document.getElementById("c").textContent = "cookies:" + (document.cookie || "none");</script>`;

const TB = "/v1/test-browser/sessions";

const PAGES = {
  "/": FORM,
  "/show": SHOW,
  "/set-test": () =>
    new Response("<title>set</title><p>set</p>", {
      headers: { "content-type": "text/html", "set-cookie": "who=tester; Path=/" },
    }),
};

const text = (page: Page, selector: string) => page.$eval(selector, (e: any) => e.textContent as string);

/** The centre of a page element, mapped onto the live frame as the person sees it. */
async function onFrame(ph: Porthole, sid: string, page: Page, selector: string) {
  const el = JSON.parse(
    await ph.pageEval(
      sid,
      `JSON.stringify(document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect())`,
    ),
  );
  const img = (await (await page.$("img.live-frame"))!.boundingBox())!;
  const scale = img.width / 1280;
  return { x: img.x + (el.x + el.width / 2) * scale, y: img.y + (el.y + el.height / 2) * scale };
}

/**
 * How long a step of the Test panel may take: it drives a second Chromium, started on first use,
 * which on a loaded 2-core machine (the whole suite in parallel) takes seconds per step.
 */
const WAIT_MS = 30_000;

/** Click once the button is enabled: the Test panel disables its buttons while a call runs. */
async function clickWhenReady(page: Page, selector: string): Promise<void> {
  const button = await page.waitForSelector(`${selector}:not([disabled])`, { timeout: WAIT_MS });
  await button!.click();
}

async function axeAndShot(ui: UiBrowser, name: string): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 300));
  const found = (await ui.axe()).map((v) => `${name}: ${v.impact} ${v.id} (${v.help}) ${v.nodes.join(" ")}`);
  await ui.screenshot(name);
  return found;
}

Deno.test(
  "takeover from the live view: the person types into a field and hands back; the agent's old state is refused and its fresh observation shows the text",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start();
    await using ui = await UiBrowser.open();
    const sid = await ph.session({ viewport: { width: 1280, height: 720 } });
    const old = await ph.open(sid, site.url("/"));
    await ui.goto(`${ph.url}/ui#live/${sid}`);
    await ui.page.waitForSelector("img.live-frame", { timeout: 10_000 });
    assert.match(await text(ui.page, ".control-status"), /The agent is in control/);

    await ui.page.type("#takeover-who", "Ana");
    await ui.page.click("button.take-control");
    await ui.page.waitForSelector(".takeover[data-mine=yes]", { timeout: 10_000 });
    assert.match(await text(ui.page, ".control-status"), /You \(Ana\) hold control/);
    const refused = await ph.post(`/v1/sessions/${sid}/observe`, {});
    assertError(refused, 409, "human_in_control");

    const frames = () => ui.page.$eval("figure.live", (e: any) => Number(e.dataset.frames));
    /** The person clicks the field `id` on the live frame and types `text`, until the page has it. */
    const typeOnFrame = async (id: string, text: string) => {
      const at = await onFrame(ph, sid, ui.page, `#${id}`);
      await ui.page.mouse.click(at.x, at.y);
      await ui.page.keyboard.type(text);
      await eventually(
        `the text typed into #${id} in the page`,
        () => ph.pageEval(sid, `document.getElementById('${id}').value`),
        (v) => v === text,
      );
    };
    await typeOnFrame("name", "Ana Lopez");
    const before = await frames();
    await typeOnFrame("pw", "s3cret!");
    await ui.page.mouse.wheel({ deltaY: 240 });
    await eventually("the page to scroll", () => ph.pageEval(sid, "scrollY"), (y) => Number(y) > 0);
    await ui.page.mouse.wheel({ deltaY: -240 });
    await eventually("the page to scroll back", () => ph.pageEval(sid, "scrollY"), (y) => Number(y) === 0);
    // The live view keeps streaming while the person holds the session.
    await eventually("new frames", frames, (n) => n > before);
    assert.deepEqual(await axeAndShot(ui, "takeover"), []);
    // The person keeps control across views (the Timeline reads with the pass, too).
    await ui.page.evaluate((h: string) => ((globalThis as any).location.hash = h), `timeline/${sid}`);
    await ui.page.waitForSelector("li.event[data-type='takeover.input']", { timeout: 10_000 });
    await ui.page.evaluate((h: string) => ((globalThis as any).location.hash = h), `live/${sid}`);
    await ui.page.waitForSelector(".takeover[data-mine=yes] button.hand-back", { timeout: 10_000 });

    await ui.page.click("button.hand-back");
    await ui.page.waitForSelector(".takeover[data-mine=no]:not(.held)", { timeout: 10_000 });
    const stale = await ph.act(sid, old, { action: "click", ref: refOf(old, /button "Continue"/) }).catch((
      e,
    ) => e);
    const code = stale instanceof Error ? stale.message : stale.error?.code;
    assert.match(String(code), /stale_state/);
    const fresh = await ph.observe(sid);
    assert.match(fresh.tree, /textbox "Name".*: Ana Lopez/);

    await ui.goto(`${ph.url}/ui#timeline/${sid}`);
    await ui.page.waitForSelector("li.event[data-type='takeover.ended']", { timeout: 10_000 });
    const timeline = await text(ui.page, "main");
    assert.match(timeline, /Ana took control/);
    assert.match(timeline, /person clicked at \d+,\d+/);
    assert.match(timeline, /person scrolled by 0,240/);
    assert.match(timeline, /Ana handed back after [\d.]+ s \(2 clicks, 16 keys\); the agent observes afresh/);
    assert.ok(!timeline.includes("s3cret"), "the password is never shown");
    assert.match(timeline, /redacted/);
    assert.deepEqual(ui.errors, []);
  },
);

Deno.test(
  "the Test panel drives the test browser: act by ref, screenshot, a readable 429 at capacity, and its cookie is not in the agent's session",
  browserTest,
  async () => {
    await using site = new Site(PAGES), ph = await Porthole.start((c) => (c.testBrowser.maxSessions = 1));
    await using ui = await UiBrowser.open();
    await ui.goto(`${ph.url}/ui#test`);
    await ui.page.click("button.new-test");
    await ui.page.waitForSelector("code.test-session", { timeout: WAIT_MS });
    const tsid = await text(ui.page, "code.test-session");

    const navigate = async (url: string) => {
      // The field is the panel's state: empty it the way typing would (an input event), once the
      // last navigation has finished, or the panel's next render puts the old URL back.
      await ui.page.waitForSelector("form button[type=submit]:not([disabled])", { timeout: WAIT_MS });
      await ui.page.$eval("#test-url", (e: any) => {
        e.value = "";
        e.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await ui.page.type("#test-url", url);
      await clickWhenReady(ui.page, "form button[type=submit]");
    };
    await navigate(site.url("/set-test"));
    await ui.page.waitForFunction(
      () => (globalThis as any).document.querySelector(".test-tree")?.textContent.includes("set"),
      { timeout: WAIT_MS },
    );
    await navigate(site.url("/show"));
    await ui.page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector(".test-tree")?.textContent.includes("cookies:who=tester"),
      { timeout: WAIT_MS },
    );
    // Type into a ref and click another, from the tree.
    await ui.page.type("#test-text", "from the panel");
    await clickWhenReady(ui.page, ".test-refs li:has(.test-type) .test-type");
    await ui.page.waitForFunction(
      () => (globalThis as any).document.querySelector(".test-tree")?.textContent.includes("from the panel"),
      { timeout: WAIT_MS },
    );
    assert.match(await text(ui.page, ".act-note"), /type @\w+: completed/);
    await clickWhenReady(ui.page, ".test-refs li:last-child .test-click");
    await ui.page.waitForFunction(
      () =>
        /click @\w+: completed/.test((globalThis as any).document.querySelector(".act-note")?.textContent),
      { timeout: WAIT_MS },
    );
    await clickWhenReady(ui.page, ".test-screenshot");
    await ui.page.waitForFunction(
      () => (globalThis as any).document.querySelector("img.test-shot")?.naturalWidth > 0,
      {
        timeout: WAIT_MS,
      },
    );

    // Preview: the page in a sandboxed frame, with an opaque origin.
    await ui.page.type("#preview-url", site.url("/"));
    await ui.page.click("section.preview button[type=submit]");
    const frame = await ui.page.waitForSelector("iframe.preview-frame", { timeout: WAIT_MS });
    assert.equal(await frame!.evaluate((e: any) => e.getAttribute("sandbox")), "allow-scripts");
    const inner = await eventually("the preview to load", () => frame!.contentFrame(), Boolean);
    await eventually(
      "the preview's script",
      () => inner!.evaluate(() => (globalThis as any).document.body?.textContent ?? ""),
      (t) => String(t).includes("Sign in"),
    );
    assert.equal(await inner!.evaluate(() => (globalThis as any).origin), "null");
    // Its script cannot call either runtime's API: an opaque origin's requests are refused.
    const call = await inner!.evaluate(
      (u: string) =>
        fetch(u, { method: "POST", body: "{}" }).then((r) => `HTTP ${r.status}`, () => "refused"),
      `${ph.url}${TB}`,
    );
    assert.equal(call, "refused");
    assert.equal((await ph.request("GET", TB)).body.sessions.length, 1, "the refused call made no session");
    assertError(await ph.request("POST", TB, {}, { origin: "null" }), 403, "request_origin_not_allowed");
    await ui.page.$eval("details", (e: any) => (e.open = true));
    assert.deepEqual(await axeAndShot(ui, "test"), []);

    // The agent's browser never sees the test browser's cookie.
    const asid = await ph.session();
    assert.match((await ph.open(asid, site.url("/show"))).tree, /cookies:none/);
    const jar = await ph.post(`/v1/sessions/${asid}/cookies/get`, {});
    assert.equal(jar.status, 200);
    assert.deepEqual(jar.body.cookies.filter((c: Json) => c.name === "who"), []);

    // The Sessions view lists the test session, marked.
    await ui.goto(`${ph.url}/ui#sessions`);
    const row = await ui.page.waitForSelector(`tr[data-session="${tsid}"][data-test=yes]`, {
      timeout: WAIT_MS,
    });
    assert.match(await row!.evaluate((e: any) => e.textContent), /test/);
    assert.ok(await ui.page.$(`tr[data-session="${asid}"]:not([data-test])`));

    // At capacity, the seed's 429 reads as what it is.
    await ui.goto(`${ph.url}/ui#test/${tsid}`);
    await ui.page.click("button.new-test");
    await ui.page.waitForSelector("section.test .error[role=alert]", { timeout: WAIT_MS });
    assert.match(
      await text(ui.page, "section.test .error"),
      /^The test browser is at capacity: .+ \(context_limit, HTTP 429\)$/,
    );
    assert.equal(await text(ui.page, "code.test-session"), tsid, "the open test session stays");

    await clickWhenReady(ui.page, "button.close-test");
    await ui.page.waitForFunction(() => !(globalThis as any).document.querySelector("code.test-session"));
    assert.equal((await ph.request("GET", `/v1/test-browser/sessions/${tsid}`)).status, 404);
    // Chromium's own lines for the 429 the panel showed and the preview's refused call.
    assert.deepEqual(ui.errors.filter((e) => !/status of (429|403)|CORS|ERR_FAILED/.test(e)), []);
  },
);
