/**
 * `act`: one action on one observed state, in the contract's five steps. The state is
 * consumed at lookup; nothing is ever retried; the result separates dispatch, observation
 * and postcondition.
 */
import { PortholeError, toPortholeError } from "../../protocol/errors.ts";
import type { ActInput } from "../../protocol/schemas.ts";
import type { ActResult, Execution, Observation } from "../../protocol/types.ts";
import { type Deadline, deadline, effectiveTimeout } from "../core/deadline.ts";
import { checkParams, preflight, type PreflightHost, releaseTargets, Stop } from "./checks.ts";
import { type Dispatch, dispatch, type DispatchHost, type Progress } from "./dispatch.ts";
import type { Preflight } from "./preflight.ts";
import { EXPECT_TEXT } from "../core/page_scripts.ts";
import { popupsSettled } from "../page/popups.ts";
import { checkForm, fieldAction, type FieldOutcome } from "./form.ts";
import { DEFAULT_SETTLE_MS, type SettleReport, SettleWatch, skippedSettle } from "./settle.ts";
import { ActClock } from "./timing.ts";
import { type ApprovalHost, approvalRule, type Approver, awaitApproval } from "./approvals.ts";
import { redactUrl } from "../../policy/url.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { Lookup, StateAuthority, StateRecord } from "../core/states.ts";
import type { Emitter } from "../core/emit.ts";
import type { BrowserHost, NavigationHost, PagesHost } from "../core/hosts.ts";
import { answerMark, PROBE_AFTER_MS, whileResponsive } from "../core/page_health.ts";
import { Journal, type JournalWriter } from "../core/journal.ts";
import { type FrameInfo, raceSignal } from "../../driver/page_driver.ts";
import { leanFresh } from "../observe/lean.ts";
import type { ObservationBudget } from "../core/budget.ts";

/**
 * What an action needs of its session: its current state, its pages, the operator's approval
 * rules and secrets, its events, and what the checks and dispatch need.
 */
export interface ActHost
  extends
    PreflightHost,
    DispatchHost,
    ApprovalHost,
    Emitter,
    BrowserHost,
    Pick<PagesHost, "id" | "pages">,
    Pick<NavigationHost, "captureFresh"> {
  /** The walker's options of a fresh capture of the whole of a frame (null: none sent ahead). */
  freshWalkOptions(
    rec: PageRecord,
    frame: { frameId: string; loaderId: string },
    tier: StateRecord["tier"],
  ): Record<string, unknown> | null;
  readonly states: Pick<StateAuthority, "take">;
  /** Where the action is written down; its result carries the entry's actionId. */
  readonly journal: JournalWriter;
  readonly budget: Pick<ObservationBudget, "view">;
  /** How long this act waited at the session's gate (ms), for its timing spans. */
  readonly queuedMs?: number;
  /** Aborts when the browser or a renderer of the session's pages goes away: a running action ends with it. */
  readonly browserSignal: AbortSignal;
  readonly deps: DispatchHost["deps"] & ApprovalHost["deps"];
}

/**
 * One action, its steps in the contract's order: each step is a function of this file, given the
 * run so far. `approver`: the door's way to ask its client's user, should an approval rule hold the
 * action.
 */
