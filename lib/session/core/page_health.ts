/**
 * Whether a page's renderer still answers. A script that never yields (`while(true){}`) or a
 * crashed renderer would make every later read of the page wait for its whole deadline; instead
 * observe, act and wait refuse at once with `page_unresponsive`, and navigate recovers the page
 * in place: the renderer is replaced, the page keeps its id and origin rules, and its generation
 * rises so that no state of the old renderer passes for one of the new.
 *
 * While a cross-document navigation of the page is under way, the browser holds every command for
 * the renderer until it commits or ends: an unanswered probe then says nothing of the renderer,
 * only of the network. Health is judged once the navigation ended, so a slow server alone never
 * makes a healthy page hung.
 */
import type { Protocol } from "devtools-protocol";
import { raceSignal } from "../../driver/page_driver.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { Emitter } from "./emit.ts";
import type { PageRecord } from "./page_record.ts";

/** How long a healthy renderer may take to evaluate `0` on an idle machine; a busy one still answers well within it. */
const PROBE_MS = 1_000;
/** The load per core past which a machine counts as overloaded: its renderers may wait for a core. */
const OVERLOADED = 4;
/** On an overloaded machine the probe waits longer, up to this many times PROBE_MS. */
const MAX_PATIENCE = 5;

/**
 * How long a probe waits for its answer: PROBE_MS, and on an overloaded machine (the last minute's
 * load average over the cores past OVERLOADED) in proportion to the overload, up to MAX_PATIENCE
 * times. A renderer that waits for a core is not hung; one that runs a script that never yields stays
 * silent however long it is given. A busy machine short of overloaded keeps the one second.
 */
export function probePatience(load1: number, cores: number): number {
  const perCore = Number.isFinite(load1) && cores > 0 ? load1 / cores : 0;
  return Math.round(PROBE_MS * Math.min(MAX_PATIENCE, Math.max(1, perCore / OVERLOADED)));
}

/**
 * A document that committed this recently and has not answered Porthole yet may still be laying itself out
 * for the first time: on a large page (35,000 nodes) and a loaded machine that holds the renderer for about
 * a second, and the first probe waits behind it. That probe is this many times as patient. Once the
 * document answered once (a probe, or work probed beside), a loop that starts later is refused within the
 * plain patience.
 */
const NEW_DOCUMENT_MS = 5_000;
const NEW_DOCUMENT_PATIENCE = 3;

/** When each page's main frame committed a document that has not answered since (performance.now()). */
const committed = new WeakMap<PageRecord, number>();

function probeMs(rec: PageRecord): number {
  let ms = PROBE_MS;
  try {
    ms = probePatience(Deno.loadavg()[0], navigator.hardwareConcurrency || 1);
  } catch { /* no load average here: the plain patience */ }
  const at = committed.get(rec);
  return at !== undefined && performance.now() - at < NEW_DOCUMENT_MS ? ms * NEW_DOCUMENT_PATIENCE : ms;
}
/**
 * An act's settle that just saw the main frame's document quiet, after the input, has had the answer
 * a probe would get: the act's fresh capture that follows within this long is not probed again. A probe
 * is a command through the browser to the renderer's main thread, about a tenth of what a click costs the
 * machine. The answer is used once: every other operation probes, so a script that starts to loop a
 * moment later is refused at once by the next one. Only a loop that starts in the millisecond between the
 * settle's answer and the capture's walk makes the capture end at the act's deadline instead.
 */
const RECENT_MS = 20;

/** Per page, how many main-frame navigations began or ended: an answer is the document's of its epoch. */
const epochs = new WeakMap<PageRecord, number>();

/**
 * Taken before the settle's quiet checks: the function it returns notes a check's answer, unless a
 * navigation of the main frame began or ended since (the answer was then another document's).
 */
export function answerMark(rec: PageRecord): () => void {
  const epoch = epochs.get(rec) ?? 0;
  return () => {
    if ((epochs.get(rec) ?? 0) === epoch && rec.health === "ok") rec.answeredAt = performance.now();
  };
}

/** Whether the renderer answered a moment ago, so a probe would say nothing new; the answer is used up. */
function answeredJustNow(rec: PageRecord): boolean {
  const at = rec.answeredAt;
  rec.answeredAt = null;
  return rec.health === "ok" && at !== null && performance.now() - at < RECENT_MS;
}

/** A renderer already found hung is asked again briefly: it may have come back by itself. */
const RECHECK_MS = 200;
/** How long a hung renderer may take to go once Porthole crashed it. */
const CRASH_MS = 3_000;

/** What following a page's renderer needs of its session. */
export interface HealthHost extends Emitter {
  /** A renderer of the session died: the operation under way ends now, not at its deadline. */
  rendererCrashed(err: PortholeError): void;
}

