/**
 * `events/subscribe`, `dialog/handle`, `stream/cancel`, `approval/respond`,
 * `discovery/discover` (the core's `discover` in the page's selected frame), and Porthole's own
 * `agent/reconcile` (the core's `reconcile`) and `agent/journal` (the core's `journal_get`).
 */
import * as v from "valibot";
import { DialogPolicyInput } from "../protocol/schemas.ts";
import { DiscoverInput } from "../protocol/schemas_page.ts";
import { type Method, method, viaOp } from "./call.ts";
import { BAP, BapError } from "../protocol/errors.ts";
import { PageId, picked, Str } from "./schema.ts";

const Discover = v.object({
  pageId: PageId,
  options: v.optional(picked(DiscoverInput, ["maxTools", "includeInputSchemas"]), {}),
});

const Respond = v.object({
  requestId: v.string(),
  decision: v.picklist(["approve", "deny", "approve-once", "approve-session"]),
  reason: Str,
});

export const MISC_METHODS: Record<string, Method> = {
  // Porthole's own: what an uncertain action did, observed without acting (POST …/reconcile).
  "agent/reconcile": viaOp(
    v.object({ contextId: Str, actionId: v.string(), timeout: v.optional(v.number()) }),
    "reconcile",
    (p) => ({ actionId: p.actionId, ...p.timeout !== undefined ? { timeoutMs: p.timeout } : {} }),
    (r) => r,
  ),
  // Porthole's own: the context's action journal (GET …/journal).
  "agent/journal": viaOp(v.object({ contextId: Str }), "journal_get", () => ({}), (r) => r),
  "events/subscribe": method(v.object({ events: v.array(v.string()) }), (call, p) => {
    for (const e of p.events) call.subscriptions.add(e);
    return Promise.resolve({});
  }),
  // Arms the answer to the next dialog of the page's context, outside the gate (the dialog_policy_set
  // operation): a dialog is answered while the action that opened it still runs.
  "dialog/handle": viaOp(
    v.object({ pageId: PageId, ...picked(DialogPolicyInput, ["action", "promptText"]).entries }),
    "dialog_policy_set",
    ({ action, promptText }) => ({ action, promptText, once: true }),
  ),
  // Porthole never streams a result, so there is nothing to cancel.
  "stream/cancel": method(v.object({ streamId: v.string() }), () => Promise.resolve({ cancelled: false })),
  "approval/respond": method(Respond, (call, p) => {
    // Only this connection's own actions; answered at once, outside every gate (the action holds it).
    const mine = new Set([...call.state.contexts.values()].map((c) => c.session.id));
    const desk = call.registry.approvals;
    if (!desk.list().some((a) => a.approvalId === p.requestId && mine.has(a.sessionId))) {
      throw new BapError(BAP.InvalidParams, `No pending approval with ID: ${p.requestId}`, {
        details: { field: "requestId", requestId: p.requestId },
      });
    }
    desk.decide(p.requestId, p.decision === "deny" ? "deny" : "approve", "bap");
    return Promise.resolve({ acknowledged: true });
  }),
  "discovery/discover": viaOp(
    Discover,
    "discover",
    (p) => p.options,
    ({ pageId: _, frameId: __, ...found }) => found,
  ),
};
