/**
 * The reference BAP clients, replayed: the exact JSON-RPC params the `bap` CLI
 * (browseragentprotocol/bap, packages/cli at 9d172265, through its TypeScript client) and its MCP
 * bridge (packages/mcp) send, written out by hand, over a real WebSocket to a real Porthole. Each
 * call succeeds or fails with the policy's own error, never a launch refusal.
 *
 * How the CLI talks: every command is a process that connects with `sessionId: "cli-<port>"`,
 * subscribes to four event topics, and (but for `tabs`, `sessions`, `close`) runs `page/list`; with
 * no page that is not blank it launches `{browser: "chromium", channel: "chrome", headless: false}`
 * (its default browser is chrome, its default is a visible window, and it adds `userDataDir` when
 * the user's Chrome profile folder exists) and creates a page, else it activates the listed page.
 * Its `pageId` is the page it created or activated (`null` before either: the SDK sends it so).
 */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { assertVoid, BapClient, type Json, wsUrl } from "../support/bap_client.ts";
import { assertRpcError, pageEval, siteAndPorthole } from "../support/bap_fixture.ts";

const SHOP = `<!doctype html><title>Shop</title>
<h1>Shop</h1>
<nav><a href="/?page=2">Next page</a></nav>
<form onsubmit="event.preventDefault(); document.getElementById('status').textContent = 'signed in as ' +
  document.getElementById('email').value">
  <label for="email">Email</label><input id="email" type="email">
  <label for="pw">Password</label><input id="pw" type="password">
  <label><input id="terms" type="checkbox"> Terms</label>
  <select id="size" aria-label="Size"><option>S</option><option>M</option></select>
  <button id="signin">Sign in</button>
</form>
<p id="status">signed out</p>
<ul class="products">
  <li class="product"><span class="title">Lamp</span> <span class="price">$12</span></li>
  <li class="product"><span class="title">Desk</span> <span class="price">$80</span></li>
</ul>`;

const { site, ph } = await siteAndPorthole({ "/": SHOP });

/** Every event topic the reference TypeScript client subscribes to by default. */
const EVENTS = ["page", "console", "network", "dialog"];

/** `initialize` as the CLI's client sends it (`name: "bap-cli"`, the SDK's version "0.2.0"). */
const CLI_INIT = {
  protocolVersion: "0.9.0",
  clientInfo: { name: "bap-cli", version: "0.2.0" },
  capabilities: { events: EVENTS, streaming: false, compression: false },
  sessionId: "cli-9222",
};

/** The CLI's `--forms` roles and its `--navigation` roles. */
const FORM_ROLES = [
  "textbox",
  "combobox",
  "checkbox",
  "radio",
  "searchbox",
  "spinbutton",
  "slider",
  "switch",
];
const NAV_ROLES = ["link", "button", "menuitem", "tab"];

/** The CLI's launch: default browser chrome, headless false, a Chrome profile folder found. */
const CLI_LAUNCH = {
  browser: "chromium",
  channel: "chrome",
  headless: false,
  userDataDir: "/home/user/.config/google-chrome",
};

/** The CLI's `initialize` for a session of its own (the CLI's is `cli-<port>`, or `-s=<name>`). */
const cliInit = (name: string) => ({ ...CLI_INIT, sessionId: `cli-${name}` });

/** Open, `initialize`, `notifications/initialized` and `events/subscribe`, as the SDK's connect does. */
async function sdkConnect(init: Json): Promise<BapClient> {
  const c = await BapClient.open(wsUrl(ph.url));
  const r = await c.call("initialize", init);
  assert.equal(r.protocolVersion.split(".")[0], "0", "the SDK refuses another major version");
  c.notify("notifications/initialized");
  assertVoid(await c.call("events/subscribe", { events: EVENTS }));
  return c;
}

