/**
 * The 10 BAP selector types, read strictly, and resolved through the core's one `locate`
 * (session/locate.ts) in the page's selected frame: zero matches → ElementNotFound, several →
 * SelectorAmbiguous, never a silent first match. Roles are the walker's (what observe prints);
 * `semantic` falls back to text; a `ref` is a core ref of the page's current document and never
 * heals. Errors name the selector the client sent.
 */
import { type FrameInfo, frameOf, type Locator } from "../session/locate.ts";
import { type LocateFailure, locateFailure } from "../session/locate_errors.ts";
import { findNode, type LocatedNode } from "../session/locate_node.ts";
import { PortholeError } from "../protocol/errors.ts";
import type { StateRecord } from "../session/states.ts";
import { BAP, BapError, fromPorthole } from "./errors.ts";

/** A selector object; a bad member is -32602 naming it (`selector.value`). */
export { LocatorSchema as SelectorSchema } from "../protocol/locator.ts";
import type { BapState, PageTarget } from "./state.ts";

/** A BAP selector is a core locator. */
export type Selector = Locator;

/** One node a selector resolved to, for reads that need no ref. */
export type Target = LocatedNode;

/** Why `locate` found no one ref, as the BAP error a client of `field` gets: nothing was dispatched. */
export function locateError(sel: Selector, r: LocateFailure, field = "selector"): BapError {
  return fromPorthole(locateFailure(sel, r, field), { notDispatched: true });
}

/** The frame selectors resolve in: the one frame/switch selected, else the main frame. */
export async function selectedFrame(
  state: BapState,
  t: PageTarget,
  signal?: AbortSignal,
): Promise<FrameInfo> {
  const chosen = state.frames.get(t.pageId);
  const door = await frameOf(t.rec.driver, chosen, signal);
  if (!door) throw frameGone(state, t.pageId, chosen!);
  return door.info;
}

/** The frame frame/switch selected is gone: so is the selection. */
export function frameGone(state: BapState, pageId: string, frameId: string): BapError {
  state.frames.delete(pageId);
  return new BapError(BAP.FrameNotFound, `The selected frame ${frameId} is gone`, {
    details: { identifier: frameId },
    notDispatched: true,
  });
}

/** The page's current state, when it is one of this page. */
export function currentState(t: PageTarget): StateRecord | null {
  const s = t.session.states.current;
  return s && s.pageId === t.pageId ? s : null;
}

/**
 * Resolve a selector to at most one node in the selected frame, for reads (observe/element,
 * conditions): null when nothing matches (callers that auto-wait try again); several matches
 * are SelectorAmbiguous.
 */
export async function resolve(
  state: BapState,
  t: PageTarget,
  sel: Selector,
  signal?: AbortSignal,
): Promise<Target | null> {
  const frame = await selectedFrame(state, t, signal);
  return await findNode(t.rec.driver, currentState(t), frame.frameId, sel, signal, "selector").catch(
    (err) => {
      throw err instanceof PortholeError ? fromPorthole(err, { notDispatched: true }) : err;
    },
  );
}
