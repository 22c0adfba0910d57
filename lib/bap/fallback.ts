/**
 * Actions Porthole's `act` does not offer yet (select, upload, scroll, drag to a point), done
 * with the page driver under the same pre-dispatch checks BAP can make: one node, same origin
 * as the page's authorisation, visible, enabled. Used only while `act` answers that the action
 * is not available; as soon as it is, actions go through `act`.
 */
import { canonicalOrigin } from "../policy/url.ts";
import { PortholeError } from "../protocol/errors.ts";
import { deadline } from "../session/deadline.ts";
import { ELEMENT_STATE } from "./selector_scripts.ts";
import { BAP, BapError, fromPorthole, invalidParams, toBapError } from "./errors.ts";
import { notFound, resolve, type Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";
import { sleep } from "./act_bridge.ts";
import { mainFrame } from "./world.ts";

interface ElementInfo {
  connected: boolean;
  visible?: boolean;
  enabled?: boolean;
  point?: { x: number; y: number; inView: boolean; topX: number; topY: number };
  hit?: { ok: boolean; by: string } | null;
}

const SELECT = `function (values) {
  const el = this;
  if (el.localName !== "select") return { error: "not_select" };
  const opts = [...el.options];
  const chosen = [];
  for (const v of values) {
    const o = opts.find((o) => o.value === v) || opts.find((o) => o.label === v || o.textContent.trim() === v);
    if (!o) return { error: "missing", value: v, available: opts.map((o) => o.value).slice(0, 50) };
    chosen.push(o);
  }
  if (!el.multiple && chosen.length > 1) return { error: "multiple" };
  for (const o of opts) o.selected = chosen.includes(o);
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return { ok: true };
}`;

const UPLOAD = `function (files) {
  const el = this;
  if (el.localName !== "input" || (el.type || "").toLowerCase() !== "file") return { error: "not_file_input" };
  if (files.length > 1 && !el.multiple) return { error: "multiple" };
  const dt = new DataTransfer();
  for (const f of files) {
    const bin = atob(f.buffer);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    dt.items.add(new File([bytes], f.name, { type: f.mimeType }));
  }
  el.files = dt.files;
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return { ok: true };
}`;

export const CHECKED = `function () {
  const el = this;
  if (el.localName === "input" && ["checkbox", "radio"].includes((el.type || "").toLowerCase())) return el.checked;
  const a = el.getAttribute("aria-checked");
  return a === null ? null : a === "true";
}`;

/** Resolve to one node and make the checks that send nothing; returns the node in Porthole's world. */
async function checkedNode(state: BapState, t: PageTarget, sel: Selector, signal: AbortSignal) {
  const target = await resolve(state, t, sel, signal);
  if (!target) throw notFound(sel, "No element matches the selector");
  const driver = t.rec.driver;
  const top = mainFrame(await driver.frames(signal));
  if (canonicalOrigin(top.url) !== t.rec.authorizedOrigin) {
    throw fromPorthole(
      new PortholeError(
        "origin_mismatch",
        `The page is on ${canonicalOrigin(top.url)}, not its authorised origin`,
      ),
      { notDispatched: true },
    );
  }
  const objectId = await driver.resolve(target.frame, target.backendNodeId, signal);
  if (!objectId) throw notFound(sel, "The element left the document");
  const info = await driver.callOn<ElementInfo>(objectId, ELEMENT_STATE, [true], signal);
  const fail = (code: number, message: string) => {
    driver.release(objectId);
    return new BapError(code, message, { details: { selector: sel }, notDispatched: true });
  };
  if (!info.connected) throw fail(BAP.ElementNotFound, "The element is no longer connected");
  if (!info.visible) throw fail(BAP.ElementNotVisible, "Element is not visible");
  if (!info.enabled) throw fail(BAP.ElementNotEnabled, "Element is not enabled");
  return { target, objectId, info };
}

/** Retry `fn` while it fails before dispatching with a waitable reason, until the deadline. */
async function waiting<T>(
  timeoutMs: number,
  signal: AbortSignal,
  fn: (s: AbortSignal) => Promise<T>,
): Promise<T> {
  const dl = deadline(timeoutMs, signal);
  let last: BapError | null = null;
  try {
    while (true) {
      try {
        return await fn(dl.signal);
      } catch (err) {
        const e = toBapError(err);
        const waitable = e.notDispatched &&
          [BAP.ElementNotFound, BAP.ElementNotVisible, BAP.ElementNotEnabled]
            .includes(e.code as -32012) &&
          e.opts.details?.reason === undefined;
        if (!waitable || dl.signal.aborted) throw last && dl.signal.aborted ? last : e;
        last = e;
        await sleep(100, dl.signal);
      }
    }
  } catch (err) {
    if (dl.signal.aborted && !signal.aborted && last) throw last;
    throw toBapError(err);
  } finally {
    dl.dispose();
  }
}

export function selectOptions(
  state: BapState,
  t: PageTarget,
  sel: Selector,
  values: string[],
  ms: number,
  signal: AbortSignal,
) {
  return waiting(ms, signal, async (sig) => {
    const { objectId } = await checkedNode(state, t, sel, sig);
    try {
      const r = await t.rec.driver.callOn<
        { ok?: boolean; error?: string; value?: string; available?: string[] }
      >(
        objectId,
        SELECT,
        [values],
        sig,
      );
      if (r.error === "not_select") throw invalidParams("selector", "action/select needs a <select> element");
      if (r.error === "multiple") throw invalidParams("values", "The <select> takes one value");
      if (r.error === "missing") {
        throw new BapError(
          BAP.InvalidParams,
          `No option matches "${r.value}"; available: ${r.available!.join(", ")}`,
          {
            details: { field: "values", available: r.available },
          },
        );
      }
    } finally {
      t.rec.driver.release(objectId);
    }
  });
}

export function uploadFiles(
  state: BapState,
  t: PageTarget,
  sel: Selector,
  files: { name: string; mimeType: string; buffer: string }[],
  ms: number,
  signal: AbortSignal,
) {
  return waiting(ms, signal, async (sig) => {
    const { objectId } = await checkedNode(state, t, sel, sig);
    try {
      const r = await t.rec.driver.callOn<{ error?: string }>(objectId, UPLOAD, [files], sig);
      if (r.error === "not_file_input") {
        throw invalidParams("selector", "action/upload needs an <input type=file>");
      }
      if (r.error === "multiple") throw invalidParams("files", "The file input takes one file");
    } finally {
      t.rec.driver.release(objectId);
    }
  });
}

/** Scroll an element into view, or the page by a wheel at the viewport's center. */
export async function scroll(
  state: BapState,
  t: PageTarget,
  sel: Selector | undefined,
  delta: { x: number; y: number },
  ms: number,
  signal: AbortSignal,
) {
  if (sel) {
    return await waiting(ms, signal, async (sig) => {
      const target = await resolve(state, t, sel, sig);
      if (!target) throw notFound(sel, "No element matches the selector");
      await t.rec.driver.send("DOM.scrollIntoViewIfNeeded", { backendNodeId: target.backendNodeId }, sig);
    });
  }
  const m = await t.rec.driver.send("Page.getLayoutMetrics", {}, signal);
  const vp = m.cssLayoutViewport;
  await t.rec.driver.send("Input.dispatchMouseEvent", {
    type: "mouseWheel",
    x: Math.floor(vp.clientWidth / 2),
    y: Math.floor(vp.clientHeight / 2),
    deltaX: delta.x,
    deltaY: delta.y,
  }, signal);
}

/** Press on the source's center, move in steps to the target point, release. */
export function dragTo(
  state: BapState,
  t: PageTarget,
  source: Selector,
  to: Selector | { x: number; y: number },
  ms: number,
  signal: AbortSignal,
) {
  return waiting(ms, signal, async (sig) => {
    const driver = t.rec.driver;
    const point = async (sel: Selector) => {
      let { target, objectId, info } = await checkedNode(state, t, sel, sig);
      try {
        if (!info.point!.inView) {
          await driver.send("DOM.scrollIntoViewIfNeeded", { backendNodeId: target.backendNodeId }, sig);
          info = await driver.callOn<ElementInfo>(objectId, ELEMENT_STATE, [true], sig);
        }
        if (info.hit && !info.hit.ok) {
          throw fromPorthole(new PortholeError("obscured", `The element is covered by ${info.hit.by}`), {
            notDispatched: true,
          });
        }
        return { x: info.point!.topX, y: info.point!.topY };
      } finally {
        driver.release(objectId);
      }
    };
    const from = await point(source);
    const end = "type" in to ? await point(to as Selector) : (to as { x: number; y: number });
    // Chromium hands an HTML5 drag to the client instead of the OS: it is then dropped with drag events.
    let dragData: unknown = null;
    const off = driver.on("Input.dragIntercepted", (e: { data: unknown }) => (dragData = e.data));
    await driver.send("Input.setInterceptDrags", { enabled: true }, sig);
    try {
      const mouse = (e: Record<string, unknown>) => driver.send("Input.dispatchMouseEvent", e, sig);
      await mouse({ type: "mouseMoved", x: from.x, y: from.y, button: "none" });
      await mouse({ type: "mousePressed", x: from.x, y: from.y, button: "left", buttons: 1, clickCount: 1 });
      for (let i = 1; i <= 5; i++) {
        const x = from.x + ((end.x - from.x) * i) / 5, y = from.y + ((end.y - from.y) * i) / 5;
        await mouse({ type: "mouseMoved", x, y, button: "left", buttons: 1 });
      }
      // One round trip to the renderer, so a drag it started has been reported.
      await driver.send("Runtime.evaluate", { expression: "0" }, sig);
      if (dragData) {
        for (const type of ["dragEnter", "dragOver", "drop"]) {
          await driver.send("Input.dispatchDragEvent", { type, x: end.x, y: end.y, data: dragData }, sig);
        }
      }
      await mouse({ type: "mouseReleased", x: end.x, y: end.y, button: "left", buttons: 0, clickCount: 1 });
    } finally {
      off();
      await driver.send("Input.setInterceptDrags", { enabled: false }).catch(() => {});
    }
    t.rec.mouse = { x: end.x, y: end.y };
  });
}
