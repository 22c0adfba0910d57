/**
 * Dormant BAP sessions: a connection that sent `sessionId` leaves its state parked here when it
 * goes away, live contexts and all, in memory only (nothing is written to disk). Reconnecting
 * with the same id within the TTL restores it; after the TTL its contexts are released. Parked
 * contexts stay Porthole sessions, so they keep their place under the context limit.
 */
import type { BapState } from "./state.ts";

/** The part of a connection the store needs: being replaced by a newer connection. */
export interface Holder {
  /** Give up the state (4001 to the old socket); returns it. */
  surrender(): BapState | null;
}

export class DormantStore {
  #parked = new Map<string, { state: BapState; timer: ReturnType<typeof setTimeout> }>();
  #live = new Map<string, Holder>();

  constructor(readonly ttlMs: number) {}

  /**
   * A connection initializes with `sessionId`: it takes the state from a live holder (which is
   * closed with 4001) or from the dormant store. Null when there is nothing to restore.
   */
  claim(sessionId: string, holder: Holder): BapState | null {
    let state: BapState | null = null;
    const previous = this.#live.get(sessionId);
    if (previous && previous !== holder) state = previous.surrender();
    const parked = this.#parked.get(sessionId);
    if (parked) {
      clearTimeout(parked.timer);
      this.#parked.delete(sessionId);
      state ??= parked.state;
    }
    this.#live.set(sessionId, holder);
    if (state && ![...state.contexts.values()].some((c) => !c.session.disposed)) {
      // The browser went away while it was parked: start fresh, silently.
      state.closeAll().catch(() => {});
      return null;
    }
    return state;
  }

  /** The holder let go of the id (shutdown, or the socket closed). */
  release(sessionId: string, holder: Holder): void {
    if (this.#live.get(sessionId) === holder) this.#live.delete(sessionId);
  }

  /** Keep a state for `ttlMs`; its contexts are released when nobody reclaims it in time. */
  park(sessionId: string, state: BapState): void {
    state.notify = null;
    const old = this.#parked.get(sessionId);
    if (old && old.state !== state) {
      clearTimeout(old.timer);
      old.state.closeAll().catch(() => {});
    }
    const timer = setTimeout(() => {
      if (this.#parked.get(sessionId)?.state !== state) return;
      this.#parked.delete(sessionId);
      state.closeAll().catch(() => {});
    }, this.ttlMs);
    Deno.unrefTimer(timer as unknown as number);
    this.#parked.set(sessionId, { state, timer });
  }

  /** Release every parked state (server shutdown). */
  async clear(): Promise<void> {
    const all = [...this.#parked.values()];
    this.#parked.clear();
    for (const p of all) {
      clearTimeout(p.timer);
      await p.state.closeAll().catch(() => {});
    }
  }
}
