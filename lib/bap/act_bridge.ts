/**
 * A BAP action through Porthole's `act`: observe the selected frame afresh, `locate` the
 * selector's one ref in that state, and act on it with every check `act` makes. BAP's auto-wait
 * retries only while nothing was dispatched: no match yet, not visible, disabled, covered.
 */
import { act } from "../session/act.ts";
import type { ActInput } from "../protocol/schemas.ts";
import type { ActResult } from "../protocol/types.ts";
import { ERROR_TABLE, type ErrorCode, PortholeError } from "../protocol/errors.ts";
import { deadline, poll } from "../session/deadline.ts";
import { locate } from "../session/locate.ts";
import type { StateRecord } from "../session/states.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { currentState, describe, locateError, type Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";

export type ActionName = ActInput["action"];

export interface ActSpec {
  action: ActionName;
  text?: string;
  key?: string;
  values?: string[];
  files?: { name: string; mimeType: string; buffer: string }[];
  deltaX?: number;
  deltaY?: number;
  /** Drag target, resolved like the source. */
  to?: Selector;
  /** fill_form: each field's selector, resolved in the same state, and its value. */
  fields?: { sel: Selector; value: string | boolean | string[] }[];
  /** click and dblclick: the core's click options. */
  click?: Pick<ActInput, "button" | "modifiers" | "position" | "clickCount" | "delayMs">;
}

/** Failures that may clear up on their own while BAP auto-waits (nothing was dispatched). */
const WAITABLE = new Set<string>([
  "element_not_visible",
  "element_not_enabled",
  "element_not_editable",
  "obscured",
  "element_detached",
  "element_changed",
  "document_changed",
]);

export type Outcome = { kind: "done"; noop: boolean } | { kind: "unsupported" };

/** Selectors of one action, with the refs `locate` gave them (to say the client's words in errors). */
type Named = { sel: Selector; ref: string }[];

/** An act result's error as a BAP error, naming the client's selectors instead of the refs they located. */
export function actError(r: ActResult, named: Named = []): BapError {
  const e = r.error!;
  const notDispatched = r.execution === "not_dispatched";
  let message = e.message;
  const details: Record<string, unknown> = { ...e.details, reason: e.code, execution: r.execution };
  for (const { sel, ref } of named) {
    if (sel.type === "ref" && sel.ref === ref) continue;
    message = message.replace(new RegExp(`${ref}(?![0-9])`, "g"), describe(sel));
  }
  if (named[0]) details.selector = named[0].sel;
  // The client sent selectors, not the core's ref/toRef: a bad one is named as it sent it.
  if (details.field === "ref" && named[0]) details.field = "selector";
  if (details.field === "toRef" && named[1]) details.field = "target";
  if (typeof details.field === "string") {
    details.field = details.field.replace(/^(fields\.\d+)\.ref$/, "$1.selector");
  }
  if (r.fields) details.fields = r.fields;
  return new BapError(ERROR_TABLE[e.code as ErrorCode].bap, message, {
    retryable: notDispatched ? e.retryable : false,
    retryAfterMs: e.retryAfterMs,
    recoveryHint: e.recoveryHint,
    details,
    notDispatched,
  });
}

/** Observe the selected frame afresh; returns the new current state of the session. */
export async function observeFresh(
  state: BapState,
  t: PageTarget,
  signal: AbortSignal,
): Promise<StateRecord> {
  t.session.activate(t.pageId);
  const frameId = state.frames.get(t.pageId);
  try {
    await t.session.observe({ pageId: t.pageId, frameId, maxDepth: 20 }, signal);
  } catch (err) {
    if (!(err instanceof PortholeError && err.code === "frame_not_found" && frameId)) throw err;
    state.frames.delete(t.pageId);
    throw new BapError(BAP.FrameNotFound, `The selected frame ${frameId} is gone`, {
      details: { identifier: frameId },
      notDispatched: true,
    });
  }
  return t.session.states.current!;
}

