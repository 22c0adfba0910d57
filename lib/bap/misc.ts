/** `events/subscribe`, `dialog/handle`, `stream/cancel`, `approval/respond`. */
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams } from "./errors.ts";
import { setDialogPolicy } from "../session/dialogs.ts";
import type { Params } from "./params.ts";

export const MISC_METHODS = {
  "events/subscribe": (call: Call, p: Params) => {
    const events = p.strings("events");
    if (!events) throw invalidParams("events", "events is required");
    for (const e of events) call.subscriptions.add(e);
    return Promise.resolve({});
  },
  "dialog/handle": (call: Call, p: Params) => {
    const action = p.oneOf("action", ["accept", "dismiss"] as const);
    if (!action) throw invalidParams("action", "action is required (accept or dismiss)");
    const promptText = p.str("promptText");
    if (promptText !== undefined && promptText.length > 4096) {
      throw invalidParams("promptText", "promptText is longer than 4096 characters");
    }
    const t = call.state.target(p.str("pageId"));
    // Arms the answer to the next dialog of the page's context. Set outside the gate: a dialog is
    // answered while the action that opened it still runs.
    setDialogPolicy(t.session, { action, once: true, ...(promptText !== undefined ? { promptText } : {}) });
    return Promise.resolve({});
  },
  "stream/cancel": (_call: Call, p: Params) => {
    p.reqStr("streamId");
    // Porthole never streams a result, so there is nothing to cancel.
    return Promise.resolve({ cancelled: false });
  },
  "approval/respond": (call: Call, p: Params) => {
    const requestId = p.reqStr("requestId");
    const decision = p.oneOf("decision", ["approve", "deny", "approve-once", "approve-session"] as const);
    if (!decision) throw invalidParams("decision", "decision is required");
    p.str("reason");
    // Only this connection's own actions; answered at once, outside every gate (the action holds it).
    const mine = new Set([...call.state.contexts.values()].map((c) => c.session.id));
    const desk = call.registry.approvals;
    if (!desk.list().some((v) => v.approvalId === requestId && mine.has(v.sessionId))) {
      throw new BapError(BAP.InvalidParams, `No pending approval with ID: ${requestId}`, {
        details: { field: "requestId", requestId },
      });
    }
    desk.decide(requestId, decision === "deny" ? "deny" : "approve");
    return Promise.resolve({ acknowledged: true });
  },
};
