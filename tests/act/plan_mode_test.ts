/**
 * Plan mode: a session may observe its existing pages but neither navigate, interact nor manage
 * pages. Every refused operation is 409 plan_mode and changes nothing; MCP lists only the
 * read-only tools. The operator's client switches the mode.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, refOf, sharedPorthole, Site } from "../support/harness.ts";
import { mcpOverHttp } from "../support/mcp_client.ts";
import { assertRpcError, bapPage } from "../support/bap_fixture.ts";

const site = new Site({
  "/": `<title>Plan</title><script>let clicks = 0;</script><button onclick="clicks++">Go</button>`,
  "/next": `<title>Next</title>`,
});
const { ph, session } = await sharedPorthole();

Deno.test(
  "a session created in plan mode says so, and refuses navigate with 409 plan_mode",
  browserTest,
  async () => {
    const sid = await ph.session({ mode: "plan" });
    try {
      assert.equal((await ph.request("GET", `/v1/sessions/${sid}`)).body.mode, "plan");
      assertError(await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") }), 409, "plan_mode");
      assertError(await ph.post(`/v1/sessions/${sid}/pages`), 409, "plan_mode");
      assertError(await ph.post(`/v1/sessions`, { mode: "dry-run" }), 400, "invalid_params");
    } finally {
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
  },
);

Deno.test(
  "in plan mode observe, wait, inspect, screenshot and reads succeed; acting and managing pages are 409",
  browserTest,
  async () => {
    await using s = await session();
    const state = await ph.open(s.sid, site.url("/"));
    const switched = await ph.post(`/v1/sessions/${s.sid}`, { mode: "plan" });
    assert.equal(switched.status, 200);
    assert.equal(switched.body.mode, "plan");
    const base = `/v1/sessions/${s.sid}`;
    const observed = await ph.post(`${base}/observe`, {});
    assert.equal(observed.status, 200);
    assert.equal((await ph.post(`${base}/wait`, { timeMs: 10 })).status, 200);
    assert.equal((await ph.post(`${base}/inspect`, { kind: "console" })).status, 200);
    assert.equal((await ph.post(`${base}/screenshot`, {})).status, 200);
    assert.equal((await ph.request("GET", `${base}/pages`)).status, 200);
    assert.equal((await ph.post(`${base}/cookies/get`, {})).status, 200);
    const refused = [
      ["act", {
        stateId: observed.body.stateId,
        targetId: observed.body.targetId,
        action: "click",
        ref: refOf(state, /button "Go"/),
      }],
      ["navigate", { url: site.url("/next") }],
      ["pages", {}],
      ["reload", {}],
    ] as const;
    for (const [path, body] of refused) {
      const r = await ph.post(`${base}/${path}`, body);
      assertError(r, 409, "plan_mode");
      assert.equal(r.body.error.details.operation.length > 0, true);
    }
    const pageId = state.pageId;
    assertError(await ph.request("DELETE", `${base}/pages/${pageId}`), 409, "plan_mode");
    assertError(await ph.request("DELETE", `${base}/cookies`), 409, "plan_mode");
    assert.equal(await ph.pageEval(s.sid, "clicks"), 0, "the page saw nothing");
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/");
    // Back to execute: the agent may act again.
    assert.equal((await ph.post(base, { mode: "execute" })).body.mode, "execute");
    const fresh = await ph.observe(s.sid);
    const r = await ph.actOn(s.sid, fresh, "click", /button "Go"/);
    assert.equal(r.error, undefined);
    assert.equal(await ph.pageEval(s.sid, "clicks"), 1);
  },
);

Deno.test(
  "MCP in plan mode lists only read-only tools, and browser_act answers plan_mode",
  browserTest,
  async () => {
    await using mcp = await mcpOverHttp(
      ph,
      "?mode=plan&tools=observe,act,navigate,wait,inspect,screenshot,page,mode",
    );
    const names = (await mcp.client.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(names, ["browser_inspect", "browser_observe", "browser_screenshot", "browser_wait"]);
    const nav = await mcp.call("browser_navigate", { url: site.url("/") });
    assert.equal(nav.isError, true);
    assert.equal(nav.structuredContent.error.code, "plan_mode");
    const mode = await mcp.call("browser_mode", { mode: "execute" });
    assert.equal(mode.structuredContent.error.code, "plan_mode", "the agent cannot leave plan mode");
    await ph.post(`/v1/sessions/${mcp.sid}`, { mode: "execute" });
    assert.ok((await mcp.client.listTools()).tools.some((t) => t.name === "browser_act"));
  },
);

Deno.test(
  "BAP: a context in plan mode observes and reads; navigating, acting, opening pages and writing storage are plan_mode",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const { contextId } = await c.call("context/create", { options: { mode: "plan" } });
    const created = await c.fails("page/create", { contextId });
    assertRpcError(created, -32021, false);
    assert.equal(created.data?.details?.reason, "plan_mode");
    // The default context goes to plan mode through Porthole's own context/setMode.
    assert.deepEqual(await c.call("context/setMode", { mode: "plan" }), { mode: "plan" });
    const sid = ph.server.registry.list().find((x) => x.pages.has(c.pageId))!.id;
    assert.equal((await ph.request("GET", `/v1/sessions/${sid}`)).body.mode, "plan");
    assert.ok((await c.call("observe/ariaSnapshot", {})).snapshot.includes("Go"));
    assert.ok(
      (await c.call("agent/observe", { includeInteractiveElements: true })).interactiveElements.length > 0,
    );
    await c.call("storage/getCookies", {});
    const button = { type: "role", role: "button", name: "Go" };
    for (
      const [method, params] of [
        ["action/click", { selector: button }],
        ["page/navigate", { url: site.url("/next") }],
        ["page/reload", {}],
        ["storage/setCookies", { cookies: [{ name: "a", value: "b", url: site.url("/") }] }],
      ] as const
    ) {
      const e = await c.fails(method, params);
      assert.equal(
        e.data?.details?.reason ?? e.data?.details?.failedStep?.reason,
        "plan_mode",
        `${method}: ${e.message}`,
      );
    }
    // A trial only resolves the selector: it reads, so plan mode answers it.
    assert.deepEqual(await c.call("action/click", { selector: button, options: { trial: true } }), {});
    // agent/act reports a refused step in its results, as it reports any failed step.
    const steps = await c.call("agent/act", {
      steps: [{ action: "action/click", params: { selector: button } }],
    });
    assert.equal(steps.success, false);
    assert.equal(steps.results[0].error.data.details.reason, "plan_mode");
    assert.equal(await c.run("clicks"), 0, "the page saw nothing");
    assert.equal(await c.run("location.pathname"), "/");
    const bad = await c.fails("context/setMode", { mode: "dry-run" });
    assertRpcError(bad, -32602, false);
    // Back to execute, over BAP as over HTTP: the click goes through.
    await c.call("context/setMode", { mode: "execute" });
    await c.call("action/click", { selector: button });
    assert.equal(await c.run("clicks"), 1);
  },
);

Deno.test(
  "BAP: in plan mode an action with trial only resolves its selector: the session's active page stays the one it was",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    const other = await c.call("page/create", { url: site.url("/next") });
    assert.deepEqual(await c.call("context/setMode", { mode: "plan" }), { mode: "plan" });
    const sid = ph.server.registry.list().find((x) => x.pages.has(c.pageId))!.id;
    const before = (await ph.request("GET", `/v1/sessions/${sid}`)).body.activePageId;
    assert.equal(before, other.id, "the page created last is the session's active page");
    const button = { type: "role", role: "button", name: "Go" };
    const tried = await c.call("action/click", {
      pageId: c.pageId,
      selector: button,
      options: { trial: true },
    });
    assert.deepEqual(tried, {});
    const after = await ph.request("GET", `/v1/sessions/${sid}`);
    assert.equal(
      after.body.activePageId,
      before,
      "page/activate is refused in plan mode; so is activating by trial",
    );
    assertError(await ph.post(`/v1/sessions/${sid}/pages/${c.pageId}/activate`), 409, "plan_mode");
    assert.equal(await c.run("clicks"), 0, "the page saw nothing");
  },
);

Deno.test(
  "BAP: in plan mode an action is refused in the client's words: the method it sent, never the core's action",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.call("context/setMode", { mode: "plan" });
    const button = { type: "role", role: "button", name: "Go" };
    for (
      const [method, params] of [
        ["action/fillForm", { fields: [{ selector: button, value: "x" }] }],
        ["action/dblclick", { selector: button }],
        ["action/type", { selector: button, text: "x", options: { clear: true } }],
      ] as const
    ) {
      const e = await c.fails(method, params);
      assertRpcError(e, -32021, false);
      assert.equal(e.data?.details?.reason, "plan_mode");
      assert.equal(e.data?.details?.method, method);
      assert.match(e.message, new RegExp(`plan mode: ${method} is refused$`));
    }
    assert.equal(await c.run("clicks"), 0, "the page saw nothing");
  },
);

Deno.test("plan mode: the shared browser closes", browserTest, async () => {
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
});
