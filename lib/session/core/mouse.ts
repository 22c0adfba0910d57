/**
 * The one mouse: every `Input.dispatchMouseEvent` Porthole sends goes through `sendMouse`, an
 * action's click or drag and a person's input during a takeover alike, and so does the page
 * record's note of where the pointer is.
 */
import type { PageRecord } from "./page_record.ts";

/** CDP's modifier bits and mouse button bits. */
export const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
export const BUTTON_BITS = { left: 1, right: 2, middle: 4 } as const;

export type MouseButton = keyof typeof BUTTON_BITS;

/** Modifier key names (`Alt`, `Control`, `Meta`, `Shift`) as CDP's bit mask; other names count for nothing. */
export function modifierBits(modifiers: Iterable<string> = []): number {
  let bits = 0;
  for (const m of modifiers) bits |= MODIFIER_BITS[m] ?? 0;
  return bits;
}

/**
 * One mouse event, as CDP takes it. `buttons` is the mask of the buttons held down once the event
 * happened; members left out are not sent.
 */
export type MouseEvent =
  | {
    type: "mouseMoved";
    x: number;
    y: number;
    /** The button held while moving, `none` for none. */
    button: MouseButton | "none";
    buttons?: number;
    modifiers?: number;
  }
  | {
    type: "mousePressed" | "mouseReleased";
    x: number;
    y: number;
    button: MouseButton;
    buttons: number;
    clickCount: number;
    modifiers?: number;
  }
  | { type: "mouseWheel"; x: number; y: number; deltaX: number; deltaY: number; modifiers: number };

/** Whether Porthole last left the pointer at this point. */
export function mouseAt(rec: PageRecord, at: { x: number; y: number }): boolean {
  return rec.mouse?.x === at.x && rec.mouse?.y === at.y;
}

/**
 * Send mouse events to the page in order. They go out together: CDP keeps their order, and
 * Chromium need not wait a frame for a lone move. While events that move the pointer are on their
 * way, where it is is unknown (`rec.mouse` is null); once Chromium acknowledged them all it is
 * where the last one left it. A wheel does not move the pointer, so it leaves the note alone.
 */
export async function sendMouse(
  rec: PageRecord,
  events: readonly MouseEvent[],
  signal?: AbortSignal,
): Promise<void> {
  const last = events.findLast((e) => e.type !== "mouseWheel");
  if (last) rec.mouse = null;
  await Promise.all(events.map((e) => rec.driver.send("Input.dispatchMouseEvent", e, signal)));
  if (last) rec.mouse = { x: last.x, y: last.y };
}
