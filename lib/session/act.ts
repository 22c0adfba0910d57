/**
 * `act`: one action on one observed state, in the contract's five steps. The state is
 * consumed at lookup; nothing is ever retried; the result separates dispatch, observation
 * and postcondition.
 */
import type { Protocol } from "devtools-protocol";
import { type ErrorCode, PortholeError, toPortholeError } from "../protocol/errors.ts";
import type { ActInput } from "../protocol/schemas.ts";
import type { ActResult, Execution } from "../protocol/types.ts";
import { type Chord, outsideKeyboardLayout, parseChord } from "../protocol/keys.ts";
import { canonicalOrigin, parseOriginInput } from "../policy/url.ts";
import { type FieldFacts, refuseTyping } from "../policy/sensitive.ts";
import { type FrameInfo, RemoteRef } from "../driver/page_driver.ts";
import { INTERACTIVE_ROLES } from "../snapshot/ax_tree.ts";
import { deadline, effectiveTimeout } from "./deadline.ts";
import { navigateAndWait, NavigationWatch } from "./navigation.ts";
import {
  ELEMENT_INFO,
  EXPECT_TEXT,
  FIELD_FACTS,
  FOCUS,
  FOCUSED_FIELD,
  HAS_FOCUS,
  HIT_TEST,
  SELECT_ALL,
} from "./page_scripts.ts";
import type { PageRecord, Session } from "./session.ts";
import type { StateRecord } from "./states.ts";

const NEEDS_REF = new Set([
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
const POINTER = new Set(["click", "dblclick", "hover"]);
const TEXT_ENTRY = new Set(["type", "fill", "clear"]);
const SUPPORTED = new Set(["click", "dblclick", "hover", "type", "fill", "clear", "press", "navigate"]);

interface ElementInfo {
  connected: boolean;
  sameDocument: boolean;
  visible?: boolean;
  enabled?: boolean;
  editable?: boolean;
  framesOk?: boolean;
  point?: { x: number; y: number; inView: boolean; topX: number; topY: number };
  facts?: FieldFacts;
}

/** An action stopped: the code and message become the result's error. */
class Stop extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly details?: Record<string, unknown>) {
    super(message);
  }
}

export async function act(session: Session, input: ActInput, signal: AbortSignal): Promise<ActResult> {
  session.assertBrowser();
  // Until dispatch, the deadline, a client that goes away and the session's end all stop the
  // action. From the first action-related command on, only the deadline and the session's end
  // do: a running action is never cut short because its client left.
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  let live = dl;
  session.dialogs = [];
  let execution: Execution = "not_dispatched";
  let error: PortholeError | null = null;
  let blocked: PortholeError | null = null;
  let freshState: ActResult["freshState"];
  let captureError: PortholeError | null = null;
  let noop = false;
  const progress: Progress = { acknowledged: false };
  const notRequested = input.expect ? "unknown" : "not_requested";

  // Step 2: the lookup. Unknown and stale ids consume nothing.
  const lookup = session.states.take(input.stateId);
  if (lookup.kind !== "current") {
    dl.dispose();
    const code = lookup.kind === "unknown" ? "unknown_state" : "stale_state";
    const message = lookup.kind === "unknown"
      ? `State ${input.stateId} was never issued in this session; observe and use the stateId it returns`
      : `State ${input.stateId} was already ${lookup.why}; a state is good for one action, observe again`;
    return {
      execution,
      observation: "unavailable",
      postcondition: notRequested,
      error: new PortholeError(code, message).toBody(),
    };
  }
  const state = lookup.state;
  const rec = session.pages.get(state.pageId);
  try {
    const plan = checkParams(session, input, state); // step 3
    if (!rec || rec.driver.closed) {
      throw new Stop("target_changed", `Page ${state.pageId} of state ${state.stateId} is closed`);
    }
    const ctx = await preflight(session, rec, state, input, plan, dl.signal); // step 4
    if (ctx.noop) {
      noop = true;
    } else {
      // Step 5: from the first action-related command on, failures leave side effects uncertain.
      if (dl.signal.aborted) throw dl.signal.reason;
      live = deadline(dl.remaining(), session.signal);
      execution = "dispatched_unknown";
      blocked = await dispatch(session, rec, state, input, plan, ctx, live.signal, progress);
      execution = "completed";
    }
  } catch (err) {
    // Once Chromium acknowledged the input or the navigation, a later failure (readiness,
    // a timeout while waiting for DOMContentLoaded) does not make the action uncertain.
    if (progress.acknowledged) execution = "completed";
    error = err instanceof Stop
      ? new PortholeError(err.code, err.message, { details: err.details })
      : toPortholeError(
        err instanceof Error && err.name === "TimeoutError" ? new PortholeError("timeout", err.message) : err,
      );
    if (error.code === "internal" && /Target closed|Session closed|detached/i.test(error.message)) {
      error = new PortholeError("browser_disconnected", "The page or browser went away during the action");
    }
  }

  // Whenever the state was consumed, a fresh observation is attempted.
  if (rec && !rec.driver.closed && session.pages.has(rec.pageId) && !live.signal.aborted) {
    try {
      freshState = await session.captureFresh(rec, state.frameId, live.signal);
    } catch (err) {
      captureError = toPortholeError(err);
      if (captureError.code === "internal") {
        captureError = new PortholeError("observation_failed", captureError.message);
      }
    }
  } else {
    captureError = new PortholeError(
      "observation_failed",
      live.signal.aborted ? "No time was left to observe" : "The page is gone",
    );
  }

  let postcondition: ActResult["postcondition"] = input.expect ? "unknown" : "not_requested";
  if (input.expect && freshState && execution !== "not_dispatched") {
    postcondition = await checkExpect(rec!, freshState, input.expect, live.signal);
  }
  dl.dispose();
  live.dispose();

  const first = error ?? blocked ?? (captureError && !error ? captureError : null);
  const result: ActResult = {
    execution,
    observation: freshState ? "captured" : "unavailable",
    postcondition,
  };
  if (freshState) result.freshState = freshState;
  if (session.dialogs.length) result.dialogs = session.dialogs.splice(0);
  if (noop) result.noop = true;
  if (first) {
    const body = first.toBody();
    if (execution !== "not_dispatched") body.retryable = false;
    result.error = body;
  }
  return result;
}

