/**
 * The session's snapshot authority: one current state, consumed by exactly one action.
 * Pure bookkeeping: no I/O.
 */
import type { RefTarget } from "../snapshot/ax_tree.ts";

/** Everything an action needs to re-check that the page is still what was observed. */
export interface StateRecord {
  stateId: string;
  pageId: string;
  targetId: string;
  frameId: string;
  loaderId: string;
  documentId: string;
  /** Backend node id of the observed document node. */
  documentNode: number;
  origin: string;
  url: string;
  /** Browser generation the page belongs to. */
  generation: number;
  refs: Map<string, RefTarget>;
  tree: string;
}

export type Lookup =
  | { kind: "current"; state: StateRecord }
  | { kind: "stale"; why: "consumed" | "replaced" | "invalidated" }
  | { kind: "unknown" };

/** How many issued ids are remembered, so a stale id is told apart from one never issued. */
const REMEMBERED = 4096;

export class StateAuthority {
  #current: StateRecord | null = null;
  #issued = new Map<string, "current" | "consumed" | "replaced" | "invalidated">();

  get current(): StateRecord | null {
    return this.#current;
  }

  /** A new observation becomes the one current state; the previous one is replaced. */
  publish(state: StateRecord): void {
    if (this.#current) this.#issued.set(this.#current.stateId, "replaced");
    this.#current = state;
    this.#issued.set(state.stateId, "current");
    while (this.#issued.size > REMEMBERED) {
      const oldest = this.#issued.keys().next().value!;
      this.#issued.delete(oldest);
    }
  }

  /** Look a state up for an action. A match is consumed on the spot; anything else consumes nothing. */
  take(stateId: string): Lookup {
    const status = this.#issued.get(stateId);
    if (status === undefined) return { kind: "unknown" };
    if (status !== "current" || !this.#current || this.#current.stateId !== stateId) {
      return { kind: "stale", why: status === "current" ? "replaced" : status };
    }
    const state = this.#current;
    this.#current = null;
    this.#issued.set(stateId, "consumed");
    return { kind: "current", state };
  }

  /** Read the current state without consuming it (screenshots by ref). */
  peek(stateId: string): StateRecord | null {
    return this.#current?.stateId === stateId ? this.#current : null;
  }

  /** The current state stops being actionable (navigation, page closed, reset). Returns whether one was dropped. */
  invalidate(predicate: (s: StateRecord) => boolean = () => true): boolean {
    if (this.#current && predicate(this.#current)) {
      this.#issued.set(this.#current.stateId, "invalidated");
      this.#current = null;
      return true;
    }
    return false;
  }
}
