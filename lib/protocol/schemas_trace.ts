/** Input schemas of tracing: start and stop a Chrome trace of a session. */
import * as v from "valibot";

/** Body of POST /v1/sessions/{sid}/trace/start. */
export const TraceStartInput = v.strictObject({
  pageId: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(128),
      v.description("Page whose DevTools session records the trace; default: the active page"),
    ),
  ),
  screenshots: v.optional(v.pipe(v.boolean(), v.description("Record screenshots in the trace too"))),
});
export type TraceStartInput = v.InferOutput<typeof TraceStartInput>;