/** How far dispatch got: set once Chromium acknowledged the input or navigation command. */
interface Progress {
  acknowledged: boolean;
}

interface Plan {
  chord?: Chord;
  expectedOrigin?: string;
  ref?: StateRecord["refs"] extends Map<string, infer R> ? R : never;
}

/** Step 3: what the action itself requires, decided before anything is read from the page. */
function checkParams(session: Session, input: ActInput, state: StateRecord): Plan {
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
  void session;
  return plan;
}

interface Preflight {
  frame: FrameInfo;
  objectId: string | null;
  info: ElementInfo | null;
  noop: boolean;
}

/** Step 4: every check that sends nothing to the page. */
async function preflight(
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
  const frames = await driver.frames(signal);
  const frame = frames.find((f) => f.frameId === state.frameId);
  if (!frame) throw new Stop("document_changed", `Frame ${state.frameId} is gone`);
  if (frame.loaderId !== state.loaderId) {
    throw new Stop("document_changed", `The frame loaded a new document since state ${state.stateId}`);
  }
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
  // Where `navigate` may go is policy: refused destinations are refused before anything is sent.
  if (input.action === "navigate") session.checkDestination(input.url!);
  const docId = await driver.resolve(frame, state.documentNode, signal);
  if (!docId) throw new Stop("document_changed", `The document of state ${state.stateId} is gone`);
  if (!plan.ref) {
    if (input.action === "press" && plan.chord!.printable) await checkFocusedField(rec, docId, signal);
    await driver.release(docId);
    return { frame, objectId: null, info: null, noop: false };
  }
  const ref = plan.ref;
  const objectId = await driver.resolve(frame, ref.backendNodeId, signal);
  if (!objectId) {
    throw new Stop("element_detached", `${ref.ref} (${ref.role} "${ref.name}") is no longer in the document`);
  }
  const info = await driver.callOn<ElementInfo>(objectId, ELEMENT_INFO, [new RemoteRef(docId)], signal);
  await driver.release(docId);
  if (!info.sameDocument) {
    throw new Stop("document_changed", `The document of state ${state.stateId} was replaced`);
  }
  if (!info.connected) {
    throw new Stop("element_detached", `${ref.ref} (${ref.role} "${ref.name}") is no longer connected`);
  }
  // A hidden node leaves the accessibility tree, so visibility is decided before the fingerprint.
  if (POINTER.has(input.action) || TEXT_ENTRY.has(input.action) || input.action === "press") {
    if (!info.visible) {
      throw new Stop("element_not_visible", `${ref.ref} (${ref.role} "${ref.name}") is not visible`);
    }
  }
  // Fingerprint: the node must still be what was observed.
  const node = await axNode(rec, ref.backendNodeId, signal);
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
  if (input.action !== "hover" && !info.enabled) {
    throw new Stop("element_not_enabled", `${ref.ref} (${ref.role} "${ref.name}") is disabled`);
  }
  if (TEXT_ENTRY.has(input.action) && !info.editable) {
    throw new Stop("element_not_editable", `${ref.ref} (${ref.role} "${ref.name}") is not editable`);
  }
  if (
    input.action === "type" || input.action === "fill" || (input.action === "press" && plan.chord?.printable)
  ) {
    const facts: FieldFacts = { ...info.facts!, accessibleName: node ? name : null };
    const reason = refuseTyping(facts);
    if (reason) throw new Stop("sensitive_field", `Porthole does not type into ${ref.ref}: ${reason}`);
  }
  if (POINTER.has(input.action) && info.point?.inView) {
    const hit = await driver.callOn<{ ok: boolean; hit?: string }>(objectId, HIT_TEST, [
      info.point.x,
      info.point.y,
    ], signal);
    if (!hit.ok) {
      throw new Stop("obscured", `${ref.ref} is covered by ${hit.hit} at its click point`, {
        coveredBy: hit.hit,
      });
    }
  }
  return { frame, objectId, info, noop: false };
}