/** The main frame's cross-document navigation under way, per page: it ends on commit, stop or crash. */
const underway = new WeakMap<PageRecord, { ended: Promise<void>; end(): void }>();

function navigationEnded(rec: PageRecord): void {
  // The document that answered is gone, and the next may live in another renderer.
  rec.answeredAt = null;
  epochs.set(rec, (epochs.get(rec) ?? 0) + 1);
  underway.get(rec)?.end();
  underway.delete(rec);
}

/** Follow the main frame's cross-document navigations: the browser holds the renderer's commands meanwhile. */
function watchNavigations(rec: PageRecord): void {
  const { driver } = rec;
  const main = (frameId: string | undefined) => frameId === driver.targetId;
  driver.on("Page.frameStartedNavigating", (e: { frameId: string; navigationType?: string }) => {
    if (!main(e.frameId) || /SameDocument$/i.test(e.navigationType ?? "")) return;
    navigationEnded(rec);
    const { promise, resolve } = Promise.withResolvers<void>();
    underway.set(rec, { ended: promise, end: resolve });
  });
  driver.on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
    if (!main(e.frame.id)) return;
    navigationEnded(rec);
    committed.set(rec, performance.now());
  });
  driver.on("Page.frameStoppedLoading", (e: Protocol.Page.FrameStoppedLoadingEvent) => {
    if (main(e.frameId)) navigationEnded(rec);
  });
}

/** Follow the renderer's crashes and reloads (called once per page, when it is prepared). */
export function watchHealth(host: HealthHost, rec: PageRecord): void {
  const { driver } = rec;
  watchNavigations(rec);
  driver.on("Inspector.targetCrashed", () => {
    navigationEnded(rec);
    const hung = rec.health === "hung";
    rec.health = "crashed";
    // A crash Porthole caused to recover a hung page is part of that recovery, not news.
    if (hung) return;
    host.emit("page.crashed", { pageId: rec.pageId, reason: "the renderer crashed" });
    host.rendererCrashed(unresponsive(rec));
  });
  driver.on("Inspector.targetReloadedAfterCrash", () => {
    if (rec.health === "crashed") rec.health = "ok";
  });
  driver.send("Inspector.enable").catch(() => {});
}

