/** The 7 `observe/*` methods: screenshot, accessibility, dom, element, pdf, content, ariaSnapshot. */
import { elementProps } from "../session/element_props.ts";
import { pageDocument, pageMarkdown } from "../session/page_content.ts";
import { contentSize } from "../session/page_images.ts";
import { redactUrl } from "../policy/url.ts";
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams } from "./errors.ts";
import { artifactBytes, onPage, viewportOf } from "./gate.ts";
import type { Params } from "./params.ts";
import { readSelector, resolve, selectedFrame } from "./selectors.ts";
import type { PageTarget } from "./state.ts";
import { accessibilityTree, ariaSnapshot } from "./aria.ts";

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

async function screenshot(call: Call, p: Params) {
  const o = p.obj("options");
  const format = o?.oneOf("format", ["png", "jpeg", "webp"] as const) ?? "jpeg";
  const quality = o?.num("quality", 0, 100);
  const fullPage = o?.bool("fullPage") ?? false;
  const clipP = o?.obj("clip");
  o?.oneOf("scale", ["css", "device"] as const);
  o?.arr("mask");
  const clip = clipP
    ? {
      x: clipP.reqNum("x"),
      y: clipP.reqNum("y"),
      width: clipP.reqNum("width", 1, 16384),
      height: clipP.reqNum("height", 1, 16384),
    }
    : undefined;
  const t = call.state.target(p.str("pageId"));
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

const PAPER: Record<string, [number, number]> = {
  Letter: [8.5, 11],
  Legal: [8.5, 14],
  Tabloid: [11, 17],
  A4: [8.27, 11.69],
  A3: [11.69, 16.54],
  A5: [5.83, 8.27],
};

/** A CSS length ("1cm", "10px", "0.5in", "5mm") in inches. */
function inches(field: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|in|cm|mm)?\s*$/.exec(v);
  if (!m) throw invalidParams(field, `${field} must be a CSS length such as "1cm"`);
  const n = Number(m[1]);
  return { px: n / 96, in: n, cm: n / 2.54, mm: n / 25.4 }[m[2] ?? "px"];
}

async function pdf(call: Call, p: Params) {
  const o = p.obj("options");
  const format = o?.oneOf("format", Object.keys(PAPER)) ?? "A4";
  const margin = o?.obj("margin");
  const input: Record<string, unknown> = {
    paperWidth: PAPER[format][0],
    paperHeight: PAPER[format][1],
    landscape: o?.bool("landscape") ?? false,
    scale: o?.num("scale", 0.1, 2) ?? 1,
    printBackground: o?.bool("printBackground") ?? false,
  };
  const margins: Record<string, number> = {};
  for (const side of ["top", "right", "bottom", "left"]) {
    const v = inches(`options.margin.${side}`, margin?.str(side));
    if (v !== undefined) margins[side] = v;
  }
  if (Object.keys(margins).length) input.margin = margins;
  const t = call.state.target(p.str("pageId"));
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
];

async function element(call: Call, p: Params) {
  if (!p.has("selector")) throw invalidParams("selector", "selector is required");
  const sel = readSelector(p.get("selector"));
  const props = p.strings("properties");
  if (!props) throw invalidParams("properties", "properties is required");
  for (const prop of props) {
    if (!PROPERTIES.includes(prop)) throw invalidParams("properties", `Unknown property: ${prop}`);
  }
  return await onPage(call, p.str("pageId"), async (t, sig) => {
    const target = await resolve(call.state, t, sel, sig).catch((err) => {
      if (err instanceof BapError && err.code === BAP.ElementNotFound) return null;
      throw err;
    });
    if (!target) return { found: false };
    return await elementProps(t.rec.driver, target.frame, target.backendNodeId, props, sig);
  });
}

export const OBSERVE_METHODS = {
  "observe/screenshot": screenshot,
  "observe/pdf": pdf,
  "observe/element": element,
  "observe/dom": async (call: Call, p: Params) => {
    p.obj("options");
    return await onPage(call, p.str("pageId"), async (t, sig) => {
      const d = await documentOf(call, t, sig);
      return { html: d.html, text: d.text, title: d.title, url: d.url };
    });
  },
  "observe/content": async (call: Call, p: Params) => {
    const raw = p.str("format");
    const format = raw === "html" || raw === "markdown" ? raw : "text";
    return await onPage(call, p.str("pageId"), async (t, sig) => {
      const d = await documentOf(call, t, sig);
      let content = format === "html" ? d.html : d.text;
      if (format === "markdown") content = await pageMarkdown(t.rec.driver, d.frame, sig);
      return { content, url: d.url, title: d.title };
    });
  },
  "observe/accessibility": async (call: Call, p: Params) => {
    const o = p.obj("options");
    const root = o?.has("root") ? readSelector(o.get("root"), "options.root") : undefined;
    const maxDepth = o?.num("maxDepth", 1, 100);
    const interestingOnly = o?.bool("interestingOnly") ?? true;
    o?.bool("includeHidden");
    return await onPage(call, p.str("pageId"), async (t, sig) => ({
      tree: await accessibilityTree(call.state, t, { root, maxDepth, interestingOnly }, sig),
    }));
  },
  "observe/ariaSnapshot": async (call: Call, p: Params) => {
    const sel = p.has("selector") ? readSelector(p.get("selector")) : undefined;
    p.obj("options");
    return await onPage(call, p.str("pageId"), async (t, sig) => {
      const r = await ariaSnapshot(call.state, t, sel, sig);
      return { snapshot: r.snapshot, url: redactUrl(r.url), title: r.title };
    });
  },
};
