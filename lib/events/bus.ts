/**
 * Typed events with rising ids, a bounded replay ring per stream, and bounded per-reader
 * queues: a slow reader loses its oldest events and is told how many, never grows memory.
 */

/** Every event type and its data. URLs are redacted; no event carries typed text. */
export interface EventMap {
  "page.opened": { pageId: string; url: string; opener?: string };
  "page.closed": { pageId: string };
  "page.activated": { pageId: string };
  "navigation.committed": { pageId: string; url: string; sameDocument: boolean };
  "navigation.blocked": { pageId: string; url: string; reason: string };
  "popup.blocked": { pageId: string; url: string; reason: string };
  "download.blocked": { pageId: string; url: string };
  "dialog.opened": { pageId: string; type: string; message: string; handled: string };
  "console": { pageId: string; level: string; text: string; url?: string };
  "page.error": { pageId: string; message: string; url?: string };
  "action.started": { pageId: string; action: string; ref?: string; stateId: string };
  "action.finished": {
    pageId: string;
    action: string;
    execution: string;
    observation: string;
    error?: string;
    ms: number;
  };
  "approval.requested": { approvalId: string; action: string; origin: string };
  "approval.resolved": { approvalId: string; decision: string };
  "session.reset": { reason: string };
  "session.closed": { reason: string };
  "state.stale": { stateId: string; reason: string };
  "dropped": { count: number };
}

export type EventType = keyof EventMap;

export interface PortholeEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  sessionId: string;
  time: string;
  data: EventMap[T];
}

/** A reader's bounded queue. */
export class Subscription implements AsyncIterable<PortholeEvent> {
  #queue: PortholeEvent[] = [];
  #dropped = 0;
  #wake: (() => void) | null = null;
  #closed = false;
  readonly limit: number;
  #onClose: () => void;

  constructor(limit: number, onClose: () => void) {
    this.limit = limit;
    this.#onClose = onClose;
  }

  /** Queue an event; past the limit the oldest one is lost and counted. */
  push(ev: PortholeEvent): void {
    if (this.#closed) return;
    this.#queue.push(ev);
    if (this.#queue.length > this.limit) {
      this.#queue.shift();
      this.#dropped++;
    }
    this.#wake?.();
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** Next event, a `dropped` notice first if events were lost; null once closed. */
  async next(): Promise<PortholeEvent | null> {
    while (true) {
      if (this.#dropped > 0) {
        const count = this.#dropped;
        this.#dropped = 0;
        const first = this.#queue[0];
        return {
          id: first ? first.id - 1 : 0,
          type: "dropped",
          sessionId: first?.sessionId ?? "",
          time: new Date().toISOString(),
          data: { count },
        };
      }
      const ev = this.#queue.shift();
      if (ev) return ev;
      if (this.#closed) return null;
      await new Promise<void>((r) => (this.#wake = r));
      this.#wake = null;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake?.();
    this.#onClose();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<PortholeEvent> {
    while (true) {
      const ev = await this.next();
      if (!ev) return;
      yield ev;
    }
  }
}

/** One stream of events (a session's, or all sessions') with a replay ring. */
export class EventStream {
  #ring: PortholeEvent[] = [];
  #subs = new Set<Subscription>();
  readonly ringSize: number;
  readonly queueLimit: number;

  constructor(ringSize = 1024, queueLimit = 256) {
    this.ringSize = ringSize;
    this.queueLimit = queueLimit;
  }

  get readers(): number {
    return this.#subs.size;
  }

  publish(ev: PortholeEvent): void {
    this.#ring.push(ev);
    if (this.#ring.length > this.ringSize) this.#ring.shift();
    for (const s of this.#subs) s.push(ev);
  }

  /** Subscribe; with `afterId`, first replay what the ring still holds after it. */
  subscribe(afterId?: number): Subscription {
    const sub = new Subscription(this.queueLimit, () => this.#subs.delete(sub));
    if (afterId !== undefined) {
      const oldest = this.#ring[0];
      if (oldest && oldest.id > afterId + 1) {
        // The ring no longer holds everything after afterId: say so before replaying the rest.
        sub.push({ ...oldest, id: oldest.id - 1, type: "dropped", data: { count: oldest.id - afterId - 1 } });
      }
      for (const ev of this.#ring) if (ev.id > afterId) sub.push(ev);
    }
    this.#subs.add(sub);
    return sub;
  }

  close(): void {
    for (const s of [...this.#subs]) s.close();
  }
}

/** Rising ids across every stream of the process. */
let lastId = 0;

export function makeEvent<T extends EventType>(
  sessionId: string,
  type: T,
  data: EventMap[T],
): PortholeEvent<T> {
  return { id: ++lastId, type, sessionId, time: new Date().toISOString(), data };
}
