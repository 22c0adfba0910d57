/** Screenshots and PDFs of a page, and the page's content size (BAP observe/screenshot, observe/pdf). */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../driver/page_driver.ts";

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
