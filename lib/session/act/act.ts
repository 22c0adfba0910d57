/**
 * `act`: one action on one observed state, in the contract's five steps. The state is
 * consumed at lookup; nothing is ever retried; the result separates dispatch, observation
 * and postcondition.
 */
import { PortholeError, toPortholeError } from "../../protocol/errors.ts";
import type { ActInput } from "../../protocol/schemas.ts";
import type { ActResult, Execution } from "../../protocol/types.ts";
import { deadline, effectiveTimeout } from "../core/deadline.ts";
import { checkParams, preflight, type PreflightHost, releaseTargets, Stop } from "./checks.ts";
import { dispatch, type DispatchHost, type Progress } from "./dispatch.ts";
import type { Preflight } from "./preflight.ts";
import { EXPECT_TEXT } from "../core/page_scripts.ts";
import { popupsSettled } from "../page/popups.ts";
import { checkForm, fieldAction, type FieldOutcome } from "./form.ts";
import { DEFAULT_SETTLE_MS, type SettleReport, SettleWatch, skippedSettle } from "./settle.ts";
import { type ApprovalDesk, type Approver, DEFAULT_APPROVAL_TIMEOUT_MS } from "./approvals.ts";
import { type ApprovalRule, matchRule } from "../../policy/approval_rules.ts";
import { redactUrl } from "../../policy/url.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import type { SecretStore } from "../../policy/secrets.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateAuthority } from "../core/states.ts";
import type { Emitter } from "../core/emit.ts";
import type { BrowserHost, NavigationHost, PagesHost } from "../core/hosts.ts";
import { whileResponsive } from "../core/page_health.ts";
import { Journal, type JournalWriter } from "../core/journal.ts";
import type { ObservationBudget } from "../core/budget.ts";
import { ActClock } from "./timing.ts";

/**
 * What an action needs of its session: its current state, its pages, the operator's approval
 * rules and secrets, its events, and what the checks and dispatch need.
 */
export interface ActHost
  extends
    PreflightHost,
    DispatchHost,
    Emitter,
    BrowserHost,
    Pick<PagesHost, "id" | "pages">,
    Pick<NavigationHost, "captureFresh"> {
  readonly states: Pick<StateAuthority, "take">;
  /** Where the action is written down; its result carries the entry's actionId. */
  readonly journal: JournalWriter;
  readonly budget: Pick<ObservationBudget, "view">;
  /** How long this act waited at the session's gate (ms), for its timing spans. */
  readonly queuedMs?: number;
  /** Aborts when the browser or a renderer of the session's pages goes away: a running action ends with it. */
  readonly browserSignal: AbortSignal;
  readonly deps: DispatchHost["deps"] & {
    readonly secrets?: SecretStore;
    readonly approvalRules?: readonly ApprovalRule[];
    readonly approvals?: ApprovalDesk;
  };
}

