/** Input schemas of the operations that read a page for an agent: discover, extract, elements. */
import * as v from "valibot";
import { TimeoutMs } from "./schemas.ts";
import { Annotate } from "./annotation.ts";
import { LocatorSchema } from "./locator.ts";

const Id = (what: string) => v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description(what));
const PageId = v.optional(Id("Default: the active page"));
const Flag = (what: string) => v.optional(v.pipe(v.boolean(), v.description(what)));
const FrameId = v.optional(Id("Exact frame to read; default: the main frame"));

/** Body of POST /v1/sessions/{sid}/discover. */
export const DiscoverInput = v.strictObject({
  pageId: PageId,
  frameId: FrameId,
  maxTools: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000), v.description("Default 50")),
  ),
  includeInputSchemas: v.optional(
    v.pipe(v.boolean(), v.description("Include each tool's input schema (default true)")),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type DiscoverInput = v.InferOutput<typeof DiscoverInput>;

const SCHEMA_TYPES = ["object", "array", "string", "number", "boolean"] as const;
/** A schema is read by the page's heuristics: a small one is plenty. */
const MAX_SCHEMA_BYTES = 16_384;

/** The JSON schema an extraction is shaped by: its `type`, `properties` and `items` are read. */
export const ExtractSchema = v.pipe(
  v.looseObject({
    type: v.picklist(SCHEMA_TYPES),
    properties: v.optional(v.record(v.string(), v.looseObject({}))),
    items: v.optional(v.looseObject({})),
  }),
  v.check((s) => JSON.stringify(s).length <= MAX_SCHEMA_BYTES, `is larger than ${MAX_SCHEMA_BYTES} bytes`),
  v.description(
    "A small JSON schema: type object (with properties), array (with items), string, number or boolean",
  ),
);

/** Body of POST /v1/sessions/{sid}/extract. */
export const ExtractInput = v.strictObject({
  pageId: PageId,
  schema: ExtractSchema,
  mode: v.optional(
    v.pipe(
      v.picklist(["single", "list", "table"]),
      v.description(
        "single (default): one value or object; list: repeated items; table: rows of the first table",
      ),
    ),
  ),
  frameId: FrameId,
  ref: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(64),
      v.description("Scope: a ref of the session's current state (not consumed)"),
    ),
  ),
  locator: v.optional(
    v.pipe(
      LocatorSchema,
      v.description(
        "Scope: the one element this locator names in the frame, waited for until timeoutMs; excludes ref",
      ),
    ),
  ),
  stateId: v.optional(v.pipe(v.string(), v.maxLength(128), v.description("The state the ref comes from"))),
  includeSources: v.optional(
    v.pipe(v.boolean(), v.description("Also list the elements each item was read from")),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ExtractInput = v.InferOutput<typeof ExtractInput>;

/** Body of POST /v1/sessions/{sid}/elements. */
export const ElementsInput = v.strictObject({
  pageId: PageId,
  frameId: FrameId,
  maxElements: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(500),
      v.description("At most this many elements (default 100; 0 lists none but still observes)"),
    ),
  ),
  roles: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(64))),
      v.maxLength(100),
      v.description("List only elements of these roles (totalElements still counts all)"),
    ),
  ),
  annotate: v.pipe(
    Annotate,
    v.description(
      "true, or Set-of-Marks options with enabled: true: also store a PNG of the viewport with numbered boxes over the listed elements",
    ),
  ),
  screenshot: Flag("Also store a screenshot of the viewport (JPEG; the annotated PNG when annotate is on)"),
  metadata: Flag("Also give the frame's title and the viewport's size"),
  stability: Flag(
    "Mark each element stable or new against this page's previous listing with stability, and remember this one",
  ),
  changes: Flag(
    "With stability: also list the elements added, updated (new name) and removed since that previous listing",
  ),
  refresh: Flag("With stability: forget the previous listing first, so every element is new"),
  tools: Flag("Also list the WebMCP tools the frame declares (as discover does)"),
  observe: Flag(
    "false: observe nothing (no stateId, no elements, the current state stays); only metadata, tools and the plain screenshot; excludes annotate and stability",
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ElementsInput = v.InferOutput<typeof ElementsInput>;
