/**
 * The human test browser of seed 003: test sessions with their own registry and runtime, under
 * `/v1/test-browser/…`. Until this server has those routes, the panel says so.
 */
import { useEffect, useState } from "preact/hooks";
import { hasRoute } from "./api.ts";

export function TestPanel() {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    hasRoute("/v1/test-browser/").then(setAvailable, () => setAvailable(false));
  }, []);
  return (
    <section class="panel test" aria-labelledby="test-title">
      <h2 id="test-title">Test browser</h2>
      {available === null && <p class="muted">Checking…</p>}
      {available === false && (
        <p class="muted" data-unavailable>The test browser is not available on this server.</p>
      )}
      {available && (
        <p class="muted">The test browser is available; its controls are not wired into this view yet.</p>
      )}
    </section>
  );
}
