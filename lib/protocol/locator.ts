/**
 * A locator: one of the ten ways to name an element (BAP's selector object), read strictly, the
 * one definition the core's `locate` takes. A refused construct is refused here, before a page.
 */
import * as v from "valibot";

/** A string that must hold something. */
export const Text = (max: number) =>
  v.pipe(
    v.string(),
    v.check((s) => s.trim() !== "", "must not be empty"),
    v.maxLength(max, `is longer than ${max}`),
  );
const Str = v.optional(v.string());
const Flag = v.optional(v.boolean());

const MAX_VALUE = 10_000;
const point = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000));

export const LocatorSchema = v.variant("type", [
  v.object({
    type: v.literal("css"),
    value: v.pipe(
      Text(MAX_VALUE),
      v.check(
        (s) => !/url\s*\(\s*['"]?\s*javascript:|expression\s*\(/i.test(s),
        "contains a refused construct",
      ),
    ),
  }),
  v.object({
    type: v.literal("xpath"),
    value: v.pipe(Text(MAX_VALUE), v.check((s) => !/document\s*\(/i.test(s), "contains document()")),
  }),
  v.object({ type: v.literal("role"), role: Text(64), name: Str, exact: Flag }),
  v.object({ type: v.literal("text"), value: Text(MAX_VALUE), exact: Flag }),
  v.object({ type: v.literal("label"), value: Text(MAX_VALUE), exact: Flag }),
  v.object({ type: v.literal("placeholder"), value: Text(MAX_VALUE), exact: Flag }),
  v.object({ type: v.literal("testId"), value: Text(MAX_VALUE) }),
  v.object({ type: v.literal("semantic"), description: Text(MAX_VALUE) }),
  v.object({ type: v.literal("coordinates"), x: point, y: point }),
  v.object({ type: v.literal("ref"), ref: Text(MAX_VALUE) }),
]);

export type Locator = v.InferOutput<typeof LocatorSchema>;