/** A CLI command's preamble on a connection that has a page: `page/list`, then `page/activate`. */
async function ready(c: BapClient): Promise<string> {
  const { pages, activePage } = await c.call("page/list", {});
  const usable = pages.filter((p: Json) => p.url && p.url !== "about:blank");
  assert.ok(usable.length > 0, "the CLI would launch again");
  const pageId = activePage || usable[0].id;
  assertVoid(await c.call("page/activate", { pageId }));
  return pageId;
}

/** What every interaction command does after its action: an ARIA snapshot, then metadata only. */
async function postActionSummary(c: BapClient, pageId: string): Promise<Json> {
  const snap = await c.call("observe/ariaSnapshot", { pageId });
  assert.equal(typeof snap.snapshot, "string");
  const obs = await c.call("agent/observe", {
    pageId,
    includeInteractiveElements: false,
    includeMetadata: true,
    maxElements: 0,
  });
  assert.equal(obs.interactiveElements?.length ?? 0, 0);
  return obs.metadata;
}

const statusText = async (c: BapClient, pageId: string): Promise<string> =>
  (await c.call("observe/element", {
    pageId,
    selector: { type: "css", value: "#status" },
    properties: ["text"],
  })).text;

Deno.test(
  "the bap CLI's launch (channel chrome, headless false, a profile folder) starts Porthole's Chromium and says so",
  browserTest,
  async () => {
    await using c = await sdkConnect(cliInit(crypto.randomUUID()));
    // `bap goto` on a fresh server: no pages, so the CLI launches and creates one.
    const before = await c.call("page/list", {});
    assert.deepEqual(before.pages, []);
    const launched = await c.call("browser/launch", CLI_LAUNCH);
    assert.match(launched.browserId, /^browser-/);
    assert.match(launched.defaultContext, /^ctx-/);
    assert.equal(launched.porthole.browser, "chromium");
    assert.equal(launched.porthole.headless, true);
    assert.equal(launched.porthole.version, launched.version);
    assert.match(
      launched.notice,
      /channel "chrome" is not launched: Porthole's own headless Chromium is used/,
    );
    assert.match(launched.notice, /headless: false is mapped to headless/);
    assert.match(launched.notice, /userDataDir is not used/);
    const page = await c.call("page/create", {});
    const nav = await c.call("page/navigate", { pageId: page.id, url: site.url("/"), timeout: 30000 });
    assert.equal(nav.url, site.url("/"));
    // The browser Porthole names is the one that loads the page: the page's user agent has its version.
    const ua: string = await pageEval(ph, page.id, "navigator.userAgent");
    assert.ok(ua.includes(launched.version.split("/").pop()), `${ua} vs ${launched.version}`);
    assertVoid(await c.call("browser/close", {}));
  },
);

