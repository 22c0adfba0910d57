/** The Live view: pick a page of the session, watch it, see the agent's latest refs, take over. */
import { useState } from "preact/hooks";
import { WatchPane } from "./watch_pane.tsx";
import { TakeoverPanel } from "./takeover_panel.tsx";
import { useTakeover } from "./takeover.ts";
import { useEvents } from "./use_events.ts";
import { STATE_EVENTS } from "./timeline_view.tsx";
import type { PageView, SessionView } from "./types.ts";

export function LivePage(
  { session, page, onPage }: {
    session: SessionView;
    page: PageView | null;
    onPage: (pageId: string) => void;
  },
) {
  const [version, setVersion] = useState(0);
  const takeover = useTakeover(session.sessionId, page?.pageId ?? null);
  // Live only: the latest state is read again when the agent's state may have changed.
  useEvents(`/v1/sessions/${encodeURIComponent(session.sessionId)}/events`, (ev) => {
    if (STATE_EVENTS.has(ev.type)) setVersion((v) => v + 1);
    if (ev.type === "takeover.started" || ev.type === "takeover.ended") takeover.refresh();
  }, () => {
    setVersion((v) => v + 1);
    takeover.refresh();
  });
  return (
    <section aria-labelledby="live-title">
      <h2 id="live-title">Live view</h2>
      {session.pages.length > 1 && (
        <p>
          <label for="page-pick">Page</label>{" "}
          <select
            id="page-pick"
            value={page?.pageId}
            onChange={(e) => onPage((e.target as HTMLSelectElement).value)}
          >
            {session.pages.map((p) => (
              <option key={p.pageId} value={p.pageId}>{p.title || p.url} ({p.pageId})</option>
            ))}
          </select>
        </p>
      )}
      {page && (
        <p class="muted">
          <span class="origin">{page.url}</span> <span class="title">{page.title}</span>
        </p>
      )}
      <TakeoverPanel sessionId={session.sessionId} takeover={takeover} />
      <WatchPane
        sessionId={session.sessionId}
        pageId={page?.pageId ?? null}
        version={version}
        wide
        control={takeover.mine ? takeover.send : null}
      />
    </section>
  );
}