/** `approver`: the door's way to ask its client's user, should an approval rule hold the action. */
export async function act(
  session: ActHost,
  input: ActInput,
  signal: AbortSignal,
  approver?: Approver,
): Promise<ActResult> {
  session.assertBrowser();
  const started = performance.now();
  const actionId = Journal.newActionId();
  const scrub = (text: string) => session.deps.secrets?.scrub(text) ?? text;
  const clock = new ActClock(session.queuedMs);
  // Until dispatch, the deadline, a client that goes away and the session's end all stop the
  // action. From the first action-related command on, only the deadline and the session's end
  // do: a running action is never cut short because its client left.
  let dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  let live = dl;
  session.dialogs = [];
  let execution: Execution = "not_dispatched";
  let error: PortholeError | null = null;
  let blocked: PortholeError | null = null;
  let freshState: ActResult["freshState"];
  let captureError: PortholeError | null = null;
  let noop = false;
  let watch = null as SettleWatch | null;
  /** Half of what is left stays for the observation itself. */
  const settleBudget = () => Math.min(input.settleMs ?? DEFAULT_SETTLE_MS, Math.floor(live.remaining() / 2));
  const progress: Progress = { acknowledged: false, onInput: () => watch?.inputDone(settleBudget()) };
  let settle: SettleReport = skippedSettle();
  const notRequested = input.expect ? "unknown" : "not_requested";
  let fields: FieldOutcome[] | undefined;
  /** Each dispatched field's nodes, let go once the page was observed: no release queues ahead of the capture. */
  const held: Preflight[] = [];

  // Step 2: the lookup. Unknown and stale ids consume nothing.
  const lookup = session.states.take(input.stateId);
  if (lookup.kind !== "current") {
    dl.dispose();
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
      budget: session.budget.view(),
    };
    session.journal.append("act", {
      stateId: input.stateId,
      action: input.action,
      outcome: { execution, observation: "unavailable", postcondition: notRequested },
      error: code,
    }, actionId);
    return refused;
  }
  const state = lookup.state;
  const rec = session.pages.get(state.pageId);
  const urlBefore = rec && !rec.driver.closed ? scrub(redactUrl(rec.driver.url())) : undefined;
  /** What each step acted on (one per fill_form field), for the journal: role and name only. */
  const targets: (RefTarget | undefined)[] = [];
  const networkSeq = rec?.diag.lastSeq("network") ?? 0;
  rec?.downloads.splice(0); // what this action downloads, and nothing before it
  if (rec) rec.hit = null;
  session.emit("action.started", {
    pageId: state.pageId,
    action: input.action,
    ref: input.ref,
    stateId: state.stateId,
  });
  /** Steps 3 to 5 of one single-field action; a form runs one per field on the same state. */
  const step = async (one: ActInput): Promise<"noop" | "completed"> => {
    const plan = checkParams(one, state, session.deps.secrets); // step 3
    targets.push(plan.ref);
    if (!rec || rec.driver.closed) {
      throw new Stop("target_changed", `Page ${state.pageId} of state ${state.stateId} is closed`);
    }
    // Step 4, while the renderer is probed side by side (a hung page is refused at once).
    let ctx = await whileResponsive(rec, dl.signal, (sig) => preflight(session, rec, state, one, plan, sig));
    const rule = ctx.noop ? null : approvalRule(session, one, state.origin, plan.ref);
    if (rule) {
      // A human decides; the wait is bounded by the rule, not by timeoutMs. Afterwards every
      // check runs again on the page as it is then, within a fresh timeoutMs.
      releaseTargets(rec, ctx);
      await awaitApproval(session, rec, one, state.origin, plan.ref, rule, signal, approver);
      if (live !== dl) live.dispose();
      dl.dispose();
      dl = live = deadline(effectiveTimeout(input.timeoutMs), signal);
      ctx = await preflight(session, rec, state, one, plan, dl.signal);
    }
    clock.mark("preflight");
    if (ctx.noop) return "noop";
    held.push(ctx);
    // Step 5: from the first action-related command on, failures leave side effects uncertain.
    if (dl.signal.aborted) throw dl.signal.reason;
    if (live === dl) {
      live = deadline(dl.remaining(), AbortSignal.any([session.signal, session.browserSignal]));
    }
    progress.acknowledged = false;
    execution = "dispatched_unknown";
    watch ??= new SettleWatch(rec.driver, ctx.frame);
    blocked = await dispatch(session, {
      rec,
      state,
      input: one,
      plan,
      ctx,
      signal: live.signal,
      progress,
      clock,
    });
    clock.mark("input");
    execution = "completed";
    return "completed";
  };
  try {
    if (input.action !== "fill_form") {
      noop = (await step(input)) === "noop";
    } else {
      const form = checkForm(input).map((f) => ({
        f,
        out: { ref: f.ref, action: "fill", outcome: "skipped" },
      }));
      fields = form.map((x) => x.out as FieldOutcome);
      for (const [i, { f, out }] of form.entries()) {
        try {
          const one = fieldAction(input, state, f, i);
          out.action = one.action;
          out.outcome = await step(one);
        } catch (err) {
          const e = fieldError(asError(err), i);
          out.outcome = (execution as Execution) !== "dispatched_unknown"
            ? "refused"
            : progress.acknowledged
            ? "completed"
            : "failed";
          (out as FieldOutcome).error = e.toBody();
          throw e;
        }
        if (blocked) break; // the page did something the policy refused: the form goes no further
      }
      noop = fields.every((o) => o.outcome === "noop");
    }
  } catch (err) {
    // Once Chromium acknowledged the input or the navigation, a later failure (readiness,
    // a timeout while waiting for DOMContentLoaded) does not make the action uncertain.
    if (progress.acknowledged) execution = "completed";
    error = asError(err);
  }

  // A popup the action opened is adopted (or closed) before the page is observed again.
  if (rec && execution !== "not_dispatched") {
    await popupsSettled(rec, live.signal);
    blocked ??= rec.blocked.first(); // a popup refused once it was held
  }
  clock.mark("popups");
  if (watch && rec && !rec.driver.closed && !live.signal.aborted) {
    settle = await watch.settle(settleBudget(), live.signal);
  }
  clock.mark("settle");

  // Whenever the state was consumed, a fresh observation is attempted.
  if (rec && !rec.driver.closed && session.pages.has(rec.pageId) && !live.signal.aborted) {
    try {
      freshState = await session.captureFresh(rec, state.frameId, live.signal, {
        tier: state.tier,
        maxDepth: state.maxDepth,
      });
    } catch (err) {
      captureError = toPortholeError(err);
      if (captureError.code === "internal") {
        captureError = new PortholeError("observation_failed", captureError.message);
      }
    }
  } else {
    captureError = new PortholeError(
      "observation_failed",
      live.signal.aborted ? "No time was left to observe" : "The page is gone",
    );
  }
  clock.mark("capture");
  watch?.dispose(freshState !== undefined);
  if (rec) { for (const ctx of held) releaseTargets(rec, ctx); }

  let postcondition: ActResult["postcondition"] = input.expect ? "unknown" : "not_requested";
  if (input.expect && freshState && execution !== "not_dispatched") {
    postcondition = await checkExpect(rec!, freshState, input.expect, live.signal);
  }
  dl.dispose();
  live.dispose();

  // One error per result: what stopped the action, then a blocked effect, then a capture failure.
  const first = error ?? blocked ?? captureError;
  const result: ActResult = {
    actionId,
    execution,
    observation: freshState ? "captured" : "unavailable",
    postcondition,
  };
  if (freshState) result.freshState = freshState;
  result.settle = settle;
  if (fields) result.fields = fields;
  if (session.dialogs.length) result.dialogs = session.dialogs.splice(0);
  if (noop) result.noop = true;
  if (rec?.downloads.length) result.downloads = rec.downloads.splice(0);
  if (first) {
    const body = first.toBody();
    if (execution !== "not_dispatched") body.retryable = false;
    result.error = body;
  }
  result.budget = session.budget.view();
  journalAct(session, actionId, input, state.stateId, {
    result,
    pageId: state.pageId,
    targets,
    urlBefore,
    urlAfter: freshState?.url ?? (rec && !rec.driver.closed ? scrub(redactUrl(rec.driver.url())) : undefined),
    scrub,
  });
  if (rec) {
    session.journal.remember(actionId, {
      pageId: state.pageId,
      frameId: state.frameId,
      loaderId: state.loaderId,
      action: input.action,
      ref: input.action === "fill_form" ? undefined : targets[0],
      typed: input.text !== undefined || input.secretRef
        ? { text: input.text, secretRef: input.secretRef }
        : undefined,
      networkSeq,
      urlBefore: urlBefore ?? "",
    });
  }
  session.emit("action.finished", {
    pageId: state.pageId,
    action: input.action,
    execution,
    observation: result.observation,
    postcondition,
    error: result.error?.code,
    ms: Math.round(performance.now() - started),
    ...(rec?.hit ? { point: rec.hit } : {}),
  });
  clock.done();
  return result;
}

