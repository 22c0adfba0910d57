/**
 * Accessibility views of a frame, or of one element in it: a nested node tree (BAP's
 * `observe/accessibility`) and Playwright-style YAML lines (`observe/ariaSnapshot`), both
 * rendered from the core walk: the same roles, names and credential rule as `POST …/observe`.
 */
import { redactUrl } from "../../policy/url.ts";
import { FLAG } from "../../snapshot/walker.ts";
import { fieldValue, frameTree, type FrameWalk, render, type TNode } from "../../snapshot/render.ts";
import { cleanText } from "../../snapshot/text.ts";
import { captureFrame } from "./capture.ts";
import { prefetchedWalks } from "./elements.ts";
import type { FrameInfo } from "../locate/locate.ts";
import type { PageRecord } from "../core/page_record.ts";

/** What to render: a frame, or one element of it (by backend node id, itself included). */
export interface AriaScope {
  frame: FrameInfo;
  backendNodeId?: number;
}

/** Large enough for any page an agent reads whole; the walk itself stops far beyond it. */
const MAX_BYTES = 4_000_000;
const MAX_DEPTH = 200;

/** The core walk of a frame, or of one element in it. */
async function walk(rec: PageRecord, scope: AriaScope, signal: AbortSignal) {
  // A whole frame: the walks of a listing prepared since the last action, while they still hold.
  const prepared = scope.backendNodeId === undefined ? await prefetchedWalks(rec, scope.frame, signal) : null;
  const [first, ...others] = prepared ?? (await captureFrame(rec, {
    frameId: scope.frame.frameId,
    maxDepth: MAX_DEPTH,
    maxBytes: MAX_BYTES,
    tier: "full",
    root: scope.backendNodeId,
  }, signal)).walks;
  const frames = new Map<string, FrameWalk>(others.map((w) => [w.frameId, w]));
  return { first, frames, url: scope.frame.url, title: first.result.title };
}

export interface AccessibilityNode {
  role: string;
  name?: string;
  value?: string;
  checked?: boolean | "mixed";
  disabled?: boolean;
  expanded?: boolean;
  selected?: boolean;
  required?: boolean;
  level?: number;
  children?: AccessibilityNode[];
}

const CHECKABLE = new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"]);

function nodeOf(n: TNode, depth: number, maxDepth: number): AccessibilityNode | null {
  const w = n.w;
  if (w.r === "text") {
    const text = cleanText(w.t ?? "");
    return text ? { role: "text", name: text } : null;
  }
  const out: AccessibilityNode = { role: w.r || "generic" };
  const name = cleanText(w.n ?? "");
  if (name) out.name = name;
  const value = fieldValue(w);
  if (value) out.value = value;
  const f = w.f ?? 0;
  if (f & FLAG.mixed) out.checked = "mixed";
  else if (f & FLAG.checked) out.checked = true;
  else if (CHECKABLE.has(w.r)) out.checked = false;
  for (const flag of ["disabled", "expanded", "selected", "required"] as const) {
    if (f & FLAG[flag]) out[flag] = true;
  }
  if (w.r === "heading" && w.lv !== undefined) out.level = w.lv;
  // A field's text is its value, shown as `value`, never as children.
  if (w.v === undefined && depth < maxDepth) {
    const children = n.kids.flatMap((k) => nodeOf(k, depth + 1, maxDepth) ?? []);
    if (children.length) out.children = children;
  }
  return out;
}

/**
 * The document as one `RootWebArea` node, or the element's node. The core walk keeps only
 * meaningful nodes (BAP's `interestingOnly: false` gives the same tree).
 */
export async function accessibilityTree(
  rec: PageRecord,
  scope: AriaScope,
  maxDepth: number = MAX_DEPTH,
  signal: AbortSignal,
): Promise<AccessibilityNode> {
  const { first, frames, title } = await walk(rec, scope, signal);
  const tops = frameTree(first, frames);
  if (scope.backendNodeId === undefined) {
    const out: AccessibilityNode = { role: "RootWebArea" };
    if (title) out.name = title;
    const children = maxDepth > 0 ? tops.flatMap((k) => nodeOf(k, 1, maxDepth) ?? []) : [];
    if (children.length) out.children = children;
    return out;
  }
  const nodes = tops.flatMap((k) => nodeOf(k, 0, maxDepth) ?? []);
  // An element that has no line of its own (a plain container) stands as a generic node.
  if (nodes.length === 1) return nodes[0];
  return nodes.length ? { role: "generic", children: nodes } : { role: "none" };
}

/** The frame, or one element's subtree (the element included), as YAML. */
export async function ariaSnapshot(rec: PageRecord, scope: AriaScope, signal: AbortSignal) {
  const { first, frames, url, title } = await walk(rec, scope, signal);
  const built = render(first, frames, {
    tier: "full",
    maxDepth: MAX_DEPTH,
    maxBytes: MAX_BYTES,
    redact: redactUrl,
    plain: true,
  });
  return { snapshot: built.tree, url, title };
}
