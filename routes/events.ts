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

const encoder = new TextEncoder();
/** Most events one write carries, and how long a woken reader gathers a burst before writing. */
const BATCH = 64;
const COALESCE_MS = 10;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Each event's bytes, made once however many readers it goes to (a thousand readers, one JSON). */
const frames = new WeakMap<PortholeEvent, Uint8Array>();

/** An event as an SSE message. A `dropped` notice carries no id, so Last-Event-ID stays on a real event. */
function frame(ev: PortholeEvent): Uint8Array {
  let bytes = frames.get(ev);
  if (!bytes) {
    // JSON has no raw line breaks, so the data is one `data:` line.
    const data = JSON.stringify({ sessionId: ev.sessionId, time: ev.time, ...ev.data, ...testMark(ev) });
    const id = ev.type === "dropped" ? "" : `\nid: ${ev.id}`;
    bytes = encoder.encode(`event: ${ev.type}\ndata: ${data}${id}\n\n`);
    if (ev.type !== "dropped") frames.set(ev, bytes);
  }
  return bytes;
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
        // What queued up meanwhile goes out in one write: a reader that fell behind costs one
        // write per wake-up, not one per event.
        const batch: Uint8Array[] = [];
        for (let ev = sub.poll(); ev; ev = batch.length < BATCH ? sub.poll() : null) {
          if (ev.type === "dropped") {
            metrics?.droppedEvents.inc({}, (ev as PortholeEvent<"dropped">).data.count);
          }
          batch.push(frame(ev));
        }
        if (batch.length) {
          await stream.write(batch.length === 1 ? batch[0] : concat(batch));
          continue;
        }
        if (sub.closed) break;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const beat = new Promise<"beat">((r) => (timer = setTimeout(() => r("beat"), heartbeatMs)));
        const woke = await Promise.race([sub.ready().then(() => "event" as const), beat]);
        clearTimeout(timer);
        if (woke === "beat") await stream.write(": keep-alive\n\n");
        // Events come in bursts (a page logging in a loop): gather a burst, then write it once,
        // so a thousand readers cost a thousand writes per burst, not per event.
        else await new Promise((r) => setTimeout(r, COALESCE_MS));
      }
    } finally {
      sub.close();
    }
  }, async (err, stream) => {
    sub.close();
    await stream.write(`: error ${String(err).slice(0, 200)}\n\n`).catch(() => {});
  });
}
