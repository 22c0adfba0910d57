/**
 * A session's action journal: append-only and hash-chained (lib/protocol/journal.ts), bounded to
 * JOURNAL_BOUND entries; past it the oldest go and the hash of the last one dropped becomes the
 * anchor the rest verify from. The rooms append through `JournalWriter`, as they `emit` events.
 * Entries are hashed one after another off the caller's path; reads wait for the chain to be whole.
 */
import { newId } from "../../protocol/validate.ts";
import {
  entryHash,
  GENESIS,
  type JournalEntry,
  type JournalExport,
  type JournalKind,
} from "../../protocol/journal.ts";

/** Entries kept per session. */
export const JOURNAL_BOUND = 10_000;
/** Actions whose facts stay for `reconcile` (the newest; never exported, never hashed). */
const MEMOS = 64;

/** What an entry says, before the journal numbers, times and chains it. */
export type JournalFacts = Omit<JournalEntry, "seq" | "actionId" | "time" | "kind" | "prevHash" | "hash">;

/**
 * What `reconcile` needs of an action and no journal shows: the document and the ref it was taken
 * on, what was typed (kept in memory only), and where the page's network ring stood at the input.
 */
export interface ActionMemo {
  pageId: string;
  frameId: string;
  loaderId: string;
  action: string;
  /** The ref acted on, as the consumed state knew it (opaque here: the act room reads it). */
  ref?: unknown;
  /** Text typed (or the name of the secret typed), to compare a field's value with. */
  typed?: { text?: string; secretRef?: string };
  networkSeq: number;
  urlBefore: string;
}

/** How a room writes to the journal. */
export interface JournalWriter {
  /** Append an entry; its actionId is returned at once (the hash follows in order). */
  append(kind: JournalKind, facts: JournalFacts, actionId?: string): string;
  /** Keep what `reconcile` needs of an action. */
  remember(actionId: string, memo: ActionMemo): void;
}

export class Journal implements JournalWriter {
  readonly sessionId: string;
  readonly bound: number;
  #entries: JournalEntry[] = [];
  #seq = 0;
  #anchor = GENESIS;
  #last = GENESIS;
  #dropped = 0;
  #chain: Promise<void> = Promise.resolve();
  #memos = new Map<string, ActionMemo & { seq: number }>();

  constructor(sessionId: string, bound = JOURNAL_BOUND) {
    this.sessionId = sessionId;
    this.bound = bound;
  }

  /** A fresh action id, for an entry written later (an act, whose result carries it). */
  static newActionId(): string {
    return newId("a");
  }

  append(kind: JournalKind, facts: JournalFacts, actionId = Journal.newActionId()): string {
    const entry = {
      seq: ++this.#seq,
      actionId,
      time: new Date().toISOString(),
      kind,
      ...facts,
      prevHash: "",
      hash: "",
    } as JournalEntry;
    for (const k of Object.keys(entry) as (keyof JournalEntry)[]) {
      if (entry[k] === undefined) delete entry[k];
    }
    this.#chain = this.#chain.then(async () => {
      entry.prevHash = this.#last;
      entry.hash = await entryHash(entry);
      this.#last = entry.hash;
      this.#entries.push(entry);
      if (this.#entries.length > this.bound) {
        this.#anchor = this.#entries.shift()!.hash;
        this.#dropped++;
      }
    });
    return actionId;
  }

  remember(actionId: string, memo: ActionMemo): void {
    this.#memos.set(actionId, { ...memo, seq: this.#seq });
    if (this.#memos.size > MEMOS) this.#memos.delete(this.#memos.keys().next().value!);
  }

  /** An action's memo, and whether a later entry navigated or acted on the same page. */
  async memo(actionId: string): Promise<{ memo: ActionMemo; laterOnPage: boolean } | null> {
    await this.#chain;
    const memo = this.#memos.get(actionId);
    if (!memo) return null;
    const laterOnPage = this.#entries.some((e) =>
      e.seq > memo.seq && e.pageId === memo.pageId && (e.kind === "act" || e.kind === "navigate")
    );
    return { memo, laterOnPage };
  }

  /** Every entry kept, once each is hashed. */
  async export(): Promise<JournalExport> {
    await this.#chain;
    return {
      format: "porthole-journal",
      version: 1,
      sessionId: this.sessionId,
      bound: this.bound,
      dropped: this.#dropped,
      anchor: this.#anchor,
      entries: this.#entries.map((e) => ({ ...e })),
    };
  }
}
