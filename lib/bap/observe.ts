/** The 7 `observe/*` methods: screenshot, accessibility, dom, element, pdf, content, ariaSnapshot. */
import { elementProps } from "../session/element_props.ts";
import { pageDocument, pageMarkdown } from "../session/page_content.ts";
import { contentSize } from "../session/page_images.ts";
import { redactUrl } from "../policy/url.ts";
import * as v from "valibot";
import { PdfInput, ScreenshotInput } from "../protocol/schemas_watch.ts";
import { type Call, type Method, method } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { artifactBytes, onPage, viewportOf } from "./gate.ts";
import { Flag, Num, Opts, PageId, renamed, Str } from "./schema.ts";
import { resolve, scopeOf, selectedFrame, SelectorSchema } from "./selectors.ts";
import type { PageTarget } from "./state.ts";
import { accessibilityTree, ariaSnapshot } from "../session/aria_views.ts";

/** The selected frame's document, read whole and redacted. */
async function documentOf(call: Call, t: PageTarget, signal: AbortSignal) {
  const frame = await selectedFrame(call.state, t, signal);
  return { frame, ...await pageDocument(t.rec.driver, frame, signal) };
}

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

const PROPERTIES = [
  "visible",
  "enabled",
  "checked",
  "text",
  "value",
  "boundingBox",
  "attributes",
  "computedStyle",
] as const;

const Element = v.object({
  pageId: PageId,
  selector: SelectorSchema,
  properties: v.array(v.picklist(PROPERTIES)),
});

async function element(call: Call, p: v.InferOutput<typeof Element>) {
  const { selector: sel, properties: props } = p;
  return await onPage(call, p.pageId, async (t, sig) => {
    const target = await resolve(call.state, t, sel, sig).catch((err) => {
      if (err instanceof BapError && err.code === BAP.ElementNotFound) return null;
      throw err;
    });
    if (!target) return { found: false };
    return await elementProps(t.rec.driver, target.frame, target.backendNodeId, props, sig);
  });
}

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
  pageId: PageId,
  selector: v.optional(SelectorSchema),
  options: v.optional(v.object({})),
});

export const OBSERVE_METHODS: Record<string, Method> = {
  "observe/screenshot": method(Screenshot, screenshot),
  "observe/pdf": method(Pdf, pdf),
  "observe/element": method(Element, element),
  "observe/dom": method(Doc, (call, p) =>
    onPage(call, p.pageId, async (t, sig) => {
      const d = await documentOf(call, t, sig);
      return { html: d.html, text: d.text, title: d.title, url: d.url };
    })),
  // An unknown format is text, as in the reference server.
  "observe/content": method(Content, (call, p) =>
    onPage(call, p.pageId, async (t, sig) => {
      const d = await documentOf(call, t, sig);
      const content = p.format === "markdown"
        ? await pageMarkdown(t.rec.driver, d.frame, sig)
        : p.format === "html"
        ? d.html
        : d.text;
      return { content, url: d.url, title: d.title };
    })),
  "observe/accessibility": method(Accessibility, (call, p) =>
    onPage(call, p.pageId, async (t, sig) => ({
      tree: await accessibilityTree(
        t.rec,
        await scopeOf(call.state, t, p.options.root, sig),
        p.options.maxDepth,
        sig,
      ),
    }))),
  "observe/ariaSnapshot": method(
    Aria,
    (call, p) =>
      onPage(call, p.pageId, async (t, sig) => {
        const r = await ariaSnapshot(t.rec, await scopeOf(call.state, t, p.selector, sig), sig);
        return { snapshot: r.snapshot, url: redactUrl(r.url), title: r.title };
      }),
  ),
};
