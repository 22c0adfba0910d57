/** Approvals: actions an operator rule holds for a human, spelled out, with Approve and Deny. */
import { useState } from "preact/hooks";
import { api } from "./api.ts";
import { age, useNow } from "./sessions_view.tsx";
import type { Approval } from "./types.ts";

const VERBS: Record<string, string> = {
  click: "click",
  dblclick: "double-click",
  type: "type into",
  fill: "fill",
  press: "press a key on",
  select: "select an option of",
  check: "check",
  uncheck: "uncheck",
  upload: "upload files to",
  navigate: "navigate",
  drag: "drag",
};

export function ApprovalsView({ approvals, onDecided }: { approvals: Approval[]; onDecided: () => void }) {
  const now = useNow();
  const [error, setError] = useState<string | null>(null);
  const decide = async (a: Approval, decision: "approve" | "deny") => {
    try {
      await api("POST", `/v1/approvals/${encodeURIComponent(a.approvalId)}`, { decision });
      setError(null);
    } catch (e) {
      setError(`${a.approvalId}: ${(e as Error).message}`);
    }
    onDecided();
  };
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title">Approvals</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {approvals.length === 0 && <p class="empty">No action is waiting for a decision.</p>}
      <ul class="approvals">
        {approvals.map((a) => (
          <li key={a.approvalId} class="approval" data-approval={a.approvalId}>
            <p class="what">
              Session <code>{a.sessionId}</code> wants to <strong>{VERBS[a.action] ?? a.action}</strong>{" "}
              {a.target ? <span class="target">{a.target}</span> : "an element"} on{" "}
              <span class="origin">{a.origin}</span>.
            </p>
            {a.description && <p>Consequence (operator's rule): {a.description}</p>}
            <p class="muted">
              Asked {age(a.requestedAt, now)} ago; refused on its own in{" "}
              {age(new Date(now).toISOString(), Date.parse(a.expiresAt))}. Approving lets the action run after
              every check is made again on the page as it is then.
            </p>
            <div class="actions">
              <button type="button" class="approve" onClick={() => decide(a, "approve")}>Approve</button>
              <button type="button" class="deny" onClick={() => decide(a, "deny")}>Deny</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
