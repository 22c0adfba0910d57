/**
 * Step 5 of `act`: activation, scrolling, focusing, input or navigation, then waiting for what
 * Chromium acknowledged. Any failure from here on leaves side effects uncertain. Dialogs opened
 * meanwhile are answered by the action's own `dialog` option first (see dialogs.ts).
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { ActInput } from "../../protocol/schemas.ts";
import { canonicalOrigin } from "../../policy/url.ts";
import type { LeasePool } from "../../driver/pool.ts";
import { raceSignal } from "../../driver/page_driver.ts";
import { NavigationWatch, type NavOutcome } from "../page/navigation.ts";
import { CLICKS, type Plan, TEXT_ENTRY } from "./checks.ts";
import type { Preflight } from "./preflight.ts";
import { clickAt, clickPoint } from "./pointer.ts";
import { keyboardAction } from "./keyboard.ts";
import { selectOptions } from "./select.ts";
import { setFiles } from "./upload.ts";
import { scrollAction } from "./scroll.ts";
import { dragAction } from "./drag.ts";
import { actionDialogs, type DialogHost } from "../page/dialogs.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateRecord } from "../core/states.ts";
import type { NavigationHost } from "../core/hosts.ts";
import { navigateFrame } from "../page/nav_authority.ts";
import type { ActClock } from "./timing.ts";

/** What dispatch needs of its session: the front tab, dialogs, and its own navigations. */
export interface DispatchHost extends DialogHost, Pick<NavigationHost, "authorizeCommit"> {
  readonly deps: { readonly pool: Pick<LeasePool, "isFront" | "markFront"> };
}

/** How long a click on a download link waits for its download to be announced. */
const DOWNLOAD_LINK_GRACE_MS = 1000;

/** How far dispatch got: set once Chromium acknowledged the input or navigation command. */
export interface Progress {
  acknowledged: boolean;
  /**
   * Called once an input (not a navigation) was acknowledged, before dispatch reads what followed
   * it. Returns the answer of a round trip to the page's renderer it asked for, if any: that answer
   * comes after every event the renderer sent before it, so dispatch asks for no round trip of its own.
   */
  onInput?: () => Promise<unknown> | null | void;
}

/** One action to dispatch: its page, the state it refers to, its input, plan and preflight. */
export interface Dispatch {
  rec: PageRecord;
  state: StateRecord;
  input: ActInput;
  plan: Plan;
  ctx: Preflight;
  signal: AbortSignal;
  progress: Progress;
  /** The act's timing spans (activation is one of them). */
  clock?: ActClock;
}

/**
 * Dispatch the action. Returns the effect the policy blocked on the way, if any. The caller lets
 * go of the preflight's nodes (`releaseTargets`).
 */
export async function dispatch(session: DispatchHost, job: Dispatch): Promise<PortholeError | null> {
  const { rec, input, ctx, signal, progress } = job;
  const driver = rec.driver;
  const pool = session.deps.pool;
  const dialogs = actionDialogs(session, input.dialog);
  rec.blocked.clear();
  try {
    const contextId = driver.contextId;
    if (!pool.isFront(driver.targetId, contextId)) {
      await driver.send("Page.bringToFront", {}, signal);
      pool.markFront(driver.targetId, contextId);
    }
    job.clock?.mark("activate");
    if (input.action === "navigate") {
      return await navigateAction(session, rec, input, ctx, signal, progress, dialogs);
    }
    return await inputAction(job, dialogs.stayed);
  } finally {
    dialogs.end();
  }
}

async function navigateAction(
  session: DispatchHost,
  rec: PageRecord,
  input: ActInput,
  ctx: Preflight,
  signal: AbortSignal,
  progress: Progress,
  dialogs: ReturnType<typeof actionDialogs>,
): Promise<PortholeError | null> {
  let result;
  try {
    result = await navigateFrame(
      rec,
      ctx.frame,
      input.url!,
      "domcontentloaded",
      signal,
      () => progress.acknowledged = true,
    );
  } catch (err) {
    // Chromium answered the navigation: the page's beforeunload prompt was dismissed, so it stays.
    if (!dialogs.wasStayed()) throw err;
    progress.acknowledged = true;
    throw new PortholeError(
      "navigation_failed",
      "The page asked to stay (beforeunload) and the dialog policy dismissed the prompt: the page stayed",
    );
  }
  const { outcome, committed } = result;
  if (outcome.kind === "download") return downloadBlocked();
  if (ctx.frame.parentId === null) await session.authorizeCommit(rec, committed);
  return rec.blocked.first();
}

