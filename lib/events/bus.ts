/**
 * Typed events with rising ids, a bounded replay ring per stream, and bounded per-reader
 * queues: a slow reader loses its oldest events and is told how many, never grows memory.
 */

/** Every event type and its data. URLs are redacted; no event carries typed text. */
export interface EventMap {
  "page.opened": { pageId: string; url: string; opener?: string };
  "page.closed": { pageId: string };
  "page.activated": { pageId: string };
  /** The renderer crashed; navigate recovers the page (`page.recovered`). */
  "page.crashed": { pageId: string; reason: string };
  /** A hung or crashed page got a fresh renderer: same page id and origin rules, a new generation. */
  "page.recovered": { pageId: string; generation: number };
  "navigation.committed": { pageId: string; url: string; sameDocument: boolean };
  "navigation.blocked": { pageId: string; url: string; reason: string };
  "popup.blocked": { pageId: string; url: string; reason: string };
  "download.blocked": { pageId: string; url: string };
  "download.stored": { pageId: string; url: string; artifactId: string; href: string; bytes: number };
  "dialog.opened": { pageId: string; type: string; message: string; handled: string };
  "console": { pageId: string; level: string; text: string; url?: string };
  "page.error": { pageId: string; message: string; url?: string };
  "page.load": { pageId: string; state: "domcontentloaded" | "load"; url: string };
  /** Network events go to a session's live-only network stream, never to its SSE stream. */
  "network.request": {
    pageId: string;
    requestId: string;
    url: string;
    method: string;
    resourceType: string;
    hasPostData: boolean;
  };
  "network.response": { pageId: string; requestId: string; url: string; status: number };
  "network.failed": { pageId: string; requestId: string; url: string; error: string };
  "action.started": { pageId: string; action: string; ref?: string; stateId: string };
  "action.finished": {
    pageId: string;
    action: string;
    execution: string;
    observation: string;
    postcondition: string;
    error?: string;
    ms: number;
    /** Where the pointer landed (viewport CSS pixels), for a click, hover or other pointer action. */
    point?: { x: number; y: number };
  };
  "approval.requested": { approvalId: string; action: string; origin: string };
  "approval.resolved": { approvalId: string; decision: string; decidedBy?: string };
  /** On GET /v1/events only: a session was created (by any door). */
  "session.opened": Record<string, never>;
  "session.reset": { reason: string };
  "session.mode": { mode: "execute" | "plan" };
  "session.closed": { reason: string };
  "state.stale": { stateId: string; reason: string };
  /** A person took control of the session (the takeover id is only in the reply to that person). */
  "takeover.started": { who: string };
  /** What the person did: keystrokes into a credential field (or an unknown one) are counted, never shown. */
  "takeover.input": TakeoverInputEvent;
  "takeover.ended": { who: string; reason: string; clicks: number; keys: number; ms: number };
  "dropped": { count: number };
}

/** One thing a person did during a takeover, as the timeline shows it. */
export interface TakeoverInputEvent {
  pageId: string;
  kind: "click" | "scroll" | "key" | "text";
  x?: number;
  y?: number;
  button?: string;
  deltaX?: number;
  deltaY?: number;
  /** A named key (Enter, Tab…) or the text typed, only when it went into a field that is not a credential. */
  key?: string;
  text?: string;
  /** Characters or keys, always given for key and text. */
  count?: number;
  /** The keystrokes went into a credential field, or one Porthole could not confirm is not one. */
  redacted?: boolean;
}

export type EventType = keyof EventMap;

export interface PortholeEvent<T extends EventType = EventType> {
  /**
   * The event's number in the stream it was read from: 1, 2, 3… per stream, so a gap in a
   * reader's ids always means lost events. 0 until a stream publishes it.
   */
  id: number;
  type: T;
  sessionId: string;
  time: string;
  data: EventMap[T];
  /** Set on events of the test browser's sessions when they reach the agent registry's stream. */
  test?: true;
}

function droppedNotice(count: number, sessionId: string, id: number): PortholeEvent<"dropped"> {
  return { id, type: "dropped", sessionId, time: new Date().toISOString(), data: { count } };
}

/**
 * A byte bound on what waits for a reader: `weigh` says what an event costs it (its encoded
 * bytes); when live events waiting pass `maxBytes`, `onOverflow` says whether to shed the reader
 * (its queue is freed and it is closed). A replay's own bytes are allowed on top until taken.
 */
export interface ByteBound {
  weigh(ev: PortholeEvent): number;
  maxBytes: number;
  onOverflow(bytes: number): boolean;
}

/** A reader's bounded queue. */
export class Subscription implements AsyncIterable<PortholeEvent> {
  #queue: PortholeEvent[] = [];
  #bound: ByteBound | null;
  #bytes = 0;
  #allowance = 0;
  #dropped = 0;
  #wake: (() => void) | null = null;
  #closed = false;
  readonly limit: number;
  /** The queue's bound: `limit`, or the length of a replay until the reader drained it. */
  #cap: number;
  #onClose: () => void;

