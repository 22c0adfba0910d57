/**
 * Screenshots with numbered boxes over elements (Set-of-Marks), and an image's size. Plain
 * screenshots and PDFs are the core operations of watch.ts.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";
import { DRAW, UNDRAW } from "../../snapshot/overlay_scripts.ts";
import { viewportOf } from "./facts.ts";
import type { PageRecord } from "../core/page_record.ts";
import { mainFrame } from "../core/world_calls.ts";
import { type Annotation, DEFAULT_ANNOTATION } from "../../protocol/annotation.ts";

export { type Annotation, DEFAULT_ANNOTATION };

interface ShotOptions {
  format: "png" | "jpeg" | "webp";
  quality?: number;
  clip?: { x: number; y: number; width: number; height: number; scale: number };
  captureBeyondViewport?: boolean;
}

/** A screenshot, base64. */
async function captureScreenshot(
  driver: PageDriver,
  opts: ShotOptions,
  signal?: AbortSignal,
): Promise<string> {
  const r = await driver.send<Protocol.Page.CaptureScreenshotResponse>(
    "Page.captureScreenshot",
    { ...opts },
    signal,
  );
  return r.data;
}

/**
 * An image's size in pixels, read from its header (PNG IHDR, JPEG start of frame, WebP VP8/VP8L/
 * VP8X): what was encoded, device pixels included, whatever the clip asked for.
 */
export function imageSize(b: Uint8Array): { width: number; height: number } {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const tag = (at: number) => String.fromCharCode(...b.subarray(at, at + 4));
  if (tag(0) === "\x89PNG") return { width: view.getUint32(16), height: view.getUint32(20) };
  if (tag(0) === "RIFF") {
    const u24 = (at: number) => view.getUint32(at, true) & 0xffffff;
    if (tag(12) === "VP8X") return { width: u24(24) + 1, height: u24(27) + 1 };
    if (tag(12) === "VP8L") {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  // JPEG: walk the segments to the first start of frame (SOF0..SOF15 but DHT, JPG and DAC).
  for (let at = 2; at + 9 < b.length; at += 2 + view.getUint16(at + 2)) {
    const marker = b[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
  }
  return { width: 0, height: 0 };
}

export interface Mark {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where the badge goes. */
  bx: number;
  by: number;
  label: string;
}

export interface MarkStyle {
  badgeColor: string;
  textColor: string;
  size: number;
  font: string;
  boxColor: string;
  boxWidth: number;
  boxStyle: "solid" | "dashed";
  showBox: boolean;
  opacity: number;
  /** Fill each box with this colour. */
  fill?: string;
  /** Marks are in document coordinates, not the viewport's. */
  page?: boolean;
}

/** Run `capture` with the marks drawn over the page (in the main frame), removed at once after. */
export async function withMarks<T>(
  driver: PageDriver,
  marks: Mark[],
  style: MarkStyle,
  capture: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const frame = mainFrame(await driver.frames(signal));
  try {
    // Inside the try: a drawing the deadline cut short may still land, and Chromium runs the
    // removal after it (one target's commands run in order).
    await driver.callIn(frame, DRAW, [marks, style], signal);
    return await capture();
  } finally {
    await driver.callIn(frame, UNDRAW, [], undefined).catch(() => {});
  }
}

/** A PNG of the viewport with the marks drawn over the page, removed at once after. */
export function screenshotBoxes(
  driver: PageDriver,
  marks: Mark[],
  style: MarkStyle,
  signal?: AbortSignal,
): Promise<string> {
  return withMarks(driver, marks, style, () => captureScreenshot(driver, { format: "png" }, signal), signal);
}

export type Bounds = { x: number; y: number; width: number; height: number };

/**
 * A mark cut to `within`: the part of its box inside it, its badge kept; no box and no badge
 * when nothing of it is inside (an inner frame's element scrolled out of the frame's view).
 */
function clipped(m: Mark, within: Bounds): Mark[] {
  const x = Math.max(m.x, within.x), y = Math.max(m.y, within.y);
  const w = Math.min(m.x + m.w, within.x + within.width) - x;
  const h = Math.min(m.y + m.h, within.y + within.height) - y;
  return w > 0 && h > 0 ? [{ ...m, x, y, w, h }] : [];
}

/**
 * Set-of-Marks: a PNG of the viewport with numbered boxes over the elements that have bounds
 * (the first `maxLabels`), and which label stands for which ref; boxes are drawn only within
 * `within` when given (the map keeps every label). Without a box to draw it is a plain JPEG,
 * `annotated: false`.
 */
export async function annotatedScreenshot(
  rec: PageRecord,
  boxes: { ref: string; bounds?: Bounds }[],
  a: Annotation,
  signal?: AbortSignal,
  within?: Bounds,
) {
  const viewport = await viewportOf(rec, signal);
  const labeled = boxes.filter((b) => b.bounds).slice(0, a.maxLabels);
  const map = labeled.map((b, i) => {
    const n = String(i + 1);
    const label = a.labelFormat === "number" ? n : a.labelFormat === "ref" ? b.ref : `${n}:${b.ref}`;
    return { label, ref: b.ref, position: { x: b.bounds!.x, y: b.bounds!.y - a.style.size - 2 } };
  });
  if (!labeled.length) {
    const data = await captureScreenshot(rec.driver, { format: "jpeg", quality: 80 }, signal);
    return { data, format: "jpeg" as const, ...viewport, annotated: false, map };
  }
  const marks = labeled.map((b, i) => ({
    x: b.bounds!.x,
    y: b.bounds!.y,
    w: b.bounds!.width,
    h: b.bounds!.height,
    bx: map[i].position.x,
    by: map[i].position.y,
    label: map[i].label,
  })).flatMap((m) => within ? clipped(m, within) : [m]);
  const data = await screenshotBoxes(rec.driver, marks, a.style, signal);
  return { data, format: "png" as const, ...viewport, annotated: true, map };
}
