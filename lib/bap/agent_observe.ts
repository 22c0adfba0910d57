/**
 * `agent/observe`: interactive elements with stable refs and selectors (primary plus
 * alternatives in the seed's order), response tiers, incremental changes, annotated
 * screenshots. Values of credential fields are redacted. Runs inside the caller's gate.
 */
import type { Protocol } from "devtools-protocol";
import { credentialReason, type FieldFacts } from "../policy/sensitive.ts";
import { redactUrl } from "../policy/url.ts";
import type { Call } from "./connection.ts";
import { invalidParams } from "./errors.ts";
import { onPage, viewportOf } from "./gate.ts";
import type { FrameInfo } from "../driver/page_driver.ts";
import type { Params } from "./params.ts";
import { selectedFrame, type Selector } from "./selectors.ts";
import type { PageTarget } from "./state.ts";
import { assignRefs, type Identity, type RefEntry, RefRegistry, similarity } from "./refs.ts";
import { CANDIDATES, DESCRIBE } from "./agent_scripts.ts";
import { annotate, readAnnotation } from "./annotate.ts";
import { accessibilityTree } from "./aria.ts";
import { discover } from "./discovery.ts";
import { arrayItems, backendOf } from "./world.ts";

interface Facts {
  tagName: string;
  roleAttr: string | null;
  type: string | null;
  testId?: string;
  id?: string;
  ariaLabel?: string;
  nameAttr?: string;
  text: string;
  value?: string;
  editableAttr: boolean;
  onclick: boolean;
  focused: boolean;
  disabled: boolean;
  bounds: { x: number; y: number; width: number; height: number };
  parentRole?: string;
  siblingIndex?: number;
  cssPath: string;
  facts: FieldFacts;
  dataSensitive: boolean;
}

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
  stability?: "stable" | "new" | "moved";
  previousRef?: string;
  alternativeSelectors?: Selector[];
}

const TEXT_INPUTS = new Set([
  "text",
  "search",
  "email",
  "url",
  "tel",
  "password",
  "number",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
]);

function hints(f: Facts, role: string): string[] {
  const out: string[] = [];
  const tag = f.tagName;
  const clickable = tag === "a" || tag === "button" || f.onclick ||
    ["button", "link", "menuitem", "tab", "switch"].includes(role) ||
    (tag === "input" && ["button", "submit", "reset", "image"].includes(f.type ?? ""));
  if (clickable) out.push("clickable");
  if ((tag === "input" && TEXT_INPUTS.has(f.type ?? "text")) || tag === "textarea" || f.editableAttr) {
    out.push("editable");
  }
  if (tag === "select" || role === "listbox" || role === "combobox" && tag === "select") {
    out.push("selectable");
  }
  if (
    ["checkbox", "radio", "switch"].includes(role) ||
    (tag === "input" && ["checkbox", "radio"].includes(f.type ?? ""))
  ) {
    out.push("checkable");
  }
  if (tag === "input" && f.type === "submit" || tag === "button" && f.type !== "button") {
    out.push("submittable");
  }
  return [...new Set(out)];
}

const cut = (s: string) => (s.length > 50 ? s.slice(0, 50) : s);

