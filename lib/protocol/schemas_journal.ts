/** Inputs of the journal and reconcile operations. */
import * as v from "valibot";
import { TimeoutMs } from "./schemas.ts";

export const JournalGetInput = v.strictObject({
  format: v.optional(
    v.pipe(
      v.picklist(["json", "jsonl"]),
      v.description("json (default): one document; jsonl: a header line, then one entry per line"),
    ),
  ),
});
export type JournalGetInput = v.InferOutput<typeof JournalGetInput>;

export const ReconcileInput = v.strictObject({
  actionId: v.pipe(
    v.string(),
    v.regex(/^a_[0-9a-z]{1,32}$/, "must be an actionId of an act result (a_…)"),
    v.description("The actionId of an act result whose outcome was uncertain"),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ReconcileInput = v.InferOutput<typeof ReconcileInput>;
