/**
 * How a Set-of-Marks screenshot labels its boxes: the options a client may send (BAP's
 * `annotateScreenshot`), their defaults (written once, here) and the annotation they make.
 */
import * as v from "valibot";

const Num = (min: number, max: number) => v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));

/** A color becomes CSS text: anything not color-like is the default. */
const Color = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.transform((c) => /^[#a-zA-Z0-9(),.\s%]{1,40}$/.test(c) ? c : fallback)),
    fallback,
  );
const FONT = "bold 12px sans-serif";

export const AnnotationOptions = v.object({
  enabled: v.optional(v.boolean()),
  maxLabels: v.optional(Num(1, 500), 50),
  labelFormat: v.optional(v.picklist(["number", "ref", "both"]), "number"),
  useStableRefs: v.optional(v.boolean()),
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

function annotationOf(o: v.InferOutput<typeof AnnotationOptions>) {
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
}

export type Annotation = ReturnType<typeof annotationOf>;

export const DEFAULT_ANNOTATION: Annotation = annotationOf(v.parse(AnnotationOptions, {}));

/** `true`, or the options with `enabled: true`; null when off. */
export const Annotate = v.pipe(
  v.optional(v.union([v.boolean(), AnnotationOptions]), false),
  v.transform((a): Annotation | null => {
    if (a === false || (a !== true && a.enabled !== true)) return null;
    return a === true ? DEFAULT_ANNOTATION : annotationOf(a);
  }),
);
