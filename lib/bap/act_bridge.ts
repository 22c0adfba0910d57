/**
 * A BAP action through the core: `actWhenReady` observes the selected frame afresh, `locate`s
 * the selectors' refs and acts on them with every check `act` makes, waiting while nothing was
 * dispatched. This file says its end as BAP does, naming the client's selectors, never core refs.
 */
import type { ActResult } from "../protocol/types.ts";
import { type ErrorCode, PortholeError, toPortholeError } from "../protocol/errors.ts";
import { meteredAct } from "../ops/ops.ts";
import type { Call } from "./call.ts";
import { actWhenReady, type LocatorAction, observeFresh } from "../session/act_wait.ts";
import { locate } from "../session/locate.ts";
import { BAP, BapError, fromPorthole, toBapError } from "./errors.ts";
import { currentState, frameGone, locateError, type Selector } from "./selectors.ts";
import { describeLocator as describe } from "../session/locate_errors.ts";
import type { BapState, PageTarget } from "./state.ts";

/** An action by selectors: the core's, on `on` (none: the page), with a drag's drop target `to`. */
export type ActSpec = LocatorAction & { on?: Selector; to?: Selector };

/** Selectors of one action, with the refs `locate` gave them (to say the client's words in errors). */
type Named = { sel: Selector; ref: string }[];

/** An act result's error as a BAP error, naming the client's selectors instead of the refs they located. */
export function actError(r: ActResult, named: Named = []): BapError {
  const e = r.error!;
  const notDispatched = r.execution === "not_dispatched";
  let message = e.message;
  const details: Record<string, unknown> = { ...e.details, execution: r.execution };
  for (const { sel, ref } of named) {
    if (!ref || (sel.type === "ref" && sel.ref === ref)) continue;
    message = message.replace(new RegExp(`${ref}(?![0-9])`, "g"), describe(sel));
  }
  if (named[0]) details.selector = named[0].sel;
  // The client sent selectors, not the core's ref/toRef: a bad one is named as it sent it.
  const f = details.field;
  if (f === "ref" && named[0]) details.field = "selector";
  else if ((f === "toRef" && named[1]) || f === "toPoint") details.field = "target";
  else if (typeof f === "string") details.field = f.replace(/^(fields\.\d+)\.ref$/, "$1.selector");
  if (r.fields) details.fields = r.fields;
  const { retryAfterMs, recoveryHint } = e;
  const err = new PortholeError(e.code as ErrorCode, message, { retryAfterMs, recoveryHint, details });
  return fromPorthole(err, { retryable: notDispatched && e.retryable, notDispatched });
}

/** A fresh observation failed on the frame frame/switch selected: it is gone, and so is the selection. */
function frameGoneOr(state: BapState, t: PageTarget, err: unknown): BapError {
  const frameId = state.frames.get(t.pageId);
  const gone = err instanceof PortholeError && err.code === "frame_not_found" && frameId;
  return gone ? frameGone(state, t.pageId, frameId) : toBapError(err);
}

/** The one ref a selector names in a fresh observation (action/* with `trial`); throws why there is none. */
export async function locateOnly(state: BapState, t: PageTarget, sel: Selector, signal: AbortSignal) {
  const seen = currentState(t);
  const fresh = await observeFresh(t.session, t.pageId, state.frames.get(t.pageId), signal).catch((err) => {
    throw frameGoneOr(state, t, err);
  });
  const r = await locate(t.rec.driver, fresh, sel, signal, seen);
  if (!r.ok) throw locateError(sel, r);
  return r.ref;
}

/**
 * The outcome label of a BAP action that failed: the act's reason, else its BAP code's name in
 * the core's spelling (ElementNotFound → element_not_found).
 */
function outcomeOf(err: unknown): string {
  if (!(err instanceof BapError)) return toPortholeError(err).code;
  const reason = err.extras.details?.reason;
  if (typeof reason === "string") return reason;
  const name = Object.entries(BAP).find(([, code]) => code === err.code)?.[0] ?? "InternalError";
  return name.replace(/[A-Z]/g, (m, at) => (at ? "_" : "") + m.toLowerCase());
}

/**
 * Act on what `spec.on` resolves to (or, without one, on the page: press, scroll) through the
 * core's `actWhenReady`, within `timeoutMs`; its end is said as BAP says it, in the client's words.
 * One BAP action, auto-wait included, is one observation of the core's action histogram.
 */
export async function actOn(
  call: Call,
  t: PageTarget,
  spec: ActSpec,
  timeoutMs: number,
  signal: AbortSignal,
) {
  const report = await meteredAct(call.registry, spec.action, (r) => r.outcome, async () => {
    try {
      return { outcome: await actWhenLocated(call.state, t, spec, timeoutMs, signal) };
    } catch (err) {
      return { outcome: outcomeOf(err), err };
    }
  });
  if ("err" in report) throw report.err;
}

/** The act's execution, or its failure as a BAP error. */
async function actWhenLocated(
  state: BapState,
  t: PageTarget,
  spec: ActSpec,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string> {
  const { on, to, ...action } = spec;
  const selectors = [on, to].filter((s): s is Selector => s !== undefined);
  const page = { pageId: t.pageId, frameId: state.frames.get(t.pageId) };
  const r = await actWhenReady(t.session, page, selectors, action, timeoutMs, signal).catch(
    (err) => {
      throw frameGoneOr(state, t, err);
    },
  );
  if (r.kind === "timeout") {
    throw new BapError(BAP.Timeout, `The action did not complete within ${timeoutMs} ms`, {
      details: { timeout: timeoutMs },
      notDispatched: true,
    });
  }
  const named = [...selectors, ...(spec.fields ?? []).map((f) => f.locator as Selector)];
  if (r.kind === "not_located") {
    const field = r.index >= selectors.length
      ? `fields.${r.index - selectors.length}.selector`
      : r.index
      ? "target"
      : "selector";
    throw locateError(named[r.index], r.failure, field);
  }
  if (!r.result.error) return r.result.execution;
  throw actError(r.result, named.map((s, i) => ({ sel: s, ref: r.refs[i] })));
}