/**
 * The action's journal entry, and one per fill_form field: the target's role and name (scrubbed of
 * secrets, as every answer is), never what was typed.
 */
function journalAct(
  session: ActHost,
  actionId: string,
  input: ActInput,
  stateId: string,
  at: {
    result: ActResult;
    pageId: string;
    targets: (RefTarget | undefined)[];
    urlBefore?: string;
    urlAfter?: string;
    scrub: (text: string) => string;
  },
): void {
  const { result, scrub } = at;
  const target = (t: RefTarget | undefined) => t ? { role: t.role, name: scrub(t.name) } : undefined;
  session.journal.append("act", {
    pageId: at.pageId,
    stateId,
    action: input.action,
    target: input.action === "fill_form" ? undefined : target(at.targets[0]),
    outcome: {
      execution: result.execution,
      observation: result.observation,
      postcondition: result.postcondition,
    },
    settle: result.settle,
    error: result.error?.code,
    urlBefore: at.urlBefore,
    urlAfter: at.urlAfter,
    ...input.action === "navigate" && input.url ? { detail: { url: scrub(redactUrl(input.url)) } } : {},
  }, actionId);
  for (const [i, f] of (result.fields ?? []).entries()) {
    session.journal.append("field", {
      of: actionId,
      field: i,
      pageId: at.pageId,
      stateId,
      action: f.action,
      target: target(at.targets[i]),
      error: f.error?.code,
      detail: { outcome: f.outcome },
    });
  }
}

