/** Tracing operations: a Chrome trace of the session's pages, stored as an artifact. */
import { TraceStartResult, TraceStopResult } from "../protocol/results_watch.ts";
import { EmptyInput } from "../protocol/schemas.ts";
import { TraceStartInput } from "../protocol/schemas_trace.ts";
import { startTrace, stopTrace } from "../session/watch/tracing.ts";
import { defineOp, inSession } from "./define.ts";

const traceStart = defineOp({
  name: "trace_start",
  description:
    "Start a Chrome trace (DevTools performance format) of the session's pages; one at a time per session",
  method: "POST",
  path: "/v1/sessions/:sessionId/trace/start",
  input: TraceStartInput,
  output: TraceStartResult,
  run: inSession(async (s, input, sig) => {
    const rec = s.page(input.pageId);
    await startTrace(s, rec, { screenshots: input.screenshots }, sig);
    return { tracing: true, pageId: rec.pageId };
  }),
});

const traceStop = defineOp({
  name: "trace_stop",
  description:
    "Stop the session's trace and store it (JSON, URLs redacted) as an artifact; artifact is null when none ran",
  method: "POST",
  path: "/v1/sessions/:sessionId/trace/stop",
  input: EmptyInput,
  output: TraceStopResult,
  run: inSession(async (s, _input, sig) => {
    const bytes = await stopTrace(s, sig);
    return { artifact: bytes ? await s.artifacts.put(bytes, "application/json") : null };
  }),
});

export const TRACE_OPS = [traceStart, traceStop];
