/**
 * `trace/start` and `trace/stop`, mapped onto the core's trace operations on the default
 * context's session. The result is a Chrome trace (JSON, the format the DevTools performance
 * panel opens), not a Playwright trace zip; `data` is its base64.
 */
import * as v from "valibot";
import { callOp } from "../ops/call.ts";
import { type Method, method } from "./call.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { artifactBytes } from "./gate.ts";
import { Flag, Str } from "./schema.ts";

const Start = v.object({
  name: Str,
  screenshots: v.optional(v.boolean(), false),
  snapshots: Flag,
  sources: Flag,
});

export const TRACE_METHODS: Record<string, Method> = {
  "trace/start": method(Start, async (call, p) => {
    const state = call.state;
    const ctx = state.context();
    const pages = state.pagesOf(ctx.id);
    const t = pages.find((x) => x.pageId === state.activePage) ?? pages[0];
    if (!t) throw new BapError(BAP.PageNotFound, "trace/start needs an open page; call page/create first");
    const input = { pageId: t.pageId, screenshots: p.screenshots };
    try {
      await callOp(call.registry, "trace_start", { sessionId: ctx.session.id }, input, call.signal);
    } catch (err) {
      const e = toBapError(err);
      throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
    }
    return {};
  }),
  "trace/stop": method(v.object({}), async (call) => {
    const ctx = call.state.context();
    const data = await artifactBytes(call, ctx.session, "trace_stop", {}).catch(() => null);
    return data ? { data } : {};
  }),
};
