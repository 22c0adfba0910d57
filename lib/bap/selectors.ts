/**
 * The 10 BAP selector types: read strictly, resolved to exactly one node of the page's selected
 * frame (zero → ElementNotFound, several → SelectorAmbiguous, never a silent first match).
 * Roles are Chromium's computed ARIA roles; `semantic` falls back to text; `ref` re-checks the
 * node it was given for (document, connection, role/name fingerprint) and never heals.
 */
import type { Protocol } from "devtools-protocol";
import type { FrameInfo } from "../driver/page_driver.ts";
import { BAP, BapError, invalidParams } from "./errors.ts";
import { Params } from "./params.ts";
import type { RefEntry } from "./refs.ts";
import { FIND } from "./selector_scripts.ts";
import { axFingerprint, backendOf, handle } from "./world.ts";
import type { BapState, PageTarget } from "./state.ts";

export type Selector =
  | { type: "css"; value: string }
  | { type: "xpath"; value: string }
  | { type: "role"; role: string; name?: string; exact?: boolean }
  | { type: "text"; value: string; exact?: boolean }
  | { type: "label"; value: string; exact?: boolean }
  | { type: "placeholder"; value: string; exact?: boolean }
  | { type: "testId"; value: string }
  | { type: "semantic"; description: string }
  | { type: "coordinates"; x: number; y: number }
  | { type: "ref"; ref: string };

export const SELECTOR_TYPES = [
  "css",
  "xpath",
  "role",
  "text",
  "label",
  "placeholder",
  "testId",
  "semantic",
  "coordinates",
  "ref",
] as const;

const MAX_VALUE = 10_000;

function value(p: Params, key: string): string {
  const v = p.reqStr(key);
  if (v.trim() === "") throw invalidParams(p.name(key), `${p.name(key)} must not be empty`);
  if (v.length > MAX_VALUE) throw invalidParams(p.name(key), `${p.name(key)} is longer than ${MAX_VALUE}`);
  return v;
}

