/**
 * Every BAP method's params schema, without a browser: a valid example of each method is
 * accepted, unknown members and nulls are ignored, a bad member is -32602 naming it, and a
 * method that is a core operation hands that operation an input its own schema accepts.
 */
import assert from "node:assert/strict";
import { parseInput } from "../../lib/protocol/validate.ts";
import { findOp, type OpName } from "../../lib/ops/call.ts";
import type { Call } from "../../lib/bap/call.ts";
import { BapError } from "../../lib/protocol/errors.ts";
import { METHODS } from "../../lib/bap/methods.ts";
import { readParams } from "../../lib/bap/schema.ts";
import type { PageTarget } from "../../lib/bap/context.ts";

const css = { type: "css", value: "#a" };

/** A method's params as its handler gets them. */
// deno-lint-ignore no-explicit-any
const read = (method: string, params: unknown): any => readParams(METHODS[method].params, params);

/** A valid params example per method. */
const VALID: Record<string, Record<string, unknown>> = {
  "browser/launch": { browser: "chromium", headless: true },
  "browser/close": {},
  "context/create": {
    contextId: "ctx-a",
    options: { viewport: { width: 800, height: 600 }, locale: "de-DE", permissions: ["geolocation"] },
  },
  "context/list": {},
  "context/setMode": { mode: "plan" },
  "context/destroy": { contextId: "ctx-a" },
  "page/create": { url: "https://example.com/", viewport: { width: 800, height: 600 } },
  "page/navigate": { url: "https://example.com/", waitUntil: "networkidle", timeout: 5000 },
  "page/reload": { waitUntil: "commit" },
  "page/goBack": {},
  "page/goForward": { timeout: 0 },
  "page/close": { pageId: "p1", runBeforeUnload: false },
  "page/list": {},
  "page/activate": { pageId: "p1" },
  "action/click": {
    selector: css,
    options: {
      button: "right",
      modifiers: ["ControlOrMeta", "Shift"],
      clickCount: 2,
      position: { x: 1, y: 2 },
    },
  },
  "action/dblclick": { selector: css, options: { delay: 120 } },
  "action/type": { selector: css, text: "hello", options: { clear: true, delay: 10 } },
  "action/fill": { selector: { type: "label", value: "Email" }, value: "a@b.c" },
  "action/clear": { selector: css },
  "action/press": { key: "Control+a" },
  "action/hover": { selector: css, options: { position: { x: 1, y: 1 } } },
  "action/scroll": { options: { direction: "up", amount: "page" } },
  "action/select": { selector: css, values: "red" },
  "action/check": { selector: css, options: { trial: true } },
  "action/uncheck": { selector: css, options: { force: true } },
  "action/upload": { selector: css, files: [{ name: "a.txt", buffer: btoa("hi") }] },
  "action/drag": { source: css, target: { x: 10, y: 20 } },
  "action/fillForm": { fields: [{ selector: css, value: "Ada" }, { selector: css, value: true }] },
  "observe/screenshot": {
    options: { format: "webp", quality: 50, clip: { x: 0, y: 0, width: 10, height: 10 } },
  },
  "observe/accessibility": { options: { root: css, maxDepth: 3, interestingOnly: false } },
  "observe/dom": {},
  "observe/element": { selector: css, properties: ["visible", "boundingBox"] },
  "observe/pdf": { options: { format: "Letter", margin: { top: "1cm", left: "10px" }, scale: 1.5 } },
  "observe/content": { format: "markdown" },
  "observe/ariaSnapshot": { selector: { type: "role", role: "main" } },
  "storage/getState": {},
  "storage/setState": {
    state: {
      cookies: [{ name: "a", value: "1", domain: "example.com", path: "/" }],
      origins: [{
        origin: "https://example.com",
        localStorage: [{ name: "k", value: "v" }],
        sessionStorage: [],
      }],
    },
  },
  "storage/getCookies": { urls: ["https://example.com/"] },
  "storage/setCookies": {
    cookies: [{ name: "a", value: "1", url: "https://example.com/", sameSite: "Lax" }],
  },
  "storage/clearCookies": {},
  "emulate/setViewport": { width: 800, height: 600, deviceScaleFactor: 2, isMobile: true },
  "emulate/setUserAgent": { userAgent: "Agent/1.0", platform: "Linux" },
  "emulate/setGeolocation": { latitude: 52.5, longitude: 13.4, accuracy: 10 },
  "emulate/setOffline": { offline: true },
  "dialog/handle": { action: "accept", promptText: "yes" },
  "trace/start": { name: "t", screenshots: true },
  "trace/stop": {},
  "events/subscribe": { events: ["page", "console"] },
  "frame/list": {},
  "frame/switch": { frameId: "F1" },
  "frame/main": {},
  "stream/cancel": { streamId: "s1" },
  "approval/respond": { requestId: "r-1", decision: "approve-once" },
  "discovery/discover": { options: { maxTools: 10, includeInputSchemas: false } },
  "agent/act": {
    steps: [
      { action: "action/click", params: { selector: css } },
      { action: "action/fill", params: {}, condition: { selector: css, state: "visible" }, onError: "retry" },
    ],
  },
  "agent/observe": {
    maxElements: 0,
    responseTier: "minimal",
    annotateScreenshot: { enabled: true, style: { badge: { color: "#00FF00" } } },
  },
  "agent/extract": {
    instruction: "the products",
    schema: { type: "array", items: { type: "object" } },
    mode: "list",
  },
  // Porthole's own methods.
  "agent/reconcile": { actionId: "a_1", timeout: 5000 },
  "agent/journal": {},
  "observe/tree": { tier: "interactive", since: "st_1" },
  "observe/find": { role: "button", name: "Save", limit: 5 },
};

