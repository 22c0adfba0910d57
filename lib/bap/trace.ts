/**
 * `trace/start` and `trace/stop` with CDP Tracing. The result is a Chrome trace (JSON, the
 * format the DevTools performance panel opens), not a Playwright trace zip. Chromium traces
 * the whole browser, so only this connection's renderer processes are kept, and every URL in
 * the trace is redacted.
 */
import type { Protocol } from "devtools-protocol";
import { redactDeep } from "./redact.ts";
import type { Call } from "./connection.ts";
import { BAP, BapError } from "./errors.ts";
import { gated } from "./gate.ts";
import type { Params } from "./params.ts";
import type { BapState, PageTarget } from "./state.ts";

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-devtools.timeline.stack",
  "v8.execute",
  "toplevel",
  "blink.console",
  "blink.user_timing",
  "latencyInfo",
  "loading",
];

// deno-lint-ignore no-explicit-any
type TraceEvent = Record<string, any>;

/** Keep the events of processes that rendered one of `frames`. */
export function filterTrace(events: TraceEvent[], frames: Set<string>): TraceEvent[] {
  const pids = new Set<number>();
  let started: TraceEvent | undefined;
  for (const e of events) {
    if (e.name === "TracingStartedInBrowser") started = e;
    for (const f of e.args?.data?.frames ?? []) if (frames.has(f.frame) && f.processId) pids.add(f.processId);
    if (frames.has(e.args?.data?.frame) && e.pid) pids.add(e.pid);
  }
  const kept = events.filter((e) => pids.has(e.pid));
  if (started) {
    const data = started.args?.data ?? {};
    kept.unshift({
      ...started,
      args: {
        ...started.args,
        data: { ...data, frames: (data.frames ?? []).filter((f: TraceEvent) => frames.has(f.frame)) },
      },
    });
  }
  return redactDeep(kept) as TraceEvent[];
}

async function readStream(t: PageTarget, handle: string): Promise<string> {
  const chunks: string[] = [];
  while (true) {
    const r = await t.rec.driver.send<Protocol.IO.ReadResponse>("IO.read", { handle, size: 1 << 20 });
    chunks.push(r.base64Encoded ? new TextDecoder().decode(Uint8Array.fromBase64(r.data)) : r.data);
    if (r.eof) break;
  }
  await t.rec.driver.send("IO.close", { handle }).catch(() => {});
  return chunks.join("");
}

async function framesOf(state: BapState): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const p of state.livePages()) {
    for (const f of await p.rec.driver.frames().catch(() => [])) ids.add(f.frameId);
  }
  return ids;
}

async function start(call: Call, p: Params) {
  const state = call.state;
  const ctx = state.context();
  p.str("name");
  const screenshots = p.bool("screenshots") ?? false;
  p.bool("snapshots");
  p.bool("sources");
  if (state.trace) throw new BapError(BAP.ActionFailed, "Tracing is already running; call trace/stop first");
  const pages = state.pagesOf(ctx.id);
  const t = pages.find((x) => x.pageId === state.activePage) ?? pages[0];
  if (!t) throw new BapError(BAP.PageNotFound, "trace/start needs an open page; call page/create first");
  const seen = await framesOf(state);
  await gated(t.session, call.signal, async (sig) => {
    await t.rec.driver.send("Tracing.start", {
      transferMode: "ReturnAsStream",
      traceConfig: {
        includedCategories: [
          ...CATEGORIES,
          ...(screenshots ? ["disabled-by-default-devtools.screenshot"] : []),
        ],
        excludedCategories: ["*"],
      },
    }, sig);
  });
  state.trace = {
    pageId: t.pageId,
    stop: async () => {
      const done = new Promise<Protocol.Tracing.TracingCompleteEvent>((resolve) => {
        const off = t.rec.driver.on("Tracing.tracingComplete", (e) => {
          off();
          resolve(e);
        });
      });
      await t.rec.driver.send("Tracing.end");
      const complete = await done;
      if (!complete.stream) return "";
      const text = await readStream(t, complete.stream);
      const parsed = JSON.parse(text);
      const events: TraceEvent[] = Array.isArray(parsed) ? parsed : parsed.traceEvents ?? [];
      for (const id of await framesOf(state)) seen.add(id);
      const trace = { traceEvents: filterTrace(events, seen), metadata: { source: "porthole" } };
      return new TextEncoder().encode(JSON.stringify(trace)).toBase64();
    },
  };
  return {};
}

async function stop(call: Call) {
  const state = call.state;
  state.requireBrowser();
  const trace = state.trace;
  state.trace = null;
  if (!trace) return {};
  try {
    const data = await trace.stop();
    return data ? { data } : {};
  } catch {
    return {};
  }
}

export const TRACE_METHODS = { "trace/start": start, "trace/stop": stop };
