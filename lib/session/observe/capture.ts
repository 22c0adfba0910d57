/**
 * Capturing an observation of one frame: the in-page walker runs in Porthole's isolated world
 * of that frame and of every frame inside it (out-of-process frames through their own target),
 * and render.ts turns the walks into the ARIA snapshot and the state record.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import type { Observation } from "../../protocol/types.ts";
import { newId } from "../../protocol/validate.ts";
import { canonicalOrigin, redactUrl } from "../../policy/url.ts";
import { type FrameWalk, type Line, render, type Tier } from "../../snapshot/render.ts";
import { paginate } from "../../snapshot/pages.ts";
import {
  CLOSED_CANDIDATES,
  parseWalk,
  WALKER,
  type WalkResult,
  type WalkSearch,
} from "../../snapshot/walker.ts";
import { driverError, type FrameInfo, type PageDriver } from "../../driver/page_driver.ts";
import type { StateRecord } from "../core/states.ts";
import type { Prewalk } from "../core/hosts.ts";
import { sinceOutcome } from "./history.ts";
import { type FrameDoor, framesOf, resolveRefDocument } from "../core/frame_doors.ts";
import type { RefBook } from "../core/ref_book.ts";

export { fingerprintOf, framesOf, resolveRef, resolveRefDocument } from "../core/frame_doors.ts";

export interface CaptureTarget {
  pageId: string;
  driver: PageDriver;
  generation: number;
  refs: RefBook;
}

export interface CaptureOptions {
  frameId?: string;
  maxDepth: number;
  maxBytes: number;
  tier?: Tier;
  /** Walk only this element of the observed frame (a backend node id), itself included. */
  root?: number;
  /** Search while walking (`find`): only the lines that may match come back, with their ancestors. */
  find?: WalkSearch;
  /** `observe {since}`: the base state asked for, when the session still keeps it for this page. */
  since?: { stateId: string; base: Readonly<StateRecord> | null };
  /** The observed frame's walk, sent ahead with the options it was sent with (see `Prewalk`). */
  prewalk?: Prewalk | null;
}

export function documentIdOf(frame: FrameInfo, documentNode: number): string {
  return `${frame.frameId}.${frame.loaderId}.${documentNode}`;
}

/** The frame an observation names (or the main frame), with every frame of the page. Never falls back. */
export async function findFrame(driver: PageDriver, frameId: string | undefined, signal?: AbortSignal) {
  const frames = await framesOf(driver, signal);
  const door = frameId
    ? frames.find((f) => f.info.frameId === frameId)
    : frames.find((f) => !f.info.parentId);
  if (!door) {
    throw new PortholeError("frame_not_found", `Frame ${frameId} is not in page`, { details: { frameId } });
  }
  return { frame: door.info, door, frames };
}

/** How far past the cap the walker may read before it stops: rendering drops some of what it reads. */
const BUDGET_FACTOR = 2;
/**
 * How much the walker may read at least (its estimate, in bytes): a tree this large is read whole and
 * served in pages through `observe {cursor}` (a 35,000-node list is about 550 KiB); past it the walk stops.
 */
const PAGED_BUDGET = 4 * 1024 * 1024;

/** How far the walker may read under the cap `maxBytes`. */
const walkBudget = (maxBytes: number) => Math.max(maxBytes * BUDGET_FACTOR, PAGED_BUDGET);

/** The walker's first argument. */
function walkOptions(
  tier: Tier,
  budget: number,
  refsIf: string,
  floor: number,
  root: boolean,
  find?: WalkSearch,
): Record<string, unknown> {
  return { tier, budget, refsIf, floor, root, ...(find ? { find } : {}) };
}

/**
 * The options a capture of the whole of `frame` (its document `loaderId`) would walk it with, in
 * `tier` under the cap `maxBytes`: what an act may send ahead (`Prewalk`).
 */
