/** Server-sent events: one session's stream, or every session's, with Last-Event-ID replay. */
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { EventStream, PortholeEvent } from "../lib/events/bus.ts";
import type { Metrics } from "../lib/metrics/metrics.ts";

export const HEARTBEAT_MS = 15_000;

/** Stream `source` to the client until it leaves or the stream closes. */
export function sseResponse(
  c: Context,
  source: EventStream,
  metrics?: Metrics,
  heartbeatMs = HEARTBEAT_MS,
): Response {
  const last = c.req.header("last-event-id") ?? c.req.query("lastEventId");
  const afterId = last !== undefined && /^\d+$/.test(last) ? Number(last) : undefined;
  const sub = source.subscribe(afterId);
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => sub.close());
    const beat = setInterval(() => {
      stream.write(": keep-alive\n\n").catch(() => sub.close());
    }, heartbeatMs);
    try {
      await stream.write(": porthole events\n\n");
      while (true) {
        const ev: PortholeEvent | null = await sub.next();
        if (!ev) break;
        if (ev.type === "dropped") metrics?.droppedEvents.inc({}, (ev.data as { count: number }).count);
        await stream.writeSSE({
          // A `dropped` notice carries no id, so Last-Event-ID keeps pointing at a real event.
          id: ev.type === "dropped" ? undefined : String(ev.id),
          event: ev.type,
          data: JSON.stringify({ sessionId: ev.sessionId, time: ev.time, ...ev.data }),
        });
      }
    } finally {
      clearInterval(beat);
      sub.close();
    }
  }, async (err, stream) => {
    sub.close();
    await stream.write(`: error ${String(err).slice(0, 200)}\n\n`).catch(() => {});
  });
}