/** Params that are refused, and the field the error names. */
const INVALID: [string, Record<string, unknown>, string][] = [
  ["browser/launch", { browser: "lynx" }, "browser"],
  ["browser/launch", { args: "--no-sandbox" }, "args"],
  ["context/create", { contextId: "bad id!" }, "contextId"],
  ["context/create", { options: { viewport: { width: 10, height: 600 } } }, "options.viewport.width"],
  ["context/create", { options: { timezoneId: "Mars/Base" } }, "options.timezoneId"],
  ["context/destroy", {}, "contextId"],
  ["page/navigate", {}, "url"],
  ["page/navigate", { url: "https://example.com/", waitUntil: "soon" }, "waitUntil"],
  ["page/navigate", { url: "https://example.com/", timeout: 600_000 }, "timeout"],
  ["page/navigate", { url: "https://example.com/", observe: { maxElements: 1.5 } }, "observe.maxElements"],
  ["page/reload", { timeout: -1 }, "timeout"],
  ["page/create", { userAgent: "a\nb" }, "userAgent"],
  ["action/click", {}, "selector"],
  ["action/click", { selector: { type: "magic" } }, "selector.type"],
  ["action/click", { selector: css, options: { modifiers: ["Hyper"] } }, "options.modifiers"],
  ["action/click", { selector: css, options: { button: "back" } }, "options.button"],
  ["action/click", { selector: css, options: { clickCount: 4 } }, "options.clickCount"],
  ["action/click", { selector: css, options: { position: { x: -1, y: 0 } } }, "options.position.x"],
  ["action/dblclick", { selector: css, options: { delay: 6000 } }, "options.delay"],
  ["action/type", { selector: css }, "text"],
  ["action/fill", { selector: css, value: 5 }, "value"],
  ["action/press", { key: "" }, "key"],
  ["action/scroll", { options: { direction: "sideways" } }, "options.direction"],
  ["action/scroll", { options: { amount: "lots" } }, "options.amount"],
  ["action/select", { selector: css }, "values"],
  ["action/upload", { selector: css, files: [{ name: "a.txt", buffer: "not base64!" }] }, "files.0.buffer"],
  ["action/upload", { selector: css, files: [{ name: "../a", buffer: "" }] }, "files.0.name"],
  ["action/drag", { target: { x: 1, y: 1 } }, "source"],
  ["action/fillForm", { fields: [] }, "fields"],
  ["action/fillForm", { fields: [{ selector: css, value: 3 }] }, "fields.0.value"],
  ["action/fillForm", { fields: [{ value: "x" }] }, "fields.0.selector"],
  ["action/check", { selector: css, options: { timeout: "soon" } }, "options.timeout"],
  ["observe/screenshot", { options: { format: "gif" } }, "options.format"],
  ["observe/screenshot", { options: { clip: { x: 0, y: 0, width: 0, height: 1 } } }, "options.clip.width"],
  ["observe/element", { selector: css, properties: ["colour"] }, "properties.0"],
  ["observe/element", { selector: css }, "properties"],
  ["observe/pdf", { options: { margin: { top: "1 league" } } }, "options.margin.top"],
  ["observe/pdf", { options: { format: "B5" } }, "options.format"],
  ["observe/accessibility", { options: { maxDepth: 0 } }, "options.maxDepth"],
  ["storage/setState", {}, "state"],
  ["storage/setState", { state: { cookies: [{ name: "a", value: "1" }] } }, "state.cookies.0.url"],
  ["storage/getCookies", { urls: ["not a url"] }, "urls.0"],
  ["storage/setCookies", {}, "cookies"],
  [
    "storage/setCookies",
    { cookies: [{ name: "a", value: "1", url: "https://x/", sameSite: "lax" }] },
    "cookies.0.sameSite",
  ],
  ["emulate/setViewport", { width: 10, height: 10 }, "width"],
  ["emulate/setUserAgent", {}, "userAgent"],
  ["emulate/setGeolocation", { latitude: 91, longitude: 0 }, "latitude"],
  ["emulate/setOffline", {}, "offline"],
  ["dialog/handle", { action: "maybe" }, "action"],
  ["dialog/handle", { action: "accept", promptText: "x".repeat(4097) }, "promptText"],
  ["events/subscribe", {}, "events"],
  ["stream/cancel", {}, "streamId"],
  ["approval/respond", { requestId: "r-1", decision: "later" }, "decision"],
  ["frame/switch", { selector: { type: "css", value: "" } }, "selector.value"],
  ["discovery/discover", { options: { maxTools: 0 } }, "options.maxTools"],
  ["agent/act", { steps: [] }, "steps"],
  ["agent/act", { steps: [{ action: "browser/close" }] }, "steps.0.action"],
  ["agent/act", { steps: [{ action: "action/click", onError: "panic" }] }, "steps.0.onError"],
  [
    "agent/act",
    { steps: [{ action: "action/click", condition: { selector: css, state: "shiny" } }] },
    "steps.0.condition.state",
  ],
  ["agent/observe", { maxElements: 201 }, "maxElements"],
  ["agent/observe", { responseTier: "huge" }, "responseTier"],
  ["agent/extract", { instruction: "x", schema: { type: "table" } }, "schema.type"],
  ["agent/extract", { schema: { type: "string" } }, "instruction"],
];

