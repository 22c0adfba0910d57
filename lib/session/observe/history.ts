/**
 * `observe {since}`: whether an earlier state can serve as a diff base for a new one, and the
 * changes when it can. Trees are compared before the size cap, so a page whose tree is cut at
 * 48 KiB still gets its changes. Pure: the states come from the authority's read-only history.
 */
import type { SinceUnavailableReason } from "../../protocol/types.ts";
import { type Changes, diffTrees } from "../../snapshot/diff.ts";
import type { StateRecord } from "../core/states.ts";

/** Bytes a whole answer carries besides its tree (ids, URL, title, the reason it is whole), about. */
export const WHOLE_ANSWER_ALLOWANCE = 1024;

export type SinceOutcome =
  | { changes: Changes }
  | { unavailable: { reason: SinceUnavailableReason; message: string } };

/**
 * The changes from `base` to `now`, or why there are none to give (then the full tree is answered).
 * `wholeBytes`: the whole tree's bytes when one answer holds it; changes larger than that are not
 * worth reading (by more than `WHOLE_ANSWER_ALLOWANCE`), and the whole tree is answered instead.
 */
export function sinceOutcome(
  sinceId: string,
  base: Readonly<StateRecord> | null,
  now: StateRecord,
  maxBytes: number,
  wholeBytes = Infinity,
): SinceOutcome {
  const no = (reason: SinceUnavailableReason, message: string): SinceOutcome => ({
    unavailable: { reason, message },
  });
  if (!base) {
    return no(
      "unknown_state",
      `State ${sinceId} is not known (never issued, or no longer kept as a diff base)`,
    );
  }
  if (base.pageId !== now.pageId) return no("other_page", `State ${sinceId} is of page ${base.pageId}`);
  if (base.generation !== now.generation) {
    return no("other_document", `State ${sinceId} is from before the browser restarted`);
  }
  if (base.frameId !== now.frameId) return no("other_frame", `State ${sinceId} is of frame ${base.frameId}`);
  if (base.documentId !== now.documentId) {
    return no("other_document", `State ${sinceId} is of another document; the frame loaded a new one since`);
  }
  if (base.tier !== now.tier || base.maxDepth !== now.maxDepth) {
    return no(
      "other_options",
      `State ${sinceId} was observed with tier ${base.tier} and maxDepth ${base.maxDepth}; use the same options`,
    );
  }
  if (base.searched) {
    return no(
      "other_options",
      `State ${sinceId} is a find answer, which holds only what was found; use an observation`,
    );
  }
  if (base.walkCut || now.walkCut) {
    return no("truncated", "The page is too large to be read whole, so its trees cannot be compared");
  }
  // Trees over the size cap are compared whole (every line was rendered); the answer is capped.
  const changes = diffTrees(base.uncut, now.uncut);
  const size =
    new TextEncoder().encode([...changes.added, ...changes.removed, ...changes.changed].join("\n")).length;
  if (size > maxBytes) return no("truncated", `The changes (${size} bytes) are larger than the size cap`);
  // A whole answer also carries the state's identity, URL, title and this reason: worth it only by more than that.
  if (size > wholeBytes + WHOLE_ANSWER_ALLOWANCE) {
    return no(
      "changes_larger",
      `The changes (${size} bytes) are larger than the whole tree (${wholeBytes} bytes)`,
    );
  }
  return { changes };
}
