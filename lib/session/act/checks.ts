/**
 * Step 4 of `act`: every check that sends nothing to the page (identity, connected node,
 * fingerprint, origin, credential field, enabled, visible, editable, hit-test in the viewport,
 * and what each action needs of its node: options to select, a file input, a drop target).
 * Reads run side by side; verdicts keep their order. Step 3 lives in act_params.ts.
 */
import type { Protocol } from "devtools-protocol";
import type { ActInput } from "../../protocol/schemas.ts";
import { canonicalOrigin } from "../../policy/url.ts";
import { credentialReason, type FieldFacts, refuseTyping } from "../../policy/sensitive.ts";
import type { FrameInfo } from "../../driver/page_driver.ts";
import { type AxFacts, elementInfo, readRef, settle, valueOf } from "./read_ref.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { FIELD_FACTS, FOCUSED_FIELD } from "../core/page_scripts.ts";
import { CLICKS, clipped, detached, element, obscured, type Plan, Stop, TEXT_ENTRY } from "./params.ts";
import { toggleIsNoop } from "./toggle.ts";
import { optionIndexes } from "./select.ts";
import { fileInputOf, stageFiles, type UploadHost } from "./upload.ts";
import { checkValue } from "./keyboard.ts";
import { FINGERPRINT } from "../../snapshot/walker.ts";
import { framesOf, resolveRefDocument, resolveRefIn } from "../core/frame_doors.ts";
import type { ElementInfo, Preflight, Target } from "./preflight.ts";
import type { PageRecord } from "../core/page_record.ts";
import { viewportOf } from "../observe/facts.ts";
import type { StateRecord } from "../core/states.ts";
import type { DestinationHost, PagesHost } from "../core/hosts.ts";

export { checkParams, CLICKS, NEEDS_REF, type Plan, Stop, TEXT_ENTRY } from "./params.ts";

/** What the checks need of their session: its active page, where it may go, and upload staging. */
export interface PreflightHost
  extends UploadHost, Pick<PagesHost, "activePageId">, Pick<DestinationHost, "checkDestination"> {}

/** Actions whose node must be visible. */
const NEEDS_VISIBLE = new Set([...CLICKS, ...TEXT_ENTRY, "press", "select", "drag", "scroll"]);
/** Actions whose input goes to a point: their node is read by value, and made only to scroll it into view. */
const BY_VALUE = new Set(["click", "dblclick", "hover"]);
/** Actions that need no enabled node: moving the pointer over one, or scrolling it. */
const ANY_STATE = new Set(["hover", "scroll"]);

/** Names each preflight's object group (unique within the sidecar). */
let preflights = 0;

/**
 * Step 4: every check that sends nothing to the page. `ready` is called with the state's frame once it
 * is known to be the state's document, so that what the input must follow goes out beside the reads
 * (act.ts arms the settle there). When the ref's read runs in that frame's world, it arms the settle
 * itself (one command less): `ready` then gets that read, which has armed it once it answered.
 */
