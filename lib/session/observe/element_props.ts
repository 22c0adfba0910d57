/**
 * Reads of one element in Porthole's world of its frame (`element`, `wait` for a locator, drop
 * targets without a ref): a field the credential rule calls sensitive never shows its value.
 */
import type { FrameInfo, PageDriver } from "../../driver/page_driver.ts";
import { type CallOn, framesOf, onElementIn } from "../core/frame_doors.ts";
import { type FieldFacts, refuseTyping } from "../../policy/sensitive.ts";
import { ELEMENT_PROPS, FIELD_FACTS } from "../../snapshot/page_lib.ts";
import { ELEMENT_INFO } from "../core/page_scripts.ts";

const FACTS_AND_NAME = `function () {
  return { ...(${FIELD_FACTS}).call(this), accessibleName: this.computedName ?? "" };
}`;

/** `found`, and the properties asked for, each as the page gives it. */
export type ElementProps = { found: boolean } & Record<string, unknown>;

/** The requested properties and `found: true`, or `{found: false}` when the node is gone. */
export async function elementProps(
  driver: PageDriver,
  frame: FrameInfo,
  backendNodeId: number,
  props: string[],
  signal?: AbortSignal,
): Promise<ElementProps> {
  const read = async (call: CallOn) => {
    const facts = await call<FieldFacts>(FACTS_AND_NAME, []);
    const field = facts.tag === "input" || facts.tag === "textarea";
    const sensitive = facts.dataSensitive || (field && !!refuseTyping(facts));
    return await call<ElementProps>(ELEMENT_PROPS, [props, sensitive]);
  };
  // A cross-site frame lives in its own renderer: its nodes answer on its own target.
  const door = (await framesOf(driver, signal)).find((d) => d.info.frameId === frame.frameId);
  if (door?.oop) return await onElementIn(door, backendNodeId, { found: false }, read, signal);
  return await onElement(
    driver,
    frame,
    backendNodeId,
    { found: false } as ElementProps,
    (id) => read((fn, args) => driver.callOn(id, fn, args, signal)),
    signal,
  );
}

/** Whether an element (null: nothing matched) is in a state: `wait` for a locator. */
export async function elementIs(
  driver: PageDriver,
  target: { frame: FrameInfo; backendNodeId: number } | null,
  state: "visible" | "enabled" | "exists" | "hidden" | "disabled",
  signal?: AbortSignal,
): Promise<boolean> {
  if (!target) return state === "hidden";
  if (state === "exists") return true;
  const r = await elementProps(driver, target.frame, target.backendNodeId, ["visible", "enabled"], signal);
  if (!r.found) return state === "hidden";
  if (state === "hidden") return !r.visible;
  return !!r.visible && (state === "visible" || (state === "enabled") === !!r.enabled);
}

/** Run `fn` on the element, or answer `gone` when the node no longer exists. */
async function onElement<T>(
  driver: PageDriver,
  frame: FrameInfo,
  backendNodeId: number,
  gone: T,
  fn: (objectId: string) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const id = await driver.resolve(frame, backendNodeId, signal);
  if (!id) return gone;
  try {
    return await fn(id);
  } finally {
    driver.release(id);
  }
}

/** The element's center in the top-level viewport's coordinates; null when it is gone. */
export function elementCenter(
  driver: PageDriver,
  frame: FrameInfo,
  backendNodeId: number,
  signal?: AbortSignal,
): Promise<{ x: number; y: number } | null> {
  return onElement(driver, frame, backendNodeId, null, async (id) => {
    const info = await driver.callOn<{ point?: { topX: number; topY: number } }>(id, ELEMENT_INFO, [
      null,
      false,
    ], signal);
    return info.point ? { x: info.point.topX, y: info.point.topY } : null;
  }, signal);
}