/** Read and check a selector object. */
export function readSelector(raw: unknown, field = "selector"): Selector {
  const p = new Params(raw, field);
  const type = p.oneOf("type", SELECTOR_TYPES);
  if (!type) throw invalidParams(`${field}.type`, `${field}.type is required`);
  switch (type) {
    case "css": {
      const v = value(p, "value");
      if (/url\s*\(\s*['"]?\s*javascript:|expression\s*\(/i.test(v)) {
        throw invalidParams(`${field}.value`, "The CSS selector contains a refused construct");
      }
      return { type, value: v };
    }
    case "xpath": {
      const v = value(p, "value");
      if (/document\s*\(/i.test(v)) throw invalidParams(`${field}.value`, "The XPath contains document()");
      return { type, value: v };
    }
    case "role": {
      const role = value(p, "role");
      if (role.length > 64) throw invalidParams(`${field}.role`, "role is too long");
      return { type, role, name: p.str("name"), exact: p.bool("exact") };
    }
    case "text":
    case "label":
    case "placeholder":
      return { type, value: value(p, "value"), exact: p.bool("exact") };
    case "testId":
      return { type, value: value(p, "value") };
    case "semantic":
      return { type, description: value(p, "description") };
    case "coordinates":
      return { type, x: p.reqNum("x", 0, 100_000), y: p.reqNum("y", 0, 100_000) };
    case "ref":
      return { type, ref: value(p, "ref") };
  }
}

/** One node a selector resolved to. */
export interface Target {
  frame: FrameInfo;
  backendNodeId: number;
  /** The registry entry, for ref selectors. */
  entry?: RefEntry;
}

export function notFound(sel: Selector, message = "Element not found"): BapError {
  return new BapError(BAP.ElementNotFound, message, { details: { selector: sel }, notDispatched: true });
}

function ambiguous(sel: Selector, count: number): BapError {
  return new BapError(
    BAP.SelectorAmbiguous,
    `Selector matched ${count} elements; it must match exactly one`,
    {
      details: { selector: sel, count },
      notDispatched: true,
    },
  );
}

/** The frame selectors resolve in: the one frame/switch selected, else the main frame. */
export async function selectedFrame(
  state: BapState,
  t: PageTarget,
  signal?: AbortSignal,
): Promise<FrameInfo> {
  const frames = await t.rec.driver.frames(signal);
  const chosen = state.frames.get(t.pageId);
  const frame = chosen ? frames.find((f) => f.frameId === chosen) : frames.find((f) => f.parentId === null);
  if (!frame) {
    state.frames.delete(t.pageId);
    throw new BapError(BAP.FrameNotFound, `The selected frame ${chosen} is gone`, {
      details: { identifier: chosen },
      notDispatched: true,
    });
  }
  return frame;
}

/** Count and (when exactly one) find the node a DOM-side selector matches. */
async function findInPage(t: PageTarget, frame: FrameInfo, sel: Selector, signal?: AbortSignal) {
  const driver = t.rec.driver;
  const contextId = await driver.world(frame, signal);
  const query = sel.type === "semantic" ? { type: "text", value: sel.description } : sel;
  const r = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: FIND,
    executionContextId: contextId,
    arguments: [{ value: query }],
    returnByValue: false,
  }, signal);
  if (r.exceptionDetails) {
    const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text;
    throw invalidParams("selector", `The selector is not valid: ${text.split("\n")[0]}`);
  }
  if (r.result.type === "number") return { count: Number(r.result.value), backendNodeId: null };
  const objectId = r.result.objectId!;
  try {
    return { count: 1, backendNodeId: await backendOf(driver, objectId, signal) };
  } finally {
    driver.release(objectId);
  }
}

/** Nodes with a computed ARIA role (and name), from Chromium's accessibility tree. */
async function findByRole(
  t: PageTarget,
  frame: FrameInfo,
  sel: Extract<Selector, { type: "role" }>,
  signal?: AbortSignal,
) {
  const driver = t.rec.driver;
  const doc = await handle(driver, frame, "document", signal);
  try {
    const { nodes } = await driver.send<Protocol.Accessibility.QueryAXTreeResponse>(
      "Accessibility.queryAXTree",
      { objectId: doc, role: sel.role },
      signal,
    );
    const norm = (s: string) => s.replace(/\s+/g, " ").trim();
    const want = sel.name === undefined ? undefined : norm(sel.name);
    const ids = new Set<number>();
    for (const n of nodes) {
      if (n.ignored || n.backendDOMNodeId === undefined) continue;
      if (want !== undefined) {
        const name = norm(String(n.name?.value ?? ""));
        if (sel.exact ? name !== want : !name.toLowerCase().includes(want.toLowerCase())) continue;
      }
      ids.add(n.backendDOMNodeId);
    }
    return { count: ids.size, backendNodeId: ids.size === 1 ? [...ids][0] : null };
  } finally {
    driver.release(doc);
  }
}

/** A ref from agent/observe: the same node, still connected, still the same role and name. */
async function findByRef(
  state: BapState,
  t: PageTarget,
  sel: Extract<Selector, { type: "ref" }>,
  signal?: AbortSignal,
) {
  const registry = state.refs.get(t.pageId);
  if (!registry) {
    throw notFound(sel, "No element registry found for page. Call agent/observe first to populate refs.");
  }
  const entry = registry.get(sel.ref);
  if (!entry) {
    throw notFound(sel, `Element ref not found: ${sel.ref}. Call agent/observe to get current refs.`);
  }
  const frames = await t.rec.driver.frames(signal);
  const frame = frames.find((f) => f.frameId === entry.frameId);
  if (!frame || frame.loaderId !== entry.loaderId) {
    throw notFound(sel, `${entry.ref} belongs to a document the page has left; observe again`);
  }
  const objectId = await t.rec.driver.resolve(frame, entry.backendNodeId, signal);
  if (!objectId) throw notFound(sel, `${entry.ref} is no longer in the document; observe again`);
  try {
    const connected = await t.rec.driver.callOn<boolean>(
      objectId,
      "function () { return this.isConnected; }",
      [],
      signal,
    );
    if (!connected) throw notFound(sel, `${entry.ref} is no longer connected; observe again`);
  } finally {
    t.rec.driver.release(objectId);
  }
  const ax = await axFingerprint(t.rec.driver, entry.backendNodeId, signal);
  if (!ax || ax.role !== entry.axRole || ax.name !== entry.axName) {
    throw notFound(
      sel,
      `${entry.ref} was ${entry.axRole} "${entry.axName}" and is now ${ax?.role ?? "gone"} "${
        ax?.name ?? ""
      }"; observe again`,
    );
  }
  return { frame, backendNodeId: entry.backendNodeId, entry };
}

/**
 * Resolve a selector to at most one node. Returns null when nothing matches (callers that
 * auto-wait try again); throws SelectorAmbiguous for several matches, and ElementNotFound for a
 * ref that no longer holds.
 */
export async function resolve(
  state: BapState,
  t: PageTarget,
  sel: Selector,
  signal?: AbortSignal,
): Promise<Target | null> {
  if (sel.type === "ref") return await findByRef(state, t, sel, signal);
  if (sel.type === "coordinates") {
    const hit = await t.rec.driver.send<Protocol.DOM.GetNodeForLocationResponse>("DOM.getNodeForLocation", {
      x: Math.round(sel.x),
      y: Math.round(sel.y),
      ignorePointerEventsNone: false,
    }, signal).catch(() => null);
    if (!hit) return null;
    const frames = await t.rec.driver.frames(signal);
    const frame = frames.find((f) => f.frameId === hit.frameId) ?? frames.find((f) => f.parentId === null)!;
    return { frame, backendNodeId: hit.backendNodeId };
  }
  const frame = await selectedFrame(state, t, signal);
  const r = sel.type === "role"
    ? await findByRole(t, frame, sel, signal)
    : await findInPage(t, frame, sel, signal);
  if (r.count > 1) throw ambiguous(sel, r.count);
  if (r.count === 0 || r.backendNodeId === null) return null;
  return { frame, backendNodeId: r.backendNodeId };
}
