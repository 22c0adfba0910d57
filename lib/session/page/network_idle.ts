/**
 * Network idle: no request in flight for NETWORK_IDLE_MS. `wait {loadState: "networkidle"}`
 * checks it, and navigate, reload, back and forward wait for it after the load when asked
 * `waitUntil: "networkidle"`, within the operation's own deadline.
 */
import { poll } from "../core/deadline.ts";
import type { PageRecord } from "../core/page_record.ts";

/** Quiet time that counts as network idle. */
const NETWORK_IDLE_MS = 500;
const POLL_MS = 50;

export type WaitUntil = "domcontentloaded" | "load" | "networkidle";

/** Whether the page's network has been quiet long enough. */
export const networkQuiet = (rec: PageRecord): boolean =>
  rec.inflight === 0 && Date.now() - rec.networkChangedAt >= NETWORK_IDLE_MS;

/** What the navigation waiter waits for: network idle starts once the document has loaded. */
export const loadWait = (w: WaitUntil | undefined): "domcontentloaded" | "load" =>
  w === "networkidle" ? "load" : w ?? "domcontentloaded";

/** After a loaded navigation, wait for network idle when it was asked for. */
export async function settleNetwork(rec: PageRecord, w: WaitUntil | undefined, signal: AbortSignal) {
  if (w === "networkidle") await poll(() => networkQuiet(rec) || undefined, POLL_MS, signal);
}
