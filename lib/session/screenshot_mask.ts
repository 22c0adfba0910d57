/**
 * A screenshot's `mask`: every element each locator matches in the main frame is covered by an
 * opaque box for the capture only, drawn by the annotated screenshot's own overlay and removed
 * at once after, so the page keeps nothing of it. A locator that matches nothing masks nothing.
 */
import { PortholeError } from "../protocol/errors.ts";
import type { Locator } from "../protocol/locator.ts";
import type { PageDriver } from "../driver/page_driver.ts";
import { RESOLVE_REF } from "../snapshot/walker.ts";
import { MATCH } from "./locate_script.ts";
import { coreRef, refParts } from "./locate_refs.ts";
import type { StateRecord } from "./states.ts";
import { type Mark, type MarkStyle, withMarks } from "./page_images.ts";
import { mainFrame } from "./world_calls.ts";

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

/** The border boxes, in document coordinates, of what each query matches (or which one is invalid). */
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
      if (r.width > 0 && r.height > 0) boxes.push({ x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height });
    }
  }
  return { boxes };
}`;

/** What the page is asked to match for one locator: a ref of `state` by its registry number. */
function queryOf(loc: Locator, state: StateRecord | null, mainId: string): unknown {
  if (loc.type === "semantic") return { type: "text", value: loc.description };
  if (loc.type !== "ref") return loc;
  const parts = state && refParts(state, coreRef(loc.ref));
  return parts && parts.frameId === mainId ? { type: "ref", token: parts.token, n: parts.n } : null;
}

/** Run `capture` with the masks over the page; without a box to draw, just `capture`. */
export async function withMasks<T>(
  driver: PageDriver,
  mask: Locator[] | undefined,
  state: StateRecord | null,
  capture: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (!mask?.length) return await capture();
  const main = mainFrame(await driver.frames(signal));
  const found = await driver.callIn<
    { boxes: { x: number; y: number; w: number; h: number }[] } | { invalid: number; message: string }
  >(main, MASK_BOXES, [mask.map((loc) => queryOf(loc, state, main.frameId))], signal);
  if ("invalid" in found) {
    const field = `mask.${found.invalid}`;
    throw new PortholeError("invalid_params", `Invalid ${field}: ${found.message}`, {
      details: { field, issue: found.message },
    });
  }
  if (!found.boxes.length) return await capture();
  const marks: Mark[] = found.boxes.map((b) => ({ ...b, bx: 0, by: 0, label: "" }));
  return await withMarks(driver, marks, MASK_STYLE, capture, signal);
}
