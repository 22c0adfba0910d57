/**
 * BAP notifications (`events/page`, `events/console`, `events/network`, `events/dialog`,
 * `events/download`), read only from the session's own event streams (the SSE stream and its
 * live network stream): BAP watches no page itself. URLs come redacted; network events carry no
 * headers and never a body; at most 100 events per second per page, the rest dropped.
 */
import type { PortholeEvent } from "../events/bus.ts";
import { networkEvents } from "../session/page/network_events.ts";
import type { SessionRegistry } from "../session/registry.ts";
import type { ContextEntry } from "./context.ts";

/** What forwarding events needs of a BAP session: its contexts, its notifier and its held requests. */
export interface EventsHost {
  readonly registry: SessionRegistry;
  readonly held: ReadonlyMap<string, { method: string; params: Record<string, unknown> }>;
  readonly contexts: ReadonlyMap<string, ContextEntry>;
  notify: Notifier | null;
  pageClosed(pageId: string): void;
}

/**
 * Send a notification of a subscription topic (page, console, network, dialog, download), or
 * with a null topic one that goes out unasked (approval/required).
 */
export type Notifier = (method: string, params: Record<string, unknown>, topic: string | null) => void;

const PER_SECOND = 100;
/** Per page: the current second and how many notifications it sent in it. */
type Budgets = Map<string, { second: number; count: number }>;

function withinBudget(budgets: Budgets, pageId: string): boolean {
  const second = Math.floor(Date.now() / 1000);
  const b = budgets.get(pageId);
  if (b?.second === second) return ++b.count <= PER_SECOND;
  budgets.set(pageId, { second, count: 1 });
  return true;
}

const LEVELS = new Set(["log", "debug", "info", "warn", "error"]);
const consoleLevel = (type: string) => type === "warning" ? "warn" : LEVELS.has(type) ? type : "log";

/**
 * Forward a context's session events for pages this BAP session knows. Ends with the session;
 * the network stream is read only while the context lives.
 */
export function forwardSessionEvents(state: EventsHost, ctx: ContextEntry): void {
  const budgets: Budgets = new Map();
  const net = networkEvents(ctx.session).subscribe();
  const forward = (ev: PortholeEvent) => {
    // A dropped context's last events are not the client's.
    if (state.contexts.get(ctx.id) !== ctx) return;
    const data = ev.data as Record<string, unknown>;
    const pageId = typeof data.pageId === "string" ? data.pageId : "";
    if (ev.type === "approval.requested") return approvalRequired(state, ctx, String(data.approvalId));
    if (ev.type === "page.closed") return state.pageClosed(pageId);
    // The BAP notification of the event, when BAP has one for it.
    const note = Object.hasOwn(NOTES, ev.type) ? NOTES[ev.type](data) : null;
    if (!note || !state.notify || !ctx.session.pages.has(pageId)) return;
    if (!withinBudget(budgets, pageId)) return;
    state.notify(note.method, { ...note.params, pageId, timestamp: Date.now() }, note.topic);
  };
  const pump = async (events: AsyncIterable<PortholeEvent>) => {
    for await (const ev of events) forward(ev);
  };
  pump(net).catch(() => {});
  pump(ctx.session.events.subscribe()).catch(() => {}).finally(() => net.close());
}

type Data = Record<string, unknown>;
type Note = { method: string; params: Data; topic: string };
const note = (topic: string, params: Data): Note => ({ method: `events/${topic}`, params, topic });
/** A network notification names its request and the request's URL. */
const request = (type: string, d: Data, params: Data) =>
  note("network", { type, requestId: d.requestId, url: d.url, ...params });

/** The BAP notification of each session event BAP has one for. */
const NOTES: Record<string, (d: Data) => Note | null> = {
  "console": (d) =>
    note("console", {
      level: consoleLevel(String(d.level)),
      text: String(d.text ?? ""),
      ...(d.url ? { url: d.url } : {}),
    }),
  "dialog.opened": (d) =>
    note("dialog", { type: d.type, message: d.message, defaultValue: "", handled: d.handled }),
  "download.blocked": (d) =>
    note("download", {
      url: d.url,
      suggestedFilename: "",
      state: "canceled",
      error: "Downloads are blocked by Porthole's policy",
    }),
  "navigation.committed": (d) => d.sameDocument ? null : note("page", { type: "navigated", url: d.url }),
  "page.load": (d) => note("page", { type: d.state, url: d.url }),
  "page.error": (d) => note("page", { type: "error", error: d.message, url: d.url }),
  "network.request": (d) =>
    request("request", d, {
      method: d.method,
      resourceType: RESOURCE_TYPES.has(String(d.resourceType)) ? d.resourceType : "other",
      headers: {},
      ...(d.hasPostData ? { postData: "[REDACTED]" } : {}),
    }),
  "network.response": (d) => request("response", d, { status: d.status, headers: {} }),
  "network.failed": (d) => request("failed", d, { error: d.error }),
};

/** An action of this BAP session waits for a human: tell the client which request is held. */
function approvalRequired(state: EventsHost, ctx: ContextEntry, approvalId: string): void {
  const view = state.registry.approvals.list(ctx.session.id).find((v) => v.approvalId === approvalId);
  if (!view) return;
  const held = state.held.get(ctx.session.id);
  const el = view.element;
  state.notify?.("approval/required", {
    requestId: approvalId,
    originalRequest: { method: held?.method ?? `action/${view.action}`, params: held?.params ?? {} },
    rule: view.description ?? "an operator approval rule",
    context: {
      pageUrl: view.url,
      pageTitle: view.title,
      ...el ? { elementInfo: { role: el.role, ...el.name ? { name: el.name } : {} } } : {},
    },
    expiresAt: Date.parse(view.expiresAt),
  }, null);
}

const RESOURCE_TYPES = new Set(
  "document stylesheet image media font script texttrack xhr fetch eventsource websocket manifest".split(" "),
);
