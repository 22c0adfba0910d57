/**
 * The method table of BAP 0.9.0: every method of the seed but the lifecycle trio (`initialize`,
 * `notifications/initialized`, `shutdown`: the connection handles them itself), and the
 * capabilities `initialize` advertises.
 */
import type { SessionRegistry } from "../session/registry.ts";
import type { Method } from "./call.ts";
import { BROWSER_METHODS } from "./browser.ts";
import { PAGE_METHODS } from "./page.ts";
import { ACTION_METHODS } from "./actions.ts";
import { OBSERVE_METHODS } from "./observe.ts";
import { CONTEXT_METHODS } from "./context_methods.ts";
import { MISC_METHODS } from "./misc.ts";
import { FRAME_METHODS } from "./frames.ts";
import { AGENT_OBSERVE_METHODS } from "./agent_observe.ts";
import { AGENT_ACT_METHODS } from "./agent_act.ts";
import { AGENT_EXTRACT_METHODS } from "./agent_extract.ts";
import { PORTHOLE_OBSERVE_METHODS } from "./observe_tree.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

export const METHODS: Record<string, Method> = {
  ...BROWSER_METHODS,
  ...PAGE_METHODS,
  ...ACTION_METHODS,
  ...OBSERVE_METHODS,
  ...CONTEXT_METHODS,
  ...MISC_METHODS,
  ...FRAME_METHODS,
  ...AGENT_OBSERVE_METHODS,
  ...AGENT_ACT_METHODS,
  ...AGENT_EXTRACT_METHODS,
  ...PORTHOLE_OBSERVE_METHODS,
};

/** What `initialize` says the server can do: truthful values only. */
export function capabilities(registry: SessionRegistry) {
  const limits = registry.config.limits;
  return {
    browsers: ["chromium"],
    events: ["page", "console", "network", "dialog", "download"],
    observations: Object.keys(OBSERVE_METHODS).map((m) => m.slice("observe/".length)),
    actions: Object.keys(ACTION_METHODS).map((m) => m.slice("action/".length)),
    features: {
      autoWait: true,
      tracing: true,
      storageState: true,
      networkInterception: false,
      semanticSelectors: false,
      multiPage: true,
    },
    // A connection's contexts are sessions of the sidecar: as many as it may have.
    limits: { maxPages: limits.maxPages, maxTimeout: MAX_TIMEOUT_MS, maxContexts: limits.maxSessions },
  };
}