export function wholeWalkOptions(
  target: CaptureTarget,
  frame: { frameId: string; loaderId: string },
  tier: Tier,
  maxBytes: number,
): Record<string, unknown> {
  const floor = target.refs.doc(frame.frameId, frame.loaderId).next;
  return walkOptions(tier, walkBudget(maxBytes), "*", floor, false);
}

/** The cursor of page `index` of a state (opaque to clients). */
export const cursorOf = (stateId: string, index: number) => `${stateId}~${index}`;

async function walkFrame(
  door: FrameDoor,
  children: FrameDoor[],
  refsIf: string,
  floor: number,
  tier: Tier,
  budget: number,
  signal?: AbortSignal,
  root?: number,
  find?: WalkSearch,
  prewalk?: Prewalk | null,
): Promise<{ result: WalkResult; owners: string[] }> {
  const options = walkOptions(tier, budget, refsIf, floor, root !== undefined, find);
  // The walk the page already answered, when it was sent with exactly these options to a frame alone.
  if (prewalk && !children.length && door.accessibilityOn() && prewalk.options === JSON.stringify(options)) {
    return { result: parseWalk(prewalk.value), owners: [] };
  }
  // Once the domain is on, the tree's root is asked for and the walk is sent behind it without
  // waiting: Chromium handles one target's commands in order, so the walk still reads a built tree.
  const pipelined = door.accessibilityOn();
  const ax = door.ensureAccessibility(signal);
  ax.catch(() => {});
  const world = await door.world(signal);
  if (!pipelined) await ax;
  let rootId: string | undefined;
  if (root !== undefined) {
    const r = await door.send<Protocol.DOM.ResolveNodeResponse>("DOM.resolveNode", {
      backendNodeId: root,
      executionContextId: world,
    }, signal).catch(() => null);
    rootId = r?.object.objectId;
    if (!rootId) {
      throw new PortholeError("observation_failed", "The element to observe is no longer in the page");
    }
  }
  // The iframe elements of the child frames, so the walker can tag each with its frame id.
  const owned: { frameId: string; objectId: string }[] = [];
  await Promise.all(children.map(async (child) => {
    const owner = await door.send<Protocol.DOM.GetFrameOwnerResponse>("DOM.getFrameOwner", {
      frameId: child.info.frameId,
    }, signal).catch(() => null);
    if (!owner) return;
    const r = await door.send<Protocol.DOM.ResolveNodeResponse>("DOM.resolveNode", {
      backendNodeId: owner.backendNodeId,
      executionContextId: world,
    }, signal).catch(() => null);
    if (r?.object.objectId) owned.push({ frameId: child.info.frameId, objectId: r.object.objectId });
  }));
  try {
    const walk = door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      functionDeclaration: WALKER,
      executionContextId: world,
      arguments: [
        { value: options },
        ...(rootId ? [{ objectId: rootId }] : []),
        ...owned.map((o) => ({ objectId: o.objectId })),
      ],
      returnByValue: true,
    }, signal);
    const [r] = await Promise.all([walk, ax]);
    if (r.exceptionDetails) {
      const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text;
      if (/ComputedAccessibilityInfo/.test(text)) {
        throw new PortholeError("accessibility_unavailable", "Chromium's accessibility data is unavailable", {
          details: { exception: text.split("\n")[0] },
        });
      }
      throw new PortholeError("observation_failed", "The page could not be read", {
        details: { exception: text.split("\n")[0] },
      });
    }
    return {
      result: parseWalk(r.result.value as string),
      owners: owned.map((o) => o.frameId),
    };
  } finally {
    for (const o of owned) door.send("Runtime.releaseObject", { objectId: o.objectId }).catch(() => {});
    if (rootId) door.send("Runtime.releaseObject", { objectId: rootId }).catch(() => {});
  }
}

