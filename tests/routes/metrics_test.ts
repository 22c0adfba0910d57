/**
 * GET /metrics: valid Prometheus text (read by a real parser from npm and checked line by line
 * against the exposition format), with sessions, pages, queued operations, act and observe
 * latency histograms by action and outcome, launches and disconnects, artifact bytes, SSE
 * readers and dropped events, each moved by real work against real Chromium.
 */
import assert from "node:assert/strict";
import { getMetricsFromIterator, type PromMetrics } from "prom2javascript";
import { browserTest, eventually, Porthole, refOf, Site } from "../support/harness.ts";

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/y;
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]Inf|NaN)$/;

/**
 * The text exposition format, checked strictly: HELP/TYPE once per family and before its
 * samples, families contiguous, sample names that fit the family's type, well-formed labels
 * and values, no series twice, histogram buckets cumulative and ending in +Inf = _count.
 */
function checkExposition(text: string): void {
  assert.ok(text.endsWith("\n"), "the text ends with a newline");
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const series = new Set<string>();
  const done = new Set<string>();
  let current = "";
  const buckets = new Map<string, { le: number; value: number }[]>();
  const counts = new Map<string, number>();
  for (const line of text.slice(0, -1).split("\n")) {
    const meta = line.match(/^# (HELP|TYPE) (\S+) (.*)$/);
    if (meta) {
      const [, kind, name, rest] = meta;
      assert.match(name, NAME, line);
      if (name !== current) {
        assert.ok(!done.has(name), `family ${name} is split`);
        if (current) done.add(current);
        current = name;
      }
      if (kind === "TYPE") {
        assert.ok(!types.has(name), `TYPE ${name} twice`);
        assert.match(rest, /^(counter|gauge|histogram|summary|untyped)$/, line);
        types.set(name, rest);
      } else {
        assert.ok(!helps.has(name), `HELP ${name} twice`);
        assert.ok(!types.has(name), `HELP ${name} after its TYPE`);
        helps.add(name);
      }
      continue;
    }
    assert.ok(!line.startsWith("#") && line.trim() !== "", `an unexpected line: ${JSON.stringify(line)}`);
    const m = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/);
    assert.ok(m, `not a sample line: ${line}`);
    const [, name, labelText = "", value] = m;
    assert.match(value, VALUE, line);
    const labels: Record<string, string> = {};
    if (labelText) {
      const inner = labelText.slice(1, -1);
      let at = 0;
      while (at < inner.length) {
        LABEL.lastIndex = at;
        const l = LABEL.exec(inner);
        assert.ok(l, `bad labels in ${line}`);
        assert.ok(!(l[1] in labels), `label ${l[1]} twice in ${line}`);
        labels[l[1]] = l[2];
        at = LABEL.lastIndex;
        if (at < inner.length) {
          assert.equal(inner[at], ",", line);
          at++;
        }
      }
    }
    const type = types.get(current);
    assert.ok(type, `sample ${name} before any TYPE`);
    if (type === "histogram") {
      assert.ok([`${current}_bucket`, `${current}_sum`, `${current}_count`].includes(name), line);
    } else {
      assert.equal(name, current, `sample ${name} in family ${current}`);
    }
    const key = name + JSON.stringify(Object.entries(labels).sort());
    assert.ok(!series.has(key), `series twice: ${line}`);
    series.add(key);
    if (name.endsWith("_bucket") && type === "histogram") {
      const { le, ...rest } = labels;
      assert.ok(le !== undefined, `a bucket without le: ${line}`);
      const k = current + JSON.stringify(Object.entries(rest).sort());
      buckets.set(k, [...buckets.get(k) ?? [], {
        le: le === "+Inf" ? Infinity : Number(le),
        value: Number(value),
      }]);
    }
    if (name.endsWith("_count") && type === "histogram") {
      counts.set(current + JSON.stringify(Object.entries(labels).sort()), Number(value));
    }
  }
  for (const [k, list] of buckets) {
    for (let i = 1; i < list.length; i++) {
      assert.ok(list[i].le > list[i - 1].le, `buckets in order: ${k}`);
      assert.ok(list[i].value >= list[i - 1].value, `buckets cumulative: ${k}`);
    }
    assert.equal(list.at(-1)!.le, Infinity, `a +Inf bucket: ${k}`);
    assert.equal(list.at(-1)!.value, counts.get(k), `+Inf equals _count: ${k}`);
  }
}

