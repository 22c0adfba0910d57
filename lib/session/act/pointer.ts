/**
 * The pointer: a node's click point (scrolled into view and hit-tested when it was not in
 * view), and mouse events sent the way a user's mouse sends them.
 */
import { ELEMENT_INFO } from "../core/page_scripts.ts";
import { clipped, detached, obscured, type PointerPlan, Stop } from "./params.ts";
import type { ElementInfo, Target } from "./preflight.ts";
import type { PageRecord } from "../core/page_record.ts";
import { sleep } from "../core/deadline.ts";
import { BUTTON_BITS, modifierBits, mouseAt, type MouseEvent, sendMouse } from "../core/mouse.ts";

export interface Point {
  x: number;
  y: number;
}

/** A node to click: resolved already, or (a click read by value) resolved only when it must be scrolled. */
export type PointTarget = Omit<Target, "objectId"> & {
  objectId: string | null;
  resolve?: (signal: AbortSignal) => Promise<string | null>;
};

/**
 * The node's click point in viewport coordinates. A node out of view is scrolled into view
 * (an action-related side effect) and hit-tested again: anything on top of it is `obscured`.
 */
export async function clickPoint(
  rec: PageRecord,
  target: PointTarget,
  signal: AbortSignal,
  at?: Point,
): Promise<Point> {
  let point = target.info.point!;
  // Scrolling would move the box that clips it (a carousel's), not show it.
  if (target.info.clipped) throw clipped(target.ref.ref, {}, target.info.moving);
  if (!point.inView) {
    const driver = rec.driver;
    const objectId = target.objectId ?? await target.resolve?.(signal) ?? null;
    if (!objectId) throw detached(target.ref);
    await driver.send("DOM.scrollIntoViewIfNeeded", { objectId }, signal);
    const info = await driver.callOn<ElementInfo>(
      objectId,
      ELEMENT_INFO,
      [null, true, at ?? null],
      signal,
    );
    point = info.point!;
    if (info.clipped) throw clipped(target.ref.ref, {}, info.moving);
    if (!point.inView) {
      throw new Stop(
        "element_not_visible",
        `${target.ref.ref} is out of view after scrolling: no scroll shows it`,
        {},
      );
    }
    if (!info.hit?.ok) {
      throw obscured(
        `${target.ref.ref} is covered by ${info.hit?.hit ?? "the viewport edge"} after scrolling`,
        {},
        info.hit,
      );
    }
  }
  return { x: point.topX, y: point.topY };
}

const LEFT_ONCE: PointerPlan = { button: "left", modifiers: [], clicks: 1, delayMs: 0 };

/**
 * Move the pointer to a point, then press and release it `clicks` times (0 = hover), with the
 * plan's button, and its modifier keys held down from before the first press to after the last release.
 */
export async function clickAt(
  rec: PageRecord,
  at: Point,
  plan: PointerPlan | number,
  signal: AbortSignal,
): Promise<void> {
  const p = typeof plan === "number" ? { ...LEFT_ONCE, clicks: plan } : plan;
  const { x, y } = at;
  const modifiers = modifierBits(p.modifiers);
  // The pointer moves only when it is not already there, as a user's would.
  const events: MouseEvent[] = mouseAt(rec, at)
    ? []
    : [{ type: "mouseMoved", x, y, button: "none", modifiers }];
  rec.hit = { x, y };
  const keyboard = rec.driver.page.keyboard;
  const held: string[] = [];
  try {
    for (const m of p.modifiers) {
      await keyboard.down(m as never);
      held.push(m);
    }
    const press = { x, y, button: p.button, modifiers };
    for (let n = 1; n <= p.clicks; n++) {
      events.push({ type: "mousePressed", ...press, buttons: BUTTON_BITS[p.button], clickCount: n });
      if (p.delayMs > 0) {
        await sendMouse(rec, events.splice(0), signal);
        await sleep(p.delayMs, signal);
      }
      events.push({ type: "mouseReleased", ...press, buttons: 0, clickCount: n });
    }
    await sendMouse(rec, events, signal);
  } finally {
    for (const m of held.reverse()) await keyboard.up(m as never).catch(() => {});
  }
}