export async function preflight(
  session: PreflightHost,
  rec: PageRecord,
  state: StateRecord,
  input: ActInput,
  plan: Plan,
  signal: AbortSignal,
  ready?: (frame: FrameInfo, armedBy?: Promise<unknown>) => void,
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
  // The frames first (one read), then side by side: the observed document and each ref's node,
  // each through the registry of the document it was observed in.
  const { ref, toRef } = plan;
  const doors = await framesOf(driver, signal);
  const frames = doors.map((d) => d.info);
  const door = doors.find((d) => d.info.frameId === state.frameId);
  if (!door) throw new Stop("document_changed", `Frame ${state.frameId} is gone`);
  const frame = door.info;
  if (frame.loaderId !== state.loaderId) {
    throw new Stop("document_changed", `The frame loaded a new document since state ${state.stateId}`);
  }
  checkOrigins(rec, frames, frame, state, plan);
  // Where `navigate` may go is policy: refused destinations are refused before anything is sent.
  if (input.action === "navigate") session.checkDestination(input.url!);
  // Every node the checks resolve is made in one object group, let go in one command.
  const group = `porthole-act-${++preflights}`;
  // A ref of the state's own document reads the document check with its facts (one call less);
  // any other action reads the document node itself.
  const docInFacts = !!ref && !door.oop && ref.frameId === state.frameId && ref.token === state.token;
  const docP = docInFacts ? null : settle(resolveRefDocument(door, state.token, signal, group));
  const hitTest = CLICKS.has(input.action) || input.action === "drag";
  // A click or hover on a ref of the state's own document reads its node by value: the input goes to a
  // point, and the node is made in Porthole's world only if a scroll into view needs it.
  const byValue = docInFacts && BY_VALUE.has(input.action) && !toRef;
  // The ref's node is read for its fingerprint and its facts side by side.
  const nodeP = ref
    ? settle(
      readRef(
        rec,
        doors,
        ref,
        signal,
        { hitTest, at: plan.pointer?.position, document: docInFacts, arm: docInFacts && !!ready },
        group,
        byValue,
      ),
    )
    : null;
  ready?.(frame, docInFacts && nodeP ? nodeP : undefined);
  const toP = toRef ? settle(readRef(rec, doors, toRef, signal, undefined, group)) : null;
  const held: string[] = [];
  /** Whether the group went to the caller with the nodes it keeps. */
  let handed = false;
  const keep = (id: string) => held.splice(held.indexOf(id), 1); // the caller releases it
  try {
    const docResult = docP ? await docP : null;
    if (docResult?.ok && docResult.value) held.push(docResult.value);
    for (const p of [nodeP, toP]) {
      const r = p ? await p : null;
      if (r?.ok && r.value.objectId) held.push(r.value.objectId);
    }
    const docId = docResult ? valueOf(docResult) : null;
    const docGone = docResult ? !docId : valueOf(await nodeP!).documentGone === true;
    if (docGone) throw new Stop("document_changed", `The document of state ${state.stateId} is gone`);
    if (!ref) {
      if (input.action === "press" && plan.chord!.printable) await checkFocusedField(rec, docId!, signal);
      handed = true;
      return { frame, objectId: null, info: null, noop: false, spent: held.splice(0), group };
    }
    const { objectId, node, info } = valueOf(await nodeP!);
    if (byValue) {
      if (!info) throw detached(ref);
      checkIdentity(ref, info, node, input);
      checkUsable(ref, info, node, input, plan);
      // No node was made: the group is the context's to let go only once resolveTarget made one in it.
      const ctx: Preflight = { frame, objectId: null, info, noop: false, spent: [] };
      ctx.resolveTarget = async (sig) => {
        ctx.group = group;
        return (await resolveRefIn(door, ref, sig, group))?.objectId ?? null;
      };
      handed = true;
      return ctx;
    }
    const target = await inspectNode(
      rec,
      ref,
      objectId,
      hitTest,
      signal,
      plan.pointer?.position,
      undefined,
      info,
    );
    checkIdentity(ref, target.info, node, input);
    const ctx: Preflight = { frame, objectId: target.objectId, info: target.info, noop: false };
    // A checkbox already in the wanted state needs nothing, whether or not it could be clicked.
    if (input.action === "check" || input.action === "uncheck") {
      ctx.noop = await toggleIsNoop(driver, target.objectId, ref, input.action, signal);
      if (ctx.noop) return ctx; // nothing is dispatched: every node is let go
    }
    checkUsable(ref, target.info, node, input, plan);
    if (toRef) {
      const to = valueOf(await toP!);
      // The dragged node moves with the pointer: it never covers its own drop target.
      ctx.to = await inspectNode(rec, toRef, to.objectId, true, signal, undefined, target.objectId);
      checkDropTarget(toRef, ctx.to.info, to.node);
    }
    if (plan.toPoint) await checkDropPoint(rec, plan.toPoint, signal);
    await checkForAction(session, rec, input, plan, ctx, signal);
    keep(target.objectId);
    if (ctx.to) keep(ctx.to.objectId);
    ctx.spent = held.splice(0);
    ctx.group = group;
    handed = true;
    return ctx;
  } finally {
    // Every read was wrapped by `settle`, so none rejects unobserved; resolved nodes are let go.
    if (!handed && !byValue) driver.releaseGroup(group);
  }
}

