/**
 * The approval desk: an action an operator rule covers waits here for a human decision. The
 * decision is answered outside the session's FIFO gate (the action holds the gate while it
 * waits), and the wait is bounded by the rule's own timeout.
 *
 * Any door may bring an `Approver` with the action (MCP asks its client's user by elicitation):
 * the request is listed all the same, and the first decision, the approver's or a person's over
 * the API, wins. An approver that cannot ask leaves the request to the API and the UI.
 */
import { PortholeError } from "../../protocol/errors.ts";
import { newId } from "../../protocol/ids.ts";
import type { ApprovalView } from "../../protocol/views.ts";
import type { ActInput } from "../../protocol/schemas.ts";
import { type ApprovalRule, matchRule } from "../../policy/approval_rules.ts";
import type { SecretStore } from "../../policy/secrets.ts";
import { redactUrl } from "../../policy/url.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import type { Emitter } from "../core/emit.ts";
import type { PageRecord } from "../core/page_record.ts";
import { Stop } from "./stop.ts";

export type { ApprovalView };

export type Decision = "approve" | "deny";
export type Outcome = Decision | "timeout";

/** Who decided, as `decidedBy` records it when the decision came over the API (HTTP, UI). */
export const DECIDED_BY_API = "api";

/** A door's way to ask the person behind its client for the decision. */
export interface Approver {
  /** What `decidedBy` says when this approver decided (e.g. "mcp-elicitation"). */
  readonly name: string;
  /** The decision, or null when it could not ask (the API and the UI still can); `signal` ends the asking. */
  decide(view: ApprovalView, signal: AbortSignal): Promise<Decision | null>;
}

interface Pending {
  view: ApprovalView;
  settle: (o: Outcome, decidedBy: string) => void;
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

/** What asking a person needs of the session: its id, events, the operator's rules and secrets, the desk. */
export interface ApprovalHost extends Emitter {
  readonly id: string;
  /** Text as every answer shows it: scrubbed of the configured secrets. */
  scrub(text: string): string;
  readonly deps: {
    readonly secrets?: SecretStore;
    readonly approvalRules?: readonly ApprovalRule[];
    readonly approvals?: ApprovalDesk;
  };
}

export class ApprovalDesk {
  #pending = new Map<string, Pending>();

  list(sessionId?: string): ApprovalView[] {
    return [...this.#pending.values()].map((p) => p.view).filter((v) =>
      !sessionId || v.sessionId === sessionId
    );
  }

  /**
   * Wait for a decision; `onRequested` runs once the request is listed (for the event). The view
   * it was given says `decidedBy` once the promise settles.
   */
  request(
    what: Omit<ApprovalView, "approvalId" | "requestedAt" | "expiresAt" | "decidedBy">,
    timeoutMs: number,
    signal: AbortSignal,
    onRequested: (view: ApprovalView) => void,
    approver?: Approver,
  ): Promise<Outcome> {
    const approvalId = newId("ap");
    const now = Date.now();
    const view: ApprovalView = {
      ...what,
      approvalId,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + timeoutMs).toISOString(),
    };
    const asking = new AbortController();
    return new Promise<Outcome>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.#pending.delete(approvalId);
        asking.abort();
      };
      const timer = setTimeout(() => {
        finish();
        view.decidedBy = "timeout";
        resolve("timeout");
      }, timeoutMs);
      const onAbort = () => {
        finish();
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.#pending.set(approvalId, {
        view,
        settle: (o, decidedBy) => {
          finish();
          view.decidedBy = decidedBy;
          resolve(o);
        },
      });
      onRequested(view);
      approver?.decide(view, asking.signal).then(
        (decision) => decision && this.#pending.get(approvalId)?.settle(decision, approver.name),
        () => {}, // it could not ask: the API and the UI still decide
      );
    });
  }

  /** A human's decision, and who brought it. Unknown or already decided ids are 404. */
  decide(approvalId: string, decision: Decision, decidedBy = DECIDED_BY_API): ApprovalView {
    const pending = this.#pending.get(approvalId);
    if (!pending) {
      throw new PortholeError("not_found", `No pending approval ${approvalId.slice(0, 64)}`, {
        recoveryHint: "GET /v1/approvals lists the pending ones",
      });
    }
    pending.settle(decision, decidedBy);
    return pending.view;
  }
}

/** The operator's rule that holds this action for a person, if any. */
export function approvalRule(
  session: ApprovalHost,
  input: ActInput,
  origin: string,
  ref: RefTarget | undefined,
): ApprovalRule | null {
  const rules = session.deps.approvalRules;
  if (!rules?.length || !session.deps.approvals) return null;
  return matchRule(rules, { action: input.action, origin, role: ref?.role, name: ref?.name });
}

/**
 * Ask a person about the action (through the door's `approver` too, when it brought one) and wait
 * for the decision: a denial or no decision in time stops the action. The request shows the page
 * as it was observed, its text scrubbed of secrets.
 */
export async function awaitApproval(
  session: ApprovalHost,
  rec: PageRecord,
  input: ActInput,
  origin: string,
  ref: RefTarget | undefined,
  rule: ApprovalRule,
  signal: AbortSignal,
  approver: Approver | undefined,
): Promise<void> {
  let approvalId = "";
  let decided: { decidedBy?: string } = {};
  // A ref's name is the page's text as read: scrubbed of configured secrets, as every answer is.
  const scrub = (text: string) => session.scrub(text);
  const name = ref && scrub(ref.name);
  const outcome = await session.deps.approvals!.request(
    {
      sessionId: session.id,
      // The page as it was observed, so a person (or a BAP client) sees where the action would run.
      pageId: rec.pageId,
      url: scrub(redactUrl(rec.driver.url())),
      title: rec.title,
      action: input.action,
      origin,
      target: ref ? `${ref.role} "${name}"` : input.url ? scrub(redactUrl(input.url)) : undefined,
      ...(ref ? { element: { role: ref.role, name: name! } } : {}),
      description: rule.description,
    },
    rule.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    // A client that leaves while a human decides withdraws the request: nobody would act on it.
    signal,
    (view) => {
      approvalId = view.approvalId;
      decided = view;
      session.emit("approval.requested", { approvalId, action: input.action, origin });
    },
    approver,
  );
  session.emit("approval.resolved", { approvalId, decision: outcome, decidedBy: decided.decidedBy });
  if (outcome === "deny") {
    throw new Stop("approval_denied", `The ${input.action} was denied by a human (${approvalId})`);
  }
  if (outcome === "timeout") {
    throw new Stop("approval_timeout", `No decision on the ${input.action} arrived in time (${approvalId})`);
  }
}
