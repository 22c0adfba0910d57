/**
 * `trace/start` and `trace/stop`, mapped onto the core's trace operations on the default
 * context's session. The result is a Chrome trace (JSON, the format the DevTools performance
 * panel opens), not a Playwright trace zip; `data` is its base64.
 */
import * as v from "valibot";
import type { Artifact } from "../artifacts/store.ts";
import { callOp } from "../ops/call.ts";
import { type Method, method, viaOp } from "./call.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { takeBytes } from "./gate.ts";
import { Flag, Str } from "./schema.ts";

const Start = v.object({
  name: Str,
  screenshots: v.optional(v.boolean(), false),
  snapshots: Flag,
  sources: Flag,
});

const stop = viaOp(
  v.object({}),
  "trace_stop",
  "context",
  () => ({}),
  (r: { artifact: Artifact | null }, _, s) => r.artifact ? { data: takeBytes(s, r.artifact) } : {},
);

export const TRACE_METHODS: Record<string, Method> = {
  // The connection's active page if the default context has it; a trace already running is the
  // method failing, not its params.
  "trace/start": method(Start, async (call, p) => {
    const ctx = call.state.context();
    const pages = call.state.pagesOf(ctx.id);
    const pageId = (pages.find((x) => x.pageId === call.state.activePage) ?? pages[0])?.pageId;
    const ids = { sessionId: ctx.session.id };
    await callOp(call.registry, "trace_start", ids, { pageId, screenshots: p.screenshots }, call.signal)
      .catch((err) => {
        const e = toBapError(err);
        throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
      });
    return {};
  }),
  // Not tracing, or a trace over the artifact limit: an empty result.
  "trace/stop": { ...stop, run: (call, p) => stop.run(call, p).catch(() => ({})) },
};
