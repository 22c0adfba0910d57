/**
 * Human takeover of the agent's session (pointer, wheel and keyboard forwarded as real input).
 * Its routes (`/v1/sessions/{id}/takeover…`) belong to the takeover core; until this server has
 * them, the panel says so. Wire the controls here once they exist.
 */
import { useEffect, useState } from "preact/hooks";
import { hasRoute } from "./api.ts";

export function TakeoverPanel({ sessionId }: { sessionId: string }) {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    hasRoute("/v1/sessions/{sessionId}/takeover").then(setAvailable, () => setAvailable(false));
  }, [sessionId]);
  return (
    <section class="panel takeover" aria-labelledby="takeover-title">
      <h3 id="takeover-title">Take over</h3>
      {available === null && <p class="muted">Checking…</p>}
      {available === false && (
        <p class="muted" data-unavailable>Takeover of session {sessionId} is not available on this server.</p>
      )}
      {available && (
        <p class="muted">
          Takeover is available; its controls are not wired into this view yet.
        </p>
      )}
    </section>
  );
}
