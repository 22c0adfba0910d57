/** Screenshots (plain or with numbered boxes) and PDFs of a page, and its content size. */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../driver/page_driver.ts";
import { DRAW, UNDRAW } from "../snapshot/overlay_scripts.ts";
import { callIn, mainFrame } from "./world_calls.ts";

export interface ShotOptions {
  format: "png" | "jpeg" | "webp";
  quality?: number;
  clip?: { x: number; y: number; width: number; height: number; scale: number };
  captureBeyondViewport?: boolean;
}

/** A screenshot, base64. */
export async function captureScreenshot(
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

/** The page printed as PDF, base64 (`params` are Page.printToPDF's). */
export async function printPdf(
  driver: PageDriver,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<string> {
  const r = await driver.send<Protocol.Page.PrintToPDFResponse>("Page.printToPDF", params, signal);
  return r.data;
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
  await callIn(driver, frame, DRAW, [marks, style], signal);
  try {
    return await captureScreenshot(driver, { format: "png" }, signal);
  } finally {
    await callIn(driver, frame, UNDRAW, [], undefined).catch(() => {});
  }
}
