/**
 * Settle, then observe: after an action's input, the fresh observation waits for what the action
 * started (document, fetch and XHR requests that began after it) and for the DOM to be quiet
 * after them, within a budget. The page's short timers set after the input count as requests do (a
 * debounced search or filter: see snapshot/timers.ts), to a bounded depth. Traffic that was
 * already running, WebSockets, EventSource, beacons and intervals never count, so a page that
 * polls or streams does not cost the budget on every action. Every wait ends on an event (a
 * request's end, a timer fired, a quiet DOM) or on the budget, never on a fixed sleep.
 */
import type { Protocol } from "devtools-protocol";
import type { FrameInfo, PageDriver } from "../../driver/page_driver.ts";
import {
  MUTATION_QUIET,
  QUIET_AFTER_MS as AFTER_MS,
  SETTLE_ARM,
  SETTLE_DISARM,
} from "../../snapshot/page_lib.ts";
import { WALKER } from "../../snapshot/walker.ts";
import type { Prewalk } from "../core/hosts.ts";

export const DEFAULT_SETTLE_MS = 1500;

/**
 * How long, after the requests the action started, a render that follows them gets to begin: a frame.
 * Not after the watched frame's own new document: its load was its render, and what its loading set in
 * motion (short timers, animation frames) the timer hook counts from the document's start (timers.ts).
 */
const FRAME_MS = 16;

/** Request types an action waits for (CDP ResourceType). */
const AWAITED = new Set(["Document", "Fetch", "XHR"]);

export interface SettleReport {
  state: "quiet" | "budget" | "skipped";
  ms: number;
  pending: number;
  /** Short timers the page set after the input, which the settle waited for; absent when none (or not known). */
  timers?: number;
}

/** What the page answers to MUTATION_QUIET (and the walker asked to check first: `quietFirst`). */
interface Quiet {
  quiet: boolean;
  timers?: number;
  /** The walk, when the walker checked first (`quietFirst`), the DOM was quiet and the walker answered. */
  walk?: string;
}

export function skippedSettle(): SettleReport {
  return { state: "skipped", ms: 0, pending: 0 };
}

/** Watches the requests of one page from before an action's input until its settle ends. */
export class SettleWatch {
  #driver: PageDriver;
  #pending = new Set<string>();
  #started = 0;
  /**
   * Of those, the requests whose answer the page renders itself (all but the watched frame's own document,
   * whose load is its render): after them, a quiet check waits for that render to begin.
   */
  #rendered = 0;
  #changed: (() => void)[] = [];
  #off: (() => void)[] = [];
  #frame: FrameInfo;
  /** A document request of the watched frame began: its loader must be read again. */
  #navigated = false;
  /** When the input was acknowledged (`inputDone`): the settle's time and budget count from there. */
  #inputAt: number | null = null;
  /** The quiet check asked for as soon as the input was acknowledged (see `inputDone`). */
  #early: Promise<Quiet | null> | null = null;
  /** The walker's options the quiet checks walk with, and their JSON (null: they do not walk). */
  #walkWith: { options: Record<string, unknown>; json: string } | null = null;
  /** The walk of the quiet check the settle ended on (see `prewalk`). */
  #prewalk: Prewalk | null = null;
  /**
   * The observer is armed until a quiet check that disarms it is sent; otherwise the fresh
   * observation's walk stops it (the walker disarms first), or, when none was captured, `dispose`
   * does, after the capture was tried, so that no command queues ahead of the capture.
   */
  #armed = true;
  /** Notes that the main frame's renderer answered (page_health.ts answerMark); nothing for another frame. */
  #answered: () => void;

  /**
   * Settles once the page armed its observer and its timer count (or could not): the input must wait
   * for it. The arm reaches the renderer as a DevTools message and the input on the widget's own input
   * channel, and a busy renderer may run the input first: its handler would then change the DOM and set
   * its timers before anything watched them, and the settle would find nothing to wait for.
   */
  readonly armed: Promise<void>;

