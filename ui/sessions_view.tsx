/** Sessions: every open session (HTTP, MCP, BAP alike), its pages, origin, queue and age, live. */
import { useEffect, useState } from "preact/hooks";
import type { SessionView } from "./types.ts";

/** The time now, ticking every second (for ages). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

export function age(fromIso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(fromIso)) / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

export function SessionsView(
  { sessions, selected, onSelect }: {
    sessions: SessionView[];
    selected: string | null;
    onSelect: (sessionId: string, view?: string) => void;
  },
) {
  const now = useNow();
  if (!sessions.length) {
    return <p class="empty">No session is open. Agents' sessions appear here as they start.</p>;
  }
  return (
    <table class="sessions">
      <caption>Open sessions</caption>
      <thead>
        <tr>
          <th scope="col">Session</th>
          <th scope="col">Pages</th>
          <th scope="col">Active page</th>
          <th scope="col">Queue</th>
          <th scope="col">Age</th>
          <th scope="col">Open</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => {
          const active = s.pages.find((p) => p.pageId === s.activePageId) ?? s.pages[0];
          const q = s.queue;
          return (
            <tr
              key={s.sessionId}
              class={s.sessionId === selected ? "selected" : ""}
              data-session={s.sessionId}
              data-test={s.test ? "yes" : undefined}
            >
              <td>
                <code>{s.sessionId}</code>
                {s.test && <span class="tag test-tag">test</span>}
              </td>
              <td>{s.pages.length}</td>
              <td>
                {active
                  ? (
                    <>
                      <span class="origin">{active.origin ?? "about:blank"}</span>
                      <span class="muted title">{active.title}</span>
                    </>
                  )
                  : <span class="muted">none</span>}
              </td>
              <td>{q ? `${q.waiting} waiting${q.running ? ", 1 running" : ""}` : "–"}</td>
              <td>{age(s.createdAt, now)}</td>
              <td>
                {s.test
                  ? (
                    <div class="actions">
                      <button type="button" onClick={() => onSelect(s.sessionId, "test")}>
                        Test browser
                      </button>
                    </div>
                  )
                  : (
                    <div class="actions">
                      <button type="button" onClick={() => onSelect(s.sessionId, "live")}>Watch</button>
                      <button
                        type="button"
                        onClick={() => onSelect(s.sessionId, "timeline")}
                      >
                        Timeline
                      </button>
                    </div>
                  )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
