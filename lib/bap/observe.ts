/** The 7 `observe/*` methods: screenshot, accessibility, dom, element, pdf, content, ariaSnapshot. */
import { contentSize } from "../session/page_images.ts";
import * as v from "valibot";
import { PdfInput, ScreenshotInput } from "../protocol/schemas_watch.ts";
import { ELEMENT_PROPERTIES } from "../protocol/schemas_observe.ts";
import { type Call, type Method, method, viaOp } from "./call.ts";
import type { BapError } from "./errors.ts";
import { artifactBytes, onPage, viewportOf } from "./gate.ts";
import { Flag, Num, Opts, PageId, renamed, Str } from "./schema.ts";
import { SelectorSchema } from "./selectors.ts";

function pngSize(b64: string): { width: number; height: number } {
  const head = Uint8Array.fromBase64(b64.slice(0, 44));
  const view = new DataView(head.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const Screenshot = v.object({
  pageId: PageId,
  options: Opts({
    ...renamed(ScreenshotInput, { fullPage: "fullPage", clip: "clip" }),
    format: v.optional(v.picklist(["png", "jpeg", "webp"]), "jpeg"),
    quality: v.optional(Num(0, 100)),
    scale: v.optional(v.picklist(["css", "device"])),
    mask: v.optional(v.array(v.unknown())),
  }),
});

async function screenshot(call: Call, p: v.InferOutput<typeof Screenshot>) {
  const { format, quality, fullPage, clip } = p.options;
  const t = call.state.target(p.pageId);
  // The size BAP reports is read first, in the page's gate; the core operation queues behind it.
  let size = await onPage(call, t.pageId, async (t, sig) => {
    if (clip) return { width: clip.width, height: clip.height };
    if (!fullPage) return await viewportOf(t.rec, sig);
    const m = await contentSize(t.rec.driver, sig);
    return {
      width: Math.max(1, Math.min(Math.ceil(m.width), 16384)),
      height: Math.max(1, Math.min(Math.ceil(m.height), 16384)),
    };
  });
  const input: Record<string, unknown> = { format };
  // The core's quality starts at 1, which encodes as 0 does.
  if (format !== "png") input.quality = Math.max(1, Math.round(quality ?? 80));
  if (clip) input.clip = clip;
  else if (fullPage) input.fullPage = true;
  const data = (await artifactBytes(call, t.session, "screenshot", { pageId: t.pageId, ...input }))!;
  if (format === "png") size = pngSize(data);
  return { data, format, ...size };
}

/** The core's pdf with BAP's defaults: A4, portrait, scale 1, no background. */
const Pdf = v.object({
  pageId: PageId,
  options: Opts(renamed(PdfInput, {
    format: "paper",
    margin: "margin",
    landscape: "landscape",
    scale: "scale",
    printBackground: "printBackground",
  })),
});

async function pdf(call: Call, p: v.InferOutput<typeof Pdf>) {
  const { format = "A4", landscape = false, scale = 1, printBackground = false, margin } = p.options;
  const input = { paper: format, landscape, scale, printBackground, margin };
  const t = call.state.target(p.pageId);
  return { data: (await artifactBytes(call, t.session, "pdf", { pageId: t.pageId, ...input }))! };
}

/** A read of the selected frame, through a core operation; its errors name BAP's `selector`. */
const read = <S extends v.GenericSchema>(
  params: S,
  op: string,
  input: (p: v.InferOutput<S>) => Record<string, unknown>,
  result: (r: Record<string, unknown>) => unknown,
): Method => {
  const m = viaOp(params, op, "page", (p, call, t) => ({
    ...input(p),
    pageId: t!.pageId,
    frameId: call.state.frames.get(t!.pageId),
  }), result);
  return {
    ...m,
    run: (call, p) =>
      m.run(call, p).catch((err) => {
        const details = (err as BapError).extras?.details;
        if (details?.field === "locator") details.field = "selector";
        throw err;
      }),
  };
};

const Selected = { pageId: PageId, selector: SelectorSchema };
const Element = v.object({ ...Selected, properties: v.array(v.picklist(ELEMENT_PROPERTIES)) });
const Accessibility = v.object({
  pageId: PageId,
  options: Opts({
    root: v.optional(SelectorSchema),
    maxDepth: v.optional(Num(1, 100)),
    interestingOnly: v.optional(v.boolean(), true),
    includeHidden: Flag,
  }),
});
const Doc = v.object({ pageId: PageId, options: v.optional(v.object({})) });
const Content = v.object({ pageId: PageId, format: Str });
const Aria = v.object({
  ...Selected,
  selector: v.optional(SelectorSchema),
  options: v.optional(v.object({})),
});
// An unknown format is text, as in the reference server.
const formatOf = (f?: string) => f === "markdown" || f === "html" ? f : "text";

export const OBSERVE_METHODS: Record<string, Method> = {
  "observe/screenshot": method(Screenshot, screenshot),
  "observe/pdf": method(Pdf, pdf),
  "observe/element": read(
    Element,
    "element",
    (p) => ({ locator: p.selector, properties: p.properties }),
    (r) => r,
  ),
  "observe/dom": read(
    Doc,
    "content",
    () => ({ formats: ["html", "text"] }),
    ({ html, text, title, url }) => ({
      html,
      text,
      title,
      url,
    }),
  ),
  "observe/content": read(
    Content,
    "content",
    (p) => ({ formats: [formatOf(p.format)] }),
    (r) => ({ content: r.html ?? r.markdown ?? r.text, url: r.url, title: r.title }),
  ),
  "observe/accessibility": read(Accessibility, "aria", (p) => ({
    locator: p.options.root,
    format: "tree",
    maxDepth: p.options.maxDepth === undefined ? undefined : Math.round(p.options.maxDepth),
  }), ({ tree }) => ({ tree })),
  "observe/ariaSnapshot": read(
    Aria,
    "aria",
    (p) => ({ locator: p.selector }),
    ({ snapshot, url, title }) => ({ snapshot, url, title }),
  ),
};
