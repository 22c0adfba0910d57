/**
 * A session's observation budget (`--session-budget`): the bytes of every tree it was given are
 * counted. With a limit, an observation asked for in the full tier is stepped down to interactive
 * once half the budget is used, any tier to minimal once three quarters are, and once all of it is
 * used observe and act (of every door) are refused with `session_budget_exhausted`. Pure bookkeeping.
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { Tier } from "../../snapshot/render.ts";
import type { Budget } from "../../protocol/types.ts";

const ORDER: Tier[] = ["full", "interactive", "minimal"];

export class ObservationBudget {
  readonly limit: number | null;
  #used = 0;

  constructor(limit: number | null) {
    this.limit = limit && limit > 0 ? limit : null;
  }

  get used(): number {
    return this.#used;
  }

  /** Refuse when the budget is spent (before an act consumes its state, or an observe captures). */
  assertRoom(what: string): void {
    if (this.limit === null || this.#used < this.limit) return;
    throw new PortholeError(
      "session_budget_exhausted",
      `Session budget spent: ${this.#used} of ${this.limit} observation bytes used; ${what} is refused`,
      { details: { bytesUsed: this.#used, bytesLimit: this.limit } },
    );
  }

  /**
   * Refuse an action of any door once the budget is spent: the act operation before its state is
   * looked up, an action by locators before it observes the page. (The act whose own fresh
   * observation spends the last bytes still runs: that observation is what is refused.)
   */
  assertActRoom(): void {
    this.assertRoom("the act");
  }

  /** The tier to capture in, and the notice when it is smaller than `asked`. */
  tierFor(asked: Tier, what = "the observation"): { tier: Tier; notice?: string } {
    this.assertRoom(what);
    if (this.limit === null) return { tier: asked };
    const floor: Tier = this.#used >= this.limit * 0.75
      ? "minimal"
      : this.#used >= this.limit / 2
      ? "interactive"
      : "full";
    if (ORDER.indexOf(floor) <= ORDER.indexOf(asked)) return { tier: asked };
    return {
      tier: floor,
      notice: `Session budget: ${this.#used} of ${this.limit} observation bytes used; ` +
        `this observation is in the ${floor} tier instead of ${asked}`,
    };
  }

  charge(bytes: number): void {
    this.#used += bytes;
  }

  /** What an answer says of the budget (bytesLimit null: the operator set none). */
  view(notice?: string): Budget {
    return { bytesUsed: this.#used, bytesLimit: this.limit, ...notice ? { notice } : {} };
  }
}
