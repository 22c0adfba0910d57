/** A per-session FIFO gate: one operation runs at a time, at most `maxQueued` wait behind it. */
import { PortholeError } from "../../protocol/errors.ts";

/**
 * A hold on the gate (a person's takeover): while it is on, only calls it admits run; every
 * other call, queued or new, is refused with its error.
 */
export interface GateHold {
  /** `caller` is the signal the call arrived with (its door's request), the holder's pass. */
  admits(caller: AbortSignal | undefined): boolean;
  refusal(): PortholeError;
}

interface Waiter {
  start: () => void;
  fail: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class FifoGate {
  #running = false;
  #queue: Waiter[] = [];
  #closed: PortholeError | null = null;
  #hold: GateHold | null = null;
  readonly maxQueued: number;

  constructor(maxQueued: number) {
    this.maxQueued = maxQueued;
  }

  get queued(): number {
    return this.#queue.length;
  }
  get busy(): boolean {
    return this.#running;
  }

  /** The hold on the gate, if any. */
  get holder(): GateHold | null {
    return this.#hold;
  }

  /** Put a hold on the gate, or take it off (null). */
  hold(h: GateHold | null): void {
    this.#hold = h;
  }

  /**
   * Refuse a call the hold does not admit (`caller`: the signal it arrived with). The session
   * asks before a call queues and again when its turn comes.
   */
  admit(caller: AbortSignal | undefined): void {
    if (this.#hold && !this.#hold.admits(caller)) throw this.#hold.refusal();
  }

  /** Run `fn` when every earlier operation is done. A queued operation leaves when `signal` aborts. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#closed) throw this.#closed;
    if (signal?.aborted) throw abortError(signal);
    if (this.#running) {
      if (this.#queue.length >= this.maxQueued) {
        throw new PortholeError(
          "queue_full",
          `This session already has ${this.#queue.length} operations waiting`,
          {
            retryAfterMs: 500,
          },
        );
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { start: resolve, fail: reject, signal };
        if (signal) {
          waiter.onAbort = () => {
            const i = this.#queue.indexOf(waiter);
            if (i >= 0) this.#queue.splice(i, 1);
            reject(abortError(signal));
          };
          signal.addEventListener("abort", waiter.onAbort, { once: true });
        }
        this.#queue.push(waiter);
      });
    }
    this.#running = true;
    try {
      return await fn();
    } finally {
      this.#running = false;
      this.#next();
    }
  }

  #next(): void {
    const waiter = this.#queue.shift();
    if (!waiter) return;
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
    this.#running = true; // handed over: no caller can slip in before the waiter resumes
    waiter.start();
  }

  /** Refuse new work and fail everything queued. */
  close(reason: PortholeError): void {
    this.#closed = reason;
    for (const w of this.#queue.splice(0)) {
      if (w.onAbort) w.signal?.removeEventListener("abort", w.onAbort);
      w.fail(reason);
    }
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new PortholeError("session_disposed", "The operation was cancelled");
}