/** Any failure as the Porthole error the result reports. */
function asError(err: unknown): PortholeError {
  const error = err instanceof Stop
    ? new PortholeError(err.code, err.message, { details: err.details })
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

function approvalRule(session: ActHost, input: ActInput, origin: string, ref: RefTarget | undefined) {
  const rules = session.deps.approvalRules;
  if (!rules?.length || !session.deps.approvals) return null;
  return matchRule(rules, { action: input.action, origin, role: ref?.role, name: ref?.name });
}

async function awaitApproval(
  session: ActHost,
  rec: PageRecord,
  input: ActInput,
  origin: string,
  ref: RefTarget | undefined,
  rule: ApprovalRule,
  signal: AbortSignal,
  approver: Approver | undefined,
): Promise<void> {
  let approvalId = "";
  let decided: { decidedBy?: string } = {};
  // A ref's name is the page's text as read: scrubbed of configured secrets, as every answer is.
  const scrub = (text: string) => session.deps.secrets?.scrub(text) ?? text;
  const name = ref && scrub(ref.name);
  const outcome = await session.deps.approvals!.request(
    {
      sessionId: session.id,
      // The page as it was observed, so a person (or a BAP client) sees where the action would run.
      pageId: rec.pageId,
      url: scrub(redactUrl(rec.driver.url())),
      title: rec.title,
      action: input.action,
      origin,
      target: ref ? `${ref.role} "${name}"` : input.url ? scrub(redactUrl(input.url)) : undefined,
      ...(ref ? { element: { role: ref.role, name: name! } } : {}),
      description: rule.description,
    },
    rule.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    // A client that leaves while a human decides withdraws the request: nobody would act on it.
    signal,
    (view) => {
      approvalId = view.approvalId;
      decided = view;
      session.emit("approval.requested", { approvalId, action: input.action, origin });
    },
    approver,
  );
  session.emit("approval.resolved", { approvalId, decision: outcome, decidedBy: decided.decidedBy });
  if (outcome === "deny") {
    throw new Stop("approval_denied", `The ${input.action} was denied by a human (${approvalId})`);
  }
  if (outcome === "timeout") {
    throw new Stop("approval_timeout", `No decision on the ${input.action} arrived in time (${approvalId})`);
  }
}

async function checkExpect(
  rec: PageRecord,
  captured: NonNullable<ActResult["freshState"]>,
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
