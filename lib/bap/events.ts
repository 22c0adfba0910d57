/**
 * BAP notifications (`events/page`, `events/console`, `events/network`, `events/dialog`,
 * `events/download`) from Porthole's session events and the page's own CDP events. URLs are
 * redacted; network events carry no headers and never a body; at most 100 events per second
 * per page, the rest dropped.
 */
import type { Protocol } from "devtools-protocol";
import type { PageRecord } from "../session/session.ts";
import { redactUrl } from "../policy/url.ts";
import type { BapState, ContextEntry } from "./state.ts";

/**
 * Send a notification of a subscription topic (page, console, network, dialog, download), or
 * with a null topic one that goes out unasked (approval/required).
 */
export type Notifier = (method: string, params: Record<string, unknown>, topic: string | null) => void;

const PER_SECOND = 100;
const budgets = new WeakMap<PageRecord, { second: number; count: number }>();

function withinBudget(rec: PageRecord): boolean {
  const second = Math.floor(Date.now() / 1000);
  const b = budgets.get(rec);
  if (!b || b.second !== second) {
    budgets.set(rec, { second, count: 1 });
    return true;
  }
  return ++b.count <= PER_SECOND;
}

const LEVELS = new Set(["log", "debug", "info", "warn", "error"]);

function consoleLevel(type: string): string {
  if (type === "warning") return "warn";
  return LEVELS.has(type) ? type : "log";
}

/** Forward a context's session events for pages this BAP session knows. Ends with the session. */
export function forwardSessionEvents(state: BapState, ctx: ContextEntry): void {
  const sub = ctx.session.events.subscribe();
  (async () => {
    for await (const ev of sub) {
      const data = ev.data as Record<string, unknown>;
      const pageId = typeof data.pageId === "string" ? data.pageId : "";
      if (ev.type === "approval.requested") {
        approvalRequired(state, ctx, String(data.approvalId));
        continue;
      }
      if (ev.type === "page.opened" && typeof data.opener === "string" && state.isKnown(data.opener)) {
        // A popup Porthole adopted (same origin as its opener): a page of this BAP session too.
        const rec = ctx.session.pages.get(pageId);
        if (rec && !state.isKnown(pageId)) state.addPage(ctx, rec, false);
        continue;
      }
      if (!state.isKnown(pageId)) continue;
      const now = Date.now();
      const send = (method: string, params: Record<string, unknown>, topic: string) => {
        const rec = ctx.session.pages.get(pageId);
        if (rec && !withinBudget(rec)) return;
        state.notify?.(method, { ...params, pageId, timestamp: now }, topic);
      };
      switch (ev.type) {
        case "page.closed":
          state.forgetPage(pageId, true);
          break;
        case "console":
          send("events/console", {
            level: consoleLevel(String(data.level)),
            text: String(data.text ?? ""),
            ...(data.url ? { url: data.url } : {}),
          }, "console");
          break;
        case "dialog.opened":
          send("events/dialog", {
            type: data.type,
            message: data.message,
            defaultValue: "",
            handled: data.handled,
          }, "dialog");
          break;
        case "download.blocked":
          send("events/download", {
            url: data.url,
            suggestedFilename: "",
            state: "canceled",
            error: "Downloads are blocked by Porthole's policy",
          }, "download");
          break;
        case "navigation.committed":
          if (!data.sameDocument) send("events/page", { type: "navigated", url: data.url }, "page");
          break;
        case "page.error":
          send("events/page", { type: "error", error: data.message, url: data.url }, "page");
          break;
      }
    }
  })().catch(() => {});
}

/** An action of this BAP session waits for a human: tell the client which request is held. */
function approvalRequired(state: BapState, ctx: ContextEntry, approvalId: string): void {
  const view = state.registry.approvals.list(ctx.session.id).find((v) => v.approvalId === approvalId);
  if (!view) return;
  const held = state.held.get(ctx.session.id);
  const rec = held ? ctx.session.pages.get(held.pageId) : undefined;
  state.notify?.("approval/required", {
    requestId: approvalId,
    originalRequest: { method: held?.method ?? `action/${view.action}`, params: held?.params ?? {} },
    rule: view.description ?? "an operator approval rule",
    context: {
      pageUrl: rec ? redactUrl(rec.driver.page.url()) : "",
      pageTitle: rec?.title ?? "",
      ...(view.target ? { elementInfo: { role: view.target.split(" ")[0], name: view.target } } : {}),
    },
    expiresAt: Date.parse(view.expiresAt),
  }, null);
}

const RESOURCE_TYPES = new Set([
  "document",
  "stylesheet",
  "image",
  "media",
  "font",
  "script",
  "texttrack",
  "xhr",
  "fetch",
  "eventsource",
  "websocket",
  "manifest",
]);

/** The page's own load and network events. Returns a function that stops watching. */
export function watchPageEvents(state: BapState, rec: PageRecord): () => void {
  const { driver, pageId } = rec;
  const send = (method: string, params: Record<string, unknown>, topic: string) => {
    if (!state.notify || !withinBudget(rec)) return;
    state.notify(method, { ...params, pageId, timestamp: Date.now() }, topic);
  };
  // Failures name only the request: remember where each one went (bounded).
  const urls = new Map<string, string>();
  const offs = [
    driver.on("Page.lifecycleEvent", (e: Protocol.Page.LifecycleEventEvent) => {
      if (e.frameId !== driver.targetId) return;
      const type = e.name === "DOMContentLoaded" ? "domcontentloaded" : e.name === "load" ? "load" : null;
      if (type) send("events/page", { type, url: redactUrl(driver.page.url()) }, "page");
    }),
    driver.on("Network.requestWillBeSent", (e: Protocol.Network.RequestWillBeSentEvent) => {
      const type = (e.type ?? "Other").toLowerCase();
      urls.set(e.requestId, redactUrl(e.request.url));
      if (urls.size > 1000) urls.delete(urls.keys().next().value!);
      const params: Record<string, unknown> = {
        type: "request",
        requestId: e.requestId,
        url: redactUrl(e.request.url),
        method: e.request.method,
        resourceType: RESOURCE_TYPES.has(type) ? type : "other",
        headers: {},
      };
      if (e.request.hasPostData) params.postData = "[REDACTED]";
      send("events/network", params, "network");
    }),
    driver.on("Network.responseReceived", (e: Protocol.Network.ResponseReceivedEvent) => {
      send("events/network", {
        type: "response",
        requestId: e.requestId,
        url: redactUrl(e.response.url),
        status: e.response.status,
        headers: {},
      }, "network");
    }),
    driver.on("Network.loadingFinished", (e: Protocol.Network.LoadingFinishedEvent) => {
      urls.delete(e.requestId);
    }),
    driver.on("Network.loadingFailed", (e: Protocol.Network.LoadingFailedEvent) => {
      send("events/network", {
        type: "failed",
        requestId: e.requestId,
        url: urls.get(e.requestId) ?? "",
        error: e.errorText,
      }, "network");
      urls.delete(e.requestId);
    }),
  ];
  return () => offs.forEach((off) => off());
}