function refusedField(method: string, params: unknown): unknown {
  try {
    readParams(METHODS[method].params, params);
  } catch (err) {
    assert.ok(err instanceof BapError, String(err));
    assert.equal(err.code, -32602);
    assert.match(err.message, /^\S+ /, "the message starts with the field");
    return err.extras.details?.field;
  }
  return "(accepted)";
}

Deno.test("every method has a valid example, and it is accepted", () => {
  assert.deepEqual(Object.keys(VALID).sort(), Object.keys(METHODS).sort());
  for (const [method, params] of Object.entries(VALID)) {
    assert.doesNotThrow(() => read(method, params), method);
  }
});

Deno.test("unknown members are ignored and null counts as absent, at every depth", () => {
  for (const [method, params] of Object.entries(VALID)) {
    const noisy = { ...params, somethingNew: { deep: true }, pageId: null };
    assert.doesNotThrow(() => read(method, noisy), method);
  }
  const click = read("action/click", {
    selector: { ...css, future: 1 },
    options: { timeout: null, position: { x: 1, y: 2, z: 3 } },
  });
  assert.deepEqual(click.selector, css);
  assert.deepEqual(click.options.position, { x: 1, y: 2 });
  assert.equal(click.options.timeout, 30_000, "a null timeout is the default");
});