async function inputAction(job: Dispatch, stayed: Promise<void>): Promise<PortholeError | null> {
  const { rec, state, input, plan, ctx, signal, progress } = job;
  const driver = rec.driver;
  const watch = new NavigationWatch(driver, state.frameId, state.loaderId, "domcontentloaded");
  try {
    await sendInput(rec, input, plan, ctx, signal);
    // Every input command was answered: the input happened, whatever the page does next.
    progress.acknowledged = true;
    const asked = progress.onInput?.();
    // The page's own renderer answers a check in its main frame; an inner frame's may be another's.
    const flushed = ctx.frame.parentId === null ? asked : null;
    if (!watch.requested) await (flushed ? raceSignal(flushed, signal) : watch.flush(signal));
    // A download link's download begins a moment after the click was acknowledged: wait for it.
    if (!watch.requested && !watch.download && ctx.info?.downloadLink) {
      await watch.downloadWithin(DOWNLOAD_LINK_GRACE_MS, signal);
    }
    // A download link (`<a download>`) starts a download without a navigation request.
    if (!watch.requested) return watch.download ? downloadBlocked() : rec.blocked.first();
    const outcome = await settleOrBlocked(rec, watch, stayed, signal);
    if (!outcome) return rec.blocked.first();
    if (outcome.kind === "download") return downloadBlocked();
    if (outcome.kind === "loaded" && ctx.frame.parentId === null) {
      // The guard keeps the page on its origin; should anything slip through, the page loses its authority.
      const top = (await driver.frames(signal)).find((f) => f.parentId === null)!;
      if (canonicalOrigin(top.url) !== rec.authorizedOrigin) {
        rec.authorizedOrigin = null;
        return new PortholeError(
          "navigation_blocked",
          "The page navigated to another origin, which is not authorised",
          {
            details: { origin: canonicalOrigin(top.url) },
          },
        );
      }
    }
    return rec.blocked.first();
  } finally {
    watch.dispose();
  }
}

/** The input of each action family. */
async function sendInput(rec: PageRecord, input: ActInput, plan: Plan, ctx: Preflight, signal: AbortSignal) {
  const target = { ref: plan.ref!, objectId: ctx.objectId, info: ctx.info!, resolve: ctx.resolveTarget };
  const action = input.action;
  if (CLICKS.has(action)) {
    const pointer = plan.pointer!;
    await clickAt(rec, await clickPoint(rec, target, signal, pointer.position), pointer, signal);
  } else if (TEXT_ENTRY.has(action) || action === "press") {
    await keyboardAction(rec, input, plan, ctx, signal);
  } else if (action === "select") {
    await selectOptions(rec.driver, ctx.objectId!, ctx.options!, signal);
  } else if (action === "upload") {
    await setFiles(rec.driver, ctx.upload!.inputId, ctx.upload!.staged, signal);
  } else if (action === "scroll") {
    await scrollAction(rec, ctx.frame, plan, ctx, signal);
  } else if (action === "drag") {
    await dragAction(rec, plan, ctx, signal);
  }
}

/**
 * The navigation's outcome, or null as soon as the guard refused it or a dismissed beforeunload
 * prompt kept the page where it is.
 */
async function settleOrBlocked(
  rec: PageRecord,
  watch: NavigationWatch,
  stayed: Promise<void>,
  signal: AbortSignal,
) {
  if (rec.blocked.first()?.code === "navigation_blocked") return null;
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  try {
    return await Promise.race<NavOutcome | null>([
      watch.settle(signal),
      rec.blocked.next(both).then((e) => (e.code === "navigation_blocked" ? null : watch.settle(signal))),
      stayed.then(() => null),
      // A page that closes itself on load (a sign-in window that posted back) never settles.
      closed(rec, both).then(() => null),
    ]);
  } finally {
    stop.abort();
  }
}

/** Resolves when the page closes (never, if `signal` ends first). */
function closed(rec: PageRecord, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (rec.driver.closed) return resolve();
    const done = () => resolve();
    rec.driver.page.once("close", done);
    signal.addEventListener("abort", () => rec.driver.page.off("close", done), { once: true });
  });
}

function downloadBlocked(): PortholeError {
  return new PortholeError("download_blocked", "The action started a download, which was blocked");
}
