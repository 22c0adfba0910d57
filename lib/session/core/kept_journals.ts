/**
 * The journals of closed sessions, kept as artifacts for `--journal-keep` after the session
 * closed, so an operator can still read what a session did once it is gone. Bounded like every
 * store: past its item or byte limit the oldest journal goes first.
 */
import { ArtifactStore } from "../../artifacts/store.ts";
import type { JournalExport } from "../../protocol/journal.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { Journal } from "./journal.ts";

const LIMITS = { maxItemBytes: 32 * 1024 * 1024, maxItems: 256, maxTotalBytes: 256 * 1024 * 1024 };

export class KeptJournals {
  readonly keepMs: number;
  #store = new ArtifactStore("/v1/sessions/journals", LIMITS);
  /** Session id → its journal's artifact and when it is forgotten, oldest first. */
  #kept = new Map<string, { id: string; until: number }>();

  constructor(keepMs: number) {
    this.keepMs = keepMs;
  }

  /** Keep a closed session's journal (nothing when the keep time is 0). */
  async keep(journal: Journal, now = Date.now()): Promise<void> {
    if (this.keepMs <= 0) return;
    const bytes = new TextEncoder().encode(JSON.stringify(await journal.export()));
    this.sweep(now);
    while (true) {
      try {
        const art = await this.#store.put(bytes, "application/json");
        this.#kept.set(journal.sessionId, { id: art.id, until: now + this.keepMs });
        return;
      } catch (err) {
        const oldest = this.#kept.keys().next().value;
        if (!(err instanceof PortholeError) || err.code !== "artifact_limit" || oldest === undefined) return;
        this.#forget(oldest);
      }
    }
  }

  /** A closed session's journal, while it is kept. */
  get(sessionId: string, now = Date.now()): JournalExport | null {
    this.sweep(now);
    const kept = this.#kept.get(sessionId);
    if (!kept) return null;
    return JSON.parse(new TextDecoder().decode(this.#store.get(kept.id).data));
  }

  sweep(now = Date.now()): void {
    for (const [sid, k] of this.#kept) if (k.until <= now) this.#forget(sid);
  }

  #forget(sessionId: string): void {
    const kept = this.#kept.get(sessionId);
    if (!kept) return;
    this.#kept.delete(sessionId);
    this.#store.delete(kept.id);
  }
}