Deno.test(
  "every command of the bap CLI, replayed with its own params on one connection, works or meets the policy",
  browserTest,
  async () => {
    await using c = await sdkConnect(cliInit(crypto.randomUUID()));

    // bap goto <url>
    assert.deepEqual((await c.call("page/list", {})).pages, []);
    await c.call("browser/launch", CLI_LAUNCH);
    let pageId: string = (await c.call("page/create", {})).id;
    const nav = await c.call("page/navigate", { pageId, url: site.url("/"), timeout: 30000 });
    assert.equal(nav.url, site.url("/"));

    // bap goto <url> --observe: navigate and observe in one call.
    pageId = await ready(c);
    const fused = await c.call("page/navigate", {
      pageId,
      url: site.url("/"),
      timeout: 30000,
      observe: { includeMetadata: true, includeInteractiveElements: true, maxElements: 50 },
    });
    assert.ok(fused.observation.interactiveElements.length > 0, JSON.stringify(fused).slice(0, 300));

    // bap observe
    pageId = await ready(c);
    const all = await c.call("agent/observe", {
      pageId,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 50,
    });
    assert.equal(all.metadata.title, "Shop");
    const names = all.interactiveElements.map((e: Json) => `${e.role} ${e.name}`);
    for (const n of ["link Next page", "textbox Email", "button Sign in", "checkbox Terms"]) {
      assert.ok(names.includes(n), `${n} in ${names}`);
    }

    // bap observe --forms --max=2
    pageId = await ready(c);
    const forms = await c.call("agent/observe", {
      pageId,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 2,
      filterRoles: FORM_ROLES,
    });
    assert.equal(forms.interactiveElements.length, 2);
    for (const e of forms.interactiveElements) assert.ok(FORM_ROLES.includes(e.role), e.role);
    assert.ok(forms.totalInteractiveElements > 2, JSON.stringify(forms.totalInteractiveElements));

    // bap observe --navigation, --full, --diff, --tier=minimal
    pageId = await ready(c);
    const navOnly = await c.call("agent/observe", {
      pageId,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 50,
      filterRoles: NAV_ROLES,
    });
    assert.ok(navOnly.interactiveElements.every((e: Json) => NAV_ROLES.includes(e.role)));
    const full = await c.call("agent/observe", {
      pageId,
      includeAccessibility: true,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 200,
    });
    assert.ok(full.accessibility.tree, "--full writes the accessibility tree");
    const diff = await c.call("agent/observe", {
      pageId,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 50,
      incremental: true,
    });
    assert.ok(diff.changes, "--diff prints the changes");
    const tier = await c.call("agent/observe", {
      pageId,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 50,
      responseTier: "minimal",
    });
    assert.ok(tier.interactiveElements.length > 0);

    // bap click <ref> with the CLI's two ref spellings: e<N> (its playwright-cli compatibility) and @e<N>.
    const terms = all.interactiveElements.find((e: Json) => e.name === "Terms");
    pageId = await ready(c);
    assertVoid(await c.call("action/click", { pageId, selector: { type: "ref", ref: terms.ref.slice(1) } }));
    await postActionSummary(c, pageId);
    pageId = await ready(c);
    assertVoid(await c.call("action/click", { pageId, selector: { type: "ref", ref: terms.ref } }));
    await postActionSummary(c, pageId);
    const checked = await c.call("observe/element", {
      pageId,
      selector: { type: "css", value: "#terms" },
      properties: ["checked"],
    });
    assert.equal(checked.checked, false, "two clicks: checked, then unchecked");

    // bap fill label:"Email" …, bap fill css:#email …, bap fill #email …, bap fill role:textbox:"Email" …
    for (
      const [selector, value] of [
        [{ type: "label", value: "Email" }, "a@example.com"],
        [{ type: "css", value: "#email" }, "b@example.com"],
        [{ type: "css", value: "#email" }, "c@example.com"],
        [{ type: "role", role: "textbox", name: "Email" }, "d@example.com"],
      ]
    ) {
      pageId = await ready(c);
      assertVoid(await c.call("action/fill", { pageId, selector, value }));
      await postActionSummary(c, pageId);
    }
    // bap fill label:"Password" secret: the credential rule refuses it, as on every door.
    pageId = await ready(c);
    const pw = await c.fails("action/fill", {
      pageId,
      selector: { type: "label", value: "Password" },
      value: "s",
    });
    assertRpcError(pw, -32021, false);
    assert.equal(pw.data?.details.reason, "sensitive_field", JSON.stringify(pw));

    // bap click role:button:"Sign in"
    pageId = await ready(c);
    assertVoid(
      await c.call("action/click", { pageId, selector: { type: "role", role: "button", name: "Sign in" } }),
    );
    const meta = await postActionSummary(c, pageId);
    assert.equal(meta.title, "Shop");
    assert.equal(await statusText(c, pageId), "signed in as d@example.com");

    // bap act fill:role:textbox:"Email"="e@example.com" click:e<N> press:Tab
    const signin = all.interactiveElements.find((e: Json) => e.name === "Sign in");
    pageId = await ready(c);
    const acted = await c.call("agent/act", {
      pageId,
      steps: [
        {
          action: "action/fill",
          params: { selector: { type: "role", role: "textbox", name: "Email" }, value: "e@example.com" },
        },
        { action: "action/click", params: { selector: { type: "ref", ref: signin.ref.slice(1) } } },
        { action: "action/press", params: { key: "Tab" } },
      ],
      stopOnFirstError: true,
    });
    assert.equal(acted.success, true, JSON.stringify(acted));
    assert.equal(acted.completed, 3);
    await postActionSummary(c, pageId);
    assert.equal(await statusText(c, pageId), "signed in as e@example.com");

    // bap act click:text:"Next page" --observe --tier=interactive: one call, observed after.
    pageId = await ready(c);
    const actObserved = await c.call("agent/act", {
      pageId,
      steps: [{ action: "action/click", params: { selector: { type: "text", value: "Next page" } } }],
      stopOnFirstError: true,
      postObserve: {
        includeMetadata: true,
        includeInteractiveElements: true,
        maxElements: 50,
        responseTier: "interactive",
      },
    });
    assert.equal(actObserved.success, true, JSON.stringify(actObserved));
    assert.match(actObserved.postObservation.metadata.url, /\?page=/);

    // bap act goto:<url> snapshot screenshot: a navigation, then the two reads the CLI writes as steps.
    pageId = await ready(c);
    const gone = await c.call("agent/act", {
      pageId,
      steps: [
        { action: "page/navigate", params: { url: site.url("/") } },
        { action: "observe/ariaSnapshot", params: {} },
        { action: "observe/screenshot", params: {} },
      ],
      stopOnFirstError: true,
    });
    assert.equal(gone.success, true, JSON.stringify(gone).slice(0, 500));
    assert.match(gone.results[1].result.snapshot, /button "Sign in"/);
    assert.equal(gone.results[2].result.format, "jpeg");

    // bap eval "document.title": BAP has no eval, so the CLI reads the page's text instead.
    pageId = await ready(c);
    const text = await c.call("observe/content", { pageId, format: "text" });
    assert.match(text.content, /Lamp/);

    // bap extract --fields="title,price"
    pageId = await ready(c);
    const fields = await c.call("agent/extract", {
      pageId,
      instruction: "Extract the following fields: title, price",
      schema: {
        type: "object",
        properties: {
          title: { type: "string", description: "title" },
          price: { type: "string", description: "price" },
        },
      },
      mode: "single",
    });
    assert.equal(fields.success, true, JSON.stringify(fields));
    assert.deepEqual(fields.data, { title: "Lamp", price: "$12" });

    // bap extract --list="product"
    pageId = await ready(c);
    const list = await c.call("agent/extract", {
      pageId,
      instruction: "Extract all product items from the page",
      schema: { type: "array", items: { type: "object", properties: {} } },
      mode: "list",
    });
    assert.equal(list.success, true, JSON.stringify(list));
    assert.equal(list.data.length, 2, "one item per product");

    // bap screenshot, and bap screenshot --file=<path> (the same call; the CLI writes the bytes there).
    pageId = await ready(c);
    const shot = await c.call("observe/screenshot", { pageId, options: { fullPage: false } });
    assert.equal(shot.format, "jpeg");
    const file = await Deno.makeTempFile({ suffix: ".png" });
    await Deno.writeFile(file, Uint8Array.from(atob(shot.data), (ch) => ch.charCodeAt(0)));
    const bytes = await Deno.readFile(file);
    await Deno.remove(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], "a JPEG, as the reference server sends");

    // bap snapshot (and --file=<path>)
    pageId = await ready(c);
    const snap = await c.call("observe/ariaSnapshot", { pageId });
    assert.match(snap.snapshot, /button "Sign in"/);

    // bap tab-new <url>: a page, then a navigation naming it (the client sends pageId twice, once).
    const tab = await c.call("page/create", {});
    const tabNav = await c.call("page/navigate", { pageId: tab.id, url: site.url("/?tab=2") });
    assert.match(tabNav.url, /\?tab=/);

    // bap tabs
    const tabs = await c.call("page/list", {});
    assert.equal(tabs.pages.length, 2);
    assert.equal(tabs.activePage, tab.id);

    // bap tab-select 0, then bap tab-close 1
    const listed = await c.call("page/list", {});
    assertVoid(await c.call("page/activate", { pageId: listed.pages[0].id }));
    assertVoid(await c.call("page/close", { pageId: listed.pages[1].id }));

    // bap sessions
    const sessions = await c.call("context/list", {});
    assert.equal(sessions.contexts.length, 1);
    assert.equal(sessions.contexts[0].pageCount, 1);

    // bap close
    assertVoid(await c.call("browser/close", {}));
    assert.deepEqual((await c.call("page/list", {})).pages, []);
  },
);

