/** What a page is showing now, read from the browser: its URL (redacted), title and viewport. */
import type { Protocol } from "devtools-protocol";
import { redactUrl } from "../../policy/url.ts";
import type { PageRecord } from "../core/page_record.ts";

export interface Viewport {
  width: number;
  height: number;
}

export interface PageFacts {
  url: string;
  title: string;
  viewport: Viewport;
}

/** The viewport of a page in CSS pixels (1280×720 when Chromium does not say). */
export async function viewportOf(rec: PageRecord, signal?: AbortSignal): Promise<Viewport> {
  const m = await rec.driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}, signal)
    .catch(() => null);
  const vp = m?.cssLayoutViewport;
  return vp && vp.clientWidth > 0
    ? { width: vp.clientWidth, height: vp.clientHeight }
    : { width: 1280, height: 720 };
}

/** URL, title and viewport of the page's main frame; the last known title when it cannot be read. */
export async function pageFacts(rec: PageRecord, signal?: AbortSignal): Promise<PageFacts> {
  const [frames, viewport] = await Promise.all([
    rec.driver.frames(signal).catch(() => []),
    viewportOf(rec, signal),
  ]);
  const main = frames.find((f) => f.parentId === null);
  const title = main
    ? await rec.driver.evaluate<string>(main, "document.title", signal).catch(() => rec.title)
    : rec.title;
  return {
    url: redactUrl(main?.url ?? rec.driver.page.url()),
    title: typeof title === "string" ? title : "",
    viewport,
  };
}