export async function act(
  session: ActHost,
  input: ActInput,
  signal: AbortSignal,
  approver?: Approver,
): Promise<ActResult> {
  session.assertBrowser();
  const started = performance.now();
  const actionId = Journal.newActionId();
  const clock = new Clock(input.timeoutMs, signal);
  const spans = new ActClock(session.queuedMs);
  session.dialogs = [];
  // Step 2: the lookup. Unknown and stale ids consume nothing.
  const lookup = session.states.take(input.stateId);
  if (lookup.kind !== "current") {
    clock.dispose();
    return refusedLookup(session, input, lookup, actionId);
  }
  const run = begin(session, input, lookup.state, { actionId, clock, spans, client: signal, approver });
  // Steps 3 to 5: the parameters, the preflight (and a person's approval), the input; per field for a form.
  const dispatched = await dispatchAll(session, run);
  // Whenever the state was consumed: popups settled, the page settled, a fresh state captured.
  const observed = await settleAndCapture(session, run);
  const postcondition = await checkPostcondition(run, observed.freshState);
  clock.dispose();
  const result = report(session, run, { ...dispatched, ...observed, postcondition });
  journalAct(session, run, result);
  rememberAct(session, run);
  session.emit("action.finished", {
    pageId: run.state.pageId,
    action: input.action,
    execution: result.execution,
    observation: result.observation,
    postcondition,
    error: result.error?.code,
    ms: Math.round(performance.now() - started),
    ...(run.rec?.hit ? { point: run.rec.hit } : {}),
  });
  spans.done();
  return result;
}

/**
 * The action's deadlines. Until dispatch, the deadline, a client that goes away and the
 * session's end all stop the action (`dl`). From the first action-related command on, only the
 * deadline and the session's end do (`live`): a running action is never cut short because its
 * client left.
 */
class Clock {
  dl: Deadline;
  live: Deadline;

  constructor(private readonly timeoutMs: number | undefined, private readonly client: AbortSignal) {
    this.dl = this.live = deadline(effectiveTimeout(timeoutMs), client);
  }

  /** After a person's decision every check runs again, within a fresh timeoutMs. */
  restart(): void {
    if (this.live !== this.dl) this.live.dispose();
    this.dl.dispose();
    this.dl = this.live = deadline(effectiveTimeout(this.timeoutMs), this.client);
  }

  /** The first action-related command: from here on the client's leaving no longer stops the action. */
  detach(session: ActHost): AbortSignal {
    if (this.dl.signal.aborted) throw this.dl.signal.reason;
    if (this.live === this.dl) {
      this.live = deadline(this.dl.remaining(), AbortSignal.any([session.signal, session.browserSignal]));
    }
    return this.live.signal;
  }

  dispose(): void {
    this.dl.dispose();
    this.live.dispose();
  }
}

/** What one action carries from step to step once its state was taken. */
interface Run {
  readonly actionId: string;
  readonly input: ActInput;
  /** The consumed state, and its page (undefined when the page is gone: nothing is dispatched). */
  readonly state: StateRecord;
  readonly rec: PageRecord | undefined;
  readonly clock: Clock;
  /** Where the act's time goes, span by span (timing.ts): marks only while a recorder is on. */
  readonly spans: ActClock;
  /** The client's signal: a person's approval is withdrawn when the client leaves. */
  readonly client: AbortSignal;
  readonly approver: Approver | undefined;
  /** Text as every answer shows it: scrubbed of the configured secrets. */
  readonly scrub: (text: string) => string;
  /** The page's address before the action, for the journal and `reconcile`. */
  readonly urlBefore: string | undefined;
  /** What each step acted on (one per fill_form field), for the journal: role and name only. */
  readonly targets: (RefTarget | undefined)[];
  /** The network log's last entry before the action: `reconcile` reads what followed it. */
  readonly networkSeq: number;
  execution: Execution;
  readonly progress: Progress;
  /** An effect the policy refused (the last dispatch's, else a popup refused once it was held). */
  blocked: PortholeError | null;
  /** What the input started, watched from the first dispatch on. */
  watch: SettleWatch | null;
  /** The settle armed beside the first preflight, until its input makes it `watch`. */
  arming: SettleWatch | null;
  /** Each dispatched field's nodes, let go once the page was observed: no release queues ahead of the capture. */
  readonly held: Preflight[];
}

/** What the dispatch steps leave for the result. */
interface Dispatched {
  noop: boolean;
  fields?: FieldOutcome[];
  /** What stopped or failed the action. */
  error: PortholeError | null;
}

