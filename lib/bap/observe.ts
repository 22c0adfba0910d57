/** The 7 `observe/*` methods: screenshot, accessibility, dom, element, pdf, content, ariaSnapshot. */
import * as v from "valibot";
import { PdfInput, ScreenshotInput } from "../protocol/schemas_watch.ts";
import { ELEMENT_PROPERTIES } from "../protocol/schemas_observe.ts";
import type { Artifact } from "../artifacts/store.ts";
import { asIs, asSelector, type Method, naming, pick, viaOp } from "./call.ts";
import type { OpName, OpOutput } from "../ops/call.ts";
import { takeBytes, takeImage } from "./gate.ts";
import { Flag, Num, Opts, PageId, picked, renamed, SelectorSchema, Str } from "./schema.ts";

const Screenshot = v.object({
  pageId: PageId,
  options: Opts({
    ...picked(ScreenshotInput, ["fullPage", "clip", "scale", "mask"]).entries,
    format: v.optional(v.picklist(["png", "jpeg", "webp"]), "jpeg"),
    quality: v.optional(Num(0, 100)),
  }),
});

/** The core's screenshot, which says the image's size. */
const screenshot = viaOp(Screenshot, "screenshot", ({ options: o }) => ({
  format: o.format,
  // The core's quality starts at 1, which encodes as 0 does.
  ...o.format !== "png" ? { quality: Math.max(1, Math.round(o.quality ?? 80)) } : {},
  ...o.clip ? { clip: o.clip } : o.fullPage ? { fullPage: true } : {},
  // The spec's default is CSS pixels; over HTTP it is the device's.
  scale: o.scale ?? "css",
  mask: o.mask,
}), (r: { artifact: Artifact; width: number; height: number }, _, s) => ({
  ...takeImage(s, r.artifact),
  width: r.width,
  height: r.height,
}));

/** The core's pdf with BAP's defaults: A4, portrait, scale 1, no background. */
const Pdf = v.object({
  pageId: PageId,
  options: Opts({
    ...renamed(PdfInput, { format: "paper" }),
    ...picked(PdfInput, ["margin", "landscape", "scale", "printBackground"]).entries,
  }),
});

const pdf = viaOp(Pdf, "pdf", ({ options: o }) => ({
  paper: o.format ?? "A4",
  landscape: o.landscape ?? false,
  scale: o.scale ?? 1,
  printBackground: o.printBackground ?? false,
  margin: o.margin,
}), (r: { artifact: Artifact }, _, s) => ({ data: takeBytes(s, r.artifact) }));

/** A read of the selected frame, through a core operation; its errors name BAP's `selector` (`as`). */
const read = <S extends v.GenericSchema, N extends OpName>(
  params: S,
  op: N,
  input: (p: v.InferOutput<S>) => Record<string, unknown>,
  result: (r: OpOutput<N>) => unknown,
  as = asSelector,
): Method => naming(viaOp(params, op, input, result), as);

const Selected = { pageId: PageId, selector: SelectorSchema };
const NoOptions = { options: v.optional(v.object({})) };
// An unknown format is text, as in the reference server.
const formatOf = (f?: string) => f === "markdown" || f === "html" ? f : "text";

export const OBSERVE_METHODS: Record<string, Method> = {
  "observe/screenshot": screenshot,
  "observe/accessibility": read(
    v.object({
      pageId: PageId,
      options: Opts({
        root: v.optional(SelectorSchema),
        maxDepth: v.optional(Num(1, 100)),
        interestingOnly: v.optional(v.boolean(), true),
        includeHidden: Flag,
      }),
    }),
    "aria",
    ({ options: o }) => ({
      locator: o.root,
      format: "tree",
      maxDepth: o.maxDepth === undefined ? undefined : Math.round(o.maxDepth),
    }),
    pick("tree"),
    (f) => f.replace(/^locator(?=\.|$)/, "options.root"),
  ),
  "observe/dom": read(
    v.object({ pageId: PageId, ...NoOptions }),
    "content",
    () => ({ formats: ["html", "text"] }),
    pick("html", "text", "title", "url"),
  ),
  "observe/element": read(
    v.object({ ...Selected, properties: v.array(v.picklist(ELEMENT_PROPERTIES)) }),
    "element",
    (p) => ({ locator: p.selector, properties: p.properties }),
    asIs,
  ),
  "observe/pdf": pdf,
  "observe/content": read(
    v.object({ pageId: PageId, format: Str }),
    "content",
    (p) => ({ formats: [formatOf(p.format)] }),
    (r) => ({ content: r.html ?? r.markdown ?? r.text, url: r.url, title: r.title }),
  ),
  "observe/ariaSnapshot": read(
    v.object({ ...Selected, selector: v.optional(SelectorSchema), ...NoOptions }),
    "aria",
    (p) => ({ locator: p.selector }),
    pick("snapshot", "url", "title"),
  ),
};
