/** `agent/observe annotateScreenshot`: the options of a Set-of-Marks screenshot (numbered boxes over elements). */
import type { Annotation } from "../session/page_images.ts";
import * as v from "valibot";
import { Flag, Num } from "./schema.ts";

export type { Annotation };

/** A color becomes CSS text: anything not color-like is the default. */
const Color = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.transform((c) => /^[#a-zA-Z0-9(),.\s%]{1,40}$/.test(c) ? c : fallback)),
    fallback,
  );
const FONT = "bold 12px sans-serif";

const Options = v.object({
  enabled: Flag,
  maxLabels: v.optional(Num(1, 500), 50),
  labelFormat: v.optional(v.picklist(["number", "ref", "both"]), "number"),
  useStableRefs: Flag,
  style: v.optional(
    v.object({
      badge: v.optional(
        v.object({
          color: Color("#FF0000"),
          textColor: Color("#FFFFFF"),
          size: v.optional(Num(8, 64), 20),
          font: v.optional(
            v.pipe(v.string(), v.transform((f) => /^[\w\s.,"'-]{1,80}$/.test(f) ? f : FONT)),
            FONT,
          ),
        }),
        {},
      ),
      box: v.optional(
        v.object({
          color: Color("#FF0000"),
          width: v.optional(Num(0, 20), 2),
          style: v.optional(v.picklist(["solid", "dashed"]), "solid"),
        }),
        {},
      ),
      showBoundingBox: v.optional(v.boolean(), true),
      opacity: v.optional(Num(0, 1), 0.8),
    }),
    {},
  ),
});

/** `annotateScreenshot`: `true`, or an options object with `enabled`; null when off. */
export const Annotate = v.pipe(
  v.optional(v.union([v.boolean(), Options]), false),
  v.transform((a): Annotation | null => {
    if (a === false || (a !== true && a.enabled !== true)) return null;
    const o = v.parse(Options, a === true ? {} : a);
    const { badge, box } = o.style;
    return {
      maxLabels: o.maxLabels,
      labelFormat: o.labelFormat,
      style: {
        badgeColor: badge.color,
        textColor: badge.textColor,
        size: badge.size,
        font: badge.font,
        boxColor: box.color,
        boxWidth: box.width,
        boxStyle: box.style,
        showBox: o.style.showBoundingBox,
        opacity: o.style.opacity,
      },
    };
  }),
);
