/**
 * Timeline: the session's events as they happen (replayed from the start of its bounded buffer):
 * operations and their three-part outcome, navigations, refusals, dialogs, approvals. Every string
 * from the page is shown as text, never as HTML.
 */
import { useEffect, useState } from "preact/hooks";
import { useEvents } from "./use_events.ts";
import { describe } from "./timeline.ts";
import { WatchPane } from "./watch_pane.tsx";
import type { UiEvent } from "./types.ts";

const KEEP = 500;
/** Events after which the agent's current state may be another one. */
export const STATE_EVENTS = new Set([
  "action.finished",
  "navigation.committed",
  "state.stale",
  "page.closed",
  "session.reset",
]);

export function TimelineView({ sessionId, pageId }: { sessionId: string; pageId: string | null }) {
  const [events, setEvents] = useState<UiEvent[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => setEvents([]), [sessionId]);
  useEvents(`/v1/sessions/${encodeURIComponent(sessionId)}/events?lastEventId=0`, (ev) => {
    setEvents((list) => [...list.slice(1 - KEEP), ev]);
    if (STATE_EVENTS.has(ev.type)) setVersion((v) => v + 1);
  });
  return (
    <div class="columns">
      <section aria-labelledby="timeline-title" class="timeline">
        <h2 id="timeline-title">Timeline</h2>
        {events.length === 0 && <p class="empty">Nothing has happened in this session yet.</p>}
        <ol class="events" aria-live="polite">
          {[...events].reverse().map((ev) => {
            const { kind, text } = describe(ev);
            return (
              <li key={`${ev.id}-${ev.type}`} class={`event k-${kind}`} data-type={ev.type}>
                <time dateTime={ev.time}>{new Date(ev.time).toLocaleTimeString()}</time>
                <span class="badge">{ev.type}</span>
                <span class="text">{text}</span>
              </li>
            );
          })}
        </ol>
      </section>
      <WatchPane sessionId={sessionId} pageId={pageId} version={version} />
    </div>
  );
}
