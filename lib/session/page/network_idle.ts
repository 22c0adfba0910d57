/**
 * What navigate, reload, back and forward wait for after the load. Network idle (no request in flight
 * for NETWORK_IDLE_MS), when asked `waitUntil: "networkidle"` (`wait {loadState: "networkidle"}` checks
 * it too), within the operation's own deadline; then the document's loading settles (`settleLoaded`).
 */
import type { FrameInfo } from "../../driver/page_driver.ts";
import { MUTATION_QUIET, QUIET_AFTER_MS as AFTER_MS } from "../../snapshot/page_lib.ts";
import { poll } from "../core/deadline.ts";
import type { PageRecord } from "../core/page_record.ts";
import { NavigationWatch } from "./navigation.ts";

/** Quiet time that counts as network idle. */
const NETWORK_IDLE_MS = 500;
const POLL_MS = 50;
/** The longest a navigation waits for its document's loading to settle by default (`settleMs`), as an act's settle. */
const DEFAULT_LOAD_SETTLE_MS = 1500;
/** How many of a script's redirects after the load a navigation follows, settling each document. */
const MAX_HOPS = 3;

export type WaitUntil = "domcontentloaded" | "load" | "networkidle";

/** Whether the page's network has been quiet long enough. */
export const networkQuiet = (rec: PageRecord): boolean =>
  rec.inflight === 0 && Date.now() - rec.networkChangedAt >= NETWORK_IDLE_MS;

/** What the navigation waiter waits for: network idle starts once the document has loaded. */
export const loadWait = (w: WaitUntil | undefined): "domcontentloaded" | "load" =>
  w === "networkidle" ? "load" : w ?? "domcontentloaded";

/**
 * After a loaded navigation: wait for network idle when it was asked for, then, within `budgetMs`,
 * for what the document's loading set in motion: its short timers (timers.ts counts them from the
 * document's start), the mutations their callbacks make and the transitions they start, until a task
 * turn passes without a mutation. A consent box shown 100 ms after the load is then in the first
 * observation. What does not settle within the budget is left as it is: the navigation succeeded.
 * When the loading navigates on its own (a script's redirect), the wait follows it to the new
 * document's DOMContentLoaded, within the operation's deadline (its document is the one left to
 * observe), and settles that one; after MAX_HOPS such redirects, the last document is left as it loaded.
 */
export async function settleLoaded(
  rec: PageRecord,
  frame: FrameInfo | null,
  w: WaitUntil | undefined,
  signal: AbortSignal,
  budgetMs = DEFAULT_LOAD_SETTLE_MS,
): Promise<void> {
  if (w === "networkidle") await poll(() => networkQuiet(rec) || undefined, POLL_MS, signal);
  const until = performance.now() + budgetMs;
  let doc = frame;
  for (let hop = 0; doc && hop < MAX_HOPS; hop++) {
    const left = Math.round(until - performance.now());
    if (left <= 0) return;
    const watch = new NavigationWatch(rec.driver, doc.frameId, doc.loaderId, "domcontentloaded");
    try {
      const budget = AbortSignal.any([signal, AbortSignal.timeout(left)]);
      await rec.driver.callIn(doc, MUTATION_QUIET, [false, 0, AFTER_MS, left, false], budget).catch(() => {});
      if (!watch.requested) return;
      const outcome = await watch.settle(signal);
      if (outcome.kind !== "loaded") return;
      const id = doc.frameId;
      doc = (await rec.driver.frames(signal)).find((f) => f.frameId === id) ?? null;
    } finally {
      watch.dispose();
    }
  }
}
