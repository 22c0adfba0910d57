/**
 * Where an inner frame's viewport sits in the page's: what turns a box an in-frame script reads
 * (in its frame's own viewport) into the screenshot's coordinates, for an overlay the main frame
 * draws and for the bounds a listing gives.
 */
import type { Protocol } from "devtools-protocol";
import { callInFrame, type FrameDoor, onElementIn } from "../core/frame_doors.ts";

export interface Offset {
  x: number;
  y: number;
}

/**
 * The corner of an iframe element's content box in its own frame's viewport: where the document
 * it hosts starts (past its border and padding; that document's own scroll is in its boxes).
 */
const CONTENT_CORNER = `function () {
  const r = this.getBoundingClientRect();
  const s = getComputedStyle(this);
  return { x: r.left + this.clientLeft + parseFloat(s.paddingLeft || "0"),
    y: r.top + this.clientTop + parseFloat(s.paddingTop || "0") };
}`;

/**
 * The offset of `door`'s frame viewport in the main frame's, summed up its chain of iframe
 * elements, each read in its parent's own process (a cross-site frame's parent may be another
 * process than the page's); { x: 0, y: 0 } for the main frame; null when a link of the chain is
 * gone (the frame was detached meanwhile). CSS transforms on an iframe element are not followed.
 */
export async function frameOrigin(
  doors: FrameDoor[],
  door: FrameDoor,
  signal?: AbortSignal,
): Promise<Offset | null> {
  const at = { x: 0, y: 0 };
  for (let frame = door, hops = 0; frame.info.parentId; hops++) {
    const parent = doors.find((d) => d.info.frameId === frame.info.parentId);
    if (!parent || hops > doors.length) return null;
    const owner = await parent.send<Protocol.DOM.GetFrameOwnerResponse>("DOM.getFrameOwner", {
      frameId: frame.info.frameId,
    }, signal).catch((err) => {
      if (signal?.aborted) throw err;
      return null;
    });
    if (!owner) return null;
    const corner = await onElementIn<Offset | null>(
      parent,
      owner.backendNodeId,
      null,
      (call) => call<Offset>(CONTENT_CORNER, []),
      signal,
    );
    if (!corner) return null;
    at.x += corner.x;
    at.y += corner.y;
    frame = parent;
  }
  return at;
}

/** A box moved by `by`, rounded to whole CSS pixels as listed bounds are. */
export function shifted<B extends { x: number; y: number }>(box: B, by: Offset): B {
  return { ...box, x: Math.round(box.x + by.x), y: Math.round(box.y + by.y) };
}

/**
 * The rectangle of the page's viewport an inner frame shows (its own viewport past its
 * scrollbars, at `origin`): what of its elements can be in the image.
 */
export async function frameWindow(door: FrameDoor, origin: Offset, signal?: AbortSignal) {
  const size = await callInFrame<{ width: number; height: number }>(
    door,
    "function () { const r = document.documentElement; return { width: r.clientWidth, height: r.clientHeight }; }",
    [],
    signal,
  );
  return { ...origin, ...size };
}
