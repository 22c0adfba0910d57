/**
 * One way operations feed their duration histograms: every outcome is counted, a refusal
 * before any result (429 queue_full, 503) by its error code, so the histogram's count is the
 * number of requests.
 */

/** A histogram that takes an observation in seconds with labels (metrics/metrics.ts). */
export interface DurationHistogram {
  observe(seconds: number, labels?: Record<string, string>): void;
}

export function metered<T>(
  histogram: DurationHistogram,
  labels: Record<string, string>,
  outcome: (result: T) => string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return work().then((result) => {
    histogram.observe(seconds(), { ...labels, outcome: outcome(result) });
    return result;
  }, (err) => {
    histogram.observe(seconds(), { ...labels, outcome: err?.code ?? "internal" });
    throw err;
  });
}
