/**
 * A screenshot's `scale: "css"`: one image pixel per CSS pixel however many device pixels the
 * page is emulated with. Chromium captures device pixels; the clip's scale takes them back.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";
import { mainFrame } from "../core/world_calls.ts";

type Clip = Protocol.Page.Viewport;

/** Turn capture params into CSS pixels: the clip (the visual viewport without one) scaled by 1/dpr. */
export async function inCssPixels(
  driver: PageDriver,
  params: { clip?: Clip },
  signal: AbortSignal,
): Promise<void> {
  const main = mainFrame(await driver.frames(signal));
  const dpr = await driver.callIn<number>(main, "function () { return devicePixelRatio; }", [], signal);
  if (!(dpr > 0) || dpr === 1) return;
  if (!params.clip) {
    const m = await driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}, signal);
    const vv = m.cssVisualViewport;
    params.clip = { x: vv.pageX, y: vv.pageY, width: vv.clientWidth, height: vv.clientHeight, scale: 1 };
  }
  params.clip = { ...params.clip, scale: params.clip.scale / dpr };
}
