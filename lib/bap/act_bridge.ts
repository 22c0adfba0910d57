/**
 * A BAP action through Porthole's `act`: resolve the selector to one node, take a fresh
 * observation of its frame, find that node's Porthole ref (or its nearest ancestor's), and act
 * on the fresh state with every check `act` makes. BAP's auto-wait retries only while nothing
 * was dispatched: no match yet, not visible, disabled, covered.
 */
import { act } from "../session/act.ts";
import type { ActInput } from "../protocol/schemas.ts";
import type { ActResult } from "../protocol/types.ts";
import { ERROR_TABLE, type ErrorCode, PortholeError } from "../protocol/errors.ts";
import { deadline, sleep } from "../session/deadline.ts";
import type { StateRecord } from "../session/states.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { notFound, resolve, selectedFrame, type Selector, type Target } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";
import { ANCESTORS, ELEMENT_STATE, SNAPSHOT_NUMBERS } from "./selector_scripts.ts";
import { arrayItems, backendOf } from "./world.ts";

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

/** An act result's error as a BAP error. */
export function actError(r: ActResult): BapError {
  const e = r.error!;
  const notDispatched = r.execution === "not_dispatched";
  return new BapError(ERROR_TABLE[e.code as ErrorCode].bap, e.message, {
    retryable: notDispatched ? e.retryable : false,
    retryAfterMs: e.retryAfterMs,
    recoveryHint: e.recoveryHint,
    details: { ...e.details, reason: e.code, execution: r.execution },
    notDispatched,
  });
}

/** Observe a frame afresh; returns the new current state of the session. */
export async function observeFresh(
  t: PageTarget,
  frameId: string,
  signal: AbortSignal,
): Promise<StateRecord> {
  t.session.activate(t.pageId);
  await t.session.observe({ pageId: t.pageId, frameId, maxDepth: 20 }, signal);
  return t.session.states.current!;
}

/** What a ref of a Porthole state says about its element (the shape differs between snapshot versions). */
type RefLike = { ref: string; backendNodeId?: number; token?: string; n?: number };

/** The Porthole ref of a node in a state: its own, or its nearest ancestor's (a span inside a button). */
export async function refFor(t: PageTarget, state: StateRecord, target: Target, signal: AbortSignal) {
  const refs = [...state.refs.values()] as unknown as RefLike[];
  const driver = t.rec.driver;
  const objectId = await driver.resolve(target.frame, target.backendNodeId, signal);
  if (!objectId) return null;
  try {
    if (refs.some((r) => r.token !== undefined)) {
      // Refs live in a registry of Porthole's isolated world: ask it for the element's number.
      const found = await driver.callOn<{ token: string; chain: number[] } | null>(
        objectId,
        SNAPSHOT_NUMBERS,
        [],
        signal,
      );
      if (!found) return null;
      for (const n of found.chain) {
        const hit = refs.find((r) => r.token === found.token && r.n === n);
        if (hit) return hit.ref;
      }
      return null;
    }
    const byNode = new Map(refs.map((r) => [r.backendNodeId, r.ref]));
    const r = await driver.send("Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: ANCESTORS,
      returnByValue: false,
    }, signal);
    const items = await arrayItems(driver, r.result.objectId, signal);
    driver.release(r.result.objectId);
    try {
      for (const item of items) {
        const ref = byNode.get(await backendOf(driver, item, signal).catch(() => -1));
        if (ref) return ref;
      }
    } finally {
      items.forEach((id) => driver.release(id));
    }
    return null;
  } finally {
    driver.release(objectId);
  }
}

/** Whether an element is rendered visibly (false when it is gone, too). */
async function shown(t: PageTarget, target: Target, signal: AbortSignal): Promise<boolean> {
  const id = await t.rec.driver.resolve(target.frame, target.backendNodeId, signal);
  if (!id) return false;
  try {
    const s = await t.rec.driver.callOn<{ visible?: boolean }>(id, ELEMENT_STATE, [false], signal);
    return !!s.visible;
  } finally {
    t.rec.driver.release(id);
  }
}

function noRef(sel: Selector | undefined): BapError {
  return new BapError(
    BAP.ActionFailed,
    "The element is not one Porthole can act on: it is not interactive, or outside the observed snapshot",
    { details: { selector: sel ?? null, reason: "no_ref" }, retryable: false, notDispatched: true },
  );
}

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
  try {
    while (true) {
      const target = sel ? await resolve(state, t, sel, dl.signal) : null;
      if (sel && !target) {
        waiting = notFound(sel, "No element matches the selector");
        await sleep(100, dl.signal);
        continue;
      }
      const frameId = target ? target.frame.frameId : (await selectedFrame(state, t, dl.signal)).frameId;
      const fresh = await observeFresh(t, frameId, dl.signal);
      const input: ActInput = {
        stateId: fresh.stateId,
        targetId: fresh.targetId,
        action: spec.action,
        text: spec.text,
        key: spec.key,
        values: spec.values,
        files: spec.files,
        deltaX: spec.deltaX,
        deltaY: spec.deltaY,
        ...spec.click,
        timeoutMs: Math.max(1, dl.remaining()),
      };
      if (target) {
        const ref = await refFor(t, fresh, target, dl.signal);
        if (!ref) {
          // A hidden element has no place in the snapshot: wait for it to show, as BAP does.
          if (!(await shown(t, target, dl.signal))) {
            waiting = new BapError(BAP.ElementNotVisible, "Element is not visible", {
              details: { selector: sel },
              notDispatched: true,
            });
            await sleep(100, dl.signal);
            continue;
          }
          throw noRef(sel);
        }
        input.ref = ref;
      }
      if (spec.to) {
        const to = await resolve(state, t, spec.to, dl.signal);
        if (!to) {
          waiting = notFound(spec.to, "No element matches the drag target");
          await sleep(100, dl.signal);
          continue;
        }
        const toRef = await refFor(t, fresh, to, dl.signal);
        if (!toRef) throw noRef(spec.to);
        input.toRef = toRef;
      }
      const r = await act(t.session, input, dl.signal);
      if (!r.error) return { kind: "done", noop: !!r.noop };
      if (r.execution === "not_dispatched") {
        if (r.error.code === "invalid_params" && r.error.details?.field === "action") {
          return { kind: "unsupported" };
        }
        if (WAITABLE.has(r.error.code) && dl.remaining() > 0) {
          waiting = actError(r);
          await sleep(100, dl.signal);
          continue;
        }
      }
      throw actError(r);
    }
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
