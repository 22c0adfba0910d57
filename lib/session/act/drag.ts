/**
 * `drag`: the pointer presses on a node, moves in steps to the drop target (or a viewport point,
 * or by deltaX/deltaY) and releases, with real mouse events, so pointer-driven widgets (sliders,
 * sortable lists) see every move. When the page starts an HTML5 drag, Chromium hands it to Porthole (drag
 * interception) and the rest of the gesture is sent as drag events, ending in a drop: the way
 * that works in every headless mode.
 */
import type { Protocol } from "devtools-protocol";
import { raceSignal, RemoteRef } from "../../driver/page_driver.ts";
import { ELEMENT_INFO, HIT_TEST } from "../core/page_scripts.ts";
import { clipped, obscured, type Plan, Stop } from "./params.ts";
import type { ElementInfo, Preflight, Target } from "./preflight.ts";
import { clickPoint, type Point } from "./pointer.ts";
import type { PageRecord } from "../core/page_record.ts";
import { type MouseEvent, sendMouse } from "../core/mouse.ts";

/** Moves between press and release. */
const STEPS = 10;

/** Note the next dragstart of the node's window in Porthole's world, where the page cannot see it. */
const ARM = `function () {
  const w = this.ownerDocument.defaultView;
  const seen = { event: null };
  w.addEventListener("dragstart", (e) => { seen.event = e; }, { capture: true, once: true });
  globalThis.__portholeDrag = seen;
}`;

/** Whether a drag started and the page let it go on. */
const STARTED = `function () {
  const seen = globalThis.__portholeDrag;
  return !!(seen && seen.event && !seen.event.defaultPrevented);
}`;

/**
 * A point of the drop target (`this`) where nothing at all covers it, the dragged node included:
 * first its aim (fractions of its box), then a grid of its box from the center; null when the
 * dragged node covers all of it. An HTML5 drop lands on the element under the point, and the
 * dragged node stays where it was.
 */
const UNCOVERED_POINT = `function (ax, ay) {
  const r = this.getBoundingClientRect();
  const f = [0.5, 0.1, 0.3, 0.7, 0.9];
  const points = [[ax, ay]];
  for (const fy of f) for (const fx of f) points.push([fx, fy]);
  for (const [fx, fy] of points) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && (${HIT_TEST}).call(this, x, y).ok) return { x, y };
  }
  return null;
}`;

/**
 * Whether this node and `other` are both laid out in flow (not positioned absolute or fixed): items
 * a list or a grid places, whose drop picks a slot among them, unlike boxes placed freely on a
 * board, which land where they are let go.
 */
const BOTH_IN_FLOW = `function (other) {
  const inFlow = (el) => !["absolute", "fixed"].includes(getComputedStyle(el).position);
  return inFlow(this) && inFlow(other);
}`;

/**
 * Where in the drop target's box a drop aims, as fractions of it. Its centre, but for a reorder:
 * an item dropped on an item of its own role that a list lays out in flow as it does the dragged
 * one (a list item on a list item, a row on a row). That puts the dragged item in the other's
 * place, so the point lies past the centre in the direction of travel, a quarter of the way to the
 * far edge. A sortable list that drops before or after an item by which half the pointer is in then
 * puts it in the item's place whichever way the drag came (at the very centre it would fall on the
 * after side either way). A box placed freely (a small box dragged into a larger one) is no
 * reorder, whatever its role: it lands where the pointer lets it go, so the aim is the centre.
 */
function aim(from: Point, center: Point, reorder: boolean): { x: number; y: number } {
  const dx = center.x - from.x, dy = center.y - from.y;
  const len = Math.hypot(dx, dy);
  if (!reorder || len < 1) return { x: 0.5, y: 0.5 };
  return { x: 0.5 + 0.25 * dx / len, y: 0.5 + 0.25 * dy / len };
}

