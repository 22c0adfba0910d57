/**
 * The 13 `action/*` methods of BAP, and Porthole's own `action/fillForm`. Each resolves its
 * selector to exactly one node and acts through Porthole's `act` (see act_bridge.ts); every
 * action answers `{}`.
 */
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams } from "./errors.ts";
import { onPage } from "./gate.ts";
import { Params, timeoutOf } from "./params.ts";
import { readSelector, type Selector } from "./selectors.ts";
import type { PageTarget } from "./state.ts";
import { actOn, type ActSpec, locateOnly } from "./act_bridge.ts";
import { caretToEnd, elementCenter } from "../session/element_props.ts";
import { viewportOf } from "../session/page_facts.ts";
import { resolve } from "./selectors.ts";

interface Ctx {
  call: Call;
  p: Params;
  t: PageTarget;
  signal: AbortSignal;
  timeout: number;
  selector?: Selector;
}

function requiredSelector(p: Params, key = "selector"): Selector {
  if (!p.has(key)) throw invalidParams(key, `${key} is required`);
  return readSelector(p.get(key), key);
}

function unsupported(what: string): never {
  throw new BapError(BAP.ActionFailed, `${what} is not available in this version of Porthole`, {
    retryable: false,
    notDispatched: true,
    details: { reason: "not_available" },
  });
}

/** Run `act` through the bridge; returns whether the action was dispatched by act (false = unsupported). */
async function run(c: Ctx, spec: ActSpec, sel = c.selector): Promise<boolean> {
  const out = await actOn(c.call.state, c.t, sel, spec, c.timeout, c.signal);
  return out.kind === "done";
}

/** Wrap an action handler: options, page, gate. */
function action(
  method: string,
  needsSelector: boolean,
  fn: (c: Ctx) => Promise<void>,
): (call: Call, p: Params) => Promise<Record<string, never>> {
  return async (call, p) => {
    const selector = needsSelector
      ? requiredSelector(p)
      : p.has("selector")
      ? readSelector(p.get("selector"))
      : undefined;
    const options = p.obj("options");
    const timeout = timeoutOf(options);
    options?.bool("force"); // Porthole never skips its checks
    const trial = options?.bool("trial") ?? false;
    await onPage(call, p.str("pageId"), async (t, signal) => {
      const c: Ctx = { call, p, t, signal, timeout, selector };
      call.state.held.set(t.session.id, { method, params: p.raw, pageId: t.pageId });
      try {
        await (trial ? tryOnly(c) : fn(c));
      } finally {
        call.state.held.delete(t.session.id);
      }
    });
    return {};
  };
}

/** `options.trial`: locate the selector's one element, and act on nothing. */
async function tryOnly(c: Ctx): Promise<void> {
  if (c.selector) await locateOnly(c.call.state, c.t, c.selector, c.signal);
}

function clickSpec(c: Ctx, base: "click" | "dblclick"): ActSpec {
  const o = c.p.obj("options");
  const button = o?.oneOf("button", ["left", "right", "middle"] as const);
  const modifiers = o?.strings("modifiers")?.map((m) => {
    if (m === "ControlOrMeta") return "Control" as const; // Porthole's Chromium runs on Linux
    if (m === "Alt" || m === "Control" || m === "Meta" || m === "Shift") return m;
    throw invalidParams("options.modifiers", `"${m}" is not one of Alt, Control, ControlOrMeta, Meta, Shift`);
  });
  // A double click is two clicks whatever clickCount says (BAP ignores it there).
  const count = o?.num("clickCount", 1, 3);
  const at = o?.obj("position");
  const position = at && { x: at.reqNum("x", 0, 100_000), y: at.reqNum("y", 0, 100_000) };
  const delayMs = o?.num("delay", 0, 5000);
  return {
    action: base,
    click: {
      button,
      modifiers: modifiers && [...new Set(modifiers)],
      position,
      clickCount: base === "click" && count !== undefined ? Math.round(count) : undefined,
      delayMs: delayMs === undefined ? undefined : Math.round(delayMs),
    },
  };
}

/** The center of the element a selector names, in viewport coordinates. */
async function centerOf(c: Ctx, sel: Selector): Promise<{ x: number; y: number }> {
  const target = await resolve(c.call.state, c.t, sel, c.signal);
  const center = target && await elementCenter(c.t.rec.driver, target.frame, target.backendNodeId, c.signal);
  if (!center) {
    throw new BapError(BAP.ElementNotFound, "Element not found", {
      details: { selector: sel },
      notDispatched: true,
    });
  }
  return center;
}

/** BAP's `type` appends: put the caret at the end of a text field before typing into it. */
async function caretAtEnd(c: Ctx): Promise<void> {
  const target = await resolve(c.call.state, c.t, c.selector!, c.signal).catch(() => null);
  // Without a target the action itself reports what is wrong.
  if (target) await caretToEnd(c.t.rec.driver, target.frame, target.backendNodeId, c.signal);
}

function text(p: Params, key: string): string {
  const v = p.reqStr(key);
  if (v.length > 65536) throw invalidParams(key, `${key} is longer than 65536 characters`);
  return v;
}

/** `action/fillForm`'s fields: a selector and a value each (text, true/false, or option values). */
function formFields(p: Params): NonNullable<ActSpec["fields"]> {
  const raw = p.arr("fields");
  if (!raw?.length || raw.length > 64) throw invalidParams("fields", "fields must hold 1..64 fields");
  return raw.map((item, i) => {
    const f = new Params(item, `fields.${i}`);
    const value = f.get("value");
    const ok = typeof value === "string" || typeof value === "boolean" ||
      (Array.isArray(value) && value.every((x) => typeof x === "string"));
    if (!ok) {
      throw invalidParams(`fields.${i}.value`, "value must be a string, a boolean or a list of strings");
    }
    return { sel: readSelector(f.get("selector"), `fields.${i}.selector`), value: value as string };
  });
}

