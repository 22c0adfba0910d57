/**
 * Step 3 of `act`: what each action requires of its own parameters, decided before anything is
 * read from the page. A failure is `invalid_params`, not dispatched, and the state stays consumed.
 */
import type { SecretStore } from "../../policy/secrets.ts";
import { type ActInput, ACTIONS } from "../../protocol/schemas.ts";
import { type Chord, type Keystroke, keystrokes, parseChord } from "../../protocol/keys.ts";
import { parseOriginInput } from "../../policy/url.ts";
import { Stop } from "./stop.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import type { StateRecord } from "../core/states.ts";

/** Actions that act on one node of the observation: all but press, scroll, navigate and fill_form. */
export const NEEDS_REF = new Set<string>(
  ACTIONS.filter((a) => a !== "press" && a !== "scroll" && a !== "navigate" && a !== "fill_form"),
);
/** Actions whose pointer goes to the node's click point, hit-tested there. */
export const CLICKS = new Set(["click", "dblclick", "hover", "check", "uncheck"]);
export const TEXT_ENTRY = new Set(["type", "fill", "clear"]);

export { Stop };

/** What the hit test found at a node's click point. */
export interface Hit {
  ok: boolean;
  /** What is on top there, as `tag#id.class`. */
  hit?: string;
  /** The cover is of the moment: the node ignores pointer events now, or what covers it is animating. */
  transient?: boolean;
}

/**
 * `obscured`: something else is at the node's click point. A cover of the moment says so
 * (`details.transient`), with the hint to observe again rather than give up.
 */
export function obscured(
  message: string,
  element: Record<string, unknown>,
  hit: Hit | null | undefined,
): Stop {
  const details = { ...element, coveredBy: hit?.hit ?? null };
  if (!hit?.transient) return new Stop("obscured", message, details);
  return new Stop(
    "obscured",
    `${message}, for the moment (it ignores pointer events, or its cover is animating)`,
    { ...details, transient: true },
    "The cover is transient: observe again and act on the fresh state",
  );
}

/** The page-controlled facts of a ref, for an error's details (never its message). */
export function element(ref: RefTarget): Record<string, unknown> {
  return { ref: ref.ref, role: ref.role, name: ref.name };
}

/** The ref's node left its document. */
export function detached(ref: RefTarget): Stop {
  return new Stop("element_detached", `${ref.ref} is no longer in the document`, element(ref));
}

/**
 * `element_not_visible`: an ancestor that hides its overflow clips the node out of sight (a
 * carousel's slide outside its viewport), and no scroll shows it; nothing covers it. When it or an
 * ancestor is animating (`moving`: the carousel is on its way), the clip is of the moment and says so
 * (`details.transient`).
 */
export function clipped(subject: string, element: Record<string, unknown>, moving = false): Stop {
  const message = `${subject} is clipped out of view by an ancestor that hides its overflow`;
  if (moving) {
    return new Stop(
      "element_not_visible",
      `${message}, for the moment: an animation is moving it`,
      { ...element, clipped: true, transient: true },
      "The clip is transient: observe again and act on the fresh state",
    );
  }
  return new Stop(
    "element_not_visible",
    `${message}; no scroll shows it`,
    { ...element, clipped: true },
    "Bring it into view the way the page does (a carousel's next button, a tab), then observe again",
  );
}

export interface UploadFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** What step 3 learnt from the parameters, for the steps after it. */
export interface Plan {
  chord?: Chord;
  keystrokes?: Keystroke[];
  expectedOrigin?: string;
  ref?: RefTarget;
  /** The drop target of `drag`. */
  toRef?: RefTarget;
  /** `scroll` or `drag` by an offset, in CSS pixels (`scroll` by `"page"`: in viewports). */
  delta?: { x: number; y: number };
  /** `scroll` by direction and `amount: "page"`: `delta` counts viewports, not pixels. */
  byPage?: boolean;
  /** The drop point of `drag` by `toPoint`, in the top-level viewport's CSS pixels. */
  toPoint?: { x: number; y: number };
  /** type: where typing starts, when not where focusing the field left the caret. */
  caret?: "end" | "clear";
  values?: string[];
  files?: UploadFile[];
  /** The value of `secretRef`: typed, never echoed, never logged. */
  secret?: string;
  /** How the mouse clicks (click, dblclick, hover). */
  pointer?: PointerPlan;
  /** type: the pause between keys, in ms. */
  keyDelayMs?: number;
}

export interface PointerPlan {
  button: "left" | "right" | "middle";
  modifiers: string[];
  /** From the element's top-left corner, in CSS px; absent means its center. */
  position?: { x: number; y: number };
  /** Press-release pairs; 0 only hovers. */
  clicks: number;
  /** Between each press and its release. */
  delayMs: number;
}

/** Which actions take each option: given to any other, it is refused rather than ignored. */
const OPTIONS: Record<string, string[]> = {
  button: ["click", "dblclick"],
  modifiers: ["click", "dblclick", "press"],
  position: ["click", "dblclick", "hover"],
  clickCount: ["click"],
  delayMs: ["click", "dblclick", "type"],
  clear: ["type"],
  append: ["type"],
  direction: ["scroll"],
  amount: ["scroll"],
  toPoint: ["drag"],
};

