/**
 * `agent/observe`: the core element list (`POST …/elements`, session/elements.ts) of the
 * selected frame, under the core refs (`@e5`), with BAP's selectors (primary plus alternatives
 * in the seed's order), response tiers, incremental changes and annotated screenshots. Values of
 * sensitive fields are redacted by the one credential rule. Runs inside the caller's gate.
 */
import { refuseTyping } from "../policy/sensitive.ts";
import { redactUrl } from "../policy/url.ts";
import { discoverTools } from "../session/discover.ts";
import { frameTitle, listElements } from "../session/elements.ts";
import { annotatedScreenshot, DEFAULT_ANNOTATION } from "../session/page_images.ts";
import { actionHints } from "../session/element_hints.ts";
import * as v from "valibot";
import { type Call, type Method, method } from "./call.ts";
import { onPage, viewportOf } from "./gate.ts";
import { Flag, PageId, Whole } from "./schema.ts";
import { selectedFrame, type Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";
import { Annotate } from "../protocol/annotation.ts";
import { accessibilityTree } from "../session/aria_views.ts";

export interface Element {
  ref: string;
  selector: Selector;
  role: string;
  name?: string;
  value?: string;
  actionHints: string[];
  bounds?: { x: number; y: number; width: number; height: number };
  tagName: string;
  focused: boolean;
  disabled: boolean;
  stability?: "stable" | "new";
  alternativeSelectors?: Selector[];
}

/** What agent/observe last listed per page: the document and each ref's name (stability, `incremental`). */
interface Listed {
  documentId: string;
  names: Map<string, string>;
}
const listed = new WeakMap<BapState, Map<string, Listed>>();

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

/** Observe with BAP's params. Ungated: the caller holds the page's gate. */
export async function agentObserve(call: Call, t: PageTarget, p: AgentObserve, signal: AbortSignal) {
  const tier = p.responseTier;
  const annotation = p.annotateScreenshot;
  const forced = tier !== "full";
  const wantElements = forced || (p.includeInteractiveElements ?? false);
  const wantMeta = forced || p.includeMetadata !== false;
  const wantAx = !forced && (p.includeAccessibility ?? false);
  const wantShot = !forced && (p.includeScreenshot ?? false);
  const { maxElements, filterRoles, incremental } = p;
  const includeBounds = p.includeBounds ?? !!annotation;
  const stableRefs = p.stableRefs !== false;
  const refresh = p.refreshRefs ?? false;
  const withTools = p.includeWebMCPTools ?? false;

  const state = call.state;
  const frame = await selectedFrame(state, t, signal);
  const out: Record<string, unknown> = {};
  if (wantMeta) {
    const title = await frameTitle(t.rec, frame, signal);
    out.metadata = { url: redactUrl(frame.url), title, viewport: await viewportOf(t.rec, signal) };
  }
  let boxes: { ref: string; bounds: Element["bounds"] }[] = [];
  if (wantElements || annotation) {
    const seen = await listElements(t.rec, frame.frameId, signal);
    // An observation like any other: its refs are the page's current ones for every later read.
    t.session.states.publish(seen.state);
    const total = seen.rows.length;
    const rows = seen.rows.filter((r) => !filterRoles || filterRoles.includes(r.role)).slice(0, maxElements);
    const pages = listed.get(state) ?? new Map<string, Listed>();
    listed.set(state, pages);
    const before = pages.get(t.pageId);
    const sameDocument = !!before && before.documentId === seen.state.documentId;
    const known = sameDocument && !refresh ? before.names : new Map<string, string>();
    const elements = rows.map(({ ref, f, role, name }) => {
      const el: Element = {
        ref: ref.ref,
        selector: f.selector as Selector,
        role,
        actionHints: actionHints(f, role),
        tagName: f.tagName,
        focused: f.focused,
        disabled: f.disabled,
      };
      if (name) el.name = name;
      if (f.value) el.value = refuseTyping({ ...f.facts, accessibleName: ref.name }) ? "[REDACTED]" : f.value;
      if (includeBounds) el.bounds = f.bounds;
      if (f.alternatives.length) el.alternativeSelectors = f.alternatives as Selector[];
      if (stableRefs) el.stability = known.has(el.ref) ? "stable" : "new";
      return el;
    });
    boxes = elements.map((e, i) => ({ ref: e.ref, bounds: rows[i].f.bounds }));
    if (stableRefs) {
      pages.set(t.pageId, {
        documentId: seen.state.documentId,
        names: new Map(elements.map((e) => [e.ref, e.name ?? ""])),
      });
      if (incremental && before) {
        // Refs of another document name other elements: everything there was is removed.
        const old = sameDocument ? before.names : new Map<string, string>();
        const current = new Set(elements.map((e) => e.ref));
        out.changes = {
          added: elements.filter((e) => !old.has(e.ref)),
          updated: elements.filter((e) => old.has(e.ref) && old.get(e.ref) !== (e.name ?? "")),
          removed: [...before.names.keys()].filter((r) => !sameDocument || !current.has(r)),
        };
      }
    }
    if (wantElements) {
      out.interactiveElements = tier === "minimal"
        ? elements.map((e) => {
          const m: Record<string, unknown> = { ref: e.ref, selector: e.selector, role: e.role };
          if (e.name) m.name = e.name;
          m.tagName = e.tagName;
          m.actionHints = e.actionHints;
          return m;
        })
        : elements;
      out.totalInteractiveElements = total;
    }
  }
  if (wantAx) {
    out.accessibility = { tree: [await accessibilityTree(t.rec, { frame }, undefined, signal)] };
  }
  if (annotation || wantShot) {
    // The core's Set-of-Marks screenshot; with nothing to mark, the plain image of the viewport.
    const marks = annotation ? boxes : [];
    const { map, ...shot } = await annotatedScreenshot(
      t.rec,
      marks,
      annotation ?? DEFAULT_ANNOTATION,
      signal,
    );
    out.screenshot = shot;
    if (annotation && map.length) out.annotationMap = map;
  }
  if (withTools) {
    const tools = await discoverTools(t.rec.driver, frame, { maxTools: 50, schemas: true }, signal).catch(
      () => null,
    );
    if (tools?.tools.length) out.webmcpTools = tools.tools;
  }
  return out;
}

export const AGENT_OBSERVE_METHODS: Record<string, Method> = {
  "agent/observe": method(
    AgentObserve,
    (call, p) => onPage(call, p.pageId, (t, sig) => agentObserve(call, t, p, sig)),
  ),
};
