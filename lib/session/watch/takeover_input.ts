/**
 * A person's input during a takeover, forwarded as real input to the page (CDP's
 * Input.dispatchMouseEvent and mouseWheel; keys through the page's keyboard, which sends
 * Input.dispatchKeyEvent; committed text as Input.insertText), and recorded for the timeline.
 * What went into a credential field is counted, never shown: the focused field is read with
 * the act path's own scripts and judged by the one credential rule (policy/sensitive.ts). A
 * keystroke whose field is not confirmed to be harmless (none, a frame, unreadable) is counted only.
 */
import type { Protocol } from "devtools-protocol";
import type { TakeoverInputEvent } from "../../events/bus.ts";
import { type FieldFacts, sensitiveField } from "../../policy/sensitive.ts";
import type { TakeoverEvent } from "../../protocol/schemas_takeover.ts";
import { FINGERPRINT } from "../../snapshot/walker.ts";
import { BUTTON_BITS, modifierBits, type MouseEvent, sendMouse } from "../core/mouse.ts";
import { FIELD_FACTS, FOCUSED_FIELD } from "../core/page_scripts.ts";
import type { PageRecord } from "../core/page_record.ts";

/** What one batch did, for the reply and the takeover's counters. */
export interface Forwarded {
  events: number;
  clicks: number;
  keys: number;
}

type Keyboard = { down(key: never): Promise<void>; up(key: never): Promise<void> };

/** The buttons and modifier keys the person holds down, kept across batches (a drag, Control+A). */
export interface Pointer {
  button: "left" | "middle" | "right" | null;
  buttons: number;
  modifiers: Set<string>;
}

const MODIFIER_KEYS = new Set(["Alt", "Control", "Meta", "Shift"]);

/** Send the person's events to the page in order; `record` gets what the timeline shows. */
export async function forwardInput(
  rec: PageRecord,
  events: TakeoverEvent[],
  pointer: Pointer,
  signal: AbortSignal,
  record: (ev: TakeoverInputEvent) => void,
): Promise<Forwarded> {
  const driver = rec.driver;
  const keyboard = driver.page.keyboard as unknown as Keyboard;
  const out: Forwarded = { events: 0, clicks: 0, keys: 0 };
  // Where keystrokes go, read once and again after anything that may move focus.
  let fieldSafe: boolean | null = null;
  let typed: TakeoverInputEvent | null = null;
  const flush = () => {
    if (typed) record(typed);
    typed = null;
  };
  const safe = async () => fieldSafe ??= await focusedFieldIsSafe(rec, signal);
  const mouse = (e: MouseEvent) => sendMouse(rec, [e], signal);

  for (const ev of events) {
    if (signal.aborted) throw signal.reason;
    if (ev.type === "mouse") {
      const button = ev.button ?? "left";
      const modifiers = modifierBits(ev.modifiers);
      if (ev.action === "move") {
        const held = { button: pointer.button ?? "none", buttons: pointer.buttons } as const;
        await mouse({ type: "mouseMoved", x: ev.x, y: ev.y, modifiers, ...held });
      } else {
        const down = ev.action === "down";
        pointer.buttons = down
          ? pointer.buttons | BUTTON_BITS[button]
          : pointer.buttons & ~BUTTON_BITS[button];
        pointer.button = pointer.buttons ? (down ? button : pointer.button) : null;
        await mouse({
          type: down ? "mousePressed" : "mouseReleased",
          x: ev.x,
          y: ev.y,
          button,
          buttons: pointer.buttons,
          clickCount: ev.clickCount ?? 1,
          modifiers,
        });
        if (down) {
          flush();
          fieldSafe = null;
          out.clicks++;
          record({ pageId: rec.pageId, kind: "click", x: ev.x, y: ev.y, button });
        }
      }
    } else if (ev.type === "wheel") {
      await mouse({
        type: "mouseWheel",
        x: ev.x,
        y: ev.y,
        deltaX: ev.deltaX ?? 0,
        deltaY: ev.deltaY ?? 0,
        modifiers: modifierBits(ev.modifiers),
      });
      flush();
      record({ pageId: rec.pageId, kind: "scroll", deltaX: ev.deltaX ?? 0, deltaY: ev.deltaY ?? 0 });
    } else if (ev.type === "key") {
      const printable = [...ev.key].length === 1;
      if (MODIFIER_KEYS.has(ev.key)) {
        if (ev.action === "down") pointer.modifiers.add(ev.key);
        else pointer.modifiers.delete(ev.key);
      } else if (ev.action === "down") {
        const ok = await safe();
        out.keys++;
        // A character with Control, Alt or Meta is a shortcut, not text: it is recorded as a key.
        const chord = [...pointer.modifiers].filter((m) => m !== "Shift");
        if (printable && chord.length === 0) {
          typed = typedInto(typed, rec.pageId, ok, ev.key);
        } else {
          flush();
          record({
            pageId: rec.pageId,
            kind: "key",
            count: 1,
            ...(ok ? { key: [...chord, ev.key].join("+") } : { redacted: true }),
          });
          fieldSafe = null; // Tab, Enter and arrows may move focus
        }
      }
      await pressOrInsert(keyboard, driver.send.bind(driver), ev.action, ev.key, printable, signal);
    } else {
      const ok = await safe();
      out.keys += [...ev.text].length;
      typed = typedInto(typed, rec.pageId, ok, ev.text);
      await driver.send("Input.insertText", { text: ev.text }, signal);
    }
    out.events++;
  }
  flush();
  return out;
}

