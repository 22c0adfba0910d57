/**
 * Effects the policy blocked on a page (a cross-origin navigation, a popup, a download), kept
 * so the action that caused them can report them. Events go out as they happen, too.
 */
import type { PortholeError } from "../../protocol/errors.ts";

export class BlockedEffects {
  #items: PortholeError[] = [];
  #waiters: ((e: PortholeError) => void)[] = [];

  push(err: PortholeError): void {
    this.#items.push(err);
    if (this.#items.length > 32) this.#items.shift();
    for (const w of this.#waiters.splice(0)) w(err);
  }

  /** Forget what happened before an action starts. */
  clear(): void {
    this.#items = [];
  }

  /** The first effect blocked since the last clear, if any. */
  first(): PortholeError | null {
    return this.#items[0] ?? null;
  }

  /** Resolves with the next blocked effect (used to stop waiting for a navigation that was refused). */
  next(signal: AbortSignal): Promise<PortholeError> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push((e) => {
        signal.removeEventListener("abort", onAbort);
        resolve(e);
      });
    });
  }
}
