/**
 * Steps 3 and 4 of `act`: what the action requires of its parameters, and every check that
 * sends nothing to the page (identity, connected node, fingerprint, origin, credential field,
 * enabled, visible, hit-test in the viewport). Reads run side by side; verdicts keep their order.
 */
import type { Protocol } from "devtools-protocol";
import type { ErrorCode } from "../protocol/errors.ts";
import type { ActInput } from "../protocol/schemas.ts";
import { type Chord, parseChord } from "../protocol/keys.ts";
import { canonicalOrigin, parseOriginInput } from "../policy/url.ts";
import { type FieldFacts, refuseTyping } from "../policy/sensitive.ts";
import { type FrameInfo, RemoteRef } from "../driver/page_driver.ts";
import { INTERACTIVE_ROLES, type RefTarget } from "../snapshot/ax_tree.ts";
import { ELEMENT_INFO, FIELD_FACTS, FOCUSED_FIELD } from "./page_scripts.ts";
import type { PageRecord, Session } from "./session.ts";
import type { StateRecord } from "./states.ts";

export const NEEDS_REF = new Set([
  "click",
  "dblclick",
  "hover",
  "type",
  "fill",
  "clear",
  "select",
  "check",
  "uncheck",
  "upload",
  "drag",
]);
export const POINTER = new Set(["click", "dblclick", "hover"]);
export const TEXT_ENTRY = new Set(["type", "fill", "clear"]);
const SUPPORTED = new Set(["click", "dblclick", "hover", "type", "fill", "clear", "press", "navigate"]);

export interface ElementInfo {
  connected: boolean;
  sameDocument: boolean;
  visible?: boolean;
  enabled?: boolean;
  editable?: boolean;
  framesOk?: boolean;
  point?: { x: number; y: number; inView: boolean; topX: number; topY: number };
  hit?: { ok: boolean; hit?: string } | null;
  facts?: FieldFacts;
}

/** An action stopped: the code and message become the result's error. */
export class Stop extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly details?: Record<string, unknown>) {
    super(message);
  }
}

export interface Plan {
  chord?: Chord;
  expectedOrigin?: string;
  ref?: RefTarget;
}

/** Step 3: what the action itself requires, decided before anything is read from the page. */
export function checkParams(input: ActInput, state: StateRecord): Plan {
  const bad = (field: string, message: string) => new Stop("invalid_params", message, { field });
  const plan: Plan = {};
  if (!SUPPORTED.has(input.action)) {
    throw bad("action", `The action "${input.action}" is not available in this version of Porthole`);
  }
  if (NEEDS_REF.has(input.action) && !input.ref) {
    throw bad("ref", `"${input.action}" needs a ref from the observation`);
  }
  if (input.action === "navigate") {
    if (input.ref) throw bad("ref", `"navigate" takes a url and no ref`);
    if (!input.url) throw bad("url", `"navigate" needs an absolute url`);
    try {
      new URL(input.url);
    } catch {
      throw bad("url", `url must be absolute, got "${input.url.slice(0, 200)}"`);
    }
  }
  if (input.text !== undefined && input.secretRef !== undefined) {
    throw bad("secretRef", "text and secretRef cannot be given together");
  }
  if ((input.action === "type" || input.action === "fill") && input.secretRef === undefined && !input.text) {
    throw bad("text", `"${input.action}" needs a non-empty text`);
  }
  if (input.secretRef !== undefined) {
    throw new Stop(
      "secret_not_allowed",
      `No secret named "${input.secretRef}" is configured for this origin`,
    );
  }
  if (input.action === "press") {
    if (!input.key) throw bad("key", `"press" needs a key, e.g. Enter or Control+A`);
    const chord = parseChord(input.key);
    if ("error" in chord) throw bad("key", chord.error);
    plan.chord = chord;
  }
  if (input.expectedOrigin !== undefined) {
    const parsed = parseOriginInput(input.expectedOrigin);
    if ("error" in parsed) throw bad("expectedOrigin", `expectedOrigin: ${parsed.error}`);
    plan.expectedOrigin = parsed.origin;
  }
  if (input.ref) {
    plan.ref = state.refs.get(input.ref);
    if (!plan.ref) throw bad("ref", `${input.ref} is not a ref of state ${state.stateId}`);
  }
  return plan;
}

