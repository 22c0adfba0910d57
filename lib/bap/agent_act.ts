/**
 * `agent/act`: a sequence of steps, each dispatched exactly as its standalone method, with
 * conditions, retries (only of attempts that ended before anything was dispatched), fused
 * pre/post observations, and a per-step report that stops at the first failure.
 */
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams, toBapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import { Params, timeoutOf } from "./params.ts";
import { readSelector, resolve, type Selector } from "./selectors.ts";
import { agentObserve } from "./agent_observe.ts";
import { deadline, poll, sleep } from "../session/deadline.ts";
import { elementProps } from "../session/element_props.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

export const STEP_ACTIONS = [
  "action/click",
  "action/dblclick",
  "action/fill",
  "action/type",
  "action/press",
  "action/hover",
  "action/scroll",
  "action/select",
  "action/check",
  "action/uncheck",
  "action/clear",
  "action/upload",
  "action/drag",
  "page/navigate",
  "page/reload",
  "page/goBack",
  "page/goForward",
];

const STATES = ["visible", "enabled", "exists", "hidden", "disabled"] as const;
type CondState = (typeof STATES)[number];

interface Step {
  label?: string;
  action: string;
  params: Record<string, unknown>;
  condition?: { selector: Selector; state: CondState; timeout: number };
  onError: "stop" | "skip" | "retry";
  maxRetries: number;
  retryDelay: number;
}

function readStep(raw: unknown, i: number): Step {
  const s = new Params(raw, `steps.${i}`);
  const action = s.reqStr("action");
  if (!STEP_ACTIONS.includes(action)) {
    throw invalidParams(
      `steps.${i}.action`,
      `Action not allowed in agent/act: ${action}. Allowed actions: ${STEP_ACTIONS.join(", ")}`,
    );
  }
  const c = s.obj("condition");
  const state = c?.oneOf("state", STATES);
  if (c && !state) throw invalidParams(`steps.${i}.condition.state`, "condition.state is required");
  return {
    label: s.str("label"),
    action,
    params: { ...(s.obj("params")?.raw ?? {}) },
    condition: c
      ? {
        selector: readSelector(c.get("selector"), `steps.${i}.condition.selector`),
        state: state!,
        timeout: c.num("timeout", 0, MAX_TIMEOUT_MS) ?? 5000,
      }
      : undefined,
    onError: s.oneOf("onError", ["stop", "skip", "retry"] as const) ?? "stop",
    maxRetries: Math.round(s.num("maxRetries", 1, 5) ?? 3),
    retryDelay: s.num("retryDelay", 100, 5000) ?? 500,
  };
}

/** Wait until a condition holds on the page (polled through the page's gate). */
async function conditionMet(call: Call, pageId: string, c: NonNullable<Step["condition"]>): Promise<boolean> {
  const dl = deadline(Math.max(1, c.timeout), call.signal);
  const holds = () =>
    onPage(call, pageId, async (t, sig) => {
      const target = await resolve(call.state, t, c.selector, sig).catch(() => null);
      if (!target) return c.state === "hidden";
      if (c.state === "exists") return true;
      const r = await elementProps(
        t.rec.driver,
        target.frame,
        target.backendNodeId,
        ["visible", "enabled"],
        sig,
      );
      if (!r.found) return c.state === "hidden";
      if (c.state === "hidden") return !r.visible;
      if (c.state === "visible") return !!r.visible;
      return !!r.visible && (c.state === "enabled" ? !!r.enabled : !r.enabled);
    });
  try {
    return await poll(async () => (await holds()) || undefined, 100, dl.signal);
  } catch (err) {
    if (call.signal.aborted || !dl.signal.aborted) throw err;
    return false;
  } finally {
    dl.dispose();
  }
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

async function observeQuietly(call: Call, pageId: string, p: Params | undefined) {
  if (!p) return undefined;
  try {
    return await onPage(call, pageId, (t, sig) => agentObserve(call, t, p, sig));
  } catch {
    return undefined;
  }
}

async function agentAct(call: Call, p: Params) {
  const started = Date.now();
  const raw = p.arr("steps");
  if (!raw || raw.length === 0) throw invalidParams("steps", "steps must hold 1..50 steps");
  if (raw.length > 50) throw invalidParams("steps", "steps must hold 1..50 steps");
  const steps = raw.map(readStep);
  const stopOnFirstError = p.bool("stopOnFirstError") ?? true;
  const continueOnConditionFail = p.bool("continueOnConditionFail") ?? false;
  const budget = timeoutOf(p, "timeout");
  const pre = p.obj("preObserve");
  const post = p.obj("postObserve");
  const pageId = call.state.target(p.str("pageId")).pageId;

  const out: Record<string, unknown> = {};
  const preObservation = await observeQuietly(call, pageId, pre);
  if (preObservation) out.preObservation = preObservation;
  const results: Record<string, unknown>[] = [];
  let completed = 0;
  let failedAt: number | undefined;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (Date.now() - started >= budget) {
      failedAt = results.length;
      break;
    }
    const stepStarted = Date.now();
    const record = (r: Record<string, unknown>) => {
      const entry: Record<string, unknown> = { step: i };
      if (step.label !== undefined) entry.label = step.label;
      Object.assign(entry, r, { duration: Date.now() - stepStarted });
      results.push(entry);
    };
    let failure: BapError | null = null;
    let retries = 0;
    if (step.condition && !(await conditionMet(call, pageId, step.condition))) {
      if (continueOnConditionFail) {
        record({
          success: false,
          error: {
            code: BAP.InvalidParams,
            message: `Condition not met: ${step.condition.state} for selector`,
          },
        });
        continue;
      }
      failure = new BapError(BAP.InvalidParams, "Step condition not met", {
        details: { selector: step.condition.selector, state: step.condition.state },
      });
    }
    let result: unknown;
    if (!failure) {
      const params = { ...step.params };
      if (params.pageId === undefined || params.pageId === null) params.pageId = pageId;
      const attempts = step.onError === "retry" ? step.maxRetries : 1;
      for (let k = 0; k < attempts; k++) {
        try {
          result = await call.invoke(step.action, params);
          failure = null;
          break;
        } catch (err) {
          failure = toBapError(err);
          if (!failure.notDispatched || k === attempts - 1) break;
          retries++;
          await sleep(step.retryDelay * 2 ** k, call.signal);
        }
      }
    }
    if (!failure) {
      completed++;
      const r: Record<string, unknown> = { success: true, retries };
      if (result && typeof result === "object" && Object.keys(result).length) r.result = result;
      record(r);
      continue;
    }
    record({ success: false, error: stepError(failure, i), ...(retries ? { retries } : {}) });
    if (step.onError === "skip") continue;
    if (stopOnFirstError) {
      failedAt = i;
      break;
    }
  }
  const postObservation = await observeQuietly(call, pageId, post);
  Object.assign(out, {
    completed,
    total: steps.length,
    success: completed === steps.length,
    results,
    duration: Date.now() - started,
  });
  if (failedAt !== undefined) out.failedAt = failedAt;
  if (postObservation) out.postObservation = postObservation;
  return out;
}

export const AGENT_ACT_METHODS = { "agent/act": agentAct };
