/**
 * `agent/observe`: the core's `elements` of the selected frame, under the core refs (`@e5`), in
 * BAP's shape: response tiers, selectors (primary plus alternatives), stability and incremental
 * changes, the screenshot's bytes and its annotation map.
 */
import type { ElementsResult, ListedElement } from "../protocol/types.ts";
import * as v from "valibot";
import { type Method, naming, viaOp } from "./call.ts";
import { takeImage } from "./gate.ts";
import { Flag, PageId, Whole } from "./schema.ts";
import { AnnotationOptions } from "../protocol/annotation.ts";

export const AgentObserve = v.object({
  pageId: PageId,
  responseTier: v.optional(v.picklist(["full", "interactive", "minimal"]), "full"),
  // Passed on as sent (the core reads it): a fused observation is read again by agent/observe.
  annotateScreenshot: v.optional(v.union([v.boolean(), AnnotationOptions])),
  includeInteractiveElements: Flag,
  includeMetadata: Flag,
  includeAccessibility: Flag,
  includeScreenshot: Flag,
  // 0 asks for no elements (the BAP CLI sends it after every action), not for an error.
  maxElements: v.optional(Whole(0, 200), 100),
  filterRoles: v.optional(v.array(v.string())),
  includeBounds: Flag,
  stableRefs: Flag,
  refreshRefs: Flag,
  includeRefHistory: Flag,
  incremental: Flag,
  includeWebMCPTools: Flag,
});
export type AgentObserve = v.InferOutput<typeof AgentObserve>;

const annotating = ({ annotateScreenshot: a }: AgentObserve) =>
  a === true || (typeof a === "object" && a.enabled === true);
const forced = (p: AgentObserve) => p.responseTier !== "full";
const wantElements = (p: AgentObserve) => forced(p) || (p.includeInteractiveElements ?? false);

/** A core listed element as BAP's `InteractiveElement`. */
function element(e: ListedElement, bounds: boolean) {
  const { bounds: box, alternativeSelectors: alt, disabled, focused, value, stability, ...rest } = e;
  const out: Record<string, unknown> = { ...rest, focused: !!focused, disabled: !!disabled };
  if (value !== undefined) out.value = value;
  if (bounds) out.bounds = box;
  if (alt?.length) out.alternativeSelectors = alt;
  if (stability) out.stability = stability;
  return out;
}

/** The `minimal` tier: what a click needs. */
const minimal = ({ ref, selector, role, name, tagName, actionHints }: ListedElement) => ({
  ref,
  selector,
  role,
  ...(name ? { name } : {}),
  tagName,
  actionHints,
});

// Listing nothing, nothing is observed: only the frame's metadata, tools and screenshot are read.
const observe = viaOp(AgentObserve, "elements", (p) => {
  const listing = wantElements(p) || annotating(p);
  const stability = listing && p.stableRefs !== false;
  return {
    observe: listing,
    annotate: p.annotateScreenshot,
    screenshot: !forced(p) && p.includeScreenshot,
    metadata: forced(p) || p.includeMetadata !== false,
    tools: p.includeWebMCPTools,
    ...listing ? { maxElements: p.maxElements, roles: p.filterRoles } : {},
    stability,
    changes: stability && p.incremental,
    refresh: p.refreshRefs,
  };
}, async (r: ElementsResult, call, session, p) => {
  // The bytes first: the stored copy is dropped even when a later read fails.
  const shot = r.screenshot && { ...r.screenshot, ...takeImage(session, r.screenshot.artifact) };
  const out: Record<string, unknown> = {};
  if (r.title !== undefined) out.metadata = { url: r.url, title: r.title, viewport: r.viewport };
  const shape = (e: ListedElement) => element(e, p.includeBounds ?? annotating(p));
  if (r.changes) {
    const { added, updated, removed } = r.changes;
    out.changes = { added: added.map(shape), updated: updated.map(shape), removed };
  }
  if (wantElements(p)) {
    out.interactiveElements = r.elements.map(p.responseTier === "minimal" ? minimal : shape);
    out.totalInteractiveElements = r.totalElements;
  }
  if (!forced(p) && p.includeAccessibility) {
    const { tree } = await call.invoke("observe/accessibility", { pageId: r.pageId }) as { tree: unknown };
    out.accessibility = { tree: [tree] };
  }
  if (shot) {
    const { data, format, width, height, annotated, labels } = shot;
    out.screenshot = { data, format, width, height, annotated };
    if (annotating(p) && labels.length) out.annotationMap = labels;
  }
  if (r.tools?.length) out.webmcpTools = r.tools;
  return out;
});

const BAP_NAMES: Record<string, string> = { roles: "filterRoles", annotate: "annotateScreenshot" };

export const AGENT_OBSERVE_METHODS: Record<string, Method> = {
  // The core's errors name BAP's members.
  "agent/observe": naming(observe, (f) => BAP_NAMES[f] ?? f),
};
