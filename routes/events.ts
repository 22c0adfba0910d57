/** Server-sent events: one session's stream, or every session's, with Last-Event-ID replay. */
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { EventStream, PortholeEvent } from "../lib/events/bus.ts";
import type { Metrics } from "../lib/metrics/metrics.ts";

export const HEARTBEAT_MS = 15_000;

/**
 * How often an idle stream sends a comment line, so proxies and clients see it is alive.
 * A setting rather than a constant so that a test need not wait 15 s for one.
 */
export const sseSettings = { heartbeatMs: HEARTBEAT_MS };

/** The reader's cursor: `Last-Event-ID` (as browsers send it on reconnect) or `?lastEventId=`. */
function lastEventId(c: Context): number | undefined {
  const last = c.req.header("last-event-id") ?? c.req.query("lastEventId");
  return last !== undefined && /^\d{1,15}$/.test(last.trim()) ? Number(last.trim()) : undefined;
}

/** The test browser's sessions' events are marked where they meet the agent's (GET /v1/events). */
const testMark = (ev: PortholeEvent) => (ev.test ? { test: true } : {});

/** An event as SSE fields. A `dropped` notice carries no id, so Last-Event-ID stays on a real event. */
function frame(ev: PortholeEvent) {
  return {
    id: ev.type === "dropped" ? undefined : String(ev.id),
    event: ev.type,
    data: JSON.stringify({ sessionId: ev.sessionId, time: ev.time, ...ev.data, ...testMark(ev) }),
  };
}

/**
 * Stream `source` to the client until it leaves or the stream closes. One loop writes, so a
 * reader that stops reading stalls only that loop: its events wait in its own bounded queue
 * (the oldest lost and counted), and no heartbeat piles up behind a stalled write.
 */
export function sseResponse(
  c: Context,
  source: EventStream,
  metrics?: Metrics,
  heartbeatMs = sseSettings.heartbeatMs,
): Response {
  const sub = source.subscribe(lastEventId(c));
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => sub.close());
    try {
      await stream.write(": porthole events\n\n");
      while (!stream.aborted) {
        const ev = sub.poll();
        if (ev) {
          if (ev.type === "dropped") {
            metrics?.droppedEvents.inc({}, (ev as PortholeEvent<"dropped">).data.count);
          }
          await stream.writeSSE(frame(ev));
          continue;
        }
        if (sub.closed) break;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const beat = new Promise<"beat">((r) => (timer = setTimeout(() => r("beat"), heartbeatMs)));
        const woke = await Promise.race([sub.ready().then(() => "event" as const), beat]);
        clearTimeout(timer);
        if (woke === "beat") await stream.write(": keep-alive\n\n");
      }
    } finally {
      sub.close();
    }
  }, async (err, stream) => {
    sub.close();
    await stream.write(`: error ${String(err).slice(0, 200)}\n\n`).catch(() => {});
  });
}