function selectors(f: Facts, role: string, name: string): { primary: Selector; alternatives: Selector[] } {
  const all: Selector[] = [];
  if (f.testId) all.push({ type: "testId", value: f.testId });
  if (name && (f.ariaLabel || role !== f.tagName)) all.push({ type: "role", role, name, exact: true });
  if (f.id) all.push({ type: "css", value: `#${cssEscape(f.id)}` });
  if (f.text && f.text.length < 50) all.push({ type: "text", value: f.text, exact: true });
  all.push({ type: "css", value: f.cssPath });
  let primary: Selector;
  if (f.testId) primary = all[0];
  else if (f.ariaLabel && name) primary = { type: "role", role, name, exact: true };
  else if (f.text && f.text.length < 50) primary = { type: "text", value: f.text, exact: true };
  else if (f.id) primary = { type: "css", value: `#${cssEscape(f.id)}` };
  else if (f.nameAttr) primary = { type: "css", value: `[name="${f.nameAttr.replace(/["\\]/g, "\\$&")}"]` };
  else primary = { type: "css", value: f.cssPath };
  const key = JSON.stringify(primary);
  const seen = new Set([key]);
  const alternatives = all.filter((s) => {
    const k = JSON.stringify(s);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { primary, alternatives };
}

function cssEscape(id: string): string {
  return id.replace(/^(\d)/, "\\3$1 ").replace(/[^A-Za-z0-9_\-\u00a0-\uffff]/g, "\\$&");
}

/** Collect the candidates of a frame with their backend nodes and Chromium's role and name. */
async function collect(t: PageTarget, frame: FrameInfo, signal: AbortSignal) {
  const driver = t.rec.driver;
  const executionContextId = await driver.world(frame, signal);
  const group = `bap-observe-${crypto.randomUUID()}`;
  try {
    const list = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      functionDeclaration: CANDIDATES,
      executionContextId,
      returnByValue: false,
      objectGroup: group,
    }, signal);
    const arrayId = list.result.objectId!;
    const [described, items, ax] = await Promise.all([
      driver.callOn<Facts[]>(arrayId, DESCRIBE, [], signal),
      arrayItems(driver, arrayId, signal),
      driver.send<Protocol.Accessibility.GetFullAXTreeResponse>("Accessibility.getFullAXTree", {
        frameId: frame.frameId,
      }, signal),
    ]);
    const backends = await Promise.all(items.map((id) => backendOf(driver, id, signal)));
    const axBy = new Map<number, { role: string; name: string }>();
    for (const n of ax.nodes) {
      if (n.backendDOMNodeId !== undefined && !axBy.has(n.backendDOMNodeId)) {
        axBy.set(n.backendDOMNodeId, {
          role: String(n.role?.value ?? ""),
          name: String(n.name?.value ?? ""),
        });
      }
    }
    return described.map((f, i) => ({ f, backendNodeId: backends[i], ax: axBy.get(backends[i]) }));
  } finally {
    await driver.send("Runtime.releaseObjectGroup", { objectGroup: group }).catch(() => {});
  }
}

const GENERIC = new Set(["generic", "none", "", "GenericContainer"]);