Deno.test(
  "the bap CLI's commands run as separate processes: the session is parked between them and restored",
  browserTest,
  async () => {
    const init = cliInit(crypto.randomUUID());
    let pageId: string;
    {
      // bap goto <url>: its own process.
      await using c = await sdkConnect(init);
      assert.deepEqual((await c.call("page/list", {})).pages, []);
      await c.call("browser/launch", CLI_LAUNCH);
      pageId = (await c.call("page/create", {})).id;
      await c.call("page/navigate", { pageId, url: site.url("/"), timeout: 30000 });
      // The SDK closes the socket without `shutdown` when it has a session id.
    }
    {
      // bap fill label:"Email" x: the next process finds the page and does not launch again.
      await using c = await sdkConnect(init);
      assert.equal(await ready(c), pageId);
      assertVoid(
        await c.call("action/fill", { pageId, selector: { type: "label", value: "Email" }, value: "x" }),
      );
      await postActionSummary(c, pageId);
    }
    {
      // bap close
      await using c = await sdkConnect(init);
      assertVoid(await c.call("browser/close", {}));
    }
  },
);

Deno.test(
  "the reference MCP bridge's launch and tools work: chrome channel, headless, a page created by url",
  browserTest,
  async () => {
    // Its client is the SDK's default: name bap-client, no session id.
    await using c = await sdkConnect({
      protocolVersion: "0.9.0",
      clientInfo: { name: "bap-client", version: "0.2.0" },
      capabilities: { events: EVENTS, streaming: false, compression: false },
    });
    const launched = await c.call("browser/launch", {
      browser: "chromium",
      channel: "chrome",
      headless: true,
    });
    assert.match(launched.notice, /channel "chrome" is not launched/);
    assert.doesNotMatch(launched.notice, /headless: false/);
    // navigate: a health check, no page yet, so one is created at the URL.
    assert.deepEqual((await c.call("page/list", {})).pages, []);
    const page = await c.call("page/create", { url: site.url("/") });
    // navigate again: a page exists, so it navigates it.
    await c.call("page/list", {});
    const nav = await c.call("page/navigate", {
      pageId: page.id,
      url: site.url("/?again=1"),
      waitUntil: "load",
    });
    assert.equal(nav.status, 200);
    // observe with its defaults, fill and click by the selectors it parses, screenshot as JPEG 80.
    await c.call("page/list", {});
    const obs = await c.call("agent/observe", {
      pageId: page.id,
      includeInteractiveElements: true,
      includeMetadata: true,
      maxElements: 50,
    });
    assert.ok(obs.interactiveElements.length > 0);
    assertVoid(
      await c.call("action/fill", {
        pageId: page.id,
        selector: { type: "label", value: "Email" },
        value: "m@example.com",
      }),
    );
    assertVoid(
      await c.call("action/click", { pageId: page.id, selector: { type: "css", value: "#signin" } }),
    );
    assert.equal(await statusText(c, page.id), "signed in as m@example.com");
    const shot = await c.call("observe/screenshot", {
      pageId: page.id,
      options: { fullPage: false, format: "jpeg", quality: 80 },
    });
    assert.equal(shot.format, "jpeg");
    // Its fallback when a channel is missing is a plain chromium launch: that works too.
    const plain = await c.call("browser/launch", { browser: "chromium", headless: true });
    assert.equal(plain.notice, undefined);
    assert.equal(plain.porthole.browser, "chromium");
  },
);