/** Extend the pending text record, or start one; a redacted record keeps only the count. */
function typedInto(
  pending: TakeoverInputEvent | null,
  pageId: string,
  ok: boolean,
  text: string,
): TakeoverInputEvent {
  const count = [...text].length;
  if (pending && (pending.redacted === true) === !ok) {
    pending.count! += count;
    if (ok) pending.text += text;
    return pending;
  }
  return ok ? { pageId, kind: "text", text, count } : { pageId, kind: "text", count, redacted: true };
}

/** A key the page's keyboard knows is pressed as a real key; any other character is inserted as text. */
async function pressOrInsert(
  keyboard: Keyboard,
  send: (method: string, params: Record<string, unknown>, signal?: AbortSignal) => Promise<unknown>,
  action: "down" | "up",
  key: string,
  printable: boolean,
  signal: AbortSignal,
): Promise<void> {
  try {
    await (action === "down" ? keyboard.down(key as never) : keyboard.up(key as never));
  } catch (err) {
    if (!/unknown key/i.test(String(err))) throw err;
    if (action === "down" && printable) await send("Input.insertText", { text: key }, signal);
    // A key no layout names (a media key, say) does nothing, as on a page that ignores it.
  }
}

/**
 * Whether keystrokes now go into a text field the credential rule calls harmless. The act path's
 * FOCUSED_FIELD and FIELD_FACTS read it; anything else (no field, a frame, an error) is not safe.
 */
async function focusedFieldIsSafe(rec: PageRecord, signal: AbortSignal): Promise<boolean> {
  const driver = rec.driver;
  try {
    const [main] = await driver.frames(signal);
    const executionContextId = await driver.world(main, signal);
    const focused = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      functionDeclaration: FOCUSED_FIELD,
      executionContextId,
      returnByValue: false,
    }, signal);
    const objectId = focused.result.objectId;
    if (!objectId) return false;
    try {
      const [facts, ax] = await Promise.all([
        driver.callOn<FieldFacts>(objectId, FIELD_FACTS, [], signal),
        driver.callOn<{ role: string; name: string }>(objectId, FINGERPRINT, [], signal),
      ]);
      return sensitiveField({ ...facts, accessibleName: ax.name }) === null;
    } finally {
      driver.release(objectId);
    }
  } catch (err) {
    if (signal.aborted) throw err;
    return false;
  }
}
