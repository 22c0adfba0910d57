/**
 * The agent's latest observation: its tree as plain text and its refs. Reading it never consumes
 * or replaces the agent's state (GET …/state). Hovering or focusing a ref outlines it on the live view.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.ts";
import type { CurrentState, RefView } from "./types.ts";

export function ObservationPanel(
  { sessionId, version, onHighlight }: {
    sessionId: string;
    /** Changes whenever the state may have changed, to read it again. */
    version: number;
    onHighlight: (ref: RefView | null) => void;
  },
) {
  const [state, setState] = useState<CurrentState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api<{ state: CurrentState | null }>("GET", `/v1/sessions/${encodeURIComponent(sessionId)}/state`)
      .then((r) => live && (setState(r.state), setError(null)))
      .catch((e) => live && setError(String(e.message)));
    return () => (live = false);
  }, [sessionId, version]);

  if (error) return <p class="error" role="alert">{error}</p>;
  if (!state) return <p class="empty">The agent has not observed a page yet.</p>;
  return (
    <section class="observation" aria-labelledby="obs-title">
      <h3 id="obs-title">
        Latest observation <code>{state.stateId}</code>
      </h3>
      <p class="muted">
        <span class="origin">{state.url}</span>
        {state.truncated ? " (tree truncated)" : ""}
      </p>
      <ul class="refs" aria-label="Refs of the latest observation">
        {state.refs.map((r) => (
          <li key={r.ref}>
            <button
              type="button"
              class="ref"
              data-ref={r.ref}
              disabled={!r.bounds}
              onMouseEnter={() => onHighlight(r)}
              onMouseLeave={() => onHighlight(null)}
              onFocus={() => onHighlight(r)}
              onBlur={() => onHighlight(null)}
            >
              <code>{r.ref}</code> {r.role} <span class="name">{r.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <details>
        <summary>Tree (page text, untrusted)</summary>
        <pre class="tree">{state.tree}</pre>
      </details>
    </section>
  );
}