Deno.test(
  "the bap CLI's other actions (type, press, select, check, uncheck, hover, scroll, back, forward, reload) work or meet the no-ref rule",
  browserTest,
  async () => {
    await using c = await sdkConnect(cliInit(crypto.randomUUID()));
    await c.call("browser/launch", CLI_LAUNCH);
    let pageId: string = (await c.call("page/create", {})).id;
    await c.call("page/navigate", { pageId, url: site.url("/"), timeout: 30000 });
    const value = async (css: string, property = "value") =>
      (await c.call("observe/element", {
        pageId,
        selector: { type: "css", value: css },
        properties: [property],
      }))[
        property
      ];

    // bap type label:"Email" abc, then bap type xyz (into the focused element; the CLI names css:body).
    pageId = await ready(c);
    assertVoid(
      await c.call("action/type", { pageId, selector: { type: "label", value: "Email" }, text: "abc" }),
    );
    await postActionSummary(c, pageId);
    assert.equal(await value("#email"), "abc");
    pageId = await ready(c);
    const body = await c.request("action/type", {
      pageId,
      selector: { type: "css", value: "body" },
      text: "xyz",
    });
    // The body has no ref, so this is Porthole's rule for elements without one (the keys are not sent).
    assertRpcError(body.error, -32021, false);
    assert.equal(body.error.data.details.reason, "no_ref");

    // bap press Tab
    pageId = await ready(c);
    assertVoid(await c.call("action/press", { pageId, key: "Tab" }));
    await postActionSummary(c, pageId);

    // bap select label:"Size" M
    pageId = await ready(c);
    assertVoid(
      await c.call("action/select", { pageId, selector: { type: "label", value: "Size" }, values: "M" }),
    );
    await postActionSummary(c, pageId);
    assert.equal(await value("#size"), "M");

    // bap check label:"Terms", bap uncheck label:"Terms"
    pageId = await ready(c);
    assertVoid(await c.call("action/check", { pageId, selector: { type: "label", value: "Terms" } }));
    assert.equal(await value("#terms", "checked"), true);
    assertVoid(await c.call("action/uncheck", { pageId, selector: { type: "label", value: "Terms" } }));
    assert.equal(await value("#terms", "checked"), false);

    // bap hover text:"Next page"
    pageId = await ready(c);
    assertVoid(await c.call("action/hover", { pageId, selector: { type: "text", value: "Next page" } }));
    await postActionSummary(c, pageId);

    // bap scroll down --pixels=100, bap scroll, bap scroll css:#signin
    pageId = await ready(c);
    assertVoid(await c.call("action/scroll", { pageId, options: { direction: "down", amount: 100 } }));
    assertVoid(await c.call("action/scroll", { pageId, options: { direction: "down", amount: 300 } }));
    assertVoid(await c.call("action/scroll", { pageId, selector: { type: "css", value: "#signin" } }));
    // An element without a ref (a paragraph) is not acted on, scrolling included: Porthole's rule, said so.
    const para = await c.fails("action/scroll", { pageId, selector: { type: "css", value: "#status" } });
    assertRpcError(para, -32021, false);
    assert.equal(para.data?.details.reason, "no_ref", JSON.stringify(para));
    await postActionSummary(c, pageId);

    // bap goto …?page=2, bap back, bap forward, bap reload: each followed by a metadata observe.
    await c.call("page/navigate", { pageId, url: site.url("/?page=2"), timeout: 30000 });
    const urlAfter = async (method: string) => {
      pageId = await ready(c);
      assertVoid(await c.call(method, { pageId }));
      return (await c.call("agent/observe", {
        pageId,
        includeMetadata: true,
        includeInteractiveElements: false,
        maxElements: 0,
      })).metadata.url;
    };
    assert.equal(await urlAfter("page/goBack"), site.url("/"));
    assert.match(await urlAfter("page/goForward"), /\?page=/);
    assert.match(await urlAfter("page/reload"), /\?page=/);
  },
);