Deno.test("a bad member is -32602 naming the field the client sent", () => {
  for (const [method, params, field] of INVALID) {
    assert.equal(refusedField(method, params), field, `${method} ${JSON.stringify(params)}`);
  }
  assert.equal(refusedField("action/click", "#a"), "params");
});

Deno.test("BAP's params become the core's: timeouts, modifiers, values and files", () => {
  const click = read("action/click", VALID["action/click"]);
  assert.deepEqual(click.options.modifiers, ["Control", "Shift"], "ControlOrMeta is Control, each once");
  assert.equal(
    read("page/navigate", { url: "https://a/", timeout: 0 }).timeout,
    30_000,
  );
  assert.equal(read("page/navigate", { url: "https://a/", timeout: 10.4 }).timeout, 10);
  assert.deepEqual(read("action/select", VALID["action/select"]).values, ["red"]);
  const upload = read("action/upload", VALID["action/upload"]);
  assert.equal(upload.files[0].mimeType, "application/octet-stream");
  const observe = read("agent/observe", { annotateScreenshot: { enabled: true }, maxElements: 0 });
  assert.deepEqual(read("agent/observe", observe), observe, "a fused observation reads the same again");
  assert.equal(read("observe/pdf", VALID["observe/pdf"]).options.margin.top, 1 / 2.54);
});

/** The methods that are one core operation, and that operation. */
const VIA_OP: Record<string, string> = {
  "context/setMode": "session_update",
  "page/create": "page_open",
  "page/navigate": "navigate",
  "page/reload": "reload",
  "page/goBack": "go_back",
  "page/goForward": "go_forward",
  "page/close": "page_close",
  "page/activate": "page_activate",
  "storage/getCookies": "cookies_get",
  "storage/setCookies": "cookies_set",
  "storage/getState": "storage_state_get",
  "storage/setState": "storage_state_set",
  "storage/clearCookies": "cookies_clear",
  "emulate/setViewport": "emulate",
  "emulate/setUserAgent": "emulate",
  "emulate/setGeolocation": "emulate",
  "emulate/setOffline": "emulate",
  "dialog/handle": "dialog_policy_set",
  "frame/list": "frames",
  "frame/switch": "frames",
  "frame/main": "frames",
  "discovery/discover": "discover",
  "observe/screenshot": "screenshot",
  "observe/pdf": "pdf",
  "trace/start": "trace_start",
  "trace/stop": "trace_stop",
  "observe/dom": "content",
  "observe/content": "content",
  "observe/element": "element",
  "observe/accessibility": "aria",
  "observe/ariaSnapshot": "aria",
  "agent/extract": "extract",
  "agent/observe": "elements",
  "agent/reconcile": "reconcile",
  "agent/journal": "journal_get",
  "observe/tree": "observe",
  "observe/find": "find",
};

Deno.test("a method that is a core operation gives it an input the operation's own schema accepts", () => {
  const mapped = Object.entries(METHODS).filter(([, m]) => m.op).map(([name, m]) => [name, m.op!.name]);
  assert.deepEqual(Object.fromEntries(mapped), VIA_OP);
  const call = { state: { frames: new Map([["p1", "F1"]]) } } as unknown as Call;
  const page = { pageId: "p1" } as PageTarget;
  for (const [method, op] of Object.entries(VIA_OP)) {
    const m = METHODS[method];
    const input = m.op!.input(read(method, VALID[method]), call, page);
    const schema = findOp(op as OpName).input;
    if (!schema) continue; // the operation takes no body
    assert.doesNotThrow(() => parseInput(schema, input), `${method} → ${op}: ${JSON.stringify(input)}`);
  }
  const discover = METHODS["discovery/discover"];
  assert.deepEqual(discover.op!.input(read("discovery/discover", {}), call, page), {
    pageId: "p1",
    frameId: "F1",
  }, "discover reads the frame frame/switch selected");
});
