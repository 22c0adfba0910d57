/**
 * Where an act's time goes: every CDP command one PageDriver sends is recorded with its start
 * and end on the same clock as the HTTP client (the server runs in this process), so each
 * request can be cut into HTTP/JS time and the commands it waited on.
 */
import type { PageDriver } from "../lib/driver/page_driver.ts";
import { median, round } from "./stats.ts";

interface Call {
  method: string;
  start: number;
  end: number;
}

export interface Window {
  start: number;
  end: number;
}

/** Wraps `driver.send` on this one instance; `restore()` puts the class's method back. */
export class CdpRecorder {
  readonly calls: Call[] = [];
  /** The network events of awaited requests, as zero-length calls named after the event. */
  readonly events: Call[] = [];
  readonly #driver: PageDriver;
  readonly #off: (() => void)[] = [];

  constructor(driver: PageDriver) {
    this.#driver = driver;
    for (const name of ["Network.requestWillBeSent", "Network.responseReceived", "Network.loadingFinished"]) {
      this.#off.push(driver.on(name, () => {
        const t = performance.now();
        this.events.push({ method: name, start: t, end: t });
      }));
    }
    const original = driver.send;
    const calls = this.calls;
    const wrapped = (method: string, params?: Record<string, unknown>, signal?: AbortSignal) => {
      const call = { method, start: performance.now(), end: NaN };
      calls.push(call);
      const p = original.call(driver, method, params, signal) as Promise<unknown>;
      const done = () => call.end = performance.now();
      p.then(done, done);
      return p;
    };
    Object.defineProperty(driver, "send", { value: wrapped, configurable: true, writable: true });
  }

  restore(): void {
    for (const off of this.#off.splice(0)) off();
    delete (this.#driver as unknown as Record<string, unknown>).send;
  }

  /** The commands that started inside a request's window. */
  within(w: Window): Call[] {
    return this.calls.filter((c) => c.start >= w.start && c.start <= w.end);
  }

  /** The network events that came inside a request's window. */
  eventsWithin(w: Window): Call[] {
    return this.events.filter((c) => c.start >= w.start && c.start <= w.end);
  }
}

export interface MethodCost {
  method: string;
  callsPerRequest: number;
  /** Median over requests of the summed duration of this method's calls. */
  msPerRequest: number;
}

export interface Breakdown {
  requests: number;
  totalMs: number;
  /** Wall time with at least one CDP command outstanding. */
  cdpWallMs: number;
  /** Everything else: HTTP both ways, routing, validation, snapshot building, JSON. */
  outsideCdpMs: number;
  /** Request sent → first CDP command; last CDP answer → response parsed. */
  beforeFirstCdpMs: number;
  afterLastCdpMs: number;
  /** For clicks: first CDP command → first input event; input events; last input → last CDP answer. */
  phases?: { preflightMs: number; inputMs: number; captureMs: number };
  methods: MethodCost[];
  /** The request whose total is the median, command by command (offsets from the request's start). */
  medianTimeline: { method: string; atMs: number; ms: number }[];
}

function unionMs(calls: Call[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const c of sorted) {
    if (c.start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = c.start;
      curEnd = c.end;
    } else if (c.end > curEnd) curEnd = c.end;
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

const INPUT = "Input.dispatchMouseEvent";

export function breakdown(recorder: CdpRecorder, windows: Window[]): Breakdown {
  const per = windows.map((w) => {
    const calls = recorder.within(w);
    // A command sent without waiting (a release after the capture) may be answered after the
    // response: the request did not wait for it past its end.
    const waited = calls.map((c) => ({ ...c, end: Math.min(c.end, w.end) }));
    const first = calls[0]?.start ?? w.end;
    const last = Math.max(...waited.map((c) => c.end), first);
    const inputs = calls.filter((c) => c.method === INPUT);
    const firstInput = inputs[0]?.start;
    const lastInput = inputs.at(-1)?.end;
    return {
      w,
      calls,
      total: w.end - w.start,
      wall: unionMs(waited),
      before: first - w.start,
      after: w.end - last,
      phases: firstInput !== undefined && lastInput !== undefined
        ? { preflightMs: firstInput - first, inputMs: lastInput - firstInput, captureMs: last - lastInput }
        : undefined,
    };
  });
  const methods = new Set(per.flatMap((p) => p.calls.map((c) => c.method)));
  const costs: MethodCost[] = [...methods].map((method) => ({
    method,
    callsPerRequest: round(median(per.map((p) => p.calls.filter((c) => c.method === method).length)), 1),
    msPerRequest: round(
      median(
        per.map((p) => p.calls.filter((c) => c.method === method).reduce((s, c) => s + c.end - c.start, 0)),
      ),
    ),
  })).sort((a, b) => b.msPerRequest - a.msPerRequest);
  const byTotal = [...per].sort((a, b) => a.total - b.total);
  const mid = byTotal[Math.floor((byTotal.length - 1) / 2)];
  const withPhases = per.filter((p) => p.phases);
  return {
    requests: per.length,
    totalMs: round(median(per.map((p) => p.total))),
    cdpWallMs: round(median(per.map((p) => p.wall))),
    outsideCdpMs: round(median(per.map((p) => p.total - p.wall))),
    beforeFirstCdpMs: round(median(per.map((p) => p.before))),
    afterLastCdpMs: round(median(per.map((p) => p.after))),
    phases: withPhases.length
      ? {
        preflightMs: round(median(withPhases.map((p) => p.phases!.preflightMs))),
        inputMs: round(median(withPhases.map((p) => p.phases!.inputMs))),
        captureMs: round(median(withPhases.map((p) => p.phases!.captureMs))),
      }
      : undefined,
    methods: costs,
    medianTimeline: mid
      ? mid.calls.map((c) => ({
        method: c.method,
        atMs: round(c.start - mid.w.start),
        ms: round(c.end - c.start),
      }))
      : [],
  };
}