/** What the page looked like afterwards. */
interface Observed {
  settle: SettleReport;
  freshState?: Observation;
  captureError: PortholeError | null;
}

/** An unknown or stale state id: nothing was consumed, nothing dispatched; the refusal is journaled. */
function refusedLookup(
  session: ActHost,
  input: ActInput,
  lookup: Exclude<Lookup, { kind: "current" }>,
  actionId: string,
): ActResult {
  const execution = "not_dispatched";
  const notRequested = input.expect ? "unknown" : "not_requested";
  const code = lookup.kind === "unknown" ? "unknown_state" : "stale_state";
  const message = lookup.kind === "unknown"
    ? `State ${input.stateId} was never issued in this session; observe and use the stateId it returns`
    : `State ${input.stateId} was already ${lookup.why}; a state is good for one action, observe again`;
  const refused: ActResult = {
    actionId,
    execution,
    observation: "unavailable",
    postcondition: notRequested,
    error: new PortholeError(code, message).toBody(),
  };
  const budget = session.budget.view();
  if (budget) refused.budget = budget;
  session.journal.append("act", {
    stateId: input.stateId,
    action: input.action,
    outcome: { execution, observation: "unavailable", postcondition: notRequested },
    error: code,
  }, actionId);
  return refused;
}

/** The state is taken: the action starts on its page, noted for the journal and announced. */
function begin(
  session: ActHost,
  input: ActInput,
  state: StateRecord,
  given: Pick<Run, "actionId" | "clock" | "spans" | "client" | "approver">,
): Run {
  const scrub = (text: string) => session.scrub(text);
  const rec = session.pages.get(state.pageId);
  const urlBefore = pageUrl(rec, scrub);
  const networkSeq = rec?.diag.lastSeq("network") ?? 0;
  rec?.downloads.splice(0); // what this action downloads, and nothing before it
  if (rec) rec.hit = null; // where this action clicks, for the timeline and the recording
  session.emit("action.started", {
    pageId: state.pageId,
    action: input.action,
    ref: input.ref,
    stateId: state.stateId,
  });
  const run: Run = {
    ...given,
    input,
    state,
    rec,
    scrub,
    urlBefore,
    targets: [],
    networkSeq,
    execution: "not_dispatched",
    progress: {
      acknowledged: false,
      onInput: () => run.watch?.inputDone(settleBudget(run), prewalkOptions(session, run)),
    },
    blocked: null,
    watch: null,
    arming: null,
    held: [],
  };
  return run;
}

/**
 * The walker's options for the fresh observation, to walk it in the settle's quiet checks (the walker's
 * `quietFirst`): when the state acted on is of the frame the settle watches, a frame with none inside it.
 */
function prewalkOptions(session: ActHost, run: Run): Record<string, unknown> | null {
  const { rec, state, watch } = run;
  if (!rec || !watch || watch.frameId !== state.frameId || !rec.driver.alone) return null;
  return session.freshWalkOptions(rec, { frameId: state.frameId, loaderId: state.loaderId }, state.tier);
}

/** The page's address as the journal keeps it, while the page is open. */
function pageUrl(rec: PageRecord | undefined, scrub: (text: string) => string): string | undefined {
  return rec && !rec.driver.closed ? scrub(redactUrl(rec.driver.url())) : undefined;
}

/** Half of what is left stays for the observation itself. */
function settleBudget(run: Run): number {
  return Math.min(run.input.settleMs ?? DEFAULT_SETTLE_MS, Math.floor(run.clock.live.remaining() / 2));
}

