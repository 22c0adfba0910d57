/**
 * The 13 `action/*` methods of BAP, and Porthole's own `action/fillForm`. Each acts through the
 * core's action by locators (`actByLocators`, lib/ops/act_locators.ts): a selector is a core
 * locator, resolved in the page's selected frame to exactly one node (zero matches are
 * ElementNotFound, several SelectorAmbiguous, never a silent first match); a `ref` is a core ref
 * of the page's current document and never heals. Errors name the client's selectors, never core
 * refs; every action answers `{}`. Their params are the core act's fields under BAP's names.
 */
import * as v from "valibot";
import { ActInput } from "../protocol/schemas.ts";
import { fromPorthole } from "../protocol/errors.ts";
import { actByLocators } from "../ops/act_locators.ts";
import { refuseInPlanMode } from "../policy/plan_mode.ts";
import type { LocatorNames, LocatorSpec } from "../session/act/locators.ts";
import type { Locator as Selector } from "../session/locate/locate.ts";
import { type Method, method } from "./call.ts";
import { onPage } from "./gate.ts";
import { Flag, Num, Opts, PageId, renamed, SelectorSchema, Timeout } from "./schema.ts";

const MODIFIERS = ["Alt", "Control", "ControlOrMeta", "Meta", "Shift"];
const Modifiers = v.pipe(
  v.array(v.string()),
  v.check((ms) => ms.every((m) => MODIFIERS.includes(m)), `must hold only ${MODIFIERS.join(", ")}`),
  // Porthole's Chromium runs on Linux: ControlOrMeta is Control.
  v.transform((ms) =>
    [...new Set(ms.map((m) => m === "ControlOrMeta" ? "Control" : m))] as ActInput["modifiers"]
  ),
);
const core = ActInput.entries;
const Point = renamed(ActInput, { point: "toPoint!" }).point;
const Click = {
  ...renamed(ActInput, { button: "button", position: "position" }),
  modifiers: v.optional(Modifiers),
  clickCount: v.optional(v.pipe(Num(1, 3), v.transform(Math.round))),
  delay: v.optional(v.pipe(Num(0, 5000), v.transform(Math.round))),
};

/** An action's params: its selector, pageId, options (timeout, force, trial and `options`), and `fields`. */
function params<
  O extends v.ObjectEntries = Record<never, never>,
  F extends v.ObjectEntries = Record<never, never>,
>(
  selector: "required" | "optional",
  options: O = {} as O,
  fields: F = {} as F,
) {
  return v.object({
    selector: selector === "required" ? SelectorSchema : v.optional(SelectorSchema),
    pageId: PageId,
    // Porthole never skips its checks: `force` is read and has no effect.
    options: Opts({ timeout: Timeout, force: Flag, trial: Flag, ...options }),
    ...fields,
  });
}

/** The members a BAP action sends its selectors in, and the method it is. */
const namesOf = (method: string): LocatorNames => ({
  request: { name: method, details: { method } },
  target: "selector",
  dropTarget: "target",
  field: (i) => `fields.${i}.selector`,
});

/**
 * An action method: its params, then the core action `spec` gives (null: nothing to do) on the
 * page inside the gate; `trial` only locates its selectors (a drag's source and a form's fields).
 * Plan mode refuses an action before it waits in the gate, and again inside (the mode may change
 * while it waits).
 */
function action<S extends v.GenericSchema>(
  schema: S,
  spec: (p: v.InferOutput<S>) => LocatorSpec | null,
): Method {
  return method(schema, async (call, p) => {
    const { selector, pageId, options } = p as {
      selector?: Selector;
      pageId?: string;
      options: { timeout: number; trial?: boolean };
    };
    const s = spec(p);
    const names = namesOf(call.method);
    if (s && !options.trial) {
      refuseInPlanMode(call.state.target(pageId).session, names.request.name, names.request.details);
    }
    await onPage(call, pageId, async (t, signal) => {
      if (!s && !options.trial) return;
      call.state.held.set(t.session.id, { method: call.method, params: p as Record<string, unknown> });
      try {
        const page = { pageId: t.pageId, frameId: call.state.frames.get(t.pageId) };
        const o = { timeoutMs: options.timeout, names, trial: options.trial };
        const end = await actByLocators(call.registry, t.session, page, { on: selector, ...s }, o, signal)
          .catch((err) => Promise.reject(call.state.frameGone(t.pageId, err)));
        if (!end.ok) throw fromPorthole(end.error, { notDispatched: end.notDispatched });
      } finally {
        call.state.held.delete(t.session.id);
      }
    });
    return {};
  });
}

