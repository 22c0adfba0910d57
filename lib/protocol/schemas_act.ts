/**
 * The act result's shape for the OpenAPI document (the server builds results; this schema
 * describes them, it validates no input).
 */
import * as v from "valibot";

const Settle = v.pipe(
  v.strictObject({
    state: v.pipe(
      v.picklist(["quiet", "budget", "skipped"]),
      v.description(
        "quiet: the requests the action started ended and the DOM was quiet after them; budget: settleMs " +
          "(or the deadline) ran out first; skipped: settleMs 0, or no input was dispatched",
      ),
    ),
    ms: v.pipe(v.number(), v.description("Time spent settling, in ms")),
    pending: v.pipe(v.number(), v.description("Requests the action started that were still running")),
  }),
  v.description("What the fresh state waited for after the input"),
);

export const ActResultSchema = v.object({
  execution: v.picklist(["not_dispatched", "dispatched_unknown", "completed"]),
  observation: v.picklist(["captured", "unavailable"]),
  postcondition: v.picklist(["not_requested", "unknown", "unmet", "met"]),
  freshState: v.optional(v.pipe(v.object({}), v.description("The observation after the action"))),
  settle: v.optional(Settle),
  fields: v.optional(
    v.pipe(
      v.array(v.object({
        ref: v.string(),
        action: v.pipe(
          v.string(),
          v.description("The single-field action the field took: fill, clear, check, …"),
        ),
        outcome: v.picklist(["completed", "noop", "refused", "failed", "skipped"]),
        error: v.optional(v.object({ code: v.string(), message: v.string() })),
      })),
      v.description("fill_form: each field's outcome, in order; skipped ones were not reached"),
    ),
  ),
  dialogs: v.optional(v.array(v.object({}))),
  noop: v.optional(v.boolean()),
  error: v.optional(v.object({ code: v.string(), message: v.string() })),
});
