/** Prometheus text exposition: counters, gauges read at scrape time, and histograms with labels. */

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) =>
    `${k}="${v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"')}"`
  );
  return parts.length ? `{${parts.join(",")}}` : "";
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());

class Counter {
  values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    const k = keyOf(labels);
    const cur = this.values.get(k);
    if (cur) cur.value += by;
    else this.values.set(k, { labels, value: by });
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    for (const { labels, value } of this.values.values()) {
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    }
    return lines.join("\n");
  }
}

/** A value read at scrape time: a gauge, or a counter kept elsewhere. */
class Sampled {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly read: () => number,
    readonly type: "gauge" | "counter",
  ) {}
  render(): string {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} ${this.type}`,
      `${this.name} ${this.read()}`,
    ].join(
      "\n",
    );
  }
}

class Histogram {
  series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly name: string, readonly help: string, readonly buckets: number[]) {}
  observe(value: number, labels: Labels = {}): void {
    const k = keyOf(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i]++;
    s.sum += value;
    s.count++;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: String(b) })} ${s.counts[i]}`)
      );
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${s.sum}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join("\n");
  }
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Porthole's metrics. Gauges are wired by the server, which knows the live numbers. */
export class Metrics {
  readonly actions = new Histogram(
    "porthole_action_duration_seconds",
    "Duration of act calls by action and outcome",
    SECONDS,
  );
  readonly observes = new Histogram(
    "porthole_observe_duration_seconds",
    "Duration of observations by outcome",
    SECONDS,
  );
  readonly requests = new Counter("porthole_http_requests_total", "HTTP requests by route and status");
  readonly droppedEvents = new Counter("porthole_events_dropped_total", "Events lost by slow SSE readers");
  readonly shedReaders = new Counter(
    "porthole_sse_readers_shed_total",
    "SSE readers closed because their socket did not drain",
  );
  #sampled: Sampled[] = [];

  /** A value read at scrape time; `counter` when it only ever rises. */
  sample(name: string, help: string, read: () => number, type: "gauge" | "counter" = "gauge"): void {
    this.#sampled.push(new Sampled(name, help, read, type));
  }

  render(): string {
    return [
      ...this.#sampled.map((g) => g.render()),
      this.actions.render(),
      this.observes.render(),
      this.requests.render(),
      this.droppedEvents.render(),
      this.shedReaders.render(),
    ]
      .join("\n") + "\n";
  }
}
