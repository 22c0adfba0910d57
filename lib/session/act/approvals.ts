/**
 * The approval desk: an action an operator rule covers waits here for a human decision. The
 * decision is answered outside the session's FIFO gate (the action holds the gate while it
 * waits), and the wait is bounded by the rule's own timeout.
 */
import { PortholeError } from "../../protocol/errors.ts";
import { newId } from "../../protocol/validate.ts";
import type { ApprovalView } from "../../protocol/views.ts";

export type { ApprovalView };

export type Decision = "approve" | "deny";
export type Outcome = Decision | "timeout";

interface Pending {
  view: ApprovalView;
  settle: (o: Outcome) => void;
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

export class ApprovalDesk {
  #pending = new Map<string, Pending>();

  list(sessionId?: string): ApprovalView[] {
    return [...this.#pending.values()].map((p) => p.view).filter((v) =>
      !sessionId || v.sessionId === sessionId
    );
  }

  /** Wait for a decision; `onRequested` runs once the request is listed (for the event). */
  request(
    what: Omit<ApprovalView, "approvalId" | "requestedAt" | "expiresAt">,
    timeoutMs: number,
    signal: AbortSignal,
    onRequested: (view: ApprovalView) => void,
  ): Promise<Outcome> {
    const approvalId = newId("ap");
    const now = Date.now();
    const view: ApprovalView = {
      ...what,
      approvalId,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + timeoutMs).toISOString(),
    };
    return new Promise<Outcome>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.#pending.delete(approvalId);
      };
      const timer = setTimeout(() => {
        finish();
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
        settle: (o) => {
          finish();
          resolve(o);
        },
      });
      onRequested(view);
    });
  }

  /** A human's decision. Unknown or already decided ids are 404. */
  decide(approvalId: string, decision: Decision): ApprovalView {
    const pending = this.#pending.get(approvalId);
    if (!pending) {
      throw new PortholeError("not_found", `No pending approval ${approvalId.slice(0, 64)}`, {
        recoveryHint: "GET /v1/approvals lists the pending ones",
      });
    }
    pending.settle(decision);
    return pending.view;
  }
}