/** A drop point is a point of the viewport: a drag never lets go outside the page. */
async function checkDropPoint(rec: PageRecord, at: { x: number; y: number }, signal: AbortSignal) {
  const vp = await viewportOf(rec, signal);
  if (at.x < vp.width && at.y < vp.height) return;
  throw new Stop(
    "invalid_params",
    `toPoint (${at.x}, ${at.y}) lies outside the ${vp.width}×${vp.height} viewport`,
    {
      field: "toPoint",
    },
  );
}

/**
 * Let go of every node a preflight kept: the target, a drop target and what the checks read (its
 * object group, in one command), and a file input.
 */
export function releaseTargets(rec: PageRecord, ctx: Preflight): void {
  const ids = ctx.group
    ? [ctx.upload?.inputId]
    : [ctx.objectId, ctx.to?.objectId, ctx.upload?.inputId, ...ctx.spent ?? []];
  if (ctx.group) rec.driver.releaseGroup(ctx.group);
  for (const id of ids) if (id) rec.driver.release(id);
}

/** Facts about a resolved node, or element_detached when it no longer exists. */
async function inspectNode(
  rec: PageRecord,
  ref: RefTarget,
  objectId: string | null,
  hitTest: boolean,
  signal: AbortSignal,
  at?: { x: number; y: number },
  ignore?: string,
  read?: ElementInfo,
): Promise<Target> {
  if (!objectId) throw detached(ref);
  const info = read ?? await elementInfo(rec, objectId, hitTest, signal, at, ignore);
  return { ref, objectId, info };
}

