/**
 * `locate`: which ref of a fresh state a locator (BAP's selector types) names. One engine for
 * every door: the in-page matcher of locate_script.ts with the walker's roles, and the state's
 * own refs, so a locator can only ever name an element the observation shows. A locator that
 * matches a non-interactive descendant (a span inside a button) names its nearest ancestor with
 * a ref; a ref is looked up in the state and never healed onto another node.
 */
import type { Locator } from "../../protocol/locator.ts";
import type { Protocol } from "devtools-protocol";
import type { FrameInfo, PageDriver } from "../../driver/page_driver.ts";
import type { RefTarget } from "../../snapshot/render.ts";
import { RESOLVE_REF } from "../../snapshot/walker.ts";
import { type FrameDoor, framesOf, resolveRef as resolveRefIn } from "../core/frame_doors.ts";
import { MATCH, REF_CHAIN } from "./script.ts";
import type { StateRecord } from "../core/states.ts";
import { chainRef, coreRef, refParts, tokenOf } from "./refs.ts";

export type { FrameInfo, Locator };

export type Located =
  | { ok: true; ref: string; target: RefTarget }
  | { ok: false; why: "not_found" | "not_visible" | "no_ref" | "unknown_ref" }
  | { ok: false; why: "ambiguous"; count: number }
  | { ok: false; why: "changed"; was: Fingerprint; now: Fingerprint }
  | { ok: false; why: "invalid"; message: string };

type Fingerprint = { role: string; name: string };

type Match = { count: number; objectId?: string; door?: FrameDoor } | { invalid: string };

/**
 * The one ref of `state` that `loc` names, or why there is none. A ref that `seen` (the
 * observation the client took it from) showed with another role or name has changed: the
 * element is the same, what it does may not be.
 */
export async function locate(
  driver: PageDriver,
  state: StateRecord,
  loc: Locator,
  signal?: AbortSignal,
  seen?: StateRecord | null,
): Promise<Located> {
  if (loc.type === "ref") {
    const target = state.refs.get(coreRef(loc.ref));
    const was = seen?.refs.get(coreRef(loc.ref));
    if (target && was && (was.role !== target.role || was.name !== target.name)) {
      return {
        ok: false,
        why: "changed",
        was: { role: was.role, name: was.name },
        now: { role: target.role, name: target.name },
      };
    }
    if (target) return { ok: true, ref: target.ref, target };
    // Still in the document but not in the observation: it was hidden when the page was walked
    // (it may show by now, and the next observation has it). Gone from the document: unknown.
    return {
      ok: false,
      why: await stillInDocument(driver, state, loc.ref, signal) ? "not_visible" : "unknown_ref",
    };
  }
  return await locateIn(driver, state, state.frameId, loc, signal);
}

/** `locate` by the in-page matcher in one frame; a point on an iframe is looked for inside it. */
async function locateIn(
  driver: PageDriver,
  state: StateRecord,
  frameId: string,
  loc: Exclude<Locator, { type: "ref" }>,
  signal?: AbortSignal,
  depth = 0,
): Promise<Located> {
  const m = await match(driver, frameId, loc, signal);
  if ("invalid" in m) return { ok: false, why: "invalid", message: m.invalid };
  if (m.count > 1) return { ok: false, why: "ambiguous", count: m.count };
  if (!m.objectId || !m.door) return { ok: false, why: "not_found" };
  try {
    const inFrame = m.door.info.frameId;
    const token = inFrame === state.frameId ? state.token : tokenOf(state, inFrame);
    const facts = await callOn<{ chain: number[]; visible: boolean; owner: boolean }>(
      m.door,
      m.objectId,
      REF_CHAIN,
      [token],
      signal,
    );
    const target = token ? chainRef(state, inFrame, token, facts.chain) : null;
    if (target) return { ok: true, ref: target.ref, target };
    if (loc.type === "coordinates" && facts.owner && depth < 8) {
      const { node } = await m.door.send<Protocol.DOM.DescribeNodeResponse>("DOM.describeNode", {
        objectId: m.objectId,
      }, signal);
      if (node.frameId) return await locateIn(driver, state, node.frameId, loc, signal, depth + 1);
    }
    return { ok: false, why: facts.visible ? "no_ref" : "not_visible" };
  } finally {
    release(m.door, m.objectId);
  }
}

