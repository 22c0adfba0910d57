/**
 * A screenshot's `mask`: every element each locator matches in any frame of the page Porthole
 * reads (the main frame, same-origin and cross-site iframes) is covered by an opaque box for the
 * capture only, drawn by the annotated screenshot's own overlay and removed at once after, so the
 * page keeps nothing of it. A locator that matches nothing masks nothing.
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { Locator } from "../../protocol/locator.ts";
import type { PageDriver } from "../../driver/page_driver.ts";
import { RESOLVE_REF } from "../../snapshot/walker.ts";
import { MATCH } from "../locate/script.ts";
import { pageQuery } from "../locate/locate.ts";
import { coreRef, refParts } from "../locate/refs.ts";
import type { StateRecord } from "../core/states.ts";
import { type Mark, type MarkStyle, withMarks } from "./images.ts";
import { callInFrame, type FrameDoor, framesOf } from "../core/frame_doors.ts";
import { frameOrigin, type Offset } from "./frame_origin.ts";

export const MASK_COLOR = "#FF00FF";

const MASK_STYLE: MarkStyle = {
  badgeColor: MASK_COLOR,
  textColor: MASK_COLOR,
  size: 0,
  font: "",
  boxColor: MASK_COLOR,
  boxWidth: 0,
  boxStyle: "solid",
  showBox: true,
  opacity: 1,
  fill: MASK_COLOR,
  page: true,
};

/**
 * The border boxes, in the frame's viewport, of what each query matches (or which one is
 * invalid), with the frame's scroll and the size of its viewport past its scrollbars.
 */
const MASK_BOXES = `function (queries) {
  const match = ${MATCH};
  const resolveRef = ${RESOLVE_REF};
  const boxes = [];
  for (let i = 0; i < queries.length; i++) {
    const q = queries[i];
    let els;
    try {
      els = q === null ? [] : q.type === "ref" ? [resolveRef(q.token, q.n)].filter(Boolean) : match({ ...q, all: true });
    } catch (e) {
      return { invalid: i, message: String(e && e.message || e).split("\\n")[0] };
    }
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push({ x: r.left, y: r.top, w: r.width, h: r.height });
    }
  }
  const root = document.documentElement;
  return { boxes, scroll: { x: scrollX, y: scrollY }, size: { w: root.clientWidth, h: root.clientHeight } };
}`;

type Box = { x: number; y: number; w: number; h: number };
type Found = { boxes: Box[]; scroll: Offset; size: { w: number; h: number } } | {
  invalid: number;
  message: string;
};

/** What the page is asked to match for one locator in one frame: a ref only in its own frame. */
function queryOf(loc: Locator, state: StateRecord | null, frameId: string): unknown {
  if (loc.type !== "ref") return pageQuery(loc);
  const parts = state && refParts(state, coreRef(loc.ref));
  return parts && parts.frameId === frameId ? { type: "ref", token: parts.token, n: parts.n } : null;
}

/**
 * What `mask` matches in one frame, in the page viewport's coordinates (an inner frame's cut to
 * its own viewport: what lies beyond is not in the image); null for a frame gone meanwhile. A
 * frame still there that cannot be read fails the capture: an image with its matches bare
 * would defeat the mask.
 */
async function boxesIn(
  driver: PageDriver,
  doors: FrameDoor[],
  door: FrameDoor,
  mask: Locator[],
  state: StateRecord | null,
  signal: AbortSignal,
): Promise<{ found: Found; origin: Offset } | null> {
  const queries = mask.map((loc) => queryOf(loc, state, door.info.frameId));
  try {
    const [found, origin] = await Promise.all([
      callInFrame<Found>(door, MASK_BOXES, [queries], signal),
      frameOrigin(doors, door, signal),
    ]);
    if (!origin) return null;
    if ("invalid" in found || !door.info.parentId) return { found, origin };
    const boxes = found.boxes.flatMap((b) => {
      const x = Math.max(0, b.x), y = Math.max(0, b.y);
      const w = Math.min(found.size.w, b.x + b.w) - x, h = Math.min(found.size.h, b.y + b.h) - y;
      return w > 0 && h > 0 ? [{ x, y, w, h }] : [];
    });
    return { found: { ...found, boxes }, origin };
  } catch (err) {
    if (signal.aborted || !door.info.parentId) throw err;
    const now = (await framesOf(driver, signal)).find((d) => d.info.frameId === door.info.frameId);
    if (!now || now.info.loaderId !== door.info.loaderId) return null;
    throw new PortholeError(
      "observation_failed",
      `The mask could not be looked for in frame ${door.info.frameId}: ${(err as Error).message}`,
      { details: { field: "mask", frameId: door.info.frameId } },
    );
  }
}

/**
 * Run `capture` with the masks over the page; without a box to draw, just `capture`. Every frame
 * Porthole reads (`frames` lists them, cross-site ones too) is searched; the boxes are drawn in
 * the main frame, in document coordinates, so a full-page capture keeps them in place.
 */
export async function withMasks<T>(
  driver: PageDriver,
  mask: Locator[] | undefined,
  state: StateRecord | null,
  capture: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (!mask?.length) return await capture();
  const doors = await framesOf(driver, signal);
  const read = await Promise.all(doors.map((d) => boxesIn(driver, doors, d, mask, state, signal)));
  // Boxes go in the main document's coordinates: the main frame's scroll is added to each.
  const top = read[doors.findIndex((d) => !d.info.parentId)]?.found;
  const scroll = top && "scroll" in top ? top.scroll : { x: 0, y: 0 };
  const marks: Mark[] = [];
  for (const { found, origin } of read.filter((r) => r !== null)) {
    if ("invalid" in found) {
      const field = `mask.${found.invalid}`;
      throw new PortholeError("invalid_params", `Invalid ${field}: ${found.message}`, {
        details: { field, issue: found.message },
      });
    }
    for (const b of found.boxes) {
      marks.push({
        ...b,
        x: b.x + origin.x + scroll.x,
        y: b.y + origin.y + scroll.y,
        bx: 0,
        by: 0,
        label: "",
      });
    }
  }
  if (!marks.length) return await capture();
  return await withMarks(driver, marks, MASK_STYLE, capture, signal);
}
