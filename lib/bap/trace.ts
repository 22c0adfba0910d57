/**
 * `trace/start` and `trace/stop`, mapped onto the core's trace operations on the default
 * context's session. The result is a Chrome trace (JSON, the format the DevTools performance
 * panel opens), not a Playwright trace zip; `data` is its base64.
 */
import { callOp } from "../ops/call.ts";
import type { Call } from "./call.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import type { Params } from "./params.ts";
import { artifactBytes } from "./gate.ts";

async function start(call: Call, p: Params) {
  const state = call.state;
  const ctx = state.context();
  p.str("name");
  const screenshots = p.bool("screenshots") ?? false;
  p.bool("snapshots");
  p.bool("sources");
  const pages = state.pagesOf(ctx.id);
  const t = pages.find((x) => x.pageId === state.activePage) ?? pages[0];
  if (!t) throw new BapError(BAP.PageNotFound, "trace/start needs an open page; call page/create first");
  try {
    await callOp(call.registry, "trace_start", { sessionId: ctx.session.id }, {
      pageId: t.pageId,
      screenshots,
    }, call.signal);
  } catch (err) {
    const e = toBapError(err);
    throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
  }
  return {};
}

async function stop(call: Call) {
  const ctx = call.state.context();
  const data = await artifactBytes(call, ctx.session, "trace_stop", {}).catch(() => null);
  return data ? { data } : {};
}

export const TRACE_METHODS = { "trace/start": start, "trace/stop": stop };
