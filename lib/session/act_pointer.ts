/**
 * The pointer: a node's click point (scrolled into view and hit-tested when it was not in
 * view), and mouse events sent the way a user's mouse sends them.
 */
import { ELEMENT_INFO } from "./page_scripts.ts";
import { Stop } from "./act_params.ts";
import type { ElementInfo, Target } from "./act_checks.ts";
import type { PageRecord } from "./page_record.ts";

export interface Point {
  x: number;
  y: number;
}

/**
 * The node's click point in viewport coordinates. A node out of view is scrolled into view
 * (an action-related side effect) and hit-tested again: anything on top of it is `obscured`.
 */
export async function clickPoint(rec: PageRecord, target: Target, signal: AbortSignal): Promise<Point> {
  let point = target.info.point!;
  if (!point.inView) {
    const driver = rec.driver;
    await driver.send("DOM.scrollIntoViewIfNeeded", { objectId: target.objectId }, signal);
    const info = await driver.callOn<ElementInfo>(target.objectId, ELEMENT_INFO, [null, true], signal);
    point = info.point!;
    if (!info.hit?.ok) {
      throw new Stop(
        "obscured",
        `${target.ref.ref} is covered by ${info.hit?.hit ?? "the viewport edge"} after scrolling`,
        { coveredBy: info.hit?.hit ?? null },
      );
    }
  }
  return { x: point.topX, y: point.topY };
}

/** Move the pointer to a point, then press and release it `clicks` times (0 = hover). */
export async function clickAt(
  rec: PageRecord,
  at: Point,
  clicks: number,
  signal: AbortSignal,
): Promise<void> {
  const { x, y } = at;
  // The pointer moves only when it is not already there, as a user's would.
  const events: Record<string, unknown>[] = rec.mouse?.x === x && rec.mouse?.y === y
    ? []
    : [{ type: "mouseMoved", x, y, button: "none" }];
  rec.mouse = null; // unknown until every event was acknowledged
  for (let n = 1; n <= clicks; n++) {
    events.push({ type: "mousePressed", x, y, button: "left", buttons: 1, clickCount: n });
    events.push({ type: "mouseReleased", x, y, button: "left", buttons: 0, clickCount: n });
  }
  // Sent together: CDP keeps their order, and Chromium need not wait a frame for a lone move.
  await Promise.all(events.map((e) => rec.driver.send("Input.dispatchMouseEvent", e, signal)));
  rec.mouse = { x, y };
}
