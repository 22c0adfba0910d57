/**
 * Act on what locators name, waiting for them: observe the frame afresh, `locate` each locator's
 * one ref in that state, and `act` on those refs with every check `act` makes. While nothing was
 * dispatched (no match yet, not visible, disabled, covered) it tries again until the deadline;
 * once something was, the result stands. A drag's drop target needs no ref: an element the
 * observation gives none (a plain drop zone) is dropped on at its center. Any door may use it;
 * act_locators.ts says its end in the client's words.
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { ActInput, ObserveInput } from "../../protocol/schemas.ts";
import type { ActResult, Observation } from "../../protocol/types.ts";
import { act, type ActHost } from "./act.ts";
import { deadline, poll } from "../core/deadline.ts";
import { refuseInPlanMode } from "../../policy/plan_mode.ts";
import { locate, type Locator } from "../locate/locate.ts";
import type { LocateFailure } from "../locate/errors.ts";
import { findNode } from "../locate/node.ts";
import type { PageDriver } from "../../driver/page_driver.ts";
import { elementCenter } from "../observe/element_props.ts";
import type { StateAuthority, StateRecord } from "../core/states.ts";
import type { ObservationBudget } from "../core/budget.ts";

/** What the session must offer: act, and a fresh observation that becomes its current state. */
export type ActWaitHost = ActHost & {
  readonly id: string;
  readonly mode: "execute" | "plan";
  activate(pageId: string): unknown;
  observe(input: ObserveInput, signal: AbortSignal): Promise<Observation>;
  readonly states: Pick<StateAuthority, "take" | "current">;
  readonly budget: Pick<ObservationBudget, "view" | "assertActRoom">;
};

type FieldValue = NonNullable<ActInput["fields"]>[number]["value"];

/** An action by locators: the act input without the state and refs, which come from locating. */
export type LocatorAction =
  & Omit<ActInput, "stateId" | "targetId" | "ref" | "toRef" | "timeoutMs" | "fields">
  & {
    /** fill_form: each field's locator, located in the same fresh state as the others, and its value. */
    fields?: { locator: Locator; value: FieldValue }[];
  };

/**
 * The end of an action by locators: `act` ran (its result may be an error), or a locator failed
 * (`index` counts the locators, then the fields), or time ran out.
 */
export type ActWaitResult =
  | { kind: "acted"; result: ActResult; refs: string[] }
  | { kind: "not_located"; index: number; failure: LocateFailure }
  | { kind: "timeout" };

/** act failures that may clear up on their own (nothing was dispatched). */
const WAITABLE = new Set<string>([
  "element_not_visible",
  "element_not_enabled",
  "element_not_editable",
  "obscured",
  "element_detached",
  "element_changed",
  "document_changed",
]);

/** `locate` failures worth waiting out: the element may yet appear or show. */
const LOCATE_WAITABLE = new Set(["not_found", "not_visible"]);

/** Observe `frameId` of the page afresh; the observation becomes the session's current state. */
export async function observeFresh(
  session: ActWaitHost,
  pageId: string,
  frameId: string | undefined,
  signal: AbortSignal,
): Promise<StateRecord> {
  session.activate(pageId);
  await session.observe({ pageId, frameId, maxDepth: 20 }, signal);
  return session.states.current!;
}

/** The center of the one element `loc` names in the state's frame, in viewport coordinates. */
async function centerOf(driver: PageDriver, state: StateRecord, loc: Locator, signal: AbortSignal) {
  const node = await findNode(driver, state, state.frameId, loc, signal).catch(() => null);
  return node && await elementCenter(driver, node.frame, node.backendNodeId, signal) || undefined;
}

/** The state the client last saw of the page: a ref's role and name are checked against it. */
export function seenOf(session: ActWaitHost, pageId: string): StateRecord | null {
  const s = session.states.current;
  return s && s.pageId === pageId ? s : null;
}

/**
 * Act on `locators` (the target, then a drag's drop target; none for a key press or a page
 * scroll) in `frameId` of the page, within `timeoutMs`.
 */
export async function actWhenReady(
  session: ActWaitHost,
  page: { pageId: string; frameId?: string },
  locators: Locator[],
  action: LocatorAction,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ActWaitResult> {
  // It acts: a session in plan mode refuses it before looking, as it refuses the act operation.
  refuseInPlanMode(session, action.action, { operation: "act", action: action.action });
  // A spent budget refuses it before it observes, as it refuses the act operation before its lookup.
  session.budget.assertActRoom();
  const dl = deadline(timeoutMs, signal);
  const rec = session.pages.get(page.pageId)!;
  const seen = seenOf(session, page.pageId);
  let waiting = null as ActWaitResult | null;
  let noRefs = 0;
  const attempt = async (): Promise<ActWaitResult | undefined> => {
    const fresh = await observeFresh(session, page.pageId, page.frameId, dl.signal);
    const refs: string[] = [];
    const { fields, ...rest } = action;
    const all = [...locators, ...(fields ?? []).map((f) => f.locator)];
    for (const [index, loc] of all.entries()) {
      const r = await locate(rec.driver, fresh, loc, dl.signal, seen);
      if (!r.ok && r.why === "no_ref" && index === 1 && action.action === "drag") {
        rest.toPoint = await centerOf(rec.driver, fresh, loc, dl.signal);
        if (rest.toPoint) {
          refs.push("");
          continue;
        }
      }
      if (!r.ok) {
        waiting = { kind: "not_located", index, failure: r };
        // A visible match the observation gave no ref may have appeared just after it was
        // taken: one fresh observation settles it; a second no_ref is the answer.
        if (r.why === "no_ref" && noRefs++ === 0) return undefined;
        return LOCATE_WAITABLE.has(r.why) ? undefined : waiting;
      }
      refs.push(r.ref);
    }
    const input: ActInput = {
      ...rest,
      stateId: fresh.stateId,
      targetId: fresh.targetId,
      ref: locators.length > 0 ? refs[0] : undefined,
      toRef: locators.length > 1 && !rest.toPoint ? refs[1] : undefined,
      fields: fields?.map((f, i) => ({ ref: refs[locators.length + i], value: f.value })),
      timeoutMs: Math.max(1, dl.remaining()),
    };
    const result = await act(session, input, dl.signal);
    const retry = result.error && result.execution === "not_dispatched" &&
      WAITABLE.has(result.error.code) && dl.remaining() > 0;
    // The act ran out of the time left while waiting: the wait's reason says more.
    if (waiting && result.error?.code === "timeout" && result.execution === "not_dispatched") return waiting;
    waiting = { kind: "acted", result, refs };
    return retry ? undefined : waiting;
  };
  try {
    return await poll(attempt, 100, dl.signal);
  } catch (err) {
    const timedOut = (dl.signal.aborted && !signal.aborted) ||
      (err instanceof PortholeError && err.code === "timeout");
    if (timedOut) return waiting ?? { kind: "timeout" };
    throw err;
  } finally {
    dl.dispose();
  }
}