/** Observe with BAP's params. Ungated: the caller holds the page's gate. */
export async function agentObserve(call: Call, t: PageTarget, p: Params, signal: AbortSignal) {
  const tier = p.oneOf("responseTier", ["full", "interactive", "minimal"] as const) ?? "full";
  const annotation = readAnnotation(p);
  const forced = tier !== "full";
  const wantElements = forced || (p.bool("includeInteractiveElements") ?? false);
  const wantMeta = forced || p.bool("includeMetadata") !== false;
  const wantAx = !forced && (p.bool("includeAccessibility") ?? false);
  const wantShot = !forced && (p.bool("includeScreenshot") ?? false);
  const maxElements = p.num("maxElements", 1, 200) ?? 100;
  const filterRoles = p.strings("filterRoles");
  const includeBounds = p.bool("includeBounds") ?? !!annotation;
  const stableRefs = p.bool("stableRefs") !== false;
  const refresh = p.bool("refreshRefs") ?? false;
  const history = p.bool("includeRefHistory") ?? false;
  const incremental = p.bool("incremental") ?? false;
  const withTools = p.bool("includeWebMCPTools") ?? false;
  if (!Number.isInteger(maxElements)) {
    throw invalidParams("maxElements", "maxElements must be a whole number");
  }

  const state = call.state;
  const frame = await selectedFrame(state, t, signal);
  const out: Record<string, unknown> = {};
  if (wantMeta) {
    const title = await t.rec.driver.evaluate<string>(frame, "document.title", signal).catch(() => "");
    out.metadata = { url: redactUrl(frame.url), title, viewport: await viewportOf(t.rec, signal) };
  }
  let elements: Element[] = [];
  let boxes: { ref: string; bounds: Element["bounds"] }[] = [];
  if (wantElements || annotation) {
    const raw = await collect(t, frame, signal);
    const total = raw.length;
    const rows = raw.map(({ f, backendNodeId, ax }) => {
      const role = ax && !GENERIC.has(ax.role) ? ax.role : f.roleAttr ?? f.tagName;
      const name = cut(ax?.name || f.ariaLabel || f.text);
      return { f, backendNodeId, ax, role, name };
    }).filter((r) => !filterRoles || filterRoles.includes(r.role)).slice(0, maxElements);
    const before = state.refs.get(t.pageId);
    // What the registry held before this observation (it is updated in place below).
    const old = new Map<string, RefEntry>(before?.entries ?? []);
    const previous = before && !refresh ? old : new Map<string, RefEntry>();
    const identities: Identity[] = rows.map(({ f, role, name }) => ({
      testId: f.testId,
      id: f.id,
      ariaLabel: f.ariaLabel,
      role,
      name: name || undefined,
      tagName: f.tagName,
      parentRole: f.parentRole,
      siblingIndex: f.siblingIndex,
    }));
    const refs = stableRefs
      ? assignRefs(identities, previous)
      : rows.map((_, i) => ({ ref: `@e${i + 1}`, stable: false }));
    const now = Date.now();
    const registry = !before || refresh || before.url !== frame.url ? new RefRegistry(frame.url) : before;
    elements = rows.map(({ f, backendNodeId, ax, role, name }, i) => {
      const { primary, alternatives } = selectors(f, role, name);
      const sensitive = f.dataSensitive || !!credentialReason(f.facts);
      const el: Element = {
        ref: refs[i].ref,
        selector: primary,
        role,
        actionHints: hints(f, role),
        tagName: f.tagName,
        focused: f.focused,
        disabled: f.disabled,
      };
      if (name) el.name = name;
      if (f.value) el.value = sensitive ? "[REDACTED]" : f.value;
      if (includeBounds) el.bounds = f.bounds;
      if (alternatives.length) el.alternativeSelectors = alternatives;
      if (stableRefs) {
        el.stability = refs[i].stable ? "stable" : "new";
        if (refresh && history && before) {
          const match = [...old.values()].find((e) =>
            e.ref !== el.ref && similarity(e.identity, identities[i]) > 0.8
          );
          if (match) {
            el.previousRef = match.ref;
            el.stability = "moved";
          }
        }
        registry.entries.set(el.ref, {
          ref: el.ref,
          backendNodeId,
          frameId: frame.frameId,
          loaderId: frame.loaderId,
          axRole: ax?.role ?? "",
          axName: ax?.name ?? "",
          identity: identities[i],
          selector: primary,
          cssPath: f.cssPath,
          lastSeen: now,
        });
      }
      return el;
    });
    boxes = elements.map((e, i) => ({ ref: e.ref, bounds: rows[i].f.bounds }));
    if (stableRefs) {
      registry.prune(now);
      state.refs.set(t.pageId, registry);
      if (incremental && before) {
        const current = new Set(elements.map((e) => e.ref));
        out.changes = {
          added: elements.filter((e) => !old.has(e.ref)),
          updated: elements.filter((e) => old.has(e.ref) && old.get(e.ref)!.identity.name !== e.name),
          removed: [...old.keys()].filter((r) => !current.has(r)),
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
    out.accessibility = { tree: [await accessibilityTree(state, t, { interestingOnly: true }, signal)] };
  }
  if (annotation) {
    const shot = await annotate(t, boxes, annotation, signal);
    out.screenshot = shot.screenshot;
    if (shot.map.length) out.annotationMap = shot.map;
  } else if (wantShot) {
    const vp = await viewportOf(t.rec, signal);
    const s = await t.rec.driver.send<Protocol.Page.CaptureScreenshotResponse>("Page.captureScreenshot", {
      format: "jpeg",
      quality: 80,
    }, signal);
    out.screenshot = { data: s.data, format: "jpeg", ...vp, annotated: false };
  }
  if (withTools) {
    const tools = await discover(t, frame, { maxTools: 50, schemas: true }, signal).catch(() => null);
    if (tools?.tools.length) out.webmcpTools = tools.tools;
  }
  return out;
}

export const AGENT_OBSERVE_METHODS = {
  "agent/observe": (call: Call, p: Params) =>
    onPage(call, p.str("pageId"), (t, sig) => agentObserve(call, t, p, sig)),
};
