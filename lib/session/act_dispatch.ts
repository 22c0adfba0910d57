/**
 * Step 5 of `act`: activation, scrolling, focusing, input or navigation, then waiting for what
 * Chromium acknowledged. Any failure from here on leaves side effects uncertain.
 */
import { PortholeError } from "../protocol/errors.ts";
import type { ActInput } from "../protocol/schemas.ts";
import { type Chord, outsideKeyboardLayout } from "../protocol/keys.ts";
import { canonicalOrigin } from "../policy/url.ts";
import { NavigationWatch, type NavOutcome } from "./navigation.ts";
import { type ElementInfo, type Plan, POINTER, type Preflight, Stop, TEXT_ENTRY } from "./act_checks.ts";
import { ELEMENT_INFO, FOCUS, HAS_FOCUS, SELECT_ALL } from "./page_scripts.ts";
import type { PageRecord, Session } from "./session.ts";
import type { StateRecord } from "./states.ts";

/** How far dispatch got: set once Chromium acknowledged the input or navigation command. */
export interface Progress {
  acknowledged: boolean;
}

/** Dispatch the action. Returns the effect the policy blocked on the way, if any. */
export async function dispatch(
  session: Session,
  rec: PageRecord,
  state: StateRecord,
  input: ActInput,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
  progress: Progress,
): Promise<PortholeError | null> {
  const driver = rec.driver;
  const pool = session.deps.pool;
  rec.blocked.clear();
  if (!pool.isFront(driver.targetId)) {
    await driver.send("Page.bringToFront", {}, signal);
    pool.markFront(driver.targetId);
  }
  if (input.action === "navigate") {
    const { outcome, committed } = await session.navigateFrame(
      rec,
      ctx.frame,
      input.url!,
      "domcontentloaded",
      signal,
      () => progress.acknowledged = true,
    );
    if (outcome.kind === "download") return downloadBlocked();
    if (ctx.frame.parentId === null) await session.authorizeCommit(rec, committed);
    return rec.blocked.first();
  }
  const objectId = ctx.objectId;
  const watch = new NavigationWatch(driver, state.frameId, state.loaderId, "domcontentloaded");
  try {
    if (POINTER.has(input.action)) {
      await pointerAction(rec, input, plan, ctx, signal);
    } else if (TEXT_ENTRY.has(input.action) || input.action === "press") {
      await keyboardAction(rec, input, plan, objectId, signal);
    }
    // Every input command was answered: the input happened, whatever the page does next.
    progress.acknowledged = true;
    if (!watch.requested) await watch.flush(signal);
    // A download link (`<a download>`) starts a download without a navigation request.
    if (!watch.requested) return watch.download ? downloadBlocked() : rec.blocked.first();
    const outcome = await settleOrBlocked(rec, watch, signal);
    if (!outcome) return rec.blocked.first();
    if (outcome.kind === "download") return downloadBlocked();
    if (outcome.kind === "loaded" && ctx.frame.parentId === null) {
      // The guard keeps the page on its origin; should anything slip through, the page loses its authority.
      const top = (await driver.frames(signal)).find((f) => f.parentId === null)!;
      if (canonicalOrigin(top.url) !== rec.authorizedOrigin) {
        rec.authorizedOrigin = null;
        return new PortholeError(
          "navigation_blocked",
          `The page navigated to another origin, ${canonicalOrigin(top.url)}, which is not authorised`,
        );
      }
    }
    return rec.blocked.first();
  } finally {
    watch.dispose();
    if (objectId) driver.release(objectId);
  }
}

/** The navigation's outcome, or null as soon as the guard refused it. */
async function settleOrBlocked(rec: PageRecord, watch: NavigationWatch, signal: AbortSignal) {
  if (rec.blocked.first()?.code === "navigation_blocked") return null;
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  try {
    return await Promise.race<NavOutcome | null>([
      watch.settle(signal),
      rec.blocked.next(both).then((e) => (e.code === "navigation_blocked" ? null : watch.settle(signal))),
    ]);
  } finally {
    stop.abort();
  }
}

async function pointerAction(
  rec: PageRecord,
  input: ActInput,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
) {
  const driver = rec.driver;
  let point = ctx.info!.point!;
  if (!point.inView) {
    await driver.send("DOM.scrollIntoViewIfNeeded", { backendNodeId: plan.ref!.backendNodeId }, signal);
    const info = await driver.callOn<ElementInfo>(ctx.objectId!, ELEMENT_INFO, [null, true], signal);
    point = info.point!;
    if (!info.hit?.ok) {
      throw new Stop(
        "obscured",
        `${plan.ref!.ref} is covered by ${info.hit?.hit ?? "the viewport edge"} after scrolling`,
      );
    }
  }
  const x = point.topX, y = point.topY;
  // The pointer moves only when it is not already there, as a user's would.
  const events: Record<string, unknown>[] = rec.mouse?.x === x && rec.mouse?.y === y
    ? []
    : [{ type: "mouseMoved", x, y, button: "none" }];
  rec.mouse = null; // unknown until every event was acknowledged
  if (input.action !== "hover") {
    const clicks = input.action === "dblclick" ? 2 : 1;
    for (let n = 1; n <= clicks; n++) {
      events.push({ type: "mousePressed", x, y, button: "left", buttons: 1, clickCount: n });
      events.push({ type: "mouseReleased", x, y, button: "left", buttons: 0, clickCount: n });
    }
  }
  // Sent together: CDP keeps their order, and Chromium need not wait a frame for a lone move.
  await Promise.all(events.map((e) => driver.send("Input.dispatchMouseEvent", e, signal)));
  rec.mouse = { x, y };
}

async function keyboardAction(
  rec: PageRecord,
  input: ActInput,
  plan: Plan,
  objectId: string | null,
  signal: AbortSignal,
) {
  const driver = rec.driver;
  if (objectId) {
    await driver.callOn(objectId, FOCUS, [], signal);
    const focused = await driver.callOn<boolean>(objectId, HAS_FOCUS, [], signal);
    if (!focused) throw new Stop("focus_lost", `Focus did not stay on ${plan.ref!.ref}`);
  }
  const keyboard = driver.page.keyboard;
  if (input.action === "fill" || input.action === "clear") {
    await driver.callOn(objectId!, SELECT_ALL, [], signal);
    if (input.action === "fill") await driver.send("Input.insertText", { text: input.text }, signal);
    else await key(keyboard, { modifiers: [], key: "Delete", printable: false }, signal);
  } else if (input.action === "type") {
    for (const ch of input.text!) {
      if (signal.aborted) throw signal.reason;
      if (ch === "\n") await keyboard.press("Enter");
      else await keyboard.sendCharacter(ch);
    }
  } else {
    await key(keyboard, plan.chord!, signal);
  }
}

function downloadBlocked(): PortholeError {
  return new PortholeError("download_blocked", "The action started a download, which was blocked");
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