  /** The frame whose DOM the watch settles. */
  get frameId(): string {
    return this.#frame.frameId;
  }

  /**
   * Start watching before the input; `frame` is the frame whose DOM the action's state shows. `answered`
   * is told each time the page answered a quiet check after the input, when that frame is the main frame.
   * `armedBy`: a call in that frame's world that arms the observer itself (SETTLE_ARM), settled once it
   * answered; without it, the watch sends the arm.
   */
  constructor(driver: PageDriver, frame: FrameInfo, answered?: () => void, armedBy?: Promise<unknown>) {
    this.#driver = driver;
    this.#frame = frame;
    this.#answered = answered && frame.frameId === driver.targetId ? answered : () => {};
    // The arm's answer says nothing of the renderer after the input, which may be what stops it.
    this.armed = (armedBy ?? driver.callIn(frame, SETTLE_ARM)).then(() => {}, () => {});
    const on = <E>(event: string, fn: (e: E) => void) => this.#off.push(driver.on(event, fn));
    on("Network.requestWillBeSent", (e: Protocol.Network.RequestWillBeSentEvent) => {
      if (!AWAITED.has(e.type ?? "") || this.#pending.has(e.requestId)) return;
      if (e.type === "Document" && e.frameId === frame.frameId) this.#navigated = true;
      else this.#rendered++;
      this.#pending.add(e.requestId);
      this.#started++;
      this.#notify();
    });
    const end = (e: { requestId: string }) => {
      if (this.#pending.delete(e.requestId)) this.#notify();
    };
    on("Network.loadingFinished", end);
    on("Network.loadingFailed", end);
  }

  /**
   * The input was acknowledged: ask the page at once whether its DOM is quiet, without waiting
   * for the dispatch to finish. The answer counts only when no awaited request began before it
   * arrived (the page's events come before its answers); otherwise `settle` waits as always. The
   * observer stays armed, so the wait that follows still sees every mutation. Returns the check's
   * answer (null when it was not asked for or failed): a round trip to the frame's renderer, which
   * comes after every event the renderer sent before it. With `walkOptions` (capture.ts
   * `wholeWalkOptions`), a quiet page is walked in the same call (the walker's `quietFirst`), which
   * stops the observer: see `prewalk`.
   */
  inputDone(budgetMs: number, walkOptions?: Record<string, unknown> | null): Promise<Quiet | null> | null {
    this.#inputAt = performance.now();
    this.#walkWith = walkOptions ? { options: walkOptions, json: JSON.stringify(walkOptions) } : null;
    if (budgetMs <= 0 || this.#started) return null;
    const asked = this.#check(this.#frame, [false, FRAME_MS, AFTER_MS, budgetMs, true], true);
    return this.#early = asked.then((q) => (this.#answered(), q), () => null);
  }

  /**
   * One quiet check in `frame` (MUTATION_QUIET's arguments `quietArgs`). With `walk`, when `inputDone` was
   * given the walker's options, it is the walker's `quietFirst`, which also walks the page once quiet.
   */
  #check(frame: FrameInfo, quietArgs: unknown[], walk: boolean, signal?: AbortSignal): Promise<Quiet> {
    const w = walk ? this.#walkWith : null;
    return w
      ? this.#driver.callIn<Quiet>(frame, WALKER, [{ ...w.options, quietFirst: quietArgs }], signal)
      : this.#driver.callIn<Quiet>(frame, MUTATION_QUIET, quietArgs, signal);
  }

  /** Keeps the walk of the quiet check the settle ends on, for `prewalk`. */
  #keep(q: Quiet): void {
    if (q.walk !== undefined && this.#walkWith) {
      this.#prewalk = { options: this.#walkWith.json, value: q.walk };
    }
  }

  /**
   * The fresh observation's walk, taken in the task of the quiet check the settle ended on, when it
   * ended quiet with no awaited request begun before that check's answer and no document request:
   * the DOM the capture would walk next. Given once.
   */
  prewalk(): Prewalk | null {
    const p = this.#prewalk;
    this.#prewalk = null;
    return p;
  }

  #notify(): void {
    for (const w of this.#changed.splice(0)) w();
  }

  /** Resolves once no awaited request is in flight, or false when `signal` ends first. */
  #idle(signal: AbortSignal): Promise<boolean> {
    if (!this.#pending.size) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onAbort = () => resolve(false);
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      const wait = () => {
        if (signal.aborted) return;
        if (!this.#pending.size) {
          signal.removeEventListener("abort", onAbort);
          return resolve(true);
        }
        this.#changed.push(wait);
      };
      wait();
    });
  }

  /**
   * Wait until the requests the action started are done and the DOM of the watched frame is quiet,
   * within `budgetMs` (counted from the input's acknowledgement, as the report's `ms` is) and `signal`.
   * A document that went away meanwhile ends the wait: there is nothing left to settle in it.
   */
  async settle(budgetMs: number, signal: AbortSignal): Promise<SettleReport> {
    // The early check (`inputDone`) began settling when the input was acknowledged.
    const t0 = Math.min(this.#inputAt ?? Infinity, performance.now());
    let timers: number | undefined;
    const report = (state: SettleReport["state"]): SettleReport => {
      const r: SettleReport = { state, ms: Math.round(performance.now() - t0), pending: this.#pending.size };
      if (timers) r.timers = timers;
      return r;
    };
    if (budgetMs <= 0) return { state: "skipped", ms: 0, pending: this.#pending.size };
    const budget = AbortSignal.any([
      signal,
      AbortSignal.timeout(Math.max(1, Math.round(budgetMs - (performance.now() - t0)))),
    ]);
    const early = this.#early;
    this.#early = null;
    try {
      const first = early ? await untilAborted(early, budget) : null;
      timers = first?.timers;
      // The walker stopped the observer.
      if (first?.walk !== undefined) this.#armed = false;
      if (first?.quiet && !this.#started && !this.#navigated) {
        this.#keep(first);
        return report("quiet");
      }
      while (true) {
        if (!(await this.#idle(budget))) return report("budget");
        const mark = this.#started;
        const left = budgetMs - (performance.now() - t0);
        if (left <= 0) return report("budget");
        const frame = this.#navigated
          ? (await this.#driver.frames(budget)).find((f) => f.frameId === this.#frame.frameId)
          : this.#frame;
        if (!frame) return report("quiet");
        this.#armed = false;
        // While the document is the one the walker's options are for, walk it in the same call, as the
        // early check does.
        const quiet: Quiet = await this.#check(
          frame,
          [this.#rendered > 0, FRAME_MS, AFTER_MS, Math.max(1, Math.round(left))],
          !this.#navigated,
          budget,
        ).then((q) => (this.#answered(), q), () => ({ quiet: !budget.aborted }));
        timers = quiet.timers ?? timers;
        // A request started while the DOM was watched: wait for it, then for quiet again.
        if (this.#started !== mark || this.#pending.size) continue;
        if (quiet.quiet) this.#keep(quiet);
        return report(quiet.quiet ? "quiet" : "budget");
      }
    } catch {
      return report(signal.aborted || budget.aborted ? "budget" : "quiet");
    }
  }

  /**
   * Stop watching; call it once the page was observed (`observed`: a fresh observation of the
   * watched frame was captured, whose walk already stopped the observer).
   */
  dispose(observed: boolean): void {
    // A document that went away took its observer with it.
    if (this.#armed && !this.#navigated && !observed) {
      this.#driver.callIn(this.#frame, SETTLE_DISARM).catch(() => {});
    }
    this.#armed = false;
    for (const off of this.#off.splice(0)) off();
    this.#changed = [];
  }
}

/** The promise's value, or null once `signal` ends first. */
function untilAborted<T>(p: Promise<T | null>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onAbort = () => resolve(null);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then((v) => {
      signal.removeEventListener("abort", onAbort);
      resolve(v);
    });
  });
}