  constructor(limit: number, onClose: () => void, bound: ByteBound | null = null) {
    this.limit = limit;
    this.#cap = limit;
    this.#onClose = onClose;
    this.#bound = bound;
  }

  /** Queue an event; past the bound the oldest one is lost and counted. */
  push(ev: PortholeEvent): void {
    if (this.#closed) return;
    this.#queue.push(ev);
    if (this.#bound) this.#bytes += this.#bound.weigh(ev);
    if (this.#queue.length > this.#cap) {
      this.#take();
      this.#dropped++;
    }
    if (
      this.#bound && this.#bytes > this.#bound.maxBytes + this.#allowance &&
      this.#bound.onOverflow(this.#bytes)
    ) {
      // The reader's socket does not drain: it is shed rather than fed.
      this.#queue = [];
      this.#bytes = 0;
      this.close();
      return;
    }
    this.#wake?.();
  }

  /** Queue a replay from a stream's ring: it may exceed `limit`, but never the ring's size. */
  replay(events: PortholeEvent[]): void {
    this.#cap = Math.max(this.limit, events.length);
    if (this.#bound) this.#allowance = events.reduce((n, ev) => n + this.#bound!.weigh(ev), 0);
    for (const ev of events) this.push(ev);
  }

  /** Bytes of the events waiting (0 without a byte bound). */
  get queuedBytes(): number {
    return this.#bytes;
  }

  #take(): PortholeEvent | null {
    const ev = this.#queue.shift() ?? null;
    if (ev && this.#bound) {
      const w = this.#bound.weigh(ev);
      this.#bytes -= w;
      this.#allowance = Math.max(0, this.#allowance - w);
    }
    return ev;
  }

  /** Count events lost before this reader could have them (a replay that reaches too far back). */
  lost(count: number): void {
    if (count > 0) this.#dropped += count;
  }

  /** Events waiting for the reader: never more than `limit` (or a replay's length). */
  get queued(): number {
    return this.#queue.length;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The next event without waiting: a `dropped` notice first if events were lost; null if none. */
  poll(): PortholeEvent | null {
    if (this.#dropped > 0) {
      const count = this.#dropped;
      this.#dropped = 0;
      const first = this.#queue[0];
      return droppedNotice(count, first?.sessionId ?? "", 0);
    }
    const ev = this.#take();
    if (this.#queue.length <= this.limit) this.#cap = this.limit;
    return ev;
  }

  /** Resolves when an event is queued or the reader closes (at once if either already holds). */
  ready(): Promise<void> {
    if (this.#dropped > 0 || this.#queue.length > 0 || this.#closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.#wake = () => {
        this.#wake = null;
        resolve();
      };
    });
  }

  /** Next event, a `dropped` notice first if events were lost; null once closed and drained. */
  async next(): Promise<PortholeEvent | null> {
    while (true) {
      const ev = this.poll();
      if (ev) return ev;
      if (this.#closed) return null;
      await this.ready();
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
  #lastId = 0;
  #closed = false;
  readonly ringSize: number;
  readonly queueLimit: number;

  constructor(ringSize = 1024, queueLimit = 256) {
    this.ringSize = ringSize;
    this.queueLimit = queueLimit;
  }

  get readers(): number {
    return this.#subs.size;
  }

  /** The id of the last event published. */
  get lastId(): number {
    return this.#lastId;
  }

  /** The fullest reader queue right now: never above `queueLimit` once replays are read. */
  get deepestQueue(): number {
    let max = 0;
    for (const s of this.#subs) max = Math.max(max, s.queued);
    return max;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Number the event in this stream, keep it for replay and hand it to every reader. */
  publish(ev: PortholeEvent): PortholeEvent {
    const stamped = { ...ev, id: ++this.#lastId };
    if (this.#closed) return stamped;
    this.#ring.push(stamped);
    if (this.#ring.length > this.ringSize) this.#ring.shift();
    for (const s of this.#subs) s.push(stamped);
    return stamped;
  }

  /**
   * Subscribe; with `afterId` (a reader's Last-Event-ID), first replay what the ring still
   * holds after it, preceded by a `dropped` notice for what it no longer holds. A subscription
   * to a closed stream replays and then ends.
   */
  subscribe(afterId?: number, bound?: ByteBound): Subscription {
    const sub = new Subscription(this.queueLimit, () => this.#subs.delete(sub), bound);
    if (afterId !== undefined && afterId < this.#lastId) {
      const oldest = this.#ring[0]?.id ?? this.#lastId + 1;
      sub.lost(oldest - 1 - afterId);
      sub.replay(this.#ring.filter((ev) => ev.id > afterId));
    }
    if (this.#closed) sub.close();
    else this.#subs.add(sub);
    return sub;
  }

  /** End every reader (after it drained its queue) and refuse new ones. */
  close(): void {
    this.#closed = true;
    for (const s of [...this.#subs]) s.close();
  }
}

/** A new event; the stream it is published on gives it its id. */
export function makeEvent<T extends EventType>(
  sessionId: string,
  type: T,
  data: EventMap[T],
): PortholeEvent<T> {
  return { id: 0, type, sessionId, time: new Date().toISOString(), data };
}
