/**
 * The session's snapshot authority: one current state, consumed by exactly one action, and a
 * short read-only history of recent states that `observe {since}` may diff against.
 * Pure bookkeeping: no I/O.
 *
 * A state binds the page id, the page's browser generation, the frame, loader and document,
 * the origin, and for each ref the element's role/name fingerprint (RefTarget), which the
 * action compares with a fresh reading before it dispatches anything.
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { RefTarget, Tier } from "../../snapshot/render.ts";
import type { PageCut } from "../../snapshot/pages.ts";

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
  /** The ref registry token of the observed document (see snapshot/walker.ts). */
  token: string;
  origin: string;
  url: string;
  /** The document's title when it was observed (a lean fresh state says it only when it changed). */
  title?: string;
  /** Browser generation the page belongs to. */
  generation: number;
  refs: Map<string, RefTarget>;
  tree: string;
  /** Every line of the tree before the size cap (the lines `since` compares). */
  uncut: string;
  tier: Tier;
  maxDepth: number;
  /** The walk stopped early on a very large page: the uncut lines are not the whole document. */
  walkCut: boolean;
  truncated: boolean;
  /** The pages of `uncut` (`observe {cursor}`): `tree` is the first; refs holds every page's refs. */
  pages?: PageCut[];
  /** A `find` answer: `uncut` and refs hold only the lines that may match, their subtrees and ancestors. */
  searched?: true;
}

export type Lookup =
  | { kind: "current"; state: StateRecord }
  | { kind: "stale"; why: "consumed" | "replaced" | "invalidated" }
  | { kind: "unknown" };

/** How many issued ids are remembered, so a stale id is told apart from one never issued. */
const REMEMBERED = 4096;
/** How many recent states are kept as diff bases for `since`. */
export const DIFF_BASES = 16;

export class StateAuthority {
  #current: StateRecord | null = null;
  #issued = new Map<string, "current" | "consumed" | "replaced" | "invalidated">();
  #bases = new Map<string, StateRecord>();

  get current(): StateRecord | null {
    return this.#current;
  }

  /**
   * A new observation becomes the one current state; the previous one is replaced. A state whose
   * refs repeat one another is refused: a duplicate ref invalidates the observation.
   */
  publish(state: StateRecord): void {
    const seen = new Set<string>();
    for (const [key, target] of state.refs) {
      if (key !== target.ref || seen.has(target.ref)) {
        throw new PortholeError(
          "snapshot_invalid",
          `The snapshot was invalid: ref ${target.ref} is given twice`,
          {
            recoveryHint: "Observe again",
          },
        );
      }
      seen.add(target.ref);
    }
    if (this.#current) this.#issued.set(this.#current.stateId, "replaced");
    this.#current = state;
    this.#issued.set(state.stateId, "current");
    while (this.#issued.size > REMEMBERED) {
      const oldest = this.#issued.keys().next().value!;
      this.#issued.delete(oldest);
    }
    this.#bases.set(state.stateId, state);
    while (this.#bases.size > DIFF_BASES) this.#bases.delete(this.#bases.keys().next().value!);
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

  /** What became of an issued state id (undefined: never issued, or long forgotten). */
  status(stateId: string): "current" | "consumed" | "replaced" | "invalidated" | undefined {
    const status = this.#issued.get(stateId);
    return status === "current" && this.#current?.stateId !== stateId ? "replaced" : status;
  }

  /** Read the current state without consuming it (screenshots by ref). */
  peek(stateId: string): StateRecord | null {
    return this.#current?.stateId === stateId ? this.#current : null;
  }

  /** The newest state published, current or already consumed (what the agent last saw); null after a reset. */
  get latest(): Readonly<StateRecord> | null {
    let last: StateRecord | null = null;
    for (const s of this.#bases.values()) last = s;
    return last;
  }

  /** A recent state, current or not, as a read-only diff base; null when it is not kept (any more). */
  base(stateId: string): Readonly<StateRecord> | null {
    return this.#bases.get(stateId) ?? null;
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

  /** Page reset or browser disconnect: the current state and every diff base are gone. Returns whether a current state was dropped. */
  clear(): boolean {
    const dropped = this.invalidate();
    this.#bases.clear();
    return dropped;
  }

  /** Forget diff bases of one page (it was closed). */
  forgetPage(pageId: string): void {
    for (const [id, s] of this.#bases) if (s.pageId === pageId) this.#bases.delete(id);
  }
}