/** Steps 3 to 5 for the action, or for each field of a form in turn; a failure ends them. */
async function dispatchAll(session: ActHost, run: Run): Promise<Dispatched> {
  const { input, state } = run;
  let fields: FieldOutcome[] | undefined;
  try {
    if (input.action !== "fill_form") {
      return { noop: (await checkAndDispatch(session, run, input)) === "noop", error: null };
    }
    const form = checkForm(input).map((f) => ({
      f,
      out: { ref: f.ref, action: "fill", outcome: "skipped" },
    }));
    fields = form.map((x) => x.out as FieldOutcome);
    for (const [i, { f, out }] of form.entries()) {
      try {
        const one = fieldAction(input, state, f, i);
        out.action = one.action;
        out.outcome = await checkAndDispatch(session, run, one);
      } catch (err) {
        const e = fieldError(asError(err), i);
        out.outcome = run.execution !== "dispatched_unknown"
          ? "refused"
          : run.progress.acknowledged
          ? "completed"
          : "failed";
        (out as FieldOutcome).error = e.toBody();
        throw e;
      }
      if (run.blocked) break; // the page did something the policy refused: the form goes no further
    }
    return { noop: fields.every((o) => o.outcome === "noop"), fields, error: null };
  } catch (err) {
    // Once Chromium acknowledged the input or the navigation, a later failure (readiness,
    // a timeout while waiting for DOMContentLoaded) does not make the action uncertain.
    if (run.progress.acknowledged) run.execution = "completed";
    return { noop: false, fields, error: asError(err) };
  }
}

/** Steps 3 to 5 of one single-field action; a form runs one per field on the same state. */
async function checkAndDispatch(session: ActHost, run: Run, one: ActInput): Promise<"noop" | "completed"> {
  const { rec, state, clock } = run;
  const plan = checkParams(one, state, session.deps.secrets); // step 3
  run.targets.push(plan.ref);
  if (!rec || rec.driver.closed) {
    throw new Stop("target_changed", `Page ${state.pageId} of state ${state.stateId} is closed`);
  }
  const rule = approvalRule(session, one, state.origin, plan.ref);
  // With no person to wait for, the settle is armed beside the preflight's reads: the input waits for
  // the arm (SettleWatch.armed), and then no longer one round trip after the reads. A refused or
  // needless action lets it go once the page was observed (settleAndCapture).
  const arm = rule || run.watch || run.arming
    ? undefined
    : (frame: FrameInfo, armedBy?: Promise<unknown>) => {
      run.arming = new SettleWatch(rec.driver, frame, answerMark(rec), armedBy);
    };
  // Step 4, while the renderer is watched: its short reads that answer need no probe, and a hung page is
  // refused within the probe's time after PROBE_AFTER_MS.
  let ctx = await whileResponsive(
    rec,
    clock.dl.signal,
    (sig) => preflight(session, rec, state, one, plan, sig, arm),
    PROBE_AFTER_MS,
  );
  if (rule && !ctx.noop) {
    // A human decides; the wait is bounded by the rule, not by timeoutMs. Afterwards every
    // check runs again on the page as it is then, within a fresh timeoutMs.
    releaseTargets(rec, ctx);
    await awaitApproval(session, rec, one, state.origin, plan.ref, rule, run.client, run.approver);
    clock.restart();
    ctx = await preflight(session, rec, state, one, plan, clock.dl.signal);
  }
  if (ctx.noop) return "noop";
  await dispatchInput(session, run, rec, { input: one, plan, ctx });
  return "completed";
}

/** Step 5: from the first action-related command on, failures leave side effects uncertain. */
async function dispatchInput(
  session: ActHost,
  run: Run,
  rec: PageRecord,
  job: Pick<Dispatch, "input" | "plan" | "ctx">,
): Promise<void> {
  run.held.push(job.ctx);
  run.spans.mark("preflight");
  const signal = run.clock.detach(session);
  run.progress.acknowledged = false;
  run.execution = "dispatched_unknown";
  if (!run.watch) {
    run.watch = run.arming ?? new SettleWatch(rec.driver, job.ctx.frame, answerMark(rec));
    run.arming = null;
    // The page watches before the input arrives (see SettleWatch.armed).
    await raceSignal(run.watch.armed, signal);
  }
  run.blocked = await dispatch(session, {
    ...job,
    rec,
    state: run.state,
    signal,
    progress: run.progress,
    clock: run.spans,
  });
  run.execution = "completed";
  run.spans.mark("input");
}

