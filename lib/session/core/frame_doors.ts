/**
 * Doors into a page's frames for reading them: every frame, in-process or out-of-process
 * (cross-site frames under `--site-per-process` live in their own renderer and answer on their
 * own target's CDP session), with Porthole's isolated world in each. Also how an action finds
 * the element behind a ref, in the frame the ref came from.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import { type CDPSession, type FrameInfo, type PageDriver, raceSignal } from "../../driver/page_driver.ts";
import { worldSend } from "../../driver/page_functions.ts";
import type { RefTarget } from "../../snapshot/render.ts";
import { FINGERPRINT, RESOLVE_DOCUMENT, RESOLVE_REF } from "../../snapshot/walker.ts";

export interface FrameDoor {
  info: FrameInfo;
  /** Out of the page's process: reached through its own target. */
  oop: boolean;
  // deno-lint-ignore no-explicit-any
  send<T = any>(method: string, params?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /** Porthole's isolated world in this frame's current document. */
  world(signal?: AbortSignal): Promise<number>;
  /**
   * The Accessibility domain, which the snapshot requires, enabled with this frame's tree built.
   * Once `accessibilityOn()`, the tree is asked for (the first time for a document) before this returns.
   */
  ensureAccessibility(signal?: AbortSignal): Promise<void>;
  accessibilityOn(): boolean;
}

const WORLD = "porthole";
const worlds = new WeakMap<object, Map<string, Promise<number>>>();
const accessible = new WeakMap<object, Promise<void>>();
const enabled = new WeakSet<object>();
/** Per target: the document of each frame whose accessibility tree was built (frame id → loader id). */
const rooted = new WeakMap<object, Map<string, string>>();

/**
 * Enable the Accessibility domain once per target and make Chromium build each frame document's
 * accessibility tree, once per document (asking for its root does). With the tree alive,
 * `computedRole` and `computedName` are cheap reads, and Chromium keeps it current as the document
 * changes; without it each read would build and drop a tree of its own. Asking again for the same
 * document only costs the renderer time before the walk (2 to 8 ms on a large page). Once the domain
 * is on, the root is asked for before this returns, so a command sent next on the same target is
 * handled after it (CDP keeps a target's order) without waiting for its answer.
 */
function enableAccessibility(
  key: object,
  send: FrameDoor["send"],
  info: FrameInfo,
  signal?: AbortSignal,
): Promise<void> {
  const unavailable = (err: unknown) =>
    new PortholeError(
      "accessibility_unavailable",
      `The Accessibility domain failed: ${(err as Error).message}`,
    );
  let built = rooted.get(key);
  if (!built) rooted.set(key, built = new Map());
  if (enabled.has(key) && built.get(info.frameId) === info.loaderId) return Promise.resolve();
  const root = () =>
    send("Accessibility.getRootAXNode", { frameId: info.frameId }, signal).then(() => {
      // One entry a frame: its current document's.
      built.set(info.frameId, info.loaderId);
    }, (err) => {
      if (signal?.aborted) throw err;
      throw unavailable(err);
    });
  if (enabled.has(key)) return root();
  let p = accessible.get(key);
  if (!p) {
    p = send("Accessibility.enable").then(() => void enabled.add(key), (err) => {
      accessible.delete(key);
      throw unavailable(err);
    });
    accessible.set(key, p);
  }
  return raceSignal(p, signal).then(root);
}

function pageDoor(driver: PageDriver, info: FrameInfo): FrameDoor {
  const send: FrameDoor["send"] = (method, params = {}, signal) => driver.send(method, params, signal);
  return {
    info,
    oop: false,
    send,
    world: (signal) => driver.world(info, signal),
    ensureAccessibility: (signal) => enableAccessibility(driver.cdp, send, info, signal),
    accessibilityOn: () => enabled.has(driver.cdp),
  };
}

function remoteDoor(session: CDPSession, info: FrameInfo): FrameDoor {
  // deno-lint-ignore no-explicit-any
  const raw = (method: string, params: Record<string, unknown>) => (session.send as any)(method, params);
  const send: FrameDoor["send"] = (method, params = {}, signal) =>
    // deno-lint-ignore no-explicit-any
    raceSignal(worldSend(session, raw, method, params) as Promise<any>, signal);
  return {
    info,
    oop: true,
    send,
    world: (signal) => {
      let map = worlds.get(session);
      if (!map) worlds.set(session, map = new Map());
      const key = `${info.frameId}|${info.loaderId}`;
      let ctx = map.get(key);
      if (!ctx) {
        ctx = send<Protocol.Page.CreateIsolatedWorldResponse>("Page.createIsolatedWorld", {
          frameId: info.frameId,
          worldName: WORLD,
          grantUniveralAccess: false,
        }).then((r) => r.executionContextId);
        ctx.catch(() => map!.delete(key));
        map.set(key, ctx);
      }
      return raceSignal(ctx, signal);
    },
    ensureAccessibility: (signal) => enableAccessibility(session, send, info, signal),
    accessibilityOn: () => enabled.has(session),
  };
}

interface PuppeteerFrame {
  _id: string;
  _loaderId: string;
  url(): string;
  parentFrame(): PuppeteerFrame | null;
  client: CDPSession;
}