/** The one ref a selector names in a fresh observation (action/* with `trial`); throws why there is none. */
export async function locateOnly(state: BapState, t: PageTarget, sel: Selector, signal: AbortSignal) {
  const seen = currentState(t);
  const fresh = await observeFresh(state, t, signal);
  const r = await locate(t.rec.driver, fresh, sel, signal, seen);
  if (!r.ok) throw locateError(sel, r);
  return r.ref;
}

/** `locate` failures BAP waits out: the element may yet appear or show. */
const LOCATE_WAITABLE = new Set(["not_found", "not_visible"]);

/**
 * Act on what `sel` resolves to (or, without a selector, on the page: press, scroll), within
 * `timeoutMs`, auto-waiting while nothing was dispatched.
 */
export async function actOn(
  state: BapState,
  t: PageTarget,
  sel: Selector | undefined,
  spec: ActSpec,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Outcome> {
  const dl = deadline(timeoutMs, signal);
  let waiting: BapError | null = null;
  // What the client last saw of the page: a ref's role and name are checked against it.
  const seen = currentState(t);
  /** One attempt: an outcome, or undefined to try again (`waiting` says why). */
  const attempt = async (): Promise<Outcome | undefined> => {
    const fresh = await observeFresh(state, t, dl.signal);
    const named: Named = [];
    for (const [s, field] of [[sel, "selector"], [spec.to, "target"]] as const) {
      if (!s) continue;
      const r = await locate(t.rec.driver, fresh, s, dl.signal, seen);
      if (!r.ok) {
        const err = locateError(s, r, field);
        if (!LOCATE_WAITABLE.has(r.why)) throw err;
        waiting = err;
        return undefined;
      }
      named.push({ sel: s, ref: r.ref });
    }
    const fieldRefs: string[] = [];
    for (const [i, f] of (spec.fields ?? []).entries()) {
      const r = await locate(t.rec.driver, fresh, f.sel, dl.signal, seen);
      if (!r.ok) {
        const err = locateError(f.sel, r, `fields.${i}.selector`);
        if (!LOCATE_WAITABLE.has(r.why)) throw err;
        waiting = err;
        return undefined;
      }
      fieldRefs.push(r.ref);
    }
    const input: ActInput = {
      stateId: fresh.stateId,
      targetId: fresh.targetId,
      action: spec.action,
      ref: sel ? named[0].ref : undefined,
      toRef: spec.to ? named[named.length - 1].ref : undefined,
      text: spec.text,
      key: spec.key,
      values: spec.values,
      files: spec.files,
      deltaX: spec.deltaX,
      deltaY: spec.deltaY,
      fields: spec.fields?.map((f, i) => ({ ref: fieldRefs[i], value: f.value })),
      ...spec.click,
      timeoutMs: Math.max(1, dl.remaining()),
    };
    const r = await act(t.session, input, dl.signal);
    if (!r.error) return { kind: "done", noop: !!r.noop };
    if (r.execution === "not_dispatched") {
      if (r.error.code === "invalid_params" && r.error.details?.field === "action") {
        return { kind: "unsupported" };
      }
      // The act ran out of the time left while BAP was waiting: the wait's reason says more.
      if (r.error.code === "timeout" && waiting) throw waiting;
      if (WAITABLE.has(r.error.code) && dl.remaining() > 0) {
        waiting = actError(r, named);
        return undefined;
      }
    }
    throw actError(r, named);
  };
  try {
    return await poll(attempt, 100, dl.signal);
  } catch (err) {
    // Once something was dispatched, the error says what happened; it is never replaced.
    if (err instanceof BapError && !err.notDispatched) throw err;
    if (dl.signal.aborted && !signal.aborted) {
      if (waiting) throw waiting;
      throw new BapError(BAP.Timeout, `The action did not complete within ${timeoutMs} ms`, {
        details: { timeout: timeoutMs },
        notDispatched: true,
      });
    }
    if (err instanceof PortholeError && err.code === "timeout" && waiting) throw waiting;
    throw toBapError(err);
  } finally {
    dl.dispose();
  }
}
