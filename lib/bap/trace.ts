/**
 * `trace/start` and `trace/stop`, mapped onto the core's trace operations on the default
 * context's session. The result is a Chrome trace (JSON, the format the DevTools performance
 * panel opens), not a Playwright trace zip; `data` is its base64.
 */
import * as v from "valibot";
import { type Method, method, viaOp } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { artifactBytes } from "./gate.ts";
import { Flag, Str } from "./schema.ts";

const Start = v.object({
  name: Str,
  screenshots: v.optional(v.boolean(), false),
  snapshots: Flag,
  sources: Flag,
});

/** The default context's active page, else its first. */
const start = viaOp(Start, "trace_start", "context", (p, { state }) => {
  const pages = state.pagesOf(state.context().id);
  const t = pages.find((x) => x.pageId === state.activePage) ?? pages[0];
  if (!t) throw new BapError(BAP.PageNotFound, "trace/start needs an open page; call page/create first");
  return { pageId: t.pageId, screenshots: p.screenshots };
});

export const TRACE_METHODS: Record<string, Method> = {
  // A trace already running is the core's bad input, and BAP's failed action.
  "trace/start": {
    ...start,
    run: (call, p) =>
      start.run(call, p).catch((e: BapError) => {
        throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
      }),
  },
  "trace/stop": method(v.object({}), async (call) => {
    const data = await artifactBytes(call, call.state.context().session, "trace_stop", {}).catch(() => null);
    return data ? { data } : {};
  }),
};