/** A scrape as the npm parser read it. */
class Scrape {
  constructor(readonly metrics: PromMetrics) {}
  type(name: string): string {
    assert.ok(this.metrics[name], `no metric ${name}`);
    return this.metrics[name].type;
  }
  /** The value of a gauge or counter series (labels must match exactly). */
  value(name: string, labels: Record<string, string> = {}): number {
    const data = (this.metrics[name]?.data ?? []) as { labels: Record<string, string>; value: number }[];
    const m = data.find((d) => sameLabels(d.labels, labels));
    assert.ok(m, `no series ${name}${JSON.stringify(labels)}`);
    return m.value;
  }
  /** The _count of a histogram series, 0 when it has none yet. */
  count(name: string, labels: Record<string, string>): number {
    assert.equal(this.type(name), "histogram");
    const data = this.metrics[name].data as { labels: Record<string, string>; count: number }[];
    return data.find((d) => sameLabels(d.labels, labels))?.count ?? 0;
  }
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

Deno.test("metrics", browserTest, async (t) => {
  await using site = new Site({
    "/": `<!doctype html><title>Counter</title><p id="n">0</p>
      <button onclick="n.textContent = Number(n.textContent) + 1">Add</button>
      <script>window.say = (k) => { for (let i = 0; i < k; i++) console.log("line " + i); };</script>`,
  });
  await using ph = await Porthole.start();
  const registry = ph.server.registry;
  const scrape = async () => {
    const res = await fetch(`${ph.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    checkExposition(text);
    return new Scrape(await getMetricsFromIterator(text.split("\n")[Symbol.iterator]()));
  };

  await t.step("a scrape before any work is valid and counts nothing", async () => {
    const s = await scrape();
    assert.equal(s.value("porthole_sessions"), 0);
    assert.equal(s.value("porthole_pages"), 0);
    assert.equal(s.value("porthole_queued_operations"), 0);
    assert.equal(s.value("porthole_browser_launches_total"), 0);
    assert.equal(s.value("porthole_browser_disconnects_total"), 0);
    assert.equal(s.value("porthole_artifact_bytes"), 0);
    assert.equal(s.value("porthole_sse_clients"), 0);
    assert.equal(s.value("porthole_events_dropped_total"), 0);
    assert.equal(s.type("porthole_action_duration_seconds"), "histogram");
    assert.equal(s.type("porthole_observe_duration_seconds"), "histogram");
    assert.equal(s.type("porthole_browser_launches_total"), "counter");
    assert.equal(s.type("porthole_sessions"), "gauge");
  });

  const a = await ph.session();
  const b = await ph.session();

  await t.step("sessions, pages, acts and observes by action and outcome, launches", async () => {
    const state = await ph.open(a, site.url("/"));
    await ph.open(b, site.url("/"));
    const ref = refOf(state, /button "Add"/);
    const done = await ph.act(a, state, { action: "click", ref });
    assert.equal(done.execution, "completed");
    const stale = await ph.act(a, state, { action: "click", ref });
    assert.equal(stale.error.code, "stale_state");
    assert.equal(await ph.pageEval(a, "document.getElementById('n').textContent"), "1");
    await ph.observe(a);
    assert.equal((await ph.post(`/v1/sessions/${a}/observe`, { frameId: "nope" })).status, 404);
    const first = registry.get(a).activePageId!;
    await ph.post(`/v1/sessions/${a}/pages`);
    await ph.post(`/v1/sessions/${a}/pages/${first}/activate`);
    const s = await scrape();
    assert.equal(s.value("porthole_sessions"), 2);
    assert.equal(s.value("porthole_pages"), 3);
    assert.equal(s.count("porthole_action_duration_seconds", { action: "click", outcome: "completed" }), 1);
    assert.equal(s.count("porthole_action_duration_seconds", { action: "click", outcome: "stale_state" }), 1);
    assert.equal(s.count("porthole_observe_duration_seconds", { outcome: "captured" }), 1);
    assert.equal(s.count("porthole_observe_duration_seconds", { outcome: "frame_not_found" }), 1);
    assert.equal(s.value("porthole_browser_launches_total"), 1);
    assert.equal(s.value("porthole_browser_running"), 1);
    assert.ok(
      s.value("porthole_http_requests_total", { route: "/v1/sessions/:sessionId/act", status: "200" }) >= 2,
    );
  });

  await t.step("queued operations: one running, one waiting behind it", async () => {
    const pending = ph.post(`/v1/sessions/${b}/wait`, { text: "never on this page", timeoutMs: 20_000 });
    await until("the wait to run", () => registry.get(b).gate.busy);
    const queued = ph.post(`/v1/sessions/${b}/inspect`, { kind: "console" });
    await until("the inspect to queue", () => registry.get(b).gate.queued === 1);
    const s = await scrape();
    assert.equal(s.value("porthole_queued_operations"), 1);
    assert.equal(s.value("porthole_running_operations"), 1);
    await ph.request("DELETE", `/v1/sessions/${b}`);
    assert.equal((await pending).status, 503);
    assert.equal((await queued).status, 503);
    assert.equal((await scrape()).value("porthole_queued_operations"), 0);
  });

  await t.step("artifact bytes, SSE readers and dropped events", async () => {
    const shot = await ph.post(`/v1/sessions/${a}/screenshot`, {});
    const pdf = await ph.post(`/v1/sessions/${a}/pdf`, {});
    const events = registry.get(a).events;
    const cursor = events.lastId;
    await ph.pageEval(a, `say(${events.ringSize + 10})`);
    await until("the console events", () => events.lastId >= cursor + events.ringSize + 10);
    const reader = await fetch(`${ph.url}/v1/sessions/${a}/events`, {
      headers: { "last-event-id": String(cursor) },
    });
    const global = await fetch(`${ph.url}/v1/events`);
    const text = reader.body!.pipeThrough(new TextDecoderStream()).getReader();
    let got = "";
    while (!got.includes("event: dropped")) got += (await text.read()).value;
    const s = await scrape();
    assert.equal(s.value("porthole_artifact_bytes"), shot.body.artifact.bytes + pdf.body.artifact.bytes);
    assert.equal(s.value("porthole_sse_clients"), 2);
    assert.equal(s.value("porthole_events_dropped_total"), Number(got.match(/"count":(\d+)/)![1]));
    assert.ok(s.value("porthole_events_dropped_total") >= 10);
    await text.cancel();
    await global.body!.cancel();
    await until("the readers to leave", () => registry.events.readers + events.readers === 0);
    assert.equal((await scrape()).value("porthole_sse_clients"), 0);
  });

  await t.step("a killed browser counts a disconnect, and the next start a launch", async () => {
    const pool = registry.pool;
    Deno.kill(pool.stats().pid!, "SIGKILL");
    await until("the disconnect", () => pool.stats().disconnects === 1);
    let s = await scrape();
    assert.equal(s.value("porthole_browser_disconnects_total"), 1);
    assert.equal(s.value("porthole_browser_running"), 0);
    assert.equal(s.value("porthole_pages"), 0);
    await ph.open(a, site.url("/"));
    s = await scrape();
    assert.equal(s.value("porthole_browser_launches_total"), 2);
    assert.equal(s.value("porthole_pages"), 1);
  });
});

const until = (what: string, check: () => boolean) => eventually(what, check, Boolean, 30_000);