export interface Preflight {
  frame: FrameInfo;
  /** The target node in Porthole's world; the caller releases it. */
  objectId: string | null;
  info: ElementInfo | null;
  noop: boolean;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then((value) => ({ ok: true as const, value }), (error) => ({ ok: false as const, error }));
const valueOf = <T>(s: Settled<T>): T => {
  if (!s.ok) throw s.error;
  return s.value;
};

/** Step 4: every check that sends nothing to the page. */
export async function preflight(
  session: Session,
  rec: PageRecord,
  state: StateRecord,
  input: ActInput,
  plan: Plan,
  signal: AbortSignal,
): Promise<Preflight> {
  const driver = rec.driver;
  if (input.targetId !== state.targetId || driver.targetId !== state.targetId) {
    throw new Stop("target_changed", `Target ${input.targetId} is not the target of state ${state.stateId}`);
  }
  if (session.activePageId !== rec.pageId) {
    throw new Stop(
      "target_changed",
      `Page ${rec.pageId} is no longer the session's active page; observe again`,
    );
  }
  // Read side by side: the frame tree, the document and target nodes, Chromium's own role and name.
  // Resolution uses the observed loader's world; a changed loader is refused below before any use.
  const observed: FrameInfo = {
    frameId: state.frameId,
    parentId: null,
    loaderId: state.loaderId,
    url: state.url,
    securityOrigin: state.origin,
  };
  const ref = plan.ref;
  const framesP = settle(driver.frames(signal));
  const docP = settle(driver.resolve(observed, state.documentNode, signal));
  const nodeP = ref ? settle(driver.resolve(observed, ref.backendNodeId, signal)) : null;
  const axP = ref ? settle(axNode(rec, ref.backendNodeId, signal)) : null;
  const held: string[] = [];
  const release = () => held.forEach((id) => driver.release(id));
  try {
    const docResult = await docP;
    if (docResult.ok && docResult.value) held.push(docResult.value);
    const nodeResult = nodeP ? await nodeP : null;
    if (nodeResult?.ok && nodeResult.value) held.push(nodeResult.value);
    const frames = valueOf(await framesP);
    const frame = frames.find((f) => f.frameId === state.frameId);
    if (!frame) throw new Stop("document_changed", `Frame ${state.frameId} is gone`);
    if (frame.loaderId !== state.loaderId) {
      throw new Stop("document_changed", `The frame loaded a new document since state ${state.stateId}`);
    }
    checkOrigins(rec, frames, frame, state, plan);
    // Where `navigate` may go is policy: refused destinations are refused before anything is sent.
    if (input.action === "navigate") session.checkDestination(input.url!);
    const docId = valueOf(docResult);
    if (!docId) throw new Stop("document_changed", `The document of state ${state.stateId} is gone`);
    if (!ref) {
      if (input.action === "press" && plan.chord!.printable) await checkFocusedField(rec, docId, signal);
      return { frame, objectId: null, info: null, noop: false };
    }
    const objectId = valueOf(nodeResult!);
    if (!objectId) {
      throw new Stop(
        "element_detached",
        `${ref.ref} (${ref.role} "${ref.name}") is no longer in the document`,
      );
    }
    const info = await driver.callOn<ElementInfo>(
      objectId,
      ELEMENT_INFO,
      [new RemoteRef(docId), POINTER.has(input.action)],
      signal,
    );
    checkElement(ref, info, valueOf(await axP!), input, plan);
    held.splice(held.indexOf(objectId), 1); // the caller keeps the target node
    return { frame, objectId, info, noop: false };
  } finally {
    // Every read was wrapped by `settle`, so none rejects unobserved; resolved nodes are let go.
    release();
  }
}

function checkOrigins(
  rec: PageRecord,
  frames: FrameInfo[],
  frame: FrameInfo,
  state: StateRecord,
  plan: Plan,
) {
  const top = frames.find((f) => f.parentId === null)!;
  const topOrigin = canonicalOrigin(top.url);
  const frameOrigin = canonicalOrigin(frame.url);
  const authorized = rec.authorizedOrigin ?? "null";
  if (frameOrigin !== topOrigin) {
    throw new Stop(
      "frame_cross_origin",
      `Frame ${frame.frameId} (${frameOrigin}) is not of the page's origin`,
    );
  }
  if (topOrigin !== authorized || frameOrigin !== state.origin) {
    throw new Stop(
      "origin_mismatch",
      `The page is on ${topOrigin}, authorised for ${authorized}, observed on ${state.origin}`,
    );
  }
  if (plan.expectedOrigin && plan.expectedOrigin !== state.origin) {
    throw new Stop(
      "origin_mismatch",
      `expectedOrigin ${plan.expectedOrigin} is not the page's origin ${state.origin}`,
    );
  }
}

/** The node's own verdicts, in the contract's order. */
function checkElement(
  ref: RefTarget,
  info: ElementInfo,
  node: { role: string; name: string } | null,
  input: ActInput,
  plan: Plan,
) {
  const what = `${ref.ref} (${ref.role} "${ref.name}")`;
  if (!info.sameDocument) {
    throw new Stop("document_changed", `The document of ${ref.ref}'s state was replaced`);
  }
  if (!info.connected) throw new Stop("element_detached", `${what} is no longer connected`);
  // A hidden node leaves the accessibility tree, so visibility is decided before the fingerprint.
  if (POINTER.has(input.action) || TEXT_ENTRY.has(input.action) || input.action === "press") {
    if (!info.visible) throw new Stop("element_not_visible", `${what} is not visible`);
  }
  // Fingerprint: the node must still be what was observed.
  const role = node?.role ?? "";
  const name = node?.name ?? "";
  const roleMatches = ref.role === "clickable"
    ? !INTERACTIVE_ROLES.has(role) || role === "generic"
    : role === ref.role;
  if (!roleMatches || name !== ref.name) {
    throw new Stop(
      "element_changed",
      `${ref.ref} was ${ref.role} "${ref.name}" and is now ${role} "${name}"; observe again`,
    );
  }
  if (input.action !== "hover" && !info.enabled) throw new Stop("element_not_enabled", `${what} is disabled`);
  if (TEXT_ENTRY.has(input.action) && !info.editable) {
    throw new Stop("element_not_editable", `${what} is not editable`);
  }
  if (
    input.action === "type" || input.action === "fill" || (input.action === "press" && plan.chord?.printable)
  ) {
    const reason = refuseTyping({ ...info.facts!, accessibleName: node ? name : null });
    if (reason) throw new Stop("sensitive_field", `Porthole does not type into ${ref.ref}: ${reason}`);
  }
  if (info.hit && !info.hit.ok) {
    throw new Stop("obscured", `${ref.ref} is covered by ${info.hit.hit} at its click point`, {
      coveredBy: info.hit.hit,
    });
  }
}

/** Chromium's own role and name of a node, or null when it has no accessibility node. */
export async function axNode(
  rec: PageRecord,
  backendNodeId: number,
  signal: AbortSignal,
): Promise<{ role: string; name: string } | null> {
  const partial = await rec.driver.send<Protocol.Accessibility.GetPartialAXTreeResponse>(
    "Accessibility.getPartialAXTree",
    { backendNodeId, fetchRelatives: false },
    signal,
  ).catch(() => ({ nodes: [] as Protocol.Accessibility.AXNode[] }));
  const node = partial.nodes.find((n) => n.backendDOMNodeId === backendNodeId) ?? partial.nodes[0];
  if (!node) return null;
  return { role: String(node.role?.value ?? ""), name: String(node.name?.value ?? "") };
}

/** `press` of a printable key without a ref types into whatever field has focus: the same rules apply. */
async function checkFocusedField(rec: PageRecord, docId: string, signal: AbortSignal): Promise<void> {
  const driver = rec.driver;
  const focused = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    objectId: docId,
    functionDeclaration: FOCUSED_FIELD,
    returnByValue: false,
  }, signal);
  const objectId = focused.result.objectId;
  if (!objectId) return; // no field has focus: the key types nothing
  try {
    const facts = await driver.callOn<FieldFacts>(objectId, FIELD_FACTS, [], signal);
    const { node } = await driver.send<Protocol.DOM.DescribeNodeResponse>(
      "DOM.describeNode",
      { objectId },
      signal,
    );
    const ax = await axNode(rec, node.backendNodeId, signal);
    const reason = refuseTyping({ ...facts, accessibleName: ax ? ax.name : null });
    if (reason) throw new Stop("sensitive_field", `Porthole does not type into the focused field: ${reason}`);
  } finally {
    driver.release(objectId);
  }
}