/**
 * After the input: popups settled, the page settled, and a fresh observation attempted (it
 * always is once the state was consumed); then the held nodes are let go.
 */
async function settleAndCapture(session: ActHost, run: Run): Promise<Observed> {
  const { rec, state, watch } = run;
  const live = run.clock.live.signal;
  // A popup the action opened is adopted (or closed) before the page is observed again.
  if (rec && run.execution !== "not_dispatched") {
    await popupsSettled(rec, live);
    run.blocked ??= rec.blocked.first(); // a popup refused once it was held
  }
  run.spans.mark("popups");
  let settle = skippedSettle();
  if (watch && rec && !rec.driver.closed && !live.aborted) {
    settle = await watch.settle(settleBudget(run), live);
  }
  run.spans.mark("settle");
  const observed: Observed = { settle, captureError: null };
  if (rec && !rec.driver.closed && session.pages.has(rec.pageId) && !live.aborted) {
    try {
      // `fresh: "changes"`: the same capture, answered as its changes against the state consumed,
      // which the authority keeps (read-only) as a diff base.
      observed.freshState = await session.captureFresh(rec, state.frameId, live, {
        tier: state.tier,
        maxDepth: state.maxDepth,
        ...run.input.fresh === "changes" ? { since: state.stateId } : {},
        unread: run.input.fresh === "stateId",
        prewalk: watch?.prewalk(),
      });
    } catch (err) {
      const e = toPortholeError(err);
      observed.captureError = e.code === "internal" ? new PortholeError("observation_failed", e.message) : e;
    }
  } else {
    observed.captureError = new PortholeError(
      "observation_failed",
      live.aborted ? "No time was left to observe" : "The page is gone",
    );
  }
  run.spans.mark("capture");
  watch?.dispose(observed.freshState !== undefined);
  run.arming?.dispose(observed.freshState !== undefined);
  run.arming = null;
  if (rec) { for (const ctx of run.held) releaseTargets(rec, ctx); }
  return observed;
}

/** `expect`, checked only on a state captured after a dispatched action. */
async function checkPostcondition(
  run: Run,
  freshState: Observation | undefined,
): Promise<ActResult["postcondition"]> {
  const expect = run.input.expect;
  if (!expect) return "not_requested";
  if (!freshState || run.execution === "not_dispatched") return "unknown";
  return await checkExpect(run.rec!, freshState, expect, run.clock.live.signal);
}

/** The result: what was dispatched, observed and met, with one error at most. */
function report(
  session: ActHost,
  run: Run,
  out: Dispatched & Observed & { postcondition: ActResult["postcondition"] },
): ActResult {
  const { execution, rec } = run;
  const { freshState } = out;
  // One error per result: what stopped the action, then a blocked effect, then a capture failure.
  const first = out.error ?? run.blocked ?? out.captureError;
  const result: ActResult = {
    actionId: run.actionId,
    execution,
    observation: freshState ? "captured" : "unavailable",
    postcondition: out.postcondition,
  };
  // `fresh: "changes"` or `"stateId"`: what the state acted on already said is not said again.
  if (freshState) {
    const fresh = run.input.fresh;
    result.freshState = fresh === "changes" || fresh === "stateId"
      ? leanFresh(freshState, run.state, fresh)
      : freshState;
  }
  result.settle = out.settle;
  if (out.fields) result.fields = out.fields;
  if (session.dialogs.length) result.dialogs = session.dialogs.splice(0);
  if (out.noop) result.noop = true;
  if (rec?.downloads.length) result.downloads = rec.downloads.splice(0);
  if (first) {
    const body = first.toBody();
    if (execution !== "not_dispatched") body.retryable = false;
    result.error = body;
  }
  // The budget once: in the fresh state when there is one (and only when the operator set one).
  const budget = freshState ? undefined : session.budget.view();
  if (budget) result.budget = budget;
  return result;
}

