/**
 * `agent/observe`: the core element list (`elements`, session/elements.ts) of the selected frame,
 * under the core refs (`@e5`), in BAP's shape: response tiers, selectors (primary plus
 * alternatives), stability and incremental changes, the screenshot's bytes. Runs inside the
 * caller's gate.
 */
import { elementListing } from "../session/elements.ts";
import type { ListedElement } from "../protocol/types.ts";
import * as v from "valibot";
import { type Call, type Method, method } from "./call.ts";
import { onPage } from "./gate.ts";
import { Flag, PageId, Whole } from "./schema.ts";
import { selectedFrame } from "./selectors.ts";
import type { PageTarget } from "./state.ts";
import { Annotate } from "../protocol/annotation.ts";
import { accessibilityTree } from "../session/aria_views.ts";

export const AgentObserve = v.object({
  pageId: PageId,
  responseTier: v.optional(v.picklist(["full", "interactive", "minimal"]), "full"),
  annotateScreenshot: Annotate,
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

/** Observe with BAP's params. Ungated: the caller holds the page's gate. */
export async function agentObserve(call: Call, t: PageTarget, p: AgentObserve, signal: AbortSignal) {
  const forced = p.responseTier !== "full";
  const annotate = p.annotateScreenshot;
  const wantElements = forced || (p.includeInteractiveElements ?? false);
  const listing = wantElements || !!annotate;
  const stability = listing && p.stableRefs !== false;
  const frame = await selectedFrame(call.state, t, signal);
  // Listing nothing, nothing is observed: only the frame's metadata, tools and screenshot are read.
  const { result: r, shot } = await elementListing(t.session, {
    pageId: t.pageId,
    frameId: frame.frameId,
    observe: listing,
    annotate,
    screenshot: !forced && p.includeScreenshot,
    metadata: forced || p.includeMetadata !== false,
    tools: p.includeWebMCPTools,
    maxElements: p.maxElements,
    roles: p.filterRoles,
    stability,
    changes: stability && p.incremental,
    refresh: p.refreshRefs,
  }, signal);
  const out: Record<string, unknown> = {};
  if (r.title !== undefined) out.metadata = { url: r.url, title: r.title, viewport: r.viewport };
  const shape = (e: ListedElement) => element(e, p.includeBounds ?? !!annotate);
  if (r.changes) {
    const { added, updated, removed } = r.changes;
    out.changes = { added: added.map(shape), updated: updated.map(shape), removed };
  }
  if (wantElements) {
    out.interactiveElements = r.elements.map(p.responseTier === "minimal" ? minimal : shape);
    out.totalInteractiveElements = r.totalElements;
  }
  if (!forced && p.includeAccessibility) {
    out.accessibility = { tree: [await accessibilityTree(t.rec, { frame }, undefined, signal)] };
  }
  if (shot) {
    const { map, ...image } = shot;
    out.screenshot = image;
    if (annotate && map.length) out.annotationMap = map;
  }
  if (r.tools?.length) out.webmcpTools = r.tools;
  return out;
}

export const AGENT_OBSERVE_METHODS: Record<string, Method> = {
  "agent/observe": method(
    AgentObserve,
    (call, p) => onPage(call, p.pageId, (t, sig) => agentObserve(call, t, p, sig)),
  ),
};
