/**
 * The 13 `action/*` methods of BAP, and Porthole's own `action/fillForm`. Each resolves its
 * selectors to exactly one node each and acts through Porthole's `act` (see act_bridge.ts); every
 * action answers `{}`. Their params are the core act's fields under BAP's names.
 */
import * as v from "valibot";
import { ActInput } from "../protocol/schemas.ts";
import { caretToEnd, elementCenter } from "../session/element_props.ts";
import { viewportOf } from "../session/page_facts.ts";
import { actOn, type ActSpec, counted, locateOnly } from "./act_bridge.ts";
import { type Call, type Method, method } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import { Flag, Num, Opts, PageId, renamed, Timeout } from "./schema.ts";
import { locateError, resolve, type Selector, SelectorSchema } from "./selectors.ts";
import type { PageTarget } from "./state.ts";

interface Ctx {
  call: Call;
  t: PageTarget;
  signal: AbortSignal;
  timeout: number;
  selector?: Selector;
}

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
const Click = {
  ...renamed(ActInput, { button: "button", position: "position" }),
  modifiers: v.optional(Modifiers),
  clickCount: v.optional(v.pipe(Num(1, 3), v.transform(Math.round))),
  delay: v.optional(v.pipe(Num(0, 5000), v.transform(Math.round))),
};
const Point = v.object({ x: Num(), y: Num() });

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

function unsupported(what: string): never {
  throw new BapError(BAP.ActionFailed, `${what} is not available in this version of Porthole`, {
    retryable: false,
    notDispatched: true,
    details: { reason: "not_available" },
  });
}

/** Act through the bridge; an action `act` does not know is refused. */
async function run(c: Ctx, spec: ActSpec, sel = c.selector): Promise<void> {
  const out = await counted(
    c.call,
    spec.action,
    () => actOn(c.call.state, c.t, sel, spec, c.timeout, c.signal),
  );
  if (out.kind !== "done") unsupported(spec.action);
}

/** An action method: its params, then `fn` on the page inside the gate (`trial` only locates). */
function action<S extends v.GenericSchema>(
  name: string,
  schema: S,
  fn: (c: Ctx, p: v.InferOutput<S>) => Promise<void>,
): Method {
  return method(schema, async (call, p) => {
    const { selector, options } = p as { selector?: Selector; options: { timeout: number; trial?: boolean } };
    await onPage(call, (p as { pageId?: string }).pageId, async (t, signal) => {
      const c: Ctx = { call, t, signal, timeout: options.timeout, selector };
      call.state.held.set(t.session.id, {
        method: name,
        params: p as Record<string, unknown>,
        pageId: t.pageId,
      });
      try {
        if (!options.trial) await fn(c, p);
        else if (selector) await locateOnly(call.state, t, selector, signal);
      } finally {
        call.state.held.delete(t.session.id);
      }
    });
    return {};
  });
}

/** A plain action: one `act` with the spec the params give. */
const simple = <S extends v.GenericSchema>(name: string, schema: S, spec: (p: v.InferOutput<S>) => ActSpec) =>
  action(name, schema, (c, p) => run(c, spec(p)));

/** The center of the element a selector names, in viewport coordinates. */
async function centerOf(c: Ctx, sel: Selector): Promise<{ x: number; y: number }> {
  const target = await resolve(c.call.state, c.t, sel, c.signal);
  const center = target && await elementCenter(c.t.rec.driver, target.frame, target.backendNodeId, c.signal);
  if (!center) throw locateError(sel, { ok: false, why: "not_found" });
  return center;
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

const Direction = v.optional(v.picklist(["up", "down", "left", "right"]), "down");
const Amount = v.optional(v.union([Num(), v.literal("page"), v.literal("toElement")]), 300);
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
  "action/fillForm": simple("action/fillForm", params("optional", {}, { fields: FormFields }), (p) => ({
    action: "fill_form",
    fields: p.fields,
  })),
  "action/click": simple("action/click", params("required", Click), (p) => clickSpec("click", p.options)),
  "action/dblclick": simple(
    "action/dblclick",
    params("required", Click),
    (p) => clickSpec("dblclick", p.options),
  ),
  "action/type": action(
    "action/type",
    params("required", { clear: Flag, delay: v.optional(Num(0, 10_000)) }, {
      text: v.nonOptional(core.text),
    }),
    async (c, p) => {
      if (p.options.clear) await run(c, { action: "clear" });
      else {
        // BAP's `type` appends: the caret goes to the end of a text field first.
        const target = await resolve(c.call.state, c.t, c.selector!, c.signal).catch(() => null);
        if (target) await caretToEnd(c.t.rec.driver, target.frame, target.backendNodeId, c.signal);
      }
      // Keys go out one by one, without pauses: `delay` is read and has no effect.
      if (p.text !== "") await run(c, { action: "type", text: p.text });
    },
  ),
  "action/fill": simple(
    "action/fill",
    params("required", {}, { value: v.nonOptional(core.text) }),
    (p) => p.value === "" ? { action: "clear" } : { action: "fill", text: p.value },
  ),
  "action/clear": simple("action/clear", params("required"), () => ({ action: "clear" })),
  "action/press": simple(
    "action/press",
    params("optional", {}, { key: v.pipe(v.nonOptional(core.key), v.minLength(1, "must not be empty")) }),
    (p) => ({ action: "press", key: p.key }),
  ),
  "action/hover": simple("action/hover", params("required", { position: v.optional(Point) }), () => ({
    action: "hover",
  })),
  "action/scroll": action(
    "action/scroll",
    params("optional", { direction: Direction, amount: Amount }),
    async (c, p) => {
      const { direction, amount } = p.options;
      if (c.selector) return await run(c, { action: "scroll" });
      if (amount === "toElement") return;
      const vertical = direction === "up" || direction === "down";
      const vp = amount === "page" ? await viewportOf(c.t.rec, c.signal) : null;
      const px = (vp ? (vertical ? vp.height : vp.width) : amount as number) *
        (direction === "up" || direction === "left" ? -1 : 1);
      await run(c, { action: "scroll", deltaX: vertical ? 0 : px, deltaY: vertical ? px : 0 });
    },
  ),
  "action/select": simple("action/select", params("required", {}, { values: Values }), (p) => ({
    action: "select",
    values: p.values,
  })),
  "action/check": simple("action/check", params("required"), () => ({ action: "check" })),
  "action/uncheck": simple("action/uncheck", params("required"), () => ({ action: "uncheck" })),
  "action/upload": simple("action/upload", params("required", {}, { files: Files }), (p) => ({
    action: "upload",
    files: p.files,
  })),
  "action/drag": action(
    "action/drag",
    params("optional", {}, { source: SelectorSchema, target: v.union([SelectorSchema, Point]) }),
    async (c, p) => {
      let point: { x: number; y: number };
      if ("type" in p.target) {
        const to = p.target as Selector;
        try {
          return await run(c, { action: "drag", to }, p.source);
        } catch (err) {
          // A drop zone need not be a node with a snapshot ref: then drop on its center.
          const noRef = err instanceof BapError && err.extras.details?.reason === "no_ref" &&
            err.extras.details?.selector === to;
          if (!noRef) throw err;
          point = await centerOf(c, to);
        }
      } else point = p.target as { x: number; y: number };
      // A point: the drag moves by its distance from the source's center.
      const from = await centerOf(c, p.source);
      await run(c, { action: "drag", deltaX: point.x - from.x, deltaY: point.y - from.y }, p.source);
    },
  ),
};
