/** Server-sent events from Porthole as a Preact hook: every named event type, with its id. */
import { useEffect, useRef } from "preact/hooks";
import type { UiEvent } from "./types.ts";

export const EVENT_TYPES = [
  "session.opened",
  "session.closed",
  "session.reset",
  "page.opened",
  "page.closed",
  "page.activated",
  "page.load",
  "navigation.committed",
  "navigation.blocked",
  "popup.blocked",
  "download.blocked",
  "dialog.opened",
  "console",
  "page.error",
  "action.started",
  "action.finished",
  "approval.requested",
  "approval.resolved",
  "state.stale",
  "takeover.started",
  "takeover.input",
  "takeover.ended",
  "dropped",
] as const;

/**
 * Read `url` (null: nothing) and call `onEvent` for each event; reconnects as EventSource does.
 * `onOpen` runs on every (re)connection: what happened before it is not in the stream, so a
 * caller reloads what it shows then.
 */
export function useEvents(url: string | null, onEvent: (ev: UiEvent) => void, onOpen?: () => void): void {
  // The newest handler, so a reconnect is needed only when the URL changes.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url, { withCredentials: true });
    source.addEventListener("open", () => opened.current?.());
    const listen = (type: string) => (e: MessageEvent) => {
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      handler.current({
        id: Number(e.lastEventId) || 0,
        type,
        sessionId: String(data.sessionId ?? ""),
        time: String(data.time ?? new Date().toISOString()),
        data,
      });
    };
    const handlers = EVENT_TYPES.map((t) => [t, listen(t)] as const);
    for (const [t, h] of handlers) source.addEventListener(t, h as EventListener);
    return () => source.close();
  }, [url]);
}