/**
 * The one element `loc` matches in a frame (the state's refs for `ref`), for reads that need no
 * ref: its frame and backend node, or how many elements matched (0 or several).
 */
export async function findElement(
  driver: PageDriver,
  state: StateRecord | null,
  frameId: string | undefined,
  loc: Locator,
  signal?: AbortSignal,
): Promise<{ frame: FrameInfo; backendNodeId: number } | { count: number } | { invalid: string }> {
  let m: Match;
  if (loc.type === "ref") {
    const target = state?.refs.get(coreRef(loc.ref));
    const found = target ? await resolveRefIn(driver, target, signal) : null;
    m = found ? { count: 1, objectId: found.objectId, door: found.door } : { count: 0 };
  } else {
    m = await match(driver, frameId, loc, signal);
  }
  if ("invalid" in m || !m.objectId || !m.door) return m;
  try {
    const { node } = await m.door.send<Protocol.DOM.DescribeNodeResponse>("DOM.describeNode", {
      objectId: m.objectId,
    }, signal);
    return { frame: m.door.info, backendNodeId: node.backendNodeId };
  } finally {
    release(m.door, m.objectId);
  }
}

/** The element behind a ref of a state, in Porthole's world of its frame (the caller releases it). */
export async function resolveRef(
  driver: PageDriver,
  state: StateRecord,
  ref: string,
  signal?: AbortSignal,
): Promise<{ objectId: string; frame: FrameInfo; door: FrameDoor } | null> {
  const target = state.refs.get(coreRef(ref));
  return target ? await resolveRefIn(driver, target, signal) : null;
}

/** The frame with `frameId` (the main frame without one), or null when the page has no such frame. */
export async function frameOf(driver: PageDriver, frameId?: string, signal?: AbortSignal) {
  const doors = await framesOf(driver, signal);
  return doors.find((d) => frameId ? d.info.frameId === frameId : d.info.parentId === null) ?? null;
}

/** What the in-page matcher is asked for a locator: a `semantic` one is matched as its text. */
export const pageQuery = (loc: Locator): Record<string, unknown> =>
  loc.type === "semantic" ? { type: "text", value: loc.description } : loc;

async function match(
  driver: PageDriver,
  frameId: string | undefined,
  loc: Locator,
  signal?: AbortSignal,
): Promise<Match> {
  const door = await frameOf(driver, frameId, signal);
  if (!door) return { count: 0 };
  const query = pageQuery(loc);
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: MATCH,
    executionContextId: await door.world(signal),
    arguments: [{ value: query }],
  }, signal);
  if (r.exceptionDetails) {
    const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text;
    return { invalid: text.split("\n")[0] };
  }
  if (r.result.type === "number") return { count: Number(r.result.value) };
  return { count: 1, objectId: r.result.objectId!, door };
}

/** Whether a ref the state lacks still names a connected but hidden element of its document. */
async function stillInDocument(driver: PageDriver, state: StateRecord, ref: string, signal?: AbortSignal) {
  const parts = refParts(state, coreRef(ref));
  if (!parts) return false;
  const door = await frameOf(driver, parts.frameId, signal);
  if (!door) return false;
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: RESOLVE_REF,
    executionContextId: await door.world(signal),
    arguments: [{ value: parts.token }, { value: parts.n }],
  }, signal);
  const objectId = r.result.objectId;
  if (objectId) release(door, objectId);
  return !!objectId;
}

async function callOn<T>(
  door: FrameDoor,
  objectId: string,
  fn: string,
  args: unknown[],
  signal?: AbortSignal,
) {
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
  }, signal);
  if (r.exceptionDetails) {
    throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  }
  return r.result.value as T;
}

function release(door: FrameDoor, objectId: string): void {
  door.send("Runtime.releaseObject", { objectId }).catch(() => {});
}
