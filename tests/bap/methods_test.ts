import assert from "node:assert/strict";
import { capabilities, METHODS } from "../../lib/bap/methods.ts";
import { findOp } from "../../lib/ops/call.ts";
import { defaultConfig } from "../../lib/config.ts";
import { MAX_TIMEOUT_MS } from "../../lib/protocol/timeouts.ts";
import type { SessionRegistry } from "../../lib/session/registry.ts";

/**
 * The methods BAP 0.9.0 pins, by group, as the protocol specification lists them: 55 besides the
 * lifecycle trio (which the specification lists too, without counting it).
 */
const SPEC: Record<string, string[]> = {
  lifecycle: ["initialize", "notifications/initialized", "shutdown"],
  browser: ["browser/launch", "browser/close"],
  page: [
    ...["page/create", "page/navigate", "page/reload", "page/goBack", "page/goForward"],
    ...["page/close", "page/list", "page/activate"],
  ],
  actions: [
    ...["action/click", "action/dblclick", "action/type", "action/fill", "action/clear", "action/press"],
    ...["action/hover", "action/scroll", "action/select", "action/check", "action/uncheck", "action/upload"],
    "action/drag",
  ],
  observations: [
    ...["observe/screenshot", "observe/accessibility", "observe/dom", "observe/element", "observe/pdf"],
    ...["observe/content", "observe/ariaSnapshot"],
  ],
  storage: [
    ...["storage/getState", "storage/setState", "storage/getCookies", "storage/setCookies"],
    "storage/clearCookies",
  ],
  emulation: ["emulate/setViewport", "emulate/setUserAgent", "emulate/setGeolocation", "emulate/setOffline"],
  misc: ["dialog/handle", "trace/start", "trace/stop", "events/subscribe"],
  context: ["context/create", "context/list", "context/destroy"],
  frame: ["frame/list", "frame/switch", "frame/main"],
  streamAndApproval: ["stream/cancel", "approval/respond"],
  discovery: ["discovery/discover"],
  agent: ["agent/act", "agent/observe", "agent/extract"],
};

/** Methods of Porthole's own beyond the pinned ones: core operations BAP 0.9.0 has no method for. */
const PORTHOLE_OWN = [
  "action/fillForm",
  "context/setMode",
  "agent/reconcile",
  "agent/journal",
  "observe/tree",
  "observe/find",
];

Deno.test("the door serves exactly the methods BAP 0.9.0 pins (the lifecycle and 55 more) and Porthole's own", () => {
  const pinned = Object.values(SPEC).flat();
  assert.equal(pinned.length - SPEC.lifecycle.length, 55);
  const served = [...SPEC.lifecycle, ...Object.keys(METHODS)];
  assert.deepEqual([...served].sort(), [...pinned, ...PORTHOLE_OWN].sort());
});

Deno.test("initialize advertises the limits the core enforces, not numbers of its own", () => {
  const config = defaultConfig();
  config.limits.maxSessions = 3;
  config.limits.maxPages = 5;
  const caps = capabilities({ config } as unknown as SessionRegistry);
  assert.deepEqual(caps.limits, { maxPages: 5, maxTimeout: MAX_TIMEOUT_MS, maxContexts: 3 });
  const own = PORTHOLE_OWN.filter((m) => m.startsWith("action/"));
  assert.deepEqual(caps.actions.map((a) => `action/${a}`).sort(), [...SPEC.actions, ...own].sort());
  assert.deepEqual(caps.observations.map((o) => `observe/${o}`).sort(), SPEC.observations.sort());
});

Deno.test("plan mode reaches every method: a core operation (refused by the core unless read-only), an action (the core's actOnLocators refuses it), or the connection's own bookkeeping", () => {
  // Each of these only reads, manages contexts (as creating sessions does over HTTP), or runs other methods.
  const own = ["browser/launch", "browser/close", "context/create", "context/list", "context/destroy"];
  own.push("page/list", "events/subscribe", "stream/cancel", "approval/respond", "agent/act");
  for (const [name, m] of Object.entries(METHODS)) {
    assert.ok(m.op || name.startsWith("action/") || own.includes(name), `${name} would bypass plan mode`);
  }
  assert.equal(findOp(METHODS["agent/observe"].op!.name).readOnly, true);
  assert.notEqual(findOp(METHODS["storage/setCookies"].op!.name).readOnly, true);
});
