/**
 * The keyboard: `type` presses real keys one character at a time (text the US layout cannot
 * produce is entered as an input method would commit it), `fill` replaces the content with one
 * IME-free text insertion, `clear` selects all and deletes, `press` sends a key or chord; `type`
 * may first put the caret at the end (`append`) or empty the field (`clear`). Focus
 * must reach the node first and stay there while typing, also inside shadow roots and editors.
 */
import type { PageDriver } from "../../driver/page_driver.ts";
import type { ActInput } from "../../protocol/schemas.ts";
import { type Chord, outsideKeyboardLayout } from "../../protocol/keys.ts";
import {
  CARET_TO_END,
  FOCUS,
  HAS_FOCUS,
  SELECT_ALL,
  SET_VALUE,
  VALUE_ACCEPTED,
} from "../core/page_scripts.ts";
import { type Plan, Stop } from "./params.ts";
import type { Preflight } from "./preflight.ts";
import type { PageRecord } from "../core/page_record.ts";
import { sleep } from "../core/deadline.ts";

export async function keyboardAction(
  rec: PageRecord,
  input: ActInput,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
): Promise<void> {
  const driver = rec.driver;
  const objectId = ctx.objectId;
  if (objectId) {
    await driver.callOn(objectId, FOCUS, [], signal);
    await focusStays(driver, objectId, plan, 0, signal);
  }
  const keyboard = driver.page.keyboard;
  if (plan.secret !== undefined) {
    // A secret is inserted whole (type or fill alike): no key events carry it, nothing echoes it.
    await driver.callOn(objectId!, SELECT_ALL, [], signal);
    await driver.send("Input.insertText", { text: plan.secret }, signal);
  } else if ((input.action === "fill" || input.action === "clear") && ctx.info?.valueKind) {
    // A date, time, range or color input takes its value whole, as from its picker.
    await driver.callOn(objectId!, SET_VALUE, [input.action === "fill" ? input.text : ""], signal);
  } else if (input.action === "fill" || input.action === "clear") {
    await driver.callOn(objectId!, SELECT_ALL, [], signal);
    if (input.action === "fill") await driver.send("Input.insertText", { text: input.text }, signal);
    else await key(keyboard, { modifiers: [], key: "Delete", printable: false }, signal);
  } else if (input.action === "type") {
    if (plan.caret === "end" && !(await driver.callOn<boolean>(objectId!, CARET_TO_END, [], signal))) {
      await key(keyboard, { modifiers: [], key: "End", printable: false }, signal);
    }
    if (plan.caret === "clear") {
      await driver.callOn(objectId!, SELECT_ALL, [], signal);
      await key(keyboard, { modifiers: [], key: "Delete", printable: false }, signal);
    }
    for (const [i, stroke] of plan.keystrokes!.entries()) {
      if (signal.aborted) throw signal.reason;
      if (i > 0 && plan.keyDelayMs) await sleep(plan.keyDelayMs, signal);
      if (i > 0) await focusStays(driver, objectId!, plan, i, signal);
      if ("key" in stroke) await keyboard.press(stroke.key as never);
      else await driver.send("Input.insertText", { text: stroke.text }, signal);
    }
  } else {
    await key(keyboard, plan.chord!, signal);
  }
}

/** Focus is on the node (or inside it, for an editor); a page that moved it elsewhere stops typing. */
async function focusStays(
  driver: PageDriver,
  objectId: string,
  plan: Plan,
  typed: number,
  signal: AbortSignal,
) {
  const focused = await driver.callOn<boolean>(objectId, HAS_FOCUS, [], signal).catch((err) => {
    if (signal.aborted) throw err;
    return false; // the node's document went away (a key submitted a form, say)
  });
  if (!focused) {
    const after = typed ? ` after ${typed} of ${plan.keystrokes!.length} characters` : "";
    throw new Stop("focus_lost", `Focus did not stay on ${plan.ref!.ref}${after}`);
  }
}

interface Keyboard {
  down(key: never): Promise<void>;
  up(key: never): Promise<void>;
  press(key: never): Promise<void>;
  sendCharacter(char: string): Promise<void>;
}

async function key(keyboard: Keyboard, chord: Chord, signal: AbortSignal) {
  if (outsideKeyboardLayout(chord.key)) {
    // No key of the US layout makes this character: it is entered as text (parseChord allows
    // no Control, Alt or Meta with it).
    await keyboard.sendCharacter(chord.key);
    return;
  }
  const shifted = chord.modifiers.includes("Shift") && /^[a-z]$/.test(chord.key);
  for (const m of chord.modifiers) await keyboard.down(m as never);
  try {
    if (signal.aborted) throw signal.reason;
    // Shift+a is the key "A", as on a real keyboard.
    await keyboard.press((shifted ? chord.key.toUpperCase() : chord.key) as never);
  } finally {
    for (const m of [...chord.modifiers].reverse()) await keyboard.up(m as never);
  }
}

/** What a date, time, range or color input takes, for the message when it refuses a value. */
const FORMATS: Record<string, string> = {
  date: "YYYY-MM-DD",
  time: "HH:MM or HH:MM:SS",
  "datetime-local": "YYYY-MM-DDTHH:MM",
  month: "YYYY-MM",
  week: "YYYY-Www",
  color: "#rrggbb",
  range: "a number within its min, max and step",
};

/** Step 4 of `fill` into a date, time, range or color input: the input would keep the value as given. */
export async function checkValue(
  driver: PageDriver,
  objectId: string,
  kind: string,
  text: string,
  signal: AbortSignal,
): Promise<void> {
  if (await driver.callOn<boolean>(objectId, VALUE_ACCEPTED, [text], signal)) return;
  throw new Stop(
    "invalid_params",
    `"${text.slice(0, 100)}" is not a value a ${kind} input takes` +
      (FORMATS[kind] ? ` (expected ${FORMATS[kind]})` : ""),
    { field: "text" },
  );
}
