/**
 * An action by locators as a door's client sees it: `actWhenReady` acts, and its end is either
 * success or ONE Porthole error in the client's words. Messages quote the client's locators,
 * never the core refs they located; `details.field` names the member the client sent a locator
 * in (the door's word, given as `LocatorNames`), not the core's `ref`/`toRef`/`fields.N.ref`.
 * A trial only locates: it reads, so plan mode allows it.
 */
import { type ErrorCode, PortholeError } from "../../protocol/errors.ts";
import type { ActResult } from "../../protocol/types.ts";
import { type ActWaitHost, actWhenReady, type LocatorAction, seenOf } from "./wait.ts";
import { refuseInPlanMode } from "../../policy/plan_mode.ts";
import { locate, type Locator } from "../locate/locate.ts";
import { describeLocator, locateFailure } from "../locate/errors.ts";

/** An action by locators: on `on` (none: the page: press, scroll), with a drag's drop target `to`. */
export type LocatorSpec = LocatorAction & { on?: Locator; to?: Locator };

/** What a trial locates: the target and a form's fields (a drag's drop target may have no ref). */
export type TrialSpec = Pick<LocatorSpec, "on" | "fields">;

/** The client's words: the request a plan-mode refusal names, and the members the locators came in. */
export interface LocatorNames {
  /** What the client sent (a BAP method), and the details that name it. */
  request: { name: string; details: Record<string, unknown> };
  target: string;
  dropTarget: string;
  field(index: number): string;
}

/** How an action by locators ended; a failure says whether anything reached the page. */
export type LocatorsEnd =
  | { ok: true; result?: ActResult }
  | { ok: false; error: PortholeError; notDispatched: boolean };

/** The member locator `index` came in: the target, the drop target, then the fields. */
function fieldOf(names: LocatorNames, index: number, locators: number): string {
  const i = index - locators;
  return i >= 0 ? names.field(i) : index ? names.dropTarget : names.target;
}

/** A failed act result's error in the client's words: its locators, not the refs they located. */
function clientError(
  r: ActResult,
  named: { loc: Locator; ref: string }[],
  names: LocatorNames,
): PortholeError {
  const e = r.error!;
  let message = e.message;
  // The journal entry's id: what agent/reconcile takes when the error leaves the outcome uncertain.
  const details: Record<string, unknown> = { ...e.details, execution: r.execution, actionId: r.actionId };
  for (const { loc, ref } of named) {
    if (!ref || (loc.type === "ref" && loc.ref === ref)) continue;
    message = message.replace(new RegExp(`${ref}(?![0-9])`, "g"), describeLocator(loc));
  }
  if (named[0]) details.selector = named[0].loc;
  const f = details.field;
  const field = typeof f === "string" ? /^fields\.(\d+)\.ref$/.exec(f) : null;
  if (f === "ref" && named[0]) details.field = names.target;
  else if ((f === "toRef" && named[1]) || f === "toPoint") details.field = names.dropTarget;
  else if (field) details.field = names.field(Number(field[1]));
  if (r.fields) details.fields = r.fields;
  const { retryAfterMs, recoveryHint } = e;
  // Only what dispatched nothing may be sent again as it was.
  const retryable = r.execution === "not_dispatched" && e.retryable;
  return new PortholeError(e.code as ErrorCode, message, { retryable, retryAfterMs, recoveryHint, details });
}

/**
 * Act on `spec` in `frameId` of the page within `timeoutMs` (see `actWhenReady`), refused in plan
 * mode naming the client's request. A locator that names no one element, time running out, or
 * an act error end it as one error in the client's words.
 */
export async function actOnLocators(
  session: ActWaitHost,
  page: { pageId: string; frameId?: string },
  spec: LocatorSpec,
  timeoutMs: number,
  names: LocatorNames,
  signal: AbortSignal,
): Promise<LocatorsEnd> {
  refuseInPlanMode(session, names.request.name, names.request.details);
  const { on, to, ...action } = spec;
  const locators = [on, to].filter((l): l is Locator => l !== undefined);
  const all = [...locators, ...(spec.fields ?? []).map((f) => f.locator)];
  const r = await actWhenReady(session, page, locators, action, timeoutMs, signal);
  if (r.kind === "acted") {
    if (!r.result.error) return { ok: true, result: r.result };
    const named = all.map((loc, i) => ({ loc, ref: r.refs[i] }));
    return {
      ok: false,
      error: clientError(r.result, named, names),
      notDispatched: r.result.execution === "not_dispatched",
    };
  }
  const error = r.kind === "timeout"
    ? new PortholeError("timeout", `The action did not complete within ${timeoutMs} ms`, {
      details: { timeout: timeoutMs },
    })
    : locateFailure(all[r.index], r.failure, fieldOf(names, r.index, locators.length));
  return { ok: false, error, notDispatched: true };
}

/**
 * A trial: the one ref each locator of `spec` names in one fresh observation of the frame, acting
 * on nothing. It observes the page without making it the session's active one (activating a
 * page is not a read).
 */
export async function tryLocators(
  session: ActWaitHost,
  page: { pageId: string; frameId?: string },
  spec: TrialSpec,
  names: LocatorNames,
  signal: AbortSignal,
): Promise<LocatorsEnd> {
  const seen = seenOf(session, page.pageId);
  await session.observe({ ...page, maxDepth: 20 }, signal);
  const named = [
    ...spec.on ? [{ loc: spec.on, field: names.target }] : [],
    ...(spec.fields ?? []).map((f, i) => ({ loc: f.locator, field: names.field(i) })),
  ];
  const driver = session.pages.get(page.pageId)!.driver;
  for (const { loc, field } of named) {
    const r = await locate(driver, session.states.current!, loc, signal, seen);
    if (!r.ok) return { ok: false, error: locateFailure(loc, r, field), notDispatched: true };
  }
  return { ok: true };
}