const clickSpec = (
  action: "click" | "dblclick",
  o: v.InferOutput<v.ObjectSchema<typeof Click, undefined>>,
) => ({
  action,
  button: o.button,
  modifiers: o.modifiers,
  position: o.position,
  // A double click is two clicks whatever clickCount says (BAP ignores it there).
  clickCount: action === "click" ? o.clickCount : undefined,
  delayMs: o.delay,
});

const Direction = v.optional(v.unwrap(core.direction), "down");
const Amount = v.optional(v.union([v.unwrap(core.amount), v.literal("toElement")]), 300);
const Values = v.union([v.pipe(v.string(), v.transform((s) => [s])), v.nonOptional(core.values)]);
const Files = v.pipe(
  v.array(v.looseObject({})),
  v.transform((fs) => fs.map((f) => ({ mimeType: "application/octet-stream", ...f }))),
  v.nonOptional(core.files),
);

/** `action/fillForm`'s fields: a selector and a value each (text, true/false, or option values). */
const FormFields = v.pipe(
  v.array(v.object({
    selector: SelectorSchema,
    value: v.union(
      [v.string(), v.boolean(), v.array(v.string())],
      "must be a string, a boolean or a list of strings",
    ),
  })),
  v.minLength(1, "must hold 1..64 fields"),
  v.maxLength(64, "must hold 1..64 fields"),
  v.transform((fs) => fs.map((f) => ({ locator: f.selector, value: f.value }))),
);

export const ACTION_METHODS: Record<string, Method> = {
  /** Porthole's own: several fields of one form in one action (the core's fill_form). */
  "action/fillForm": action(params("optional", {}, { fields: FormFields }), (p) => ({
    action: "fill_form",
    fields: p.fields,
  })),
  "action/click": action(params("required", Click), (p) => clickSpec("click", p.options)),
  "action/dblclick": action(params("required", Click), (p) => clickSpec("dblclick", p.options)),
  // BAP's `type` appends, or empties the field first with `clear`; `delay` is the ms between keys.
  "action/type": action(
    params("required", { clear: Flag, delay: Click.delay }, { text: v.nonOptional(core.text) }),
    ({ text, options: { clear, delay } }) =>
      text !== ""
        ? { action: "type", text, delayMs: delay, ...clear ? { clear } : { append: true } }
        : clear
        ? { action: "clear" }
        : null,
  ),
  "action/fill": action(
    params("required", {}, { value: v.nonOptional(core.text) }),
    (p) => p.value === "" ? { action: "clear" } : { action: "fill", text: p.value },
  ),
  "action/clear": action(params("required"), () => ({ action: "clear" })),
  "action/press": action(
    params("optional", {}, { key: v.pipe(v.nonOptional(core.key), v.minLength(1, "must not be empty")) }),
    (p) => ({ action: "press", key: p.key }),
  ),
  "action/hover": action(
    params("required", { position: Click.position }),
    (p) => ({ action: "hover", position: p.options.position }),
  ),
  // With a selector the element scrolls into view; `toElement` without one has nothing to scroll to.
  "action/scroll": action(
    params("optional", { direction: Direction, amount: Amount }),
    ({ selector, options: { direction, amount } }) =>
      selector
        ? { action: "scroll" }
        : amount === "toElement"
        ? null
        : { action: "scroll", direction, amount },
  ),
  "action/select": action(params("required", {}, { values: Values }), (p) => ({
    action: "select",
    values: p.values,
  })),
  "action/check": action(params("required"), () => ({ action: "check" })),
  "action/uncheck": action(params("required"), () => ({ action: "uncheck" })),
  "action/upload": action(params("required", {}, { files: Files }), (p) => ({
    action: "upload",
    files: p.files,
  })),
  // A drop target is a selector (a drop zone need not have a ref) or a viewport point.
  "action/drag": action(
    params("optional", {}, { source: SelectorSchema, target: v.union([SelectorSchema, Point]) }),
    ({ source, target }) => ({
      action: "drag",
      on: source,
      ...("type" in target ? { to: target as Selector } : { toPoint: target as { x: number; y: number } }),
    }),
  ),
};