const SIGN = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] } as const;

const bad = (field: string, message: string) => new Stop("invalid_params", message, { field });

/** Step 3: what the action itself requires, decided before anything is read from the page. */
export function checkParams(input: ActInput, state: StateRecord, secrets?: SecretStore): Plan {
  const plan: Plan = {};
  const action = input.action;
  if (NEEDS_REF.has(action) && !input.ref) throw bad("ref", `"${action}" needs a ref from the observation`);
  if (action === "navigate") {
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
  if ((action === "type" || action === "fill") && input.secretRef === undefined && !input.text) {
    throw bad("text", `"${action}" needs a non-empty text`);
  }
  if (input.secretRef !== undefined) {
    if (action !== "type" && action !== "fill") {
      throw bad("secretRef", `secretRef goes with "type" or "fill", not "${action}"`);
    }
    const found = secrets?.lookup(input.secretRef, state.origin) ??
      { error: `No secret named "${input.secretRef}" is configured` };
    if ("error" in found) throw new Stop("secret_not_allowed", found.error, { secretRef: input.secretRef });
    plan.secret = found.value;
  } else if (action === "type") {
    plan.keystrokes = keystrokes(input.text!);
  }
  for (const [field, actions] of Object.entries(OPTIONS)) {
    if (input[field as keyof ActInput] !== undefined && !actions.includes(action)) {
      throw bad(field, `${field} goes with ${actions.map((a) => `"${a}"`).join(", ")}, not "${action}"`);
    }
  }
  if (action === "press") {
    if (!input.key) throw bad("key", `"press" needs a key, e.g. Enter or Control+A`);
    const chord = parseChord(input.key);
    if ("error" in chord) throw bad("key", chord.error);
    plan.chord = chord;
    if (input.modifiers?.length) {
      // Held modifiers are the chord's own: Shift + "a" presses Shift+a.
      const held = parseChord([...input.modifiers, input.key].join("+"));
      if ("error" in held) throw bad("modifiers", held.error);
      plan.chord = held;
    }
  }
  if (CLICKS.has(action)) {
    plan.pointer = {
      button: input.button ?? "left",
      modifiers: input.modifiers ?? [],
      position: input.position,
      clicks: action === "hover"
        ? 0
        : action === "dblclick"
        ? 2
        : action === "click"
        ? input.clickCount ?? 1
        : 1,
      delayMs: input.delayMs ?? 0,
    };
  }
  if (action === "type") {
    plan.keyDelayMs = input.delayMs ?? 0;
    if (input.clear && input.append) throw bad("append", `"type" takes clear or append, not both`);
    if (input.append && input.secretRef !== undefined) {
      throw bad("append", "a secret replaces what the field holds: append does not go with secretRef");
    }
    plan.caret = input.clear ? "clear" : input.append ? "end" : undefined;
  }
  if (action === "select") {
    if (!input.values) {
      throw bad("values", `"select" needs values: the value or label of each option to select`);
    }
    plan.values = input.values;
  }
  if (action === "upload") {
    if (!input.files) {
      throw bad("files", `"upload" needs files: [{name, mimeType, buffer}] (an empty list clears)`);
    }
    plan.files = input.files.map((f, i) => {
      try {
        return { name: f.name, mimeType: f.mimeType, bytes: Uint8Array.fromBase64(f.buffer) };
      } catch {
        throw bad(`files.${i}.buffer`, `files[${i}].buffer is not base64`);
      }
    });
  }
  const hasDelta = input.deltaX !== undefined || input.deltaY !== undefined;
  if (hasDelta) plan.delta = { x: input.deltaX ?? 0, y: input.deltaY ?? 0 };
  if (input.direction) {
    if (hasDelta) throw bad("direction", `"scroll" takes a direction or deltaX/deltaY, not both`);
    const [sx, sy] = SIGN[input.direction];
    const amount = input.amount ?? "page";
    plan.byPage = amount === "page";
    const n = amount === "page" ? 1 : amount;
    plan.delta = { x: sx * n, y: sy * n };
  } else if (input.amount !== undefined) throw bad("amount", `amount goes with a direction`);
  if (action === "scroll" && !input.ref && !plan.delta) {
    throw bad("deltaY", `"scroll" needs deltaX/deltaY, a direction, or a ref to scroll into view`);
  }
  if (action === "drag") {
    const ends = [input.toRef && "toRef", hasDelta && "deltaX/deltaY", input.toPoint && "toPoint"].filter(
      Boolean,
    );
    if (!ends.length) throw bad("toRef", `"drag" needs a toRef or toPoint to drop on, or deltaX/deltaY`);
    if (ends.length > 1) {
      throw bad("toRef", `"drag" takes one of toRef, toPoint and deltaX/deltaY, not ${ends.join(" and ")}`);
    }
    plan.toPoint = input.toPoint;
    if (input.toRef === input.ref) throw bad("toRef", `"drag" needs a toRef other than its ref`);
    if (input.toRef) {
      plan.toRef = state.refs.get(input.toRef);
      if (!plan.toRef) throw bad("toRef", `${input.toRef} is not a ref of state ${state.stateId}`);
    }
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
