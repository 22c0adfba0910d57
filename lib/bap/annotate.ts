/** Set-of-Marks screenshots for `agent/observe annotateScreenshot`: numbered boxes over elements. */
import { captureScreenshot, type MarkStyle, screenshotBoxes } from "../session/page_images.ts";
import { viewportOf } from "./gate.ts";
import type { Params } from "./params.ts";
import type { PageTarget } from "./state.ts";

export interface Annotation {
  maxLabels: number;
  labelFormat: "number" | "ref" | "both";
  style: MarkStyle;
}

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

/** Draw the marks, take a PNG of the viewport, remove the marks. */
export async function annotate(
  t: PageTarget,
  boxes: { ref: string; bounds?: { x: number; y: number; width: number; height: number } }[],
  a: Annotation,
  signal: AbortSignal,
) {
  const viewport = await viewportOf(t.rec, signal);
  const labeled = boxes.filter((b) => b.bounds).slice(0, a.maxLabels);
  const map = labeled.map((b, i) => {
    const n = String(i + 1);
    const label = a.labelFormat === "number" ? n : a.labelFormat === "ref" ? b.ref : `${n}:${b.ref}`;
    return { label, ref: b.ref, position: { x: b.bounds!.x, y: b.bounds!.y - a.style.size - 2 } };
  });
  const driver = t.rec.driver;
  if (!labeled.length) {
    const data = await captureScreenshot(driver, { format: "jpeg", quality: 80 }, signal);
    return { screenshot: { data, format: "jpeg", ...viewport, annotated: false }, map };
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
  const data = await screenshotBoxes(driver, marks, a.style, signal);
  return { screenshot: { data, format: "png", ...viewport, annotated: true }, map };
}
