/**
 * `observe {since}`: whether an earlier state can serve as a diff base for a new one, and the
 * changes when it can. Trees are compared before the size cap, so a page whose tree is cut at
 * 48 KiB still gets its changes. Pure: the states come from the authority's read-only history.
 */
import type { SinceUnavailableReason } from "../../protocol/types.ts";
import { type Changes, diffTrees } from "../../snapshot/diff.ts";
import type { StateRecord } from "../core/states.ts";

export type SinceOutcome =
  | { changes: Changes }
  | { unavailable: { reason: SinceUnavailableReason; message: string } };

/** The changes from `base` to `now`, or why there are none to give (then the full tree is answered). */
export function sinceOutcome(
  sinceId: string,
  base: Readonly<StateRecord> | null,
  now: StateRecord,
  maxBytes: number,
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
  return { changes };
}