/** Every frame of the page: the page's own frame tree, plus frames in other processes. */
export async function framesOf(driver: PageDriver, signal?: AbortSignal): Promise<FrameDoor[]> {
  const local = await driver.frames(signal);
  const doors = local.map((info) => pageDoor(driver, info));
  const known = new Set(local.map((f) => f.frameId));
  const all = driver.page.frames() as unknown as PuppeteerFrame[];
  const mainClient = (driver.page.mainFrame() as unknown as PuppeteerFrame).client;
  for (const f of all) {
    if (known.has(f._id) || f.client === mainClient) continue;
    const parent = f.parentFrame();
    if (!parent) continue;
    let origin = "null";
    try {
      origin = new URL(f.url()).origin;
    } catch { /* opaque */ }
    doors.push(remoteDoor(f.client, {
      frameId: f._id,
      parentId: parent._id,
      loaderId: f._loaderId,
      url: f.url(),
      securityOrigin: origin,
    }));
    known.add(f._id);
  }
  return doors;
}

/**
 * Call a function (source text) in Porthole's world of a frame with value arguments, on the
 * frame's own target: the same read in a same-origin and in a cross-site frame.
 */
export async function callInFrame<T>(
  door: FrameDoor,
  fn: string,
  args: unknown[] = [],
  signal?: AbortSignal,
): Promise<T> {
  return await callFunction<T>(door, { executionContextId: await door.world(signal) }, fn, args, signal);
}

/** A function called on one element with plain arguments, its value returned. */
export type CallOn = <T>(fn: string, args: unknown[]) => Promise<T>;

/** `callInFrame` with `this` bound to an object of Porthole's world of the door's frame. */
export function callOnIn<T>(
  door: FrameDoor,
  objectId: string,
  fn: string,
  args: unknown[] = [],
  signal?: AbortSignal,
): Promise<T> {
  return callFunction<T>(door, { objectId }, fn, args, signal);
}

/** `Runtime.callFunctionOn` in a world or on an object, by value; a thrown exception rejects. */
async function callFunction<T>(
  door: FrameDoor,
  on: { executionContextId: number } | { objectId: string },
  fn: string,
  args: unknown[],
  signal?: AbortSignal,
): Promise<T> {
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    ...on,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  }, signal);
  if (r.exceptionDetails) {
    throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  }
  return r.result.value as T;
}

/**
 * Run `fn` on a node of the door's frame (by backend node id) in Porthole's world there, or
 * answer `gone` when the node no longer exists; in or out of the page's process alike.
 */
export async function onElementIn<T>(
  door: FrameDoor,
  backendNodeId: number,
  gone: T,
  fn: (call: CallOn) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const executionContextId = await door.world(signal);
  const resolved = await door.send<Protocol.DOM.ResolveNodeResponse>("DOM.resolveNode", {
    backendNodeId,
    executionContextId,
  }, signal).catch((err) => {
    if (signal?.aborted) throw err;
    return null;
  });
  const objectId = resolved?.object.objectId;
  if (!objectId) return gone;
  try {
    return await fn((fnText, args) => callOnIn(door, objectId, fnText, args, signal));
  } finally {
    door.send("Runtime.releaseObject", { objectId }).catch(() => {});
  }
}

/**
 * The element behind a ref, resolved in Porthole's world of the ref's own frame: its object id
 * there and that frame, or null when the frame, its document or the element is gone. Never
 * another element: a ref number is never given twice within one document.
 */
export async function resolveRef(
  driver: PageDriver,
  ref: RefTarget,
  signal?: AbortSignal,
): Promise<{ objectId: string; frame: FrameInfo; door: FrameDoor } | null> {
  const door = (await framesOf(driver, signal)).find((d) => d.info.frameId === ref.frameId);
  if (!door || door.info.loaderId !== ref.loaderId) return null;
  return await resolveRefIn(door, ref, signal);
}

/**
 * `resolveRef` in a frame already read (its document checked against the ref's by the caller).
 * With `objectGroup`, the object is made in that group, and let go with it.
 */
export async function resolveRefIn(
  door: FrameDoor,
  ref: RefTarget,
  signal?: AbortSignal,
  objectGroup?: string,
): Promise<{ objectId: string; frame: FrameInfo; door: FrameDoor } | null> {
  const world = await door.world(signal);
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: RESOLVE_REF,
    executionContextId: world,
    arguments: [{ value: ref.token }, { value: ref.n }],
    ...(objectGroup ? { objectGroup } : {}),
  }, signal);
  const objectId = r.result.objectId;
  return objectId ? { objectId, frame: door.info, door } : null;
}

/**
 * The document node of a ref's frame, when it is still the document the ref was observed in
 * (made in `objectGroup` when given).
 */
export async function resolveRefDocument(
  door: FrameDoor,
  token: string,
  signal?: AbortSignal,
  objectGroup?: string,
): Promise<string | null> {
  const world = await door.world(signal);
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: RESOLVE_DOCUMENT,
    executionContextId: world,
    arguments: [{ value: token }],
    ...(objectGroup ? { objectGroup } : {}),
  }, signal);
  return r.result.objectId ?? null;
}

/** Chromium's role and name of a resolved element now, read the way the walker read them. */
export async function fingerprintOf(
  door: FrameDoor,
  objectId: string,
  signal?: AbortSignal,
): Promise<{ role: string; name: string }> {
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: FINGERPRINT,
    returnByValue: true,
  }, signal);
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
  return r.result.value as { role: string; name: string };
}
