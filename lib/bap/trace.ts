/**
 * `trace/start` and `trace/stop`, mapped onto the core's trace operations on the default
 * context's session (its active page). The result is a Chrome trace (JSON, the format the
 * DevTools performance panel opens), not a Playwright trace zip; `data` is its base64.
 */
import * as v from "valibot";
import type { Artifact } from "../artifacts/store.ts";
import { type Method, viaOp } from "./call.ts";
import { BAP, BapError } from "../protocol/errors.ts";
import { takeBytes } from "./gate.ts";
import { Flag, Str } from "./schema.ts";

const Start = v.object({
  name: Str,
  screenshots: v.optional(v.boolean(), false),
  snapshots: Flag,
  sources: Flag,
});
const start = viaOp(Start, "trace_start", "context", (p) => ({ screenshots: p.screenshots }));
const stop = viaOp(
  v.object({}),
  "trace_stop",
  "context",
  () => ({}),
  (r: { artifact: Artifact | null }, _, s) => r.artifact ? { data: takeBytes(s, r.artifact) } : {},
);

export const TRACE_METHODS: Record<string, Method> = {
  // A trace already running is the method failing, not its params.
  "trace/start": {
    ...start,
    run: (call, p) =>
      start.run(call, p).catch((e: BapError) => {
        throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
      }),
  },
  // Not tracing, or a trace over the artifact limit: an empty result.
  "trace/stop": { ...stop, run: (call, p) => stop.run(call, p).catch(() => ({})) },
};
