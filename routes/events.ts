/** Server-sent events: one session's stream, or every session's, with Last-Event-ID replay. */
import type { Context } from "hono";
import type { EventStream, PortholeEvent, Subscription } from "../lib/events/bus.ts";
import type { Metrics } from "../lib/metrics/metrics.ts";
import { log } from "../lib/log.ts";

export const HEARTBEAT_MS = 15_000;
/** A reader is shed (closed) once this many bytes wait for it and its socket took nothing for SHED_AFTER_MS. */
export const SHED_BYTES = 128 * 1024;
export const SHED_AFTER_MS = 5_000;
/** The name of the error a shed reader's stream ends with: the server does not report it as a failure. */
export const SHED_ERROR = "SseReaderShed";

/**
 * How often an idle stream sends a comment line, so proxies and clients see it is alive, and
 * how many bytes of events may wait for a reader whose socket does not drain. Settings rather
 * than constants so that a test need not wait 15 s for a heartbeat.
 */
export const sseSettings = { heartbeatMs: HEARTBEAT_MS, shedBytes: SHED_BYTES, shedAfterMs: SHED_AFTER_MS };

/** The reader's cursor: `Last-Event-ID` (as browsers send it on reconnect) or `?lastEventId=`. */
function lastEventId(c: Context): number | undefined {
  const last = c.req.header("last-event-id") ?? c.req.query("lastEventId");
  return last !== undefined && /^\d{1,15}$/.test(last.trim()) ? Number(last.trim()) : undefined;
}

/** The test browser's sessions' events are marked where they meet the agent's (GET /v1/events). */
const testMark = (ev: PortholeEvent) => (ev.test ? { test: true } : {});

const encoder = new TextEncoder();
const HELLO = encoder.encode(": porthole events\n\n");
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");
/** Most events and bytes one write carries. */
const BATCH = 256;
const BATCH_BYTES = 32 * 1024;

/**
 * How long a woken reader gathers a burst before it writes: 10 ms for a few readers, up to
 * 250 ms for a thousand, so the writes a burst costs stay near one per reader, not one per event.
 */
function coalesceMs(readers: number): number {
  return Math.min(250, 10 + Math.floor(readers / 4));
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
 * Readers that keep up read the same runs of events: the first to write a run makes its bytes,
 * the others write the same buffer (a thousand readers of a burst, one copy).
 */
const runs = new WeakMap<PortholeEvent, { last: PortholeEvent; bytes: Uint8Array }>();

function runBytes(events: PortholeEvent[]): Uint8Array {
  if (events.length === 1) return frame(events[0]);
  const first = events[0], last = events.at(-1)!;
  const hit = first.type === "dropped" ? undefined : runs.get(first);
  if (hit?.last === last) return hit.bytes;
  const parts = events.map(frame);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  if (first.type !== "dropped") runs.set(first, { last, bytes });
  return bytes;
}

/** What waits for `sub` now, as one write (null if nothing does). */
function take(sub: Subscription, metrics?: Metrics): Uint8Array | null {
  const batch: PortholeEvent[] = [];
  let bytes = 0;
  for (let ev = sub.poll(); ev; ev = batch.length < BATCH && bytes < BATCH_BYTES ? sub.poll() : null) {
    if (ev.type === "dropped") metrics?.droppedEvents.inc({}, (ev as PortholeEvent<"dropped">).data.count);
    batch.push(ev);
    bytes += frame(ev).length;
  }
  return batch.length ? runBytes(batch) : null;
}

/** One timer for every woken reader: a burst wakes a thousand readers, not a thousand timers. */
const ticks = new Map<number, Promise<"beat">>();
function after(ms: number): Promise<"beat"> {
  let p = ticks.get(ms);
  if (!p) {
    p = new Promise((r) =>
      setTimeout(() => {
        ticks.delete(ms);
        r("beat");
      }, ms)
    );
    ticks.set(ms, p);
  }
  return p;
}

/** Shed readers are logged once a second, as a count, not one line each. */
let shedPending = 0;
function logShed(bytes: number): void {
  if (shedPending++ > 0) return;
  setTimeout(() => {
    log("warn", "SSE readers shed: their sockets did not drain", {
      readers: shedPending,
      queuedBytes: bytes,
      boundBytes: sseSettings.shedBytes,
    });
    shedPending = 0;
  }, 1000);
}

/**
 * Stream `source` to the client until it leaves or the stream closes. The body is pulled: the
 * server asks for the next write only once it has room for it, so a reader that stops reading
 * costs a queue push per event and no write once the buffers before its socket are full. When
 * more than `shedBytes` wait for it and the server asked for nothing for `shedAfterMs`, the
 * reader is shed: counted, logged, its queue freed and its stream ended with an error.
 */
export function sseResponse(
  c: Context,
  source: EventStream,
  metrics?: Metrics,
  heartbeatMs = sseSettings.heartbeatMs,
): Response {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const shed = new Error("SSE reader shed: its socket did not drain");
  shed.name = SHED_ERROR;
  let isShed = false;
  /** The server asked for the next write and waits: the socket drains, whatever the queue holds. */
  let asked = false;
  let lastAsked = performance.now();
  const sub = source.subscribe(lastEventId(c), {
    weigh: (ev) => frame(ev).length,
    maxBytes: sseSettings.shedBytes,
    onOverflow: (bytes) => {
      // A burst that outruns a reader that reads is the queue's business (oldest lost, counted).
      if (asked || performance.now() - lastAsked < sseSettings.shedAfterMs) return false;
      isShed = true;
      metrics?.shedReaders.inc();
      logShed(bytes);
      try {
        controller?.error(shed);
      } catch { /* already ended */ }
      return true;
    },
  });
  c.req.raw.signal.addEventListener("abort", () => sub.close(), { once: true });
  const fill = async (ctl: ReadableStreamDefaultController<Uint8Array>) => {
    while (true) {
      const bytes = take(sub, metrics);
      if (bytes) return ctl.enqueue(bytes);
      if (isShed) return;
      if (sub.closed) return ctl.close();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const beat = new Promise<"beat">((r) => (timer = setTimeout(() => r("beat"), heartbeatMs)));
      const woke = await Promise.race([sub.ready().then(() => "event" as const), beat]);
      clearTimeout(timer);
      if (woke === "beat" && !sub.closed) return ctl.enqueue(KEEP_ALIVE);
      // Events come in bursts (a page logging in a loop): gather a burst, then write it once,
      // so a thousand readers cost a thousand writes per burst, not per event.
      if (woke === "event") await after(coalesceMs(source.readers));
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(ctl) {
      controller = ctl;
      ctl.enqueue(HELLO);
    },
    async pull(ctl) {
      asked = true;
      lastAsked = performance.now();
      try {
        await fill(ctl);
      } finally {
        asked = false;
      }
    },
    cancel() {
      sub.close();
    },
  }, { highWaterMark: 0 });
  c.header("content-type", "text/event-stream");
  c.header("cache-control", "no-cache");
  return c.body(body);
}
