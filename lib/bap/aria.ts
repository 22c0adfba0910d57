/**
 * Accessibility views of a page for `observe/accessibility` (a nested node tree) and
 * `observe/ariaSnapshot` (Playwright-style YAML lines), both rendered from the core observation
 * of the selected frame: the same walk, roles, names and credential rule as `POST …/observe`.
 */
import { redactUrl } from "../policy/url.ts";
import { captureFrame } from "../session/capture.ts";
import { FLAG } from "../snapshot/walker.ts";
import { fieldValue, frameTree, type FrameWalk, render, type TNode } from "../snapshot/render.ts";
import { cleanText } from "../snapshot/text.ts";
import { notFound, resolve, selectedFrame, type Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";

/** Large enough for any page an agent reads whole; the walk itself stops far beyond it. */
const MAX_BYTES = 4_000_000;
const MAX_DEPTH = 200;

/** The core walk of the selected frame, or of one element in it (itself included). */
async function walk(state: BapState, t: PageTarget, root: Selector | undefined, signal: AbortSignal) {
  let frame = await selectedFrame(state, t, signal);
  let backendNodeId: number | undefined;
  if (root) {
    const target = await resolve(state, t, root, signal);
    if (!target) throw notFound(root);
    frame = target.frame;
    backendNodeId = target.backendNodeId;
  }
  const captured = await captureFrame(t.rec, {
    frameId: frame.frameId,
    maxDepth: MAX_DEPTH,
    maxBytes: MAX_BYTES,
    tier: "full",
    root: backendNodeId,
  }, signal);
  const [first, ...others] = captured.walks;
  const frames = new Map<string, FrameWalk>(others.map((w) => [w.frameId, w]));
  return { first, frames, url: frame.url, title: first.result.title };
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
 * `observe/accessibility`: the document as one `RootWebArea` node, or the `root` element's
 * node. The core walk keeps only meaningful nodes, so `interestingOnly: false` gives the same tree.
 */
export async function accessibilityTree(
  state: BapState,
  t: PageTarget,
  opts: { root?: Selector; maxDepth?: number; interestingOnly: boolean },
  signal: AbortSignal,
): Promise<AccessibilityNode> {
  const { first, frames, title } = await walk(state, t, opts.root, signal);
  const maxDepth = opts.maxDepth ?? MAX_DEPTH;
  const tops = frameTree(first, frames);
  if (!opts.root) {
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

/** `observe/ariaSnapshot`: the frame, or one element's subtree (the element included), as YAML. */
export async function ariaSnapshot(
  state: BapState,
  t: PageTarget,
  sel: Selector | undefined,
  signal: AbortSignal,
) {
  const { first, frames, url, title } = await walk(state, t, sel, signal);
  const built = render(first, frames, {
    tier: "full",
    maxDepth: MAX_DEPTH,
    maxBytes: MAX_BYTES,
    redact: redactUrl,
    plain: true,
  });
  return { snapshot: built.tree, url, title };
}
