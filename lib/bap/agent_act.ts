/**
 * `agent/act`: a sequence of steps, each dispatched exactly as its standalone method, with
 * conditions, retries (only of attempts that ended before anything was dispatched), fused
 * pre/post observations, and a per-step report that stops at the first failure.
 */
import * as v from "valibot";
import { type Call, type Method, method } from "./call.ts";
import { ACTION_METHODS } from "./actions.ts";
import { BAP, BapError, toBapError } from "../protocol/errors.ts";
import { Flag, Num, PageId, Str, Timeout } from "./schema.ts";
import { AgentObserve } from "./agent_observe.ts";
import { sleep } from "../session/core/deadline.ts";
import { callOp } from "../ops/call.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";
import { WaitInput } from "../protocol/schemas_watch.ts";

/**
 * What a step may do: an action, a navigation, or the two reads the reference CLI writes as steps
 * (`bap act … snapshot screenshot`), whose result is the step's `result`.
 */
export const STEP_ACTIONS = [
  ...Object.keys(ACTION_METHODS),
  ...["page/navigate", "page/reload", "page/goBack", "page/goForward"],
  ...["observe/ariaSnapshot", "observe/screenshot"],
];

const Step = v.object({
  label: Str,
  action: v.pipe(
    v.string(),
    v.check(
      (a) => STEP_ACTIONS.includes(a),
      (i) => `is not allowed in agent/act: ${i.input}. Allowed actions: ${STEP_ACTIONS.join(", ")}`,
    ),
  ),
  params: v.optional(v.record(v.string(), v.unknown()), {}),
  condition: v.optional(v.object({
    selector: v.nonOptional(WaitInput.pipe[0].entries.locator),
    state: v.nonOptional(WaitInput.pipe[0].entries.state),
    timeout: v.optional(v.pipe(Num(0, MAX_TIMEOUT_MS), v.transform((t) => Math.max(1, t))), 5000),
  })),
  onError: v.optional(v.picklist(["stop", "skip", "retry"]), "stop"),
  maxRetries: v.optional(v.pipe(Num(1, 5), v.transform(Math.round)), 3),
  retryDelay: v.optional(Num(100, 5000), 500),
});
type Step = v.InferOutput<typeof Step>;
const STEPS = "must hold 1..50 steps";

const AgentActParams = v.object({
  pageId: PageId,
  steps: v.pipe(v.array(Step), v.minLength(1, STEPS), v.maxLength(50, STEPS)),
  stopOnFirstError: v.optional(v.boolean(), true),
  continueOnConditionFail: Flag,
  timeout: Timeout,
  preObserve: v.optional(AgentObserve),
  postObserve: v.optional(AgentObserve),
});

/** Whether a condition holds within its timeout (the core's wait, in the selected frame); a bad selector does not. */
async function conditionMet(call: Call, pageId: string, c: NonNullable<Step["condition"]>): Promise<boolean> {
  const { state, selector: locator, timeout: timeoutMs } = c;
  const wait = { pageId, locator, state, frameId: call.state.frames.get(pageId), timeoutMs };
  const ids = { sessionId: call.state.target(pageId).session.id };
  const r = await callOp(call.registry, "wait", ids, wait, call.signal).catch((err) => {
    if (call.signal.aborted) throw err;
  });
  return r?.met ?? false;
}

function stepError(err: BapError, i: number) {
  const w = err.toWire();
  const data: Record<string, unknown> = { retryable: w.data.retryable };
  if (w.data.retryAfterMs !== undefined) data.retryAfterMs = w.data.retryAfterMs;
  const details = { ...w.data.details };
  // The step's method names its own parameter; the client sent it inside this step.
  if (w.code === BAP.InvalidParams && typeof details.field === "string") {
    details.field = `steps.${i}.params.${details.field}`;
  }
  if (Object.keys(details).length) data.details = details;
  return { code: w.code, message: w.message, data };
}

/** A fused observation is agent/observe's, asked for as a standalone request; failing, it is left out. */
const observeQuietly = (call: Call, pageId: string, p: AgentObserve | undefined) =>
  p && call.invoke("agent/observe", { ...p, pageId }).catch(() => undefined);

type Report = Record<string, unknown> & { success: boolean; conditionSkipped?: true };

/** One step: its condition, then its method, tried again only while an attempt dispatched nothing. */
async function runStep(call: Call, pageId: string, step: Step, i: number, goOn?: boolean): Promise<Report> {
  const c = step.condition;
  if (c && !(await conditionMet(call, pageId, c))) {
    const message = `Condition not met: ${c.state} for selector`;
    if (goOn) return { success: false, error: { code: BAP.InvalidParams, message }, conditionSkipped: true };
    const details = { selector: c.selector, state: c.state };
    const err = new BapError(BAP.InvalidParams, "Step condition not met", { details });
    return { success: false, error: stepError(err, i) };
  }
  const params = { ...step.params, pageId: step.params.pageId ?? pageId };
  const attempts = step.onError === "retry" ? step.maxRetries : 1;
  for (let k = 0;; k++) {
    try {
      const result = await call.invoke(step.action, params);
      const some = result && typeof result === "object" && Object.keys(result).length;
      return { success: true, retries: k, ...some ? { result } : {} };
    } catch (err) {
      const failure = toBapError(err);
      if (!failure.notDispatched || k === attempts - 1) {
        return { success: false, error: stepError(failure, i), ...k ? { retries: k } : {} };
      }
      await sleep(step.retryDelay * 2 ** k, call.signal);
    }
  }
}

async function agentAct(call: Call, p: v.InferOutput<typeof AgentActParams>) {
  const started = Date.now();
  const { steps, stopOnFirstError, timeout: budget } = p;
  const pageId = call.state.target(p.pageId).pageId;
  const preObservation = await observeQuietly(call, pageId, p.preObserve);
  const results: Record<string, unknown>[] = [];
  let completed = 0;
  let failedAt: number | undefined;
  for (const [i, step] of steps.entries()) {
    if (Date.now() - started >= budget) {
      failedAt = i;
      break;
    }
    const stepStarted = Date.now();
    const { conditionSkipped, ...r } = await runStep(call, pageId, step, i, p.continueOnConditionFail);
    const label = step.label !== undefined ? { label: step.label } : {};
    results.push({ step: i, ...label, ...r, duration: Date.now() - stepStarted });
    if (r.success) completed++;
    else if (!conditionSkipped && step.onError !== "skip" && stopOnFirstError) {
      failedAt = i;
      break;
    }
  }
  const postObservation = await observeQuietly(call, pageId, p.postObserve);
  return {
    ...preObservation ? { preObservation } : {},
    completed,
    total: steps.length,
    success: completed === steps.length,
    results,
    duration: Date.now() - started,
    ...failedAt !== undefined ? { failedAt } : {},
    ...postObservation ? { postObservation } : {},
  };
}

export const AGENT_ACT_METHODS: Record<string, Method> = { "agent/act": method(AgentActParams, agentAct) };
