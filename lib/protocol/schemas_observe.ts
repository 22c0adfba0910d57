/** Input schemas of the page views: content (HTML, text, Markdown), one element's properties, ARIA. */
import * as v from "valibot";
import { TimeoutMs } from "./schemas.ts";
import { LocatorSchema } from "./locator.ts";

const Id = (what: string) => v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description(what));
const PageId = v.optional(Id("Default: the active page"));
const FrameId = v.optional(Id("Exact frame to read; default: the main frame"));

/** Body of POST /v1/sessions/{sid}/content. */
export const ContentInput = v.strictObject({
  pageId: PageId,
  frameId: FrameId,
  formats: v.optional(
    v.pipe(
      v.array(v.picklist(["html", "text", "markdown"])),
      v.minLength(1),
      v.description(
        "Any of html (credential fields and secret attributes redacted), text, markdown; default [text]",
      ),
    ),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ContentInput = v.InferOutput<typeof ContentInput>;

export const ELEMENT_PROPERTIES = [
  "visible",
  "enabled",
  "checked",
  "text",
  "value",
  "boundingBox",
  "attributes",
  "computedStyle",
] as const;

/** Body of POST /v1/sessions/{sid}/element. */
export const ElementInput = v.strictObject({
  pageId: PageId,
  frameId: FrameId,
  locator: v.pipe(LocatorSchema, v.description("The one element to read (refs: of the current state)")),
  properties: v.pipe(
    v.array(v.picklist(ELEMENT_PROPERTIES)),
    v.description("What to read; a sensitive field's value is never shown"),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ElementInput = v.InferOutput<typeof ElementInput>;

/** Body of POST /v1/sessions/{sid}/aria. */
export const AriaInput = v.strictObject({
  pageId: PageId,
  frameId: FrameId,
  locator: v.optional(
    v.pipe(LocatorSchema, v.description("Only this element's subtree, itself included; default the frame")),
  ),
  format: v.optional(
    v.pipe(
      v.picklist(["yaml", "tree"]),
      v.description("yaml (default): ARIA snapshot lines; tree: nested role/name nodes"),
    ),
  ),
  maxDepth: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description("tree only; default 200")),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type AriaInput = v.InferOutput<typeof AriaInput>;
