/**
 * Screenshots with numbered boxes over elements (Set-of-Marks), and a page's content size. Plain
 * screenshots and PDFs are the core operations of watch.ts.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../driver/page_driver.ts";
import { DRAW, UNDRAW } from "../snapshot/overlay_scripts.ts";
import { viewportOf } from "./page_facts.ts";
import type { PageRecord } from "./page_record.ts";
import { mainFrame } from "./world_calls.ts";
import { type Annotation, DEFAULT_ANNOTATION } from "../protocol/annotation.ts";

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

/** The page's whole content size in CSS pixels. */
export async function contentSize(driver: PageDriver, signal?: AbortSignal) {
  const m = await driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}, signal);
  return { width: m.cssContentSize.width, height: m.cssContentSize.height };
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
}

/** A PNG of the viewport with the marks drawn over the page (in the main frame), removed at once after. */
export async function screenshotBoxes(
  driver: PageDriver,
  marks: Mark[],
  style: MarkStyle,
  signal?: AbortSignal,
): Promise<string> {
  const frame = mainFrame(await driver.frames(signal));
  await driver.callIn(frame, DRAW, [marks, style], signal);
  try {
    return await captureScreenshot(driver, { format: "png" }, signal);
  } finally {
    await driver.callIn(frame, UNDRAW, [], undefined).catch(() => {});
  }
}

type Bounds = { x: number; y: number; width: number; height: number };

/**
 * Set-of-Marks: a PNG of the viewport with numbered boxes over the elements that have bounds
 * (the first `maxLabels`), and which label stands for which ref. Without a box to draw it is a
 * plain JPEG, `annotated: false`.
 */
export async function annotatedScreenshot(
  rec: PageRecord,
  boxes: { ref: string; bounds?: Bounds }[],
  a: Annotation,
  signal?: AbortSignal,
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
  }));
  const data = await screenshotBoxes(rec.driver, marks, a.style, signal);
  return { data, format: "png" as const, ...viewport, annotated: true, map };
}