/** Which of the walk's custom elements really host a closed shadow root (asked of Chromium's DOM). */
async function closedHosts(door: FrameDoor, result: WalkResult, signal?: AbortSignal): Promise<Set<number>> {
  const out = new Set<number>();
  if (!result.nodes.some((n) => n.c !== undefined)) return out;
  const world = await door.world(signal);
  const list = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: CLOSED_CANDIDATES,
    executionContextId: world,
  }, signal);
  const listId = list.result.objectId;
  if (!listId) return out;
  try {
    const props = await door.send<Protocol.Runtime.GetPropertiesResponse>("Runtime.getProperties", {
      objectId: listId,
      ownProperties: true,
    }, signal);
    const items = props.result.filter((p) => /^\d+$/.test(p.name) && p.value?.objectId).slice(0, 64);
    await Promise.all(items.map(async (p) => {
      const d = await door.send<Protocol.DOM.DescribeNodeResponse>("DOM.describeNode", {
        objectId: p.value!.objectId,
        depth: 0,
        pierce: true,
      }, signal).catch(() => null);
      if (d?.node.shadowRoots?.some((s) => s.shadowRootType === "closed")) out.add(Number(p.name));
    }));
  } finally {
    door.send("Runtime.releaseObject", { objectId: listId }).catch(() => {});
  }
  return out;
}

/** The document of Porthole's world of a frame: the one document that world belongs to. */
const WORLD_DOCUMENT = "function () { return document; }";

/**
 * The backend node id of the walked document (the action's document identity check), cached per
 * document: the document of the registry with `token`, or (null) of the frame's world, which is
 * bound to one document, so it may be asked beside the walk.
 */
async function documentNode(door: FrameDoor, token: string | null, signal?: AbortSignal): Promise<number> {
  const objectId = token === null
    ? (await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      functionDeclaration: WORLD_DOCUMENT,
      executionContextId: await door.world(signal),
    }, signal)).result.objectId
    : await resolveRefDocument(door, token, signal);
  if (!objectId) {
    throw new PortholeError("observation_failed", "The document changed while it was being observed");
  }
  try {
    const d = await door.send<Protocol.DOM.DescribeNodeResponse>("DOM.describeNode", { objectId }, signal);
    return d.node.backendNodeId;
  } finally {
    door.send("Runtime.releaseObject", { objectId }).catch(() => {});
  }
}

/** Capture one frame. Returns the state record and its public observation. */
export async function captureFrame(
  target: CaptureTarget,
  opts: CaptureOptions,
  signal?: AbortSignal,
): Promise<
  { state: StateRecord; observation: Observation; isMain: boolean; walks: FrameWalk[]; lines: Line[] }
