/**
 * The one node a locator names in a frame, for reads that need no ref (extraction, element
 * properties, conditions): null while nothing matches, an error when several do or the locator
 * is not valid, never a silent first match.
 */
import type { FrameInfo, PageDriver } from "../../driver/page_driver.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { findElement, type Locator } from "./locate.ts";
import { coreRef } from "./refs.ts";
import { locateFailure } from "./errors.ts";
import { pollFor } from "../core/deadline.ts";
import type { StateRecord } from "../core/states.ts";

export interface LocatedNode {
  frame: FrameInfo;
  backendNodeId: number;
}

/**
 * The node `loc` (sent as `field`) names in `frameId`, or null when none. A ref must be one of
 * `state`'s: one it lacks is refused (`assertRefOf`), never "nothing matches".
 */
export async function findNode(
  driver: PageDriver,
  state: StateRecord | null,
  frameId: string | undefined,
  loc: Locator,
  signal?: AbortSignal,
  field = "locator",
): Promise<LocatedNode | null> {
  assertRefOf(state, loc, `${field}.ref`);
  const found = await findElement(driver, state, frameId, loc, signal);
  if ("invalid" in found) {
    throw locateFailure(loc, { ok: false, why: "invalid", message: found.invalid }, field);
  }
  if (!("count" in found)) return found;
  if (found.count > 1) throw locateFailure(loc, { ok: false, why: "ambiguous", count: found.count }, field);
  return null;
}

/**
 * A ref means something only in the state it came from: one `state` (the page's current state,
 * null without one) lacks is refused as `act` refuses it, not read as "nothing matches".
 */
export function assertRefOf(state: StateRecord | null, loc: Locator, field = "locator.ref"): void {
  if (loc.type !== "ref" || state?.refs.has(coreRef(loc.ref))) return;
  const message = state
    ? `${loc.ref} is not a ref of state ${state.stateId}`
    : `${loc.ref} is not a ref of a current state of this page; observe first`;
  throw new PortholeError("invalid_params", message, {
    details: { field },
    recoveryHint: "Observe again and use the refs it returns",
  });
}

/** `findNode`, asked again every 100 ms until it names a node or `timeoutMs` passed (then null). */
export function waitForNode(
  find: (signal: AbortSignal) => Promise<LocatedNode | null>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<LocatedNode | null> {
  return pollFor(async () => (await find(signal)) ?? undefined, 100, Math.max(1, timeoutMs), signal);
}