/**
 * The action's journal entry, and one per fill_form field: the target's role and name (scrubbed of
 * secrets, as every answer is), never what was typed.
 */
function journalAct(session: ActHost, run: Run, result: ActResult): void {
  const { actionId, input, state, rec, scrub } = run;
  const target = (t: RefTarget | undefined) => t ? { role: t.role, name: scrub(t.name) } : undefined;
  session.journal.append("act", {
    pageId: state.pageId,
    stateId: state.stateId,
    action: input.action,
    target: input.action === "fill_form" ? undefined : target(run.targets[0]),
    outcome: {
      execution: result.execution,
      observation: result.observation,
      postcondition: result.postcondition,
    },
    settle: result.settle,
    error: result.error?.code,
    urlBefore: run.urlBefore,
    urlAfter: result.freshState?.url ?? pageUrl(rec, scrub),
    ...input.action === "navigate" && input.url ? { detail: { url: scrub(redactUrl(input.url)) } } : {},
  }, actionId);
  for (const [i, f] of (result.fields ?? []).entries()) {
    session.journal.append("field", {
      of: actionId,
      field: i,
      pageId: state.pageId,
      stateId: state.stateId,
      action: f.action,
      target: target(run.targets[i]),
      error: f.error?.code,
      detail: { outcome: f.outcome },
    });
  }
}

/** What `reconcile` needs of the action, kept while its page was there to act on. */
function rememberAct(session: ActHost, run: Run): void {
  const { actionId, input, state, rec } = run;
  if (!rec) return;
  session.journal.remember(actionId, {
    pageId: state.pageId,
    frameId: state.frameId,
    loaderId: state.loaderId,
    action: input.action,
    ref: input.action === "fill_form" ? undefined : run.targets[0],
    typed: input.text !== undefined || input.secretRef
      ? { text: input.text, secretRef: input.secretRef }
      : undefined,
    networkSeq: run.networkSeq,
    urlBefore: run.urlBefore ?? "",
  });
}

/** Any failure as the Porthole error the result reports. */
function asError(err: unknown): PortholeError {
  const error = err instanceof Stop
    ? new PortholeError(err.code, err.message, { details: err.details, recoveryHint: err.recoveryHint })
    : toPortholeError(
      err instanceof Error && err.name === "TimeoutError" ? new PortholeError("timeout", err.message) : err,
    );
  if (error.code === "internal" && /Target closed|Session closed|detached/i.test(error.message)) {
    return new PortholeError("browser_disconnected", "The page or browser went away during the action");
  }
  return error;
}

/** A field's error names the form's own fields: `fields.2.value` rather than the action's `text`. */
function fieldError(e: PortholeError, i: number): PortholeError {
  const field = e.extras.details?.field;
  if (typeof field !== "string" || field.startsWith("fields.")) return e;
  const named = field === "ref"
    ? `fields.${i}.ref`
    : ["text", "values"].includes(field)
    ? `fields.${i}.value`
    : field;
  return new PortholeError(e.code, e.message, {
    ...e.extras,
    details: { ...e.extras.details, field: named },
  });
}

async function checkExpect(
  rec: PageRecord,
  captured: Observation,
  expect: { selector: string; text: string },
  signal: AbortSignal,
): Promise<ActResult["postcondition"]> {
  try {
    const frames = await rec.driver.frames(signal);
    const frame = frames.find((f) => f.frameId === captured.frameId);
    // Only the captured document counts.
    if (!frame || frame.loaderId !== captured.document.loaderId) return "unknown";
    const r = await rec.driver.evaluate<{ count: number; text?: string }>(
      frame,
      `(${EXPECT_TEXT})(${JSON.stringify(expect.selector)})`,
      signal,
    );
    return r.count === 1 && r.text === expect.text ? "met" : "unmet";
  } catch {
    return "unknown";
  }
}
