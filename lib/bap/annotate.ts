/** Set-of-Marks screenshots for `agent/observe annotateScreenshot`: numbered boxes over elements. */
import { annotatedScreenshot, type Annotation } from "../session/page_images.ts";
import type { Params } from "./params.ts";
import type { PageTarget } from "./state.ts";

export type { Annotation };

/** Read `annotateScreenshot` (`true`, or an options object with `enabled`); null when off. */
export function readAnnotation(p: Params): Annotation | null {
  const raw = p.get("annotateScreenshot");
  if (raw === undefined || raw === false) return null;
  const o = raw === true ? null : p.obj("annotateScreenshot")!;
  if (o && o.bool("enabled") !== true) return null;
  const style = o?.obj("style");
  const badge = style?.obj("badge");
  const box = style?.obj("box");
  const color = (q: typeof badge, key: string, fallback: string) => {
    const v = q?.str(key) ?? fallback;
    // Colors become CSS text: allow only color-like values.
    return /^[#a-zA-Z0-9(),.\s%]{1,40}$/.test(v) ? v : fallback;
  };
  const font = badge?.str("font") ?? "bold 12px sans-serif";
  o?.bool("useStableRefs");
  return {
    maxLabels: o?.num("maxLabels", 1, 500) ?? 50,
    labelFormat: o?.oneOf("labelFormat", ["number", "ref", "both"] as const) ?? "number",
    style: {
      badgeColor: color(badge, "color", "#FF0000"),
      textColor: color(badge, "textColor", "#FFFFFF"),
      size: badge?.num("size", 8, 64) ?? 20,
      font: /^[\w\s.,"'-]{1,80}$/.test(font) ? font : "bold 12px sans-serif",
      boxColor: color(box, "color", "#FF0000"),
      boxWidth: box?.num("width", 0, 20) ?? 2,
      boxStyle: box?.oneOf("style", ["solid", "dashed"] as const) ?? "solid",
      showBox: style?.bool("showBoundingBox") ?? true,
      opacity: style?.num("opacity", 0, 1) ?? 0.8,
    },
  };
}

/** Draw the marks, take a PNG of the viewport, remove the marks (the core's Set-of-Marks screenshot). */
export async function annotate(
  t: PageTarget,
  boxes: { ref: string; bounds?: { x: number; y: number; width: number; height: number } }[],
  a: Annotation,
  signal: AbortSignal,
) {
  const { map, ...shot } = await annotatedScreenshot(t.rec, boxes, a, signal);
  return { screenshot: shot, map };
}