/** What each action needs of its node beyond the common checks. */
async function checkForAction(
  session: UploadHost,
  rec: PageRecord,
  input: ActInput,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
) {
  const driver = rec.driver;
  const ref = plan.ref!;
  const objectId = ctx.objectId!;
  switch (input.action) {
    case "select":
      ctx.options = await optionIndexes(driver, objectId, ref, plan.values!, signal);
      break;
    case "upload": {
      const inputId = await fileInputOf(driver, objectId, ref, plan.files!.length, signal);
      try {
        ctx.upload = { inputId, staged: await stageFiles(session, rec, plan.files!) };
      } catch (err) {
        driver.release(inputId);
        throw err;
      }
      break;
    }
    case "fill":
      if (ctx.info!.valueKind) await checkValue(driver, objectId, ctx.info!.valueKind, input.text!, signal);
      break;
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
  const frameOrigin = originOfFrame(frame);
  const authorized = rec.authorizedOrigin ?? "null";
  if (frameOrigin !== topOrigin) {
    throw new Stop("frame_cross_origin", `Frame ${frame.frameId} is not of the page's origin`, {
      frameOrigin,
      pageOrigin: topOrigin,
    });
  }
  if (topOrigin !== authorized || frameOrigin !== state.origin) {
    throw new Stop(
      "origin_mismatch",
      "The page is not on the origin it is authorised for and was observed on",
      { pageOrigin: topOrigin, authorizedOrigin: authorized, observedOrigin: state.origin },
    );
  }
  if (plan.expectedOrigin && plan.expectedOrigin !== state.origin) {
    throw new Stop("origin_mismatch", "expectedOrigin is not the page's origin", {
      field: "expectedOrigin",
      expectedOrigin: plan.expectedOrigin,
      observedOrigin: state.origin,
    });
  }
}

/** A frame's origin: its URL's, or for about:srcdoc and about:blank frames the one Chromium gives it. */
function originOfFrame(frame: FrameInfo): string {
  if (/^https?:/.test(frame.url)) return canonicalOrigin(frame.url);
  return /^https?:\/\//.test(frame.securityOrigin) ? canonicalOrigin(frame.securityOrigin) : "null";
}

/** The node is the one observed, in the contract's order: same document, connected, visible, same role and name. */
function checkIdentity(ref: RefTarget, info: ElementInfo, node: AxFacts, input: ActInput) {
  const el = element(ref);
  if (!info.sameDocument) {
    throw new Stop("document_changed", `The document of ${ref.ref}'s state was replaced`);
  }
  if (!info.connected) throw new Stop("element_detached", `${ref.ref} is no longer connected`, el);
  // A hidden node leaves the accessibility tree, so visibility is decided before the fingerprint.
  if (NEEDS_VISIBLE.has(input.action) && !info.visible) {
    throw new Stop("element_not_visible", `${ref.ref} is not visible`, el);
  }
  checkFingerprint(ref, node);
}

/** The node can take the action: enabled, editable, not a credential field, not covered. */
function checkUsable(ref: RefTarget, info: ElementInfo, node: AxFacts, input: ActInput, plan: Plan) {
  const el = element(ref);
  if (!ANY_STATE.has(input.action) && !info.enabled) {
    throw new Stop("element_not_enabled", `${ref.ref} is disabled`, el);
  }
  if (TEXT_ENTRY.has(input.action)) {
    if (!info.editable) throw new Stop("element_not_editable", `${ref.ref} is not editable`, el);
    // Keys cannot pick a color or slide a range: their values are set whole, by fill.
    if (input.action === "type" && (info.valueKind === "range" || info.valueKind === "color")) {
      throw new Stop("element_not_editable", `${ref.ref} takes no typed text; use fill with its value`, el);
    }
  }
  if (
    input.action === "type" || input.action === "fill" || (input.action === "press" && plan.chord?.printable)
  ) {
    const facts = { ...info.facts!, accessibleName: node ? node.name : null };
    if (plan.secret !== undefined) {
      // A secret goes only into a credential field, whose value no snapshot ever shows.
      if (!credentialReason(facts)) {
        throw new Stop(
          "secret_not_allowed",
          `${ref.ref} is not a credential field; a secretRef fills only those`,
        );
      }
    } else {
      const reason = refuseTyping(facts);
      if (reason) throw new Stop("sensitive_field", `Porthole does not type into ${ref.ref}: ${reason}`);
    }
  }
  const at = plan.pointer?.position;
  if (at && info.box && (at.x >= info.box.width || at.y >= info.box.height)) {
    throw new Stop(
      "invalid_params",
      `position (${at.x}, ${at.y}) is outside ${ref.ref}, whose box is ` +
        `${Math.round(info.box.width)}×${Math.round(info.box.height)} px`,
      { field: "position", box: { width: info.box.width, height: info.box.height } },
    );
  }
  // A pointer cannot reach what is clipped out of sight: not visible, though nothing covers it.
  if (info.clipped && (CLICKS.has(input.action) || input.action === "drag")) {
    throw clipped(ref.ref, element(ref), info.moving);
  }
  if (info.hit && !info.hit.ok) {
    throw obscured(`${ref.ref} is covered by another element at its click point`, element(ref), info.hit);
  }
}

/** The drop target of a drag: still there, still what was observed, visible and not covered. */
function checkDropTarget(ref: RefTarget, info: ElementInfo, node: AxFacts) {
  const el = element(ref);
  if (!info.sameDocument) {
    throw new Stop("document_changed", `The document of ${ref.ref}'s state was replaced`);
  }
  if (!info.connected) {
    throw new Stop("element_detached", `The drop target ${ref.ref} is no longer connected`, el);
  }
  if (!info.visible) throw new Stop("element_not_visible", `The drop target ${ref.ref} is not visible`, el);
  checkFingerprint(ref, node);
  if (info.clipped) throw clipped(`The drop target ${ref.ref}`, element(ref), info.moving);
  if (info.hit && !info.hit.ok) {
    throw obscured(`The drop target ${ref.ref} is covered by another element`, element(ref), info.hit);
  }
}

/** The node must still be what was observed: Chromium's role and name now match the snapshot's. */
function checkFingerprint(ref: RefTarget, node: AxFacts) {
  const role = node?.role ?? "";
  const name = node?.name ?? "";
  // A ref records Chromium's own role, so the role compares exactly.
  if (role !== ref.role || name !== ref.name) {
    throw new Stop("element_changed", `${ref.ref} is no longer the element observed; observe again`, {
      ...element(ref),
      now: { role, name },
    });
  }
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
    const [facts, ax] = await Promise.all([
      driver.callOn<FieldFacts>(objectId, FIELD_FACTS, [], signal),
      driver.callOn<{ role: string; name: string }>(objectId, FINGERPRINT, [], signal),
    ]);
    const reason = refuseTyping({ ...facts, accessibleName: ax.name });
    if (reason) throw new Stop("sensitive_field", `Porthole does not type into the focused field: ${reason}`);
  } finally {
    driver.release(objectId);
  }
}
