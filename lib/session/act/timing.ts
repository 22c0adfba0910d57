/**
 * Where an act's time goes, span by span (queue wait at the session's gate, preflight,
 * activation, input, settle, capture): marks taken with `performance.now()`, kept only while a
 * recorder is on (the benchmark turns it on), so an act that nobody measures pays one branch.
 */

export const SPANS = [
  "queue",
  "preflight",
  "activate",
  "input",
  "popups",
  "settle",
  "capture",
  "finish",
] as const;
export type Span = typeof SPANS[number];
export type ActSpans = Partial<Record<Span, number>> & { total: number };

let sink: ((spans: ActSpans) => void) | null = null;

/** Turn the recorder on (a function that receives each act's spans) or off (null). */
export function recordActSpans(fn: ((spans: ActSpans) => void) | null): void {
  sink = fn;
}

/** One act's clock: `mark(span)` closes the span that ran since the last mark. */
export class ActClock {
  readonly #on = sink !== null;
  readonly #start: number;
  #last: number;
  readonly #spans: Partial<Record<Span, number>> = {};

  /** `queuedMs`: how long the act waited at its session's gate before it began. */
  constructor(queuedMs = 0) {
    this.#start = this.#last = this.#on ? performance.now() : 0;
    if (this.#on) this.#spans.queue = queuedMs;
  }

  mark(span: Span): void {
    if (!this.#on) return;
    const now = performance.now();
    this.#spans[span] = (this.#spans[span] ?? 0) + now - this.#last;
    this.#last = now;
  }

  /** Hand the act's spans to the recorder, if one is on. */
  done(): void {
    if (!this.#on || !sink) return;
    this.mark("finish");
    sink({ ...this.#spans, total: performance.now() - this.#start + (this.#spans.queue ?? 0) });
  }
}
