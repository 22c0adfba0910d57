/** Summaries of latency samples: percentiles by the nearest-rank method, in milliseconds. */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** The nearest-rank percentile of sorted samples (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    mean: round(sorted.length ? sum / sorted.length : NaN),
    min: round(sorted[0] ?? NaN),
    max: round(sorted.at(-1) ?? NaN),
  };
}

export function median(samples: number[]): number {
  return percentile([...samples].sort((a, b) => a - b), 50);
}

/** Two decimals are more than the clock's honesty allows, and enough for ratios. */
export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
