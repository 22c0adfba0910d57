/**
 * How step 4 of `act` (act_checks.ts) reads the node behind a ref: resolved through the registry
 * of the document it was observed in, with Chromium's role and name of it now and what the
 * checks need to know of it, in as few round trips as the page allows.
 */
import type { Protocol } from "devtools-protocol";
import { RemoteRef } from "../../driver/page_driver.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { FINGERPRINT, RESOLVE_DOCUMENT, RESOLVE_REF } from "../../snapshot/walker.ts";
import { ELEMENT_INFO } from "../core/page_scripts.ts";
import { SETTLE_ARM } from "../../snapshot/page_lib.ts";
import { Stop } from "./params.ts";
import { fingerprintOf, type FrameDoor, resolveRefIn } from "../core/frame_doors.ts";
import type { ElementInfo } from "./preflight.ts";
import type { PageRecord } from "../core/page_record.ts";

export type AxFacts = { role: string; name: string } | null;

/** A read that never rejects unobserved: its value or its error, taken in the order the checks need. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
export const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then((value) => ({ ok: true as const, value }), (error) => ({ ok: false as const, error }));
export const valueOf = <T>(s: Settled<T>): T => {
  if (!s.ok) throw s.error;
  return s.value;
};

/**
 * A ref's node, resolved through the registry of the document it was observed in (never another
 * node), and Chromium's role and name of it now, for the fingerprint. A node of a frame that
 * loaded another document is document_changed; one that left its document is element_detached.
 * With `facts`, the node's facts are read beside the fingerprint (both only read the node); with
 * `facts.document`, the same read says whether the ref's document is still the one it was observed
 * in (`documentGone`), the check a state of that same document needs. The node is made in
 * `objectGroup` when given; `byValue` (with `facts`) reads it by value only, making no node (the
 * answer's objectId is then null, and so are its node and info when the element is gone).
 */
export async function readRef(
  rec: PageRecord,
  doors: FrameDoor[],
  ref: RefTarget,
  signal: AbortSignal,
  facts?: RefFactsAsked,
  objectGroup?: string,
  byValue = false,
): Promise<{ objectId: string | null; node: AxFacts; info?: ElementInfo; documentGone?: boolean }> {
  const door = doors.find((d) => d.info.frameId === ref.frameId);
  if (!door || door.info.loaderId !== ref.loaderId) {
    throw new Stop("document_changed", `The frame of ${ref.ref} loaded a new document; observe again`);
  }
  if (door.oop) {
    // Porthole acts through the page's own renderer; this frame runs in another site's.
    throw new Stop(
      "frame_cross_origin",
      `${ref.ref} is in a frame of another site's process; observe that frame`,
    );
  }
  // By value only: the node is read, not made in Porthole's world (a click that needs no node handle).
  if (byValue && facts) {
    const read = await refFacts(door, ref, facts, signal);
    if (read && "documentGone" in read) return { objectId: null, node: null, documentGone: true };
    return read ? { objectId: null, node: read.node, info: read.info } : { objectId: null, node: null };
  }
  // The frames were read once for the whole check: resolve in the door already found. With
  // `facts`, the same registry lookup is sent beside it, reading the element's fingerprint and
  // facts by value, so that both answers come back in one round trip.
  const foundP = settle(resolveRefIn(door, ref, signal, objectGroup));
  const factsP = facts ? settle(refFacts(door, ref, facts, signal)) : null;
  const found = valueOf(await foundP);
  const read = factsP ? await factsP : null;
  if (read?.ok && read.value && "documentGone" in read.value) {
    return { objectId: found?.objectId ?? null, node: null, documentGone: true };
  }
  if (!found) return { objectId: null, node: null };
  try {
    if (read?.ok === false) throw read.error;
    if (read?.value && "node" in read.value) {
      return { objectId: found.objectId, node: read.value.node, info: read.value.info };
    }
    // Not asked for, or the element left between the two lookups: read it through the node resolved.
    const nodeP = settle(fingerprintOf(door, found.objectId, signal));
    const infoP = facts ? settle(elementInfo(rec, found.objectId, facts.hitTest, signal, facts.at)) : null;
    // The fingerprint's failure comes first, as when the two were read one after the other.
    const node = valueOf(await nodeP);
    return { objectId: found.objectId, node, info: infoP ? valueOf(await infoP) : undefined };
  } catch (err) {
    rec.driver.release(found.objectId);
    throw err;
  }
}

/**
 * What the ref's read asks beyond its fingerprint: the hit-test (at a point), whether the ref's
 * document is still there, and `arm`: arm the settle's observer first (SETTLE_ARM), in the same call.
 */
export interface RefFactsAsked {
  hitTest: boolean;
  at?: { x: number; y: number };
  document?: boolean;
  arm?: boolean;
}

/**
 * A ref's element, looked up as RESOLVE_REF does, with its fingerprint and facts (null when it is
 * gone); with `document`, first whether the ref's document is still there, as RESOLVE_DOCUMENT says;
 * with `arm`, the settle's observer is armed before anything else.
 */
const REF_FACTS = `function (token, n, hitTest, at, checkDocument, arm) {
  if (arm) (${SETTLE_ARM})();
  if (checkDocument && !(${RESOLVE_DOCUMENT}).call(this, token)) return { documentGone: true };
  const el = (${RESOLVE_REF}).call(this, token, n);
  if (!el) return null;
  return { node: (${FINGERPRINT}).call(el), info: (${ELEMENT_INFO}).call(el, null, hitTest, at, null) };
}`;

type RefRead = { node: AxFacts; info: ElementInfo } | { documentGone: true } | null;

async function refFacts(
  door: FrameDoor,
  ref: RefTarget,
  facts: RefFactsAsked,
  signal: AbortSignal,
): Promise<RefRead> {
  const world = await door.world(signal);
  const r = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: REF_FACTS,
    executionContextId: world,
    arguments: [
      { value: ref.token },
      { value: ref.n },
      { value: facts.hitTest },
      { value: facts.at ?? null },
      { value: facts.document === true },
      { value: facts.arm === true },
    ],
    returnByValue: true,
  }, signal);
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
  return (r.result.value ?? null) as RefRead;
}

export function elementInfo(
  rec: PageRecord,
  objectId: string,
  hitTest: boolean,
  signal: AbortSignal,
  at?: { x: number; y: number },
  ignore?: string,
): Promise<ElementInfo> {
  return rec.driver.callOn<ElementInfo>(
    objectId,
    ELEMENT_INFO,
    [null, hitTest, at ?? null, ignore ? new RemoteRef(ignore) : null],
    signal,
  );
}
