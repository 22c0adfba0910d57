/** Deadlines travel with the call: one AbortSignal per operation, from its timeoutMs. */
import { PortholeError } from "../../protocol/errors.ts";
import { DEFAULT_TIMEOUT_MS } from "../../protocol/timeouts.ts";

export { DEFAULT_TIMEOUT_MS };

export interface Deadline {
  signal: AbortSignal;
  /** Milliseconds left, never below 0. */
  remaining(): number;
  dispose(): void;
}

export function effectiveTimeout(timeoutMs: number | undefined): number {
  return !timeoutMs ? DEFAULT_TIMEOUT_MS : timeoutMs;
}

/** A deadline of `ms` that also ends when any of `parents` aborts. */
export function deadline(ms: number, ...parents: (AbortSignal | undefined)[]): Deadline {
  const ctl = new AbortController();
  const end = Date.now() + ms;
  const timer = setTimeout(
    () => ctl.abort(new PortholeError("timeout", `The operation did not finish within ${ms} ms`)),
    ms,
  );
  const offs: (() => void)[] = [];
  for (const p of parents) {
    if (!p) continue;
    if (p.aborted) {
      ctl.abort(p.reason);
      break;
    }
    const on = () => ctl.abort(p.reason);
    p.addEventListener("abort", on, { once: true });
    offs.push(() => p.removeEventListener("abort", on));
  }
  return {
    signal: ctl.signal,
    remaining: () => Math.max(0, end - Date.now()),
    dispose: () => {
      clearTimeout(timer);
      for (const off of offs) off();
    },
  };
}

/** Resolve after `ms`, or reject with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Check `probe` every `intervalMs` until it returns something other than undefined, and return
 * that; rejects with the signal's reason when it aborts first. The probe's own errors pass through.
 */
export async function poll<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  intervalMs: number,
  signal: AbortSignal,
): Promise<T> {
  while (true) {
    if (signal.aborted) throw signal.reason;
    const got = await probe();
    if (got !== undefined) return got;
    await sleep(intervalMs, signal);
  }
}

/**
 * `poll` within `timeoutMs`: null when the time runs out first. The caller's own abort still
 * rejects, and so do the probe's errors.
 */
export async function pollFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  intervalMs: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<T | null> {
  const dl = deadline(timeoutMs, signal);
  try {
    return await poll(probe, intervalMs, dl.signal);
  } catch (err) {
    if (signal.aborted || !dl.signal.aborted) throw err;
    return null;
  } finally {
    dl.dispose();
  }
}