export async function dragAction(
  rec: PageRecord,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
): Promise<void> {
  const driver = rec.driver;
  const source: Target = { ref: plan.ref!, objectId: ctx.objectId!, info: ctx.info! };
  const from = await clickPoint(rec, source, signal);
  // Where the pointer goes depends on the kind of drag the page starts: a pointer-driven drag
  // moves the node along, so it aims as a person would; an HTML5 drop lands on the element under
  // the point while the node stays put, so once one started it goes to a point the node leaves free.
  const drop: Drop = ctx.to
    ? await dropPoint(rec, ctx.to, { objectId: source.objectId, role: source.ref.role }, from, signal)
    : { aim: plan.toPoint ?? { x: from.x + plan.delta!.x, y: from.y + plan.delta!.y }, free: null };
  let to = drop.aim;

  let data: Protocol.Input.DragData | null = null;
  const intercepted = Promise.withResolvers<Protocol.Input.DragData>();
  const off = driver.on(
    "Input.dragIntercepted",
    (e: Protocol.Input.DragInterceptedEvent) => intercepted.resolve(e.data),
  );
  const mouse = (e: MouseEvent) => sendMouse(rec, [e], signal);
  const dragEvent = (type: string, at: Point) =>
    driver.send("Input.dispatchDragEvent", { type, x: at.x, y: at.y, data }, signal);
  let dropped = false;
  let pressed: Point | null = null;
  try {
    await driver.callOn(ctx.objectId!, ARM, [], signal);
    await driver.send("Input.setInterceptDrags", { enabled: true }, signal);
    await mouse({ type: "mouseMoved", x: from.x, y: from.y, button: "none" });
    await mouse({ type: "mousePressed", x: from.x, y: from.y, button: "left", buttons: 1, clickCount: 1 });
    pressed = from;
    let start = from;
    for (let i = 1, n = STEPS; i <= n; i++) {
      const at = { x: start.x + (to.x - start.x) * i / n, y: start.y + (to.y - start.y) * i / n };
      if (data) {
        await dragEvent("dragOver", at);
        continue;
      }
      await mouse({ type: "mouseMoved", x: at.x, y: at.y, button: "left", buttons: 1 });
      pressed = at;
      if (await driver.callOn<boolean>(ctx.objectId!, STARTED, [], signal)) {
        data = await raceSignal(intercepted.promise, signal);
        await dragEvent("dragEnter", at);
        await dragEvent("dragOver", at);
        if (drop.free) {
          // The rest of the way leads to the point the dragged node leaves free.
          [start, to, i, n] = [at, drop.free, 0, Math.max(1, STEPS - i)];
        }
      }
    }
    if (data) {
      await dragEvent("drop", to);
      dropped = true;
    } else {
      await mouse({ type: "mouseReleased", x: to.x, y: to.y, button: "left", buttons: 0, clickCount: 1 });
    }
    pressed = null;
    rec.mouse = to;
  } finally {
    off();
    // A drag left hanging would swallow the page's later input: end it.
    if (data && !dropped) {
      rec.mouse = null; // where the drag events left the pointer is not known
      await driver.send("Input.dispatchDragEvent", { type: "dragCancel", x: to.x, y: to.y, data }).catch(
        () => {},
      );
    } else if (!data && pressed) {
      // Nor may the button stay down: it is let go where the pointer stopped.
      const release = {
        type: "mouseReleased",
        ...pressed,
        button: "left",
        buttons: 0,
        clickCount: 1,
      } as const;
      await sendMouse(rec, [release]).catch(() => {});
    }
    await driver.send("Input.setInterceptDrags", { enabled: false }).catch(() => {});
  }
}

/** Where a drag onto a drop target ends: its aim, and for an HTML5 drop a point the dragged node leaves free. */
interface Drop {
  aim: Point;
  /** Null when the dragged node covers all of the target, or the drag has no target. */
  free: Point | null;
}

/**
 * The drop target's points once the source is in view: it must be in view and covered by nothing
 * but the dragged node itself.
 */
async function dropPoint(
  rec: PageRecord,
  target: Target,
  source: { objectId: string; role: string },
  from: Point,
  signal: AbortSignal,
): Promise<Drop> {
  const driver = rec.driver;
  const dragged = new RemoteRef(source.objectId);
  const info = await driver.callOn<ElementInfo>(
    target.objectId,
    ELEMENT_INFO,
    [null, true, null, dragged],
    signal,
  );
  const what = `The drop target ${target.ref.ref}`;
  const element = { ref: target.ref.ref, role: target.ref.role, name: target.ref.name };
  if (!info.point?.inView) {
    throw new Stop(
      "element_not_visible",
      `${what} is out of view while the dragged node is in view`,
      element,
    );
  }
  if (info.clipped) throw clipped(what, element, info.moving);
  if (!info.hit?.ok) throw obscured(`${what} is covered by another element`, element, info.hit);
  const center = { x: info.point.topX, y: info.point.topY };
  const reorder = source.role === target.ref.role &&
    await driver.callOn<boolean>(target.objectId, BOTH_IN_FLOW, [dragged], signal);
  const a = aim(from, center, reorder);
  const { width = 0, height = 0 } = info.box ?? {};
  const aimed = { x: center.x + (a.x - 0.5) * width, y: center.y + (a.y - 0.5) * height };
  const free = await driver.callOn<Point | null>(target.objectId, UNCOVERED_POINT, [a.x, a.y], signal);
  if (!free) return { aim: aimed, free: null };
  return {
    aim: aimed,
    free: { x: free.x + info.point.topX - info.point.x, y: free.y + info.point.topY - info.point.y },
  };
}