export const ACTION_METHODS = {
  /** Porthole's own: several fields of one form in one action (the core's fill_form). */
  "action/fillForm": action("action/fillForm", false, async (c) => {
    if (!(await run(c, { action: "fill_form", fields: formFields(c.p) }))) unsupported("fillForm");
  }),
  "action/click": action("action/click", true, async (c) => {
    if (!(await run(c, clickSpec(c, "click")))) unsupported("click");
  }),
  "action/dblclick": action("action/dblclick", true, async (c) => {
    if (!(await run(c, clickSpec(c, "dblclick")))) unsupported("dblclick");
  }),
  "action/hover": action("action/hover", true, async (c) => {
    c.p.obj("options")?.obj("position");
    if (!(await run(c, { action: "hover" }))) unsupported("hover");
  }),
  "action/type": action("action/type", true, async (c) => {
    const value = text(c.p, "text");
    if (c.p.obj("options")?.bool("clear")) await run(c, { action: "clear" });
    else await caretAtEnd(c);
    c.p.obj("options")?.num("delay", 0, 10_000); // keys go out one by one, without pauses
    if (value !== "" && !(await run(c, { action: "type", text: value }))) unsupported("type");
  }),
  "action/fill": action("action/fill", true, async (c) => {
    const value = text(c.p, "value");
    if (!(await run(c, value === "" ? { action: "clear" } : { action: "fill", text: value }))) {
      unsupported("fill");
    }
  }),
  "action/clear": action("action/clear", true, async (c) => {
    if (!(await run(c, { action: "clear" }))) unsupported("clear");
  }),
  "action/press": action("action/press", false, async (c) => {
    const key = c.p.reqStr("key");
    if (!key || key.length > 64) throw invalidParams("key", "key must be 1..64 characters");
    if (!(await run(c, { action: "press", key }))) unsupported("press");
  }),
  "action/scroll": action("action/scroll", false, async (c) => {
    const o = c.p.obj("options");
    const direction = o?.oneOf("direction", ["up", "down", "left", "right"] as const) ?? "down";
    const rawAmount = o?.get("amount");
    if (
      rawAmount !== undefined && typeof rawAmount !== "number" && rawAmount !== "page" &&
      rawAmount !== "toElement"
    ) {
      throw invalidParams("options.amount", `options.amount must be a number, "page" or "toElement"`);
    }
    if (rawAmount === "toElement" && !c.selector) return;
    let amount = typeof rawAmount === "number" ? rawAmount : 300;
    if (rawAmount === "page") {
      const vp = await viewportOf(c.t.rec, c.signal);
      amount = direction === "up" || direction === "down" ? vp.height : vp.width;
    }
    const sign = direction === "up" || direction === "left" ? -1 : 1;
    const delta = direction === "up" || direction === "down"
      ? { x: 0, y: sign * amount }
      : { x: sign * amount, y: 0 };
    const spec: ActSpec = c.selector
      ? { action: "scroll" }
      : { action: "scroll", deltaX: delta.x, deltaY: delta.y };
    if (!(await run(c, spec))) unsupported("scroll");
  }),
  "action/select": action("action/select", true, async (c) => {
    const raw = c.p.get("values");
    const values = typeof raw === "string" ? [raw] : c.p.strings("values");
    if (!values) throw invalidParams("values", "values is required");
    if (!(await run(c, { action: "select", values }))) unsupported("select");
  }),
  "action/check": action("action/check", true, async (c) => {
    if (!(await run(c, { action: "check" }))) unsupported("check");
  }),
  "action/uncheck": action("action/uncheck", true, async (c) => {
    if (!(await run(c, { action: "uncheck" }))) unsupported("uncheck");
  }),
  "action/upload": action("action/upload", true, async (c) => {
    const list = c.p.arr("files");
    if (!list) throw invalidParams("files", "files is required");
    const files = list.map((raw, i) => {
      const f = new Params(raw, `files.${i}`);
      const buffer = f.reqStr("buffer");
      try {
        atob(buffer);
      } catch {
        throw invalidParams(`files.${i}.buffer`, "buffer must be base64");
      }
      return { name: f.reqStr("name"), mimeType: f.str("mimeType") ?? "application/octet-stream", buffer };
    });
    if (!(await run(c, { action: "upload", files }))) unsupported("upload");
  }),
  "action/drag": action("action/drag", false, async (c) => {
    const source = requiredSelector(c.p, "source");
    const rawTarget = c.p.obj("target");
    if (!rawTarget) throw invalidParams("target", "target is required");
    let point: { x: number; y: number };
    if (rawTarget.has("type")) {
      const to = readSelector(rawTarget.raw, "target");
      try {
        if (!(await run(c, { action: "drag", to }, source))) unsupported("drag");
        return;
      } catch (err) {
        // A drop zone need not be a node with a snapshot ref: then drop on its center.
        const noRef = err instanceof BapError && err.opts.details?.reason === "no_ref" &&
          err.opts.details?.selector === to;
        if (!noRef) throw err;
        point = await centerOf(c, to);
      }
    } else point = { x: rawTarget.reqNum("x"), y: rawTarget.reqNum("y") };
    // A point: the drag moves by its distance from the source's center.
    const from = await centerOf(c, source);
    const spec: ActSpec = { action: "drag", deltaX: point.x - from.x, deltaY: point.y - from.y };
    if (!(await run(c, spec, source))) unsupported("drag");
  }),
};