/** Chromium's own role and name of a node, or null when it has no accessibility node. */
async function axNode(
  rec: PageRecord,
  backendNodeId: number,
  signal: AbortSignal,
): Promise<{ role: string; name: string } | null> {
  const partial = await rec.driver.send<Protocol.Accessibility.GetPartialAXTreeResponse>(
    "Accessibility.getPartialAXTree",
    { backendNodeId, fetchRelatives: false },
    signal,
  );
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
    await driver.release(objectId);
  }
}

/** Step 5: activation, scrolling, focusing, input or navigation. Returns a blocked effect, if any. */
async function dispatch(
  session: Session,
  rec: PageRecord,
  state: StateRecord,
  input: ActInput,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
  progress: Progress,
): Promise<PortholeError | null> {
  const driver = rec.driver;
  const pool = session.deps.pool;
  if (!pool.isFront(driver.targetId)) {
    await driver.send("Page.bringToFront", {}, signal);
    pool.markFront(driver.targetId);
  }
  if (input.action === "navigate") {
    const { outcome, committed } = await navigateAndWait(
      driver,
      ctx.frame,
      input.url!,
      "domcontentloaded",
      signal,
      () => progress.acknowledged = true,
    );
    if (outcome.kind === "download") {
      return new PortholeError("download_blocked", "The URL started a download, which was blocked");
    }
    if (ctx.frame.parentId === null) await session.authorizeCommit(rec, committed);
    return null;
  }
  const objectId = ctx.objectId;
  const watch = new NavigationWatch(driver, state.frameId, state.loaderId, "domcontentloaded");
  try {
    if (POINTER.has(input.action)) {
      let point = ctx.info!.point!;
      if (!point.inView) {
        await driver.send("DOM.scrollIntoViewIfNeeded", { backendNodeId: plan.ref!.backendNodeId }, signal);
        const info = await driver.callOn<ElementInfo>(objectId!, ELEMENT_INFO, [null], signal);
        point = info.point!;
        const hit = await driver.callOn<{ ok: boolean; hit?: string }>(objectId!, HIT_TEST, [
          point.x,
          point.y,
        ], signal);
        if (!hit.ok) throw new Stop("obscured", `${plan.ref!.ref} is covered by ${hit.hit} after scrolling`);
      }
      await pointer(driver.send.bind(driver), input.action, point.topX, point.topY, signal);
    } else if (TEXT_ENTRY.has(input.action) || input.action === "press") {
      if (objectId) {
        await driver.callOn(objectId, FOCUS, [], signal);
        const focused = await driver.callOn<boolean>(objectId, HAS_FOCUS, [], signal);
        if (!focused) throw new Stop("focus_lost", `Focus did not stay on ${plan.ref!.ref}`);
      }
      if (input.action === "fill" || input.action === "clear") {
        await driver.callOn(objectId!, SELECT_ALL, [], signal);
        if (input.action === "fill") await driver.send("Input.insertText", { text: input.text }, signal);
        else await key(driver.page.keyboard, { modifiers: [], key: "Delete", printable: false }, signal);
      } else if (input.action === "type") {
        for (const ch of input.text!) {
          if (signal.aborted) throw signal.reason;
          if (ch === "\n") await driver.page.keyboard.press("Enter");
          else await driver.page.keyboard.sendCharacter(ch);
        }
      } else {
        await key(driver.page.keyboard, plan.chord!, signal);
      }
    }
    // Every input command was answered: the input happened, whatever the page does next.
    progress.acknowledged = true;
    if (!watch.requested) await watch.flush(signal);
    // A download link (`<a download>`) starts a download without a navigation request.
    if (!watch.requested) return watch.download ? downloadBlocked() : null;
    const outcome = await watch.settle(signal);
    if (outcome.kind === "download") return downloadBlocked();
    if (outcome.kind === "loaded" && ctx.frame.parentId === null) {
      const frames = await driver.frames(signal);
      const top = frames.find((f) => f.parentId === null)!;
      if (canonicalOrigin(top.url) !== rec.authorizedOrigin) {
        rec.authorizedOrigin = null;
        return new PortholeError(
          "navigation_blocked",
          `The page navigated to another origin, ${canonicalOrigin(top.url)}, which is not authorised`,
        );
      }
    }
    return null;
  } finally {
    watch.dispose();
    if (objectId) await driver.release(objectId);
  }
}