/** `p`, or false after `ms`. */
async function within(p: Promise<boolean>, ms: number, signal: AbortSignal): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await raceSignal(Promise.race([p, late]), signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the renderer answers a trivial evaluation within `ms` (an error is an answer too):
 * `held` when it did not while a cross-document navigation is under way (the browser holds the
 * probe until it ends). With `throughNavigation`, a held probe is waited for until the navigation
 * ended, and the renderer then has `ms` more: only then is silence an answer.
 */
async function answers(
  rec: PageRecord,
  ms: number,
  signal: AbortSignal,
  throughNavigation = true,
): Promise<boolean | "held"> {
  const probe = rec.driver.send<Protocol.Runtime.EvaluateResponse>(
    "Runtime.evaluate",
    { expression: "0", silent: true },
  ).then(() => true, () => true);
  while (!(await within(probe, ms, signal))) {
    const nav = underway.get(rec);
    if (!nav) return false;
    if (!throughNavigation) return "held";
    await raceSignal(Promise.race([probe, nav.ended]), signal);
  }
  return true;
}

function unresponsive(rec: PageRecord): PortholeError {
  const crashed = rec.health === "crashed";
  return new PortholeError(
    "page_unresponsive",
    crashed
      ? `The renderer of page ${rec.pageId} crashed`
      : `Page ${rec.pageId} does not respond: a script of the page keeps its renderer busy`,
    { details: { pageId: rec.pageId, reason: crashed ? "crashed" : "hung" } },
  );
}

/**
 * Whether the renderer crashed, asked anew after an await: it may die while it is probed (its
 * failing the probe is an answer), and a hung renderer may die by itself (out of memory).
 */
const crashed = (rec: PageRecord) => rec.health === "crashed";

/** Refuse at once when the page's renderer crashed or does not answer (observe, act, wait). */
export async function assertResponsive(rec: PageRecord, signal: AbortSignal): Promise<void> {
  if (crashed(rec)) throw unresponsive(rec);
  if (rec.driver.closed) return; // the caller reports a closed page its own way
  const ok = await answers(rec, rec.health === "hung" ? RECHECK_MS : probeMs(rec), signal);
  if (signal.aborted) throw signal.reason;
  if (crashed(rec)) throw unresponsive(rec);
  if (!ok) {
    rec.health = "hung";
    throw unresponsive(rec);
  }
  rec.health = "ok";
  committed.delete(rec);
}

/** Stop the page's navigation under way, and wait (briefly) for the browser to say it ended. */
async function stopNavigation(rec: PageRecord, signal: AbortSignal): Promise<void> {
  const nav = underway.get(rec);
  if (!nav) return;
  await rec.driver.send("Page.stopLoading", {}, signal).catch(() => {});
  await within(nav.ended.then(() => true), PROBE_MS, signal);
}

/**
 * Before navigate: a crashed or hung renderer is replaced. A hung one is crashed first (its
 * main thread answers nothing, the browser can still end it); the navigation that follows starts
 * a fresh renderer in the same page target. Returns whether the page was recovered.
 */
export async function recoverPage(host: Emitter, rec: PageRecord, signal: AbortSignal): Promise<boolean> {
  if (rec.driver.closed) return false;
  const probe = () => answers(rec, rec.health === "hung" ? RECHECK_MS : probeMs(rec), signal, false);
  let live = !crashed(rec) && await probe();
  // A navigation under way holds the probe, which says nothing then. That navigation is stopped
  // (in the browser), so the caller's own starts at once instead of behind it, and the renderer
  // is asked again.
  if (live === "held" && !crashed(rec)) {
    await stopNavigation(rec, signal);
    live = !crashed(rec) && await probe();
    if (live === "held") return false;
  }
  if (live && !crashed(rec)) {
    rec.health = "ok";
    return false;
  }
  if (!crashed(rec)) {
    rec.health = "hung";
    rec.driver.send("Page.crash").catch(() => {});
    const end = Date.now() + CRASH_MS;
    while (!crashed(rec) && Date.now() < end && !signal.aborted) {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!crashed(rec)) throw unresponsive(rec);
  }
  // A blank document in a fresh renderer, loaded to the end so that none of its events reaches
  // the caller's navigation, which then runs as on any page.
  const { driver } = rec;
  let off = () => {};
  const stopped = new Promise<void>((resolve) => {
    off = driver.on("Page.frameStoppedLoading", (e: Protocol.Page.FrameStoppedLoadingEvent) => {
      if (e.frameId === driver.targetId) resolve();
    });
  });
  try {
    await driver.send("Page.navigate", { url: "about:blank" }, signal);
    await raceSignal(Promise.race([stopped, new Promise((r) => setTimeout(r, CRASH_MS))]), signal);
  } finally {
    off();
  }
  rec.health = "ok";
  rec.generation++;
  host.emit("page.recovered", { pageId: rec.pageId, generation: rec.generation });
  return true;
}

/**
 * How long an act's preflight reads run before the renderer is probed beside them (`probeAfterMs`). They
 * are a few short calls: a healthy renderer answers them well within it, and then no probe goes out at
 * all; a hung one is found this much later than by a probe sent with them. A walk is not: it may keep the
 * renderer busy for longer than a probe waits, and a probe queued behind it would call a busy page hung,
 * so observations probe first.
 */
export const PROBE_AFTER_MS = 100;

/** Whether `p` ended (either way) within `ms`. */
async function endsWithin(p: Promise<unknown>, ms: number, signal: AbortSignal): Promise<boolean> {
  return await within(p.then(() => true, () => true), ms, signal).catch(() => true);
}

/**
 * Run `work` on the page while its renderer is probed side by side: a healthy page pays no extra
 * round trip (the probe overlaps the work's first commands), and a hung one ends the work with
 * page_unresponsive within the probe's time instead of at its deadline. With `probeAfterMs`, the probe
 * goes out only when the work has not ended by then (at once on a page found hung before): short work
 * that answered needs no probe.
 */
export async function whileResponsive<T>(
  rec: PageRecord,
  signal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
  probeAfterMs = 0,
): Promise<T> {
  if (rec.health === "crashed") throw unresponsive(rec);
  if (answeredJustNow(rec)) return work(signal);
  const stop = new AbortController();
  const later = probeAfterMs > 0 && rec.health !== "hung";
  // Probed first, the renderer answers the probe before it starts the work (a long walk would hold a
  // probe sent after it for longer than the probe waits).
  let probe = later ? null : probeBeside(rec, signal, stop);
  const done = work(AbortSignal.any([signal, stop.signal]));
  done.catch(() => {});
  if (later && await endsWithin(done, probeAfterMs, signal)) return done;
  probe ??= probeBeside(rec, signal, stop);
  const [, result] = await Promise.all([probe, done]);
  committed.delete(rec);
  return result;
}

/** A probe beside work: its failure stops the work. Whichever fails first says why. */
function probeBeside(rec: PageRecord, signal: AbortSignal, stop: AbortController): Promise<void> {
  const probe = assertResponsive(rec, signal).catch((err) => {
    stop.abort(err);
    throw err;
  });
  probe.catch(() => {});
  return probe;
}
