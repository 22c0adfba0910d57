/**
 * A session's network events (request, response, failure) on a stream of their own: live only
 * (no replay ring), so a page's hundreds of requests never push the session's state events out
 * of the SSE replay buffer. The BAP door's `events/network` reads this stream.
 */
import { type EventMap, EventStream, makeEvent } from "../../events/bus.ts";

type NetworkType = "network.request" | "network.response" | "network.failed";

const streams = new WeakMap<object, EventStream>();

/** The network stream of a session (made on first use). */
export function networkEvents(session: { id: string }): EventStream {
  let s = streams.get(session);
  if (!s) {
    s = new EventStream(0, 256);
    streams.set(session, s);
  }
  return s;
}

/** Publish a network event, only when somebody listens. */
export function emitNetwork<T extends NetworkType>(
  session: { id: string },
  type: T,
  data: EventMap[T],
): void {
  const s = streams.get(session);
  if (s && s.readers > 0) s.publish(makeEvent(session.id, type, data));
}
