/** Input schemas of the operations that watch a page: wait, inspect, screenshot, pdf. */
import * as v from "valibot";
import { TimeoutMs } from "./schemas.ts";
import { LocatorSchema } from "./locator.ts";

const PageId = v.optional(
  v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description("Default: the active page")),
);

const CONDITIONS = ["text", "textGone", "url", "loadState", "timeMs", "locator"] as const;

/** wait's conditions but the locator, and the page and deadline. */
const WAIT = {
  pageId: PageId,
  text: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(4096),
      v.description("Until this text is on the page"),
    ),
  ),
  textGone: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(4096), v.description("Until this text is gone")),
  ),
  url: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(8192),
      v.description("Until the real URL contains this"),
    ),
  ),
  loadState: v.optional(v.picklist(["load", "networkidle"])),
  timeMs: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60000), v.description("Wait this long")),
  ),
  timeoutMs: v.optional(TimeoutMs),
};

/** The locator condition: until the one element a locator names is in a state. */
const ELEMENT = {
  locator: v.optional(
    v.pipe(
      LocatorSchema,
      v.description(
        "Until the one element this names is in `state`; a ref: one of the current state (another is 400 invalid_params at once)",
      ),
    ),
  ),
  state: v.optional(
    v.pipe(
      v.picklist(["visible", "hidden", "enabled", "disabled", "exists"]),
      v.description("With locator (default visible); hidden: also when nothing matches"),
    ),
  ),
  frameId: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(128),
      v.description("With locator: the frame it looks in"),
    ),
  ),
};

/** Exactly one condition; `state` and `frameId` only with a locator. */
function oneCondition<E extends v.ObjectEntries>(entries: E) {
  // The error offers only the conditions this schema takes (MCP's wait has no locator).
  const conditions = CONDITIONS.filter((k) => k in entries);
  return v.pipe(
    v.strictObject(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as Record<string, unknown>;
      const given = conditions.filter((k) => value[k] !== undefined);
      const stray = value.locator === undefined && ["state", "frameId"].find((k) => value[k] !== undefined);
      if (given.length === 1 && !stray) return;
      // Name a field, so the error says which one to drop (or that one is missing).
      const key = stray || (given.length ? given[1] : "text");
      addIssue({
        message: stray
          ? `${stray} goes with locator`
          : given.length
          ? `give exactly one condition, not ${given.join(" and ")}`
          : `give one condition: ${conditions.join(", ")}`,
        path: [{ type: "object", origin: "value", input: value, key, value: value[key] }],
      });
    }),
  );
}

/** Body of POST /v1/sessions/{sid}/wait: exactly one condition. */
export const WaitInput = oneCondition({ ...WAIT, ...ELEMENT });
/** `wait` without the locator condition, as the MCP tool takes it (a locator's schema alone is 1.5 KB). */
export const WaitTextInput = oneCondition(WAIT);
export type WaitInput = v.InferOutput<typeof WaitInput>;

/** Body of POST /v1/sessions/{sid}/inspect. */
export const InspectInput = v.strictObject({
  pageId: PageId,
  kind: v.picklist(["console", "errors", "network"]),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  afterSeq: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  timeoutMs: v.optional(TimeoutMs),
});
export type InspectInput = v.InferOutput<typeof InspectInput>;

/** At most this many locators mask one screenshot. */
export const MAX_MASKS = 32;

/** Body of POST /v1/sessions/{sid}/screenshot. */
export const ScreenshotInput = v.strictObject({
  pageId: PageId,
  ref: v.optional(
    v.pipe(v.string(), v.maxLength(64), v.description("A ref of the session's current state (not consumed)")),
  ),
  stateId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  fullPage: v.optional(v.boolean()),
  clip: v.optional(
    v.pipe(
      v.strictObject({
        x: v.pipe(v.number(), v.finite()),
        y: v.pipe(v.number(), v.finite()),
        width: v.pipe(v.number(), v.minValue(1), v.maxValue(16384)),
        height: v.pipe(v.number(), v.minValue(1), v.maxValue(16384)),
      }),
      v.description("A rectangle of the page in CSS pixels, document coordinates"),
    ),
  ),
  format: v.optional(
    v.pipe(v.picklist(["jpeg", "png", "webp"]), v.description("Image encoding (default jpeg)")),
  ),
  quality: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(100),
      v.description("Compression quality for jpeg and webp (default 80)"),
    ),
  ),
  scale: v.optional(
    v.pipe(
      v.picklist(["device", "css"]),
      v.description("device (default): the page's device pixels; css: one image pixel per CSS pixel"),
    ),
  ),
  mask: v.optional(
    v.pipe(
      v.array(LocatorSchema),
      v.maxLength(MAX_MASKS, `has more than ${MAX_MASKS} locators`),
      v.description(
        "Locators whose every match in the page's frames (iframes, cross-site ones too) is covered by an opaque #FF00FF box in the image (the page is left as it was)",
      ),
    ),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ScreenshotInput = v.InferOutput<typeof ScreenshotInput>;

const Inches = (max: number, what: string) =>
  v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(max), v.description(what)));

/** Paper sizes by name, in inches (width, height). */
export const PAPER: Record<string, [number, number]> = {
  Letter: [8.5, 11],
  Legal: [8.5, 14],
  Tabloid: [11, 17],
  A4: [8.27, 11.69],
  A3: [11.69, 16.54],
  A5: [5.83, 8.27],
};

const LENGTH = /^\s*(\d+(?:\.\d+)?)\s*(px|in|cm|mm)?\s*$/;
const PER_INCH = { px: 1 / 96, in: 1, cm: 1 / 2.54, mm: 1 / 25.4 };

/** A margin: inches, or a CSS length ("1cm", "10px", "0.5in", "5mm"; bare numbers are px) read as inches. */
const Margin = v.optional(v.union([
  v.pipe(v.number(), v.minValue(0), v.maxValue(50)),
  v.pipe(
    v.string(),
    v.regex(LENGTH, 'must be a CSS length such as "1cm"'),
    v.transform((len) => {
      const [, n, unit] = LENGTH.exec(len)!;
      return PER_INCH[(unit ?? "px") as "px"] * Number(n);
    }),
    v.maxValue(50),
  ),
], 'must be a number of inches or a CSS length such as "1cm"'));

/** Body of POST /v1/sessions/{sid}/pdf. */
export const PdfInput = v.strictObject({
  pageId: PageId,
  paper: v.optional(
    v.pipe(
      v.picklist(Object.keys(PAPER)),
      v.description(
        "A paper size by name (Letter, Legal, Tabloid, A4, A3, A5); paperWidth and paperHeight win",
      ),
    ),
  ),
  paperWidth: Inches(100, "Paper width in inches (default 8.5)"),
  paperHeight: Inches(100, "Paper height in inches (default 11)"),
  landscape: v.optional(v.boolean()),
  scale: v.optional(v.pipe(v.number(), v.minValue(0.1), v.maxValue(2))),
  printBackground: v.optional(v.pipe(v.boolean(), v.description("Default true"))),
  margin: v.optional(
    v.pipe(
      v.strictObject({ top: Margin, right: Margin, bottom: Margin, left: Margin }),
      v.description('Each side in inches, or as a CSS length such as "1cm"'),
    ),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type PdfInput = v.InferOutput<typeof PdfInput>;
