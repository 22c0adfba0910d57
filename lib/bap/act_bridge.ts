/**
 * A BAP action through the core: `actWhenReady` observes the selected frame afresh, `locate`s
 * the selectors' refs and acts on them with every check `act` makes, waiting while nothing was
 * dispatched. A selector is a core locator, resolved in the page's selected frame: zero matches
 * are ElementNotFound, several SelectorAmbiguous, never a silent first match; a `ref` is a core
 * ref of the page's current document and never heals. This file says the action's end as BAP
 * does, naming the client's selectors, never core refs.
 */
import type { ActResult } from "../protocol/types.ts";
import { type ErrorCode, PortholeError } from "../protocol/errors.ts";
import { meteredAct } from "../ops/ops.ts";
import type { Call } from "./call.ts";
import { type ActWaitResult, actWhenReady, type LocatorAction } from "../session/act_wait.ts";
import { locate } from "../session/locate.ts";
import { BAP, BapError, fromPorthole, toBapError } from "../protocol/errors.ts";
import { describeLocator as describe, type LocateFailure, locateFailure } from "../session/locate_errors.ts";
import type { Locator } from "../session/locate.ts";
import type { StateRecord } from "../session/states.ts";
import type { BapState, PageTarget } from "./state.ts";

/** A BAP selector is a core locator. */
export type Selector = Locator;

/** Why `locate` found no one ref, as the BAP error a client of `field` gets: nothing was dispatched. */
function locateError(sel: Selector, r: LocateFailure, field = "selector"): BapError {
  return fromPorthole(locateFailure(sel, r, field), { notDispatched: true });
}

/** The frame frame/switch selected is gone: so is the selection. */
function frameGone(state: BapState, pageId: string, frameId: string): BapError {
  state.frames.delete(pageId);
  return new BapError(BAP.FrameNotFound, `The selected frame ${frameId} is gone`, {
    details: { identifier: frameId },
    notDispatched: true,
  });
}

/** The page's current state, when it is one of this page. */
function currentState(t: PageTarget): StateRecord | null {
  const s = t.session.states.current;
  return s && s.pageId === t.pageId ? s : null;
}

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

/**
 * The one ref each selector names in one fresh observation (action/* with `trial`); throws why one
 * has none, naming its `field`. A trial only reads, also in plan mode: it observes the page without
 * making it the session's active one, which page/activate does.
 */
export async function locateOnly(
  state: BapState,
  t: PageTarget,
  named: { sel: Selector; field: string }[],
  signal: AbortSignal,
) {
  const seen = currentState(t);
  const frameId = state.frames.get(t.pageId);
  await t.session.observe({ pageId: t.pageId, frameId, maxDepth: 20 }, signal).catch((err) => {
    throw frameGoneOr(state, t, err);
  });
  for (const { sel, field } of named) {
    const r = await locate(t.rec.driver, t.session.states.current!, sel, signal, seen);
    if (!r.ok) throw locateError(sel, r, field);
  }
}

/** The core refused the action in plan mode: said with the method the client sent, not the core's action. */
function planRefusal(call: Call, t: PageTarget, err: unknown): BapError | null {
  if (!(err instanceof PortholeError) || err.code !== "plan_mode") return null;
  const message = `Session ${t.session.id} is in plan mode: ${call.method} is refused`;
  return fromPorthole(new PortholeError("plan_mode", message, { details: { method: call.method } }));
}

/** An action's label in the core's action histogram: its execution, or why it failed (as the core says it). */
function outcomeOf(r: ActWaitResult, named: Selector[]): string {
  if (r.kind === "acted") return r.result.error?.code ?? r.result.execution;
  return r.kind === "timeout" ? "timeout" : locateFailure(named[r.index], r.failure).code;
}

/**
 * Act on what `spec.on` resolves to (or, without one, on the page: press, scroll) through the
 * core's `actWhenReady`, within `timeoutMs`, as one observation of the core's action histogram;
 * its end is said as BAP says it, in the client's words.
 */
export async function actOn(
  call: Call,
  t: PageTarget,
  spec: ActSpec,
  timeoutMs: number,
  signal: AbortSignal,
) {
  const { on, to, ...action } = spec;
  const selectors = [on, to].filter((s): s is Selector => s !== undefined);
  const named = [...selectors, ...(spec.fields ?? []).map((f) => f.locator as Selector)];
  const page = { pageId: t.pageId, frameId: call.state.frames.get(t.pageId) };
  const r = await meteredAct(
    call.registry,
    spec.action,
    (r) => outcomeOf(r, named),
    () => actWhenReady(t.session, page, selectors, action, timeoutMs, signal),
  ).catch((err) => {
    throw planRefusal(call, t, err) ?? frameGoneOr(call.state, t, err);
  });
  if (r.kind === "timeout") {
    throw new BapError(BAP.Timeout, `The action did not complete within ${timeoutMs} ms`, {
      details: { timeout: timeoutMs },
      notDispatched: true,
    });
  }
  if (r.kind === "not_located") {
    const i = r.index - selectors.length;
    throw locateError(
      named[r.index],
      r.failure,
      i >= 0 ? `fields.${i}.selector` : r.index ? "target" : "selector",
    );
  }
  if (r.result.error) throw actError(r.result, named.map((sel, i) => ({ sel, ref: r.refs[i] })));
}
