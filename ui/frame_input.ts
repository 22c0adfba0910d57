/**
 * The person's pointer and keyboard on the live frame, as takeover input events: the frame's
 * pixel coordinates are mapped to the page's CSS pixels with the frame's deviceWidth and
 * deviceHeight (the frame is scaled to fit the view). Moves are sent only while a button is held,
 * so watching with the mouse over the frame sends nothing.
 */
import type { InputEvent } from "./takeover.ts";

const BUTTONS = ["left", "middle", "right"] as const;
/** Keys the page's keyboard knows by name; others (dead keys, IME) arrive as committed text. */
const NAMED = new Set([
  "Enter",
  "Tab",
  "Backspace",
  "Delete",
  "Escape",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Shift",
  "Control",
  "Alt",
  "Meta",
  "Insert",
]);

type Mods = { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean };
function modifiers(e: Mods): string[] | undefined {
  const m = [
    e.altKey && "Alt",
    e.ctrlKey && "Control",
    e.metaKey && "Meta",
    e.shiftKey && "Shift",
  ].filter(Boolean) as string[];
  return m.length ? m : undefined;
}

export interface FrameSize {
  deviceWidth: number;
  deviceHeight: number;
}

/** Where a pointer event falls on the page, in CSS pixels. */
export function pagePoint(e: MouseEvent, img: Element, frame: FrameSize): { x: number; y: number } {
  const r = img.getBoundingClientRect();
  const x = ((e.clientX - r.left) / r.width) * frame.deviceWidth;
  const y = ((e.clientY - r.top) / r.height) * frame.deviceHeight;
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), max) * 10) / 10;
  return { x: clamp(x, frame.deviceWidth), y: clamp(y, frame.deviceHeight) };
}

export function mouseEvent(
  action: "down" | "up" | "move",
  e: MouseEvent,
  img: Element,
  frame: FrameSize,
): InputEvent | null {
  if (action === "move" && !e.buttons) return null;
  const button = BUTTONS[e.button] ?? "left";
  return {
    type: "mouse",
    action,
    ...pagePoint(e, img, frame),
    ...(action === "move" ? {} : { button, clickCount: Math.min(Math.max(e.detail, 1), 3) }),
    ...(modifiers(e) ? { modifiers: modifiers(e) } : {}),
  };
}

export function wheelEvent(e: WheelEvent, img: Element, frame: FrameSize): InputEvent {
  // deltaMode 1 is lines, 2 pages: the page scrolls by CSS pixels.
  const unit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? frame.deviceHeight : 1;
  return {
    type: "wheel",
    ...pagePoint(e, img, frame),
    deltaX: Math.round(e.deltaX * unit),
    deltaY: Math.round(e.deltaY * unit),
  };
}

/** A key as the page's keyboard takes it, or null for a key that is not forwarded. */
export function keyEvent(action: "down" | "up", e: KeyboardEvent): InputEvent | null {
  if (e.isComposing) return null;
  if (NAMED.has(e.key)) return { type: "key", action, key: e.key };
  if ([...e.key].length !== 1) return null;
  // Plain ASCII goes as keys (the page sees keydown, keypress, input, keyup); other characters
  // as committed text, which every layout can produce.
  if (e.key.charCodeAt(0) < 127 && e.key.length === 1) return { type: "key", action, key: e.key };
  return action === "down" ? { type: "text", text: e.key } : null;
}
