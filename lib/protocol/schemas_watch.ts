/** Input schemas of the operations that watch a page: wait, inspect, screenshot, pdf. */
import * as v from "valibot";
import { TimeoutMs } from "./schemas.ts";

const PageId = v.optional(
  v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description("Default: the active page")),
);

const CONDITIONS = ["text", "textGone", "url", "loadState", "timeMs"] as const;

/** Body of POST /v1/sessions/{sid}/wait: exactly one condition. */
export const WaitInput = v.pipe(
  v.strictObject({
    pageId: PageId,
    text: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(4096),
        v.description("Wait until this text is on the page"),
      ),
    ),
    textGone: v.optional(
      v.pipe(v.string(), v.minLength(1), v.maxLength(4096), v.description("Wait until this text is gone")),
    ),
    url: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(8192),
        v.description("Wait until the real URL contains this"),
      ),
    ),
    loadState: v.optional(v.picklist(["load", "networkidle"])),
    timeMs: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60000), v.description("Wait this long")),
    ),
    timeoutMs: v.optional(TimeoutMs),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const given = CONDITIONS.filter((k) => dataset.value[k] !== undefined);
    if (given.length === 1) return;
    // Name a field, so the error says which one to drop (or that one is missing).
    const key = given.length ? given[1] : "text";
    addIssue({
      message: given.length
        ? `give exactly one condition, not ${given.join(" and ")}`
        : `give one condition: ${CONDITIONS.join(", ")}`,
      path: [{ type: "object", origin: "value", input: dataset.value, key, value: dataset.value[key] }],
    });
  }),
);
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
  timeoutMs: v.optional(TimeoutMs),
});
export type ScreenshotInput = v.InferOutput<typeof ScreenshotInput>;

const Inches = (max: number, what: string) =>
  v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(max), v.description(what)));

/** Body of POST /v1/sessions/{sid}/pdf. */
export const PdfInput = v.strictObject({
  pageId: PageId,
  paperWidth: Inches(100, "Paper width in inches (default 8.5)"),
  paperHeight: Inches(100, "Paper height in inches (default 11)"),
  landscape: v.optional(v.boolean()),
  scale: v.optional(v.pipe(v.number(), v.minValue(0.1), v.maxValue(2))),
  printBackground: v.optional(v.pipe(v.boolean(), v.description("Default true"))),
  margin: v.optional(
    v.strictObject({
      top: Inches(50, "In inches"),
      right: Inches(50, "In inches"),
      bottom: Inches(50, "In inches"),
      left: Inches(50, "In inches"),
    }),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type PdfInput = v.InferOutput<typeof PdfInput>;
