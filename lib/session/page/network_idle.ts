/**
 * What navigate, reload, back and forward wait for after the load. Network idle (no request in flight
 * for NETWORK_IDLE_MS), when asked `waitUntil: "networkidle"` (`wait {loadState: "networkidle"}` checks
 * it too), within the operation's own deadline; then the document's loading settles (`settleLoaded`).
 */
import type { FrameInfo } from "../../driver/page_driver.ts";
import { MUTATION_QUIET } from "../../snapshot/page_lib.ts";
import { poll } from "../core/deadline.ts";
import type { PageRecord } from "../core/page_record.ts";

/** Quiet time that counts as network idle. */
const NETWORK_IDLE_MS = 500;
const POLL_MS = 50;
/** The longest a navigation waits for its document's loading to settle (as an action's settle by default). */
const LOAD_SETTLE_MS = 1500;
/** How long a mutation must be the last before a task turn without one counts as quiet. */
const AFTER_MS = 4;

export type WaitUntil = "domcontentloaded" | "load" | "networkidle";

/** Whether the page's network has been quiet long enough. */
export const networkQuiet = (rec: PageRecord): boolean =>
  rec.inflight === 0 && Date.now() - rec.networkChangedAt >= NETWORK_IDLE_MS;

/** What the navigation waiter waits for: network idle starts once the document has loaded. */
export const loadWait = (w: WaitUntil | undefined): "domcontentloaded" | "load" =>
  w === "networkidle" ? "load" : w ?? "domcontentloaded";

/**
 * After a loaded navigation: wait for network idle when it was asked for, then, within LOAD_SETTLE_MS,
 * for what the document's loading set in motion: its short timers (timers.ts counts them from the
 * document's start), the mutations their callbacks make and the transitions they start, until a task
 * turn passes without a mutation. A consent box shown 100 ms after the load is then in the first
 * observation. What does not settle within the budget is left as it is: the navigation succeeded.
 */
export async function settleLoaded(
  rec: PageRecord,
  frame: FrameInfo | null,
  w: WaitUntil | undefined,
  signal: AbortSignal,
) {
  if (w === "networkidle") await poll(() => networkQuiet(rec) || undefined, POLL_MS, signal);
  if (!frame) return;
  await rec.driver.callIn(frame, MUTATION_QUIET, [false, 0, AFTER_MS, LOAD_SETTLE_MS, false], signal)
    .catch(() => {});
}