> {
  const { driver } = target;
  const tier = opts.tier ?? "full";
  const budget = walkBudget(opts.maxBytes);
  try {
    const { frame, door, frames } = await findFrame(driver, opts.frameId, signal);
    const childrenOf = (id: string) => frames.filter((f) => f.info.parentId === id);
    const walks = new Map<string, FrameWalk>();
    const walkOne = async (d: FrameDoor, refsIf: string, root?: number, prewalk?: Prewalk | null) => {
      const book = target.refs.doc(d.info.frameId, d.info.loaderId);
      const kids = childrenOf(d.info.frameId);
      const { result, owners } = await walkFrame(
        d,
        kids,
        refsIf,
        book.next,
        tier,
        budget,
        signal,
        root,
        opts.find,
        prewalk,
      );
      book.next = Math.max(book.next, result.next);
      const fw: FrameWalk = {
        frameId: d.info.frameId,
        loaderId: d.info.loaderId,
        origin: canonicalOrigin(result.origin),
        refPrefix: target.refs.prefixFor(d.info.frameId, !d.info.parentId),
        refs: result.refs,
        result,
        owners,
        closed: await closedHosts(d, result, signal),
      };
      walks.set(fw.frameId, fw);
      return fw;
    };
    const observed = target.refs.doc(frame.frameId, frame.loaderId);
    // A document walked for the first time: its node is asked for beside the walk, not after it.
    const fresh = observed.documentNode === undefined ? documentNode(door, null, signal) : null;
    fresh?.catch(() => {});
    const root = await walkOne(door, "*", opts.root, opts.prewalk);
    // Frames inside the observed one, level by level: refs only where the origin is the observed one's.
    let level = childrenOf(frame.frameId);
    while (level.length) {
      await Promise.all(level.map((d) => walkOne(d, root.result.origin).catch(() => null)));
      level = level.flatMap((d) => childrenOf(d.info.frameId));
    }
    // The frame may have moved on while it was read: re-read its loader. Without a frame event
    // since the tree was read (events come before the walk's answer), the tree is still the one read.
    const { frame: after, frames: now } = await findFrame(driver, frame.frameId, signal);
    if (after.loaderId !== frame.loaderId) {
      throw new PortholeError("observation_failed", "The document changed while it was being observed");
    }
    // An inner frame that committed another document while it was read: its content is shown,
    // but no ref of it is issued (it would be bound to the loader read before the walk).
    for (const fw of walks.values()) {
      if (fw.frameId === frame.frameId) continue;
      const current = now.find((d) => d.info.frameId === fw.frameId);
      if (!current || current.info.loaderId !== fw.loaderId) fw.refs = false;
    }
    if (observed.documentNode === undefined || observed.token !== root.result.token) {
      observed.documentNode = await (fresh ?? documentNode(door, root.result.token, signal));
      observed.token = root.result.token;
    }
    const others = new Map([...walks].filter(([id]) => id !== frame.frameId));
    const built = render(root, others, {
      tier,
      maxDepth: opts.maxDepth,
      maxBytes: opts.maxBytes,
      redact: redactUrl,
    });
    const documentId = documentIdOf(frame, observed.documentNode);
    const stateId = newId("st");
    // The tree is the first page; the state holds every page's refs, so a later page's refs act too.
    const pages = paginate(built.lines, opts.maxBytes, built.lineBytes);
    const first = pages[0];
    const tree = built.uncut.slice(0, first.end);
    const truncated = pages.length > 1 || built.walkCut;
    const state: StateRecord = {
      stateId,
      pageId: target.pageId,
      targetId: driver.targetId,
      frameId: frame.frameId,
      loaderId: frame.loaderId,
      documentId,
      documentNode: observed.documentNode,
      token: root.result.token,
      origin: root.origin,
      url: frame.url,
      title: root.result.title,
      generation: target.generation,
      refs: new Map(built.allRefs.map((r) => [r.ref, r])),
      tree,
      uncut: built.uncut,
      tier,
      maxDepth: opts.maxDepth,
      walkCut: built.walkCut,
      truncated,
      pages,
      ...(opts.find ? { searched: true as const } : {}),
    };
    const observation: Observation = {
      stateId,
      targetId: driver.targetId,
      pageId: target.pageId,
      frameId: frame.frameId,
      document: { loaderId: frame.loaderId, documentId },
      url: redactUrl(frame.url),
      origin: root.origin,
      title: root.result.title,
      tree,
      refCount: first.refs,
      truncated,
      bytes: first.bytes,
      generation: target.generation,
      tier,
      ...pages.length > 1
        ? { nextCursor: cursorOf(stateId, 1), page: { index: 0, count: pages.length } }
        : {},
    };
    if (opts.since) {
      const whole = pages.length > 1 ? Infinity : first.bytes;
      const outcome = sinceOutcome(opts.since.stateId, opts.since.base, state, opts.maxBytes, whole);
      if ("changes" in outcome) {
        // The lines an agent now knows are the base's plus the changes: the state's refs act.
        observation.refCount = state.refs.size;
        delete observation.nextCursor;
        delete observation.page;
        observation.since = opts.since.stateId;
        observation.changes = outcome.changes;
        observation.tree = "";
        observation.bytes = 0;
      } else {
        observation.sinceUnavailable = outcome.unavailable;
      }
    }
    return {
      state,
      observation,
      isMain: frame.parentId === null,
      walks: [root, ...others.values()],
      lines: built.lines,
    };
  } catch (err) {
    if (signal?.aborted && !(err instanceof PortholeError)) throw signal.reason;
    throw driverError(err, "Observation failed");
  }
}
