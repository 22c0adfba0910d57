/** Input schemas of a person's takeover of a session: taking control, forwarded input, handing back. */
import * as v from "valibot";

const MAX_IDLE_MS = 3_600_000;

/** Body of POST /v1/sessions/{sid}/takeover. */
export const TakeoverStartInput = v.strictObject({
  who: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(64),
    // deno-lint-ignore no-control-regex
    v.regex(/^[^\x00-\x1f\x7f]*$/, "who cannot contain control characters"),
    v.description("Who takes control, as the timeline shows it (a name or a label)"),
  ),
  idleMs: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1000),
      v.maxValue(MAX_IDLE_MS),
      v.description("Hand back on its own after this long without input (default 300000)"),
    ),
  ),
});

/** A viewport coordinate in CSS pixels, as the live view maps a pointer onto the page. */
const Coord = (what: string) =>
  v.pipe(v.number(), v.minValue(-10_000), v.maxValue(10_000), v.description(`${what} in CSS pixels`));
const Delta = (what: string) =>
  v.pipe(v.number(), v.minValue(-100_000), v.maxValue(100_000), v.description(what));
const Modifiers = v.optional(
  v.pipe(
    v.array(v.picklist(["Alt", "Control", "Meta", "Shift"])),
    v.maxLength(4),
    v.description("Modifier keys held during the event"),
  ),
);

const MouseEvent = v.strictObject({
  type: v.literal("mouse"),
  action: v.picklist(["move", "down", "up"]),
  x: Coord("x"),
  y: Coord("y"),
  button: v.optional(v.picklist(["left", "middle", "right"])),
  clickCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3))),
  modifiers: Modifiers,
});

const WheelEvent = v.strictObject({
  type: v.literal("wheel"),
  x: Coord("x"),
  y: Coord("y"),
  deltaX: v.optional(Delta("Horizontal scroll in CSS pixels")),
  deltaY: v.optional(Delta("Vertical scroll in CSS pixels")),
  modifiers: Modifiers,
});

const KeyEvent = v.strictObject({
  type: v.literal("key"),
  action: v.picklist(["down", "up"]),
  key: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(32),
    v.description("KeyboardEvent.key of the person's keyboard: a character, or a name such as Enter"),
  ),
});

const TextEvent = v.strictObject({
  type: v.literal("text"),
  text: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(4096),
    v.description("Text an input method committed"),
  ),
});

export const TakeoverEvent = v.variant("type", [MouseEvent, WheelEvent, KeyEvent, TextEvent]);
export type TakeoverEvent = v.InferOutput<typeof TakeoverEvent>;

/** Body of POST /v1/sessions/{sid}/takeover/{takeoverId}/input: the person's input, in order. */
export const TakeoverInput = v.strictObject({
  pageId: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description("Default: the active page")),
  ),
  events: v.pipe(v.array(TakeoverEvent), v.minLength(1), v.maxLength(256)),
});
export type TakeoverInput = v.InferOutput<typeof TakeoverInput>;
export type TakeoverStartInput = v.InferOutput<typeof TakeoverStartInput>;
