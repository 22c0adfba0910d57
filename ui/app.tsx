/**
 * The UI's frame: the views (Sessions, Live, Timeline, Approvals, Inspect, Replay, Test), the selected
 * session and page, and what every view shares: the session list and the pending approvals, both
 * kept live from GET /v1/events. The view and session are in the URL's fragment (#live/s_…).
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, onUnauthorized } from "./api.ts";
import { useEvents } from "./use_events.ts";
import { SessionsView } from "./sessions_view.tsx";
import { TimelineView } from "./timeline_view.tsx";
import { ApprovalsView } from "./approvals_view.tsx";
import { InspectView } from "./inspect_view.tsx";
import { LivePage } from "./live_page.tsx";
import { TestPanel } from "./test_panel.tsx";
import { ReplayView } from "./replay_view.tsx";
import type { Approval, SessionView } from "./types.ts";

const VIEWS = [
  ["sessions", "Sessions"],
  ["live", "Live view"],
  ["timeline", "Timeline"],
  ["approvals", "Approvals"],
  ["inspect", "Inspect"],
  ["replay", "Replay"],
  ["test", "Test browser"],
] as const;
type View = typeof VIEWS[number][0];

function fromHash(): { view: View; session: string | null } {
  const [v, s] = location.hash.replace(/^#\/?/, "").split("/");
  const view = (VIEWS.find(([id]) => id === v)?.[0] ?? "sessions") as View;
  return { view, session: s ? decodeURIComponent(s) : null };
}

/** Call `fn` at most once per `ms`, trailing: bursts of events cause one reload. */
function useThrottled(fn: () => void, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      fn();
    }, ms);
  }, [fn, ms]);
}

export function App() {
  const [{ view, session }, setRoute] = useState(fromHash);
  const [sessions, setSessions] = useState<SessionView[]>([]);
  const [approvals, setApprovals] = useState<Approval[]>([]);
  const [pageId, setPageId] = useState<string | null>(null);
  const [needLogin, setNeedLogin] = useState(false);

  useEffect(() => onUnauthorized(() => setNeedLogin(true)), []);
  useEffect(() => {
    const onHash = () => setRoute(fromHash());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const go = (v: View, s: string | null = session) => {
    location.hash = s ? `${v}/${encodeURIComponent(s)}` : v;
  };

  // Lists arrive in any order: only the newest request's answer is shown (an older, slower one
  // would bring back a list from before the event that asked for the newer).
  const listed = useRef(0);
  const loadSessions = useCallback(() => {
    const n = ++listed.current;
    // The test browser's sessions are listed too, marked: a second registry, a second list.
    const list = (path: string, test: boolean) =>
      api<{ sessions: SessionView[] }>("GET", path).then(
        (r) => r.sessions.map((x) => ({ ...x, test })),
        () => [] as SessionView[],
      );
    Promise.all([list("/v1/sessions", false), list("/v1/test-browser/sessions", true)])
      .then(([agent, test]) => {
        if (n === listed.current) setSessions([...agent, ...test]);
      });
  }, []);
  const loadApprovals = useCallback(() => {
    api<{ approvals: Approval[] }>("GET", "/v1/approvals").then((r) => setApprovals(r.approvals), () => {});
  }, []);
  const reloadSessions = useThrottled(loadSessions, 150);
  useEffect(() => {
    loadSessions();
    loadApprovals();
  }, []);
  useEvents(needLogin ? null : "/v1/events", (ev) => {
    if (ev.type.startsWith("approval.")) loadApprovals();
    if (ev.type !== "console") reloadSessions();
  }, () => {
    loadSessions();
    loadApprovals();
  });

  const selected = sessions.find((s) => s.sessionId === session && !s.test) ?? null;
  // A view of one session with none chosen shows the first one.
  useEffect(() => {
    const agents = sessions.filter((s) => !s.test);
    const global = view === "sessions" || view === "approvals" || view === "test" || view === "replay";
    if (!session && agents.length && !global) {
      go(view, agents[0].sessionId);
    }
  }, [session, sessions, view]);
  const page = selected && (selected.pages.find((p) => p.pageId === pageId) ??
    selected.pages.find((p) => p.pageId === selected.activePageId) ?? selected.pages[0] ?? null);

  return (
    <>
      <header class="top">
        <h1>Porthole</h1>
        <nav aria-label="Views">
          {VIEWS.map(([id, label]) => (
            <button
              type="button"
              key={id}
              aria-current={view === id ? "page" : undefined}
              onClick={() => go(id)}
            >
              {label}
              {id === "approvals" && approvals.length > 0 && (
                <span class="count">{` (${approvals.length})`}</span>
              )}
            </button>
          ))}
        </nav>
        {selected && (
          <p class="current">
            Session <code>{selected.sessionId}</code>
          </p>
        )}
      </header>
      <main id="main">
        {needLogin && (
          <p class="error" role="alert">
            Not logged in: open the one-time login link Porthole printed when it started, or
            /ui/login?token=….
          </p>
        )}
        {view === "sessions" && (
          <section aria-labelledby="sessions-title">
            <h2 id="sessions-title">Sessions</h2>
            <SessionsView
              sessions={sessions}
              selected={session}
              onSelect={(s, v) => go((v as View) ?? "live", s)}
            />
          </section>
        )}
        {view === "approvals" && <ApprovalsView approvals={approvals} onDecided={loadApprovals} />}
        {view === "test" && (
          <TestPanel
            sessionId={session}
            onSession={(s) => go("test", s)}
          />
        )}
        {(view === "live" || view === "timeline" || view === "inspect") && !selected && (
          <p class="empty">{session ? `Session ${session} is not open.` : "No session is open."}</p>
        )}
        {view === "live" && selected && (
          <LivePage
            session={selected}
            page={page ?? null}
            onPage={setPageId}
          />
        )}
        {view === "timeline" && selected && (
          <TimelineView sessionId={selected.sessionId} pageId={page?.pageId ?? null} />
        )}
        {view === "replay" && <ReplayView sessionId={session} />}
        {view === "inspect" && selected && (
          <InspectView sessionId={selected.sessionId} pageId={page?.pageId ?? null} />
        )}
      </main>
    </>
  );
}