function downloadBlocked(): PortholeError {
  return new PortholeError("download_blocked", "The action started a download, which was blocked");
}

type Send = (method: string, params: Record<string, unknown>, signal?: AbortSignal) => Promise<unknown>;

async function pointer(send: Send, action: string, x: number, y: number, signal: AbortSignal) {
  await send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y, button: "none" }, signal);
  if (action === "hover") return;
  const clicks = action === "dblclick" ? 2 : 1;
  for (let n = 1; n <= clicks; n++) {
    await send("Input.dispatchMouseEvent", {
      type: "mousePressed",
      x,
      y,
      button: "left",
      buttons: 1,
      clickCount: n,
    }, signal);
    await send("Input.dispatchMouseEvent", {
      type: "mouseReleased",
      x,
      y,
      button: "left",
      buttons: 0,
      clickCount: n,
    }, signal);
  }
}

interface Keyboard {
  down(key: never): Promise<void>;
  up(key: never): Promise<void>;
  press(key: never): Promise<void>;
  sendCharacter(char: string): Promise<void>;
}

async function key(keyboard: Keyboard, chord: Chord, signal: AbortSignal) {
  if (outsideKeyboardLayout(chord.key)) {
    // No key of the US layout makes this character: it is entered as text (parseChord allows
    // no Control, Alt or Meta with it).
    await keyboard.sendCharacter(chord.key);
    return;
  }
  const shifted = chord.modifiers.includes("Shift") && /^[a-z]$/.test(chord.key);
  for (const m of chord.modifiers) await keyboard.down(m as never);
  try {
    if (signal.aborted) throw signal.reason;
    // Shift+a is the key "A", as on a real keyboard.
    await keyboard.press((shifted ? chord.key.toUpperCase() : chord.key) as never);
  } finally {
    for (const m of [...chord.modifiers].reverse()) await keyboard.up(m as never);
  }
}

async function checkExpect(
  rec: PageRecord,
  captured: NonNullable<ActResult["freshState"]>,
  expect: { selector: string; text: string },
  signal: AbortSignal,
): Promise<ActResult["postcondition"]> {
  try {
    const frames = await rec.driver.frames(signal);
    const frame = frames.find((f) => f.frameId === captured.frameId);
    // Only the captured document counts.
    if (!frame || frame.loaderId !== captured.document.loaderId) return "unknown";
    const r = await rec.driver.evaluate<{ count: number; text?: string }>(
      frame,
      `(${EXPECT_TEXT})(${JSON.stringify(expect.selector)})`,
      signal,
    );
    return r.count === 1 && r.text === expect.text ? "met" : "unmet";
  } catch {
    return "unknown";
  }
}
