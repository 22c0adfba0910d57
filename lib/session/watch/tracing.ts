/**
 * Tracing a session with CDP Tracing: the result is a Chrome trace (JSON, the format the DevTools
 * performance panel opens). Chromium traces the whole browser, so only the renderer processes of
 * this session's frames are kept, and every URL in the trace is redacted. One trace per session
 * at a time; it ends with its page.
 */
import { PortholeError } from "../../protocol/errors.ts";
import { redactDeep } from "../../policy/redact_deep.ts";
import type { PageRecord } from "../core/page_record.ts";

/** What tracing needs of a session: its pages, whose frames the trace keeps. */
export interface TraceHost {
  readonly pages: { values(): Iterable<PageRecord> };
}

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

interface Running {
  rec: PageRecord;
  /** Frames of the session seen when the trace started (pages may close before it stops). */
  frames: Set<string>;
}

const running = new WeakMap<TraceHost, Running>();

/** Keep the events of processes that rendered one of `frames`, URLs redacted. Pure. */
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

async function sessionFrames(session: TraceHost, into: Set<string>): Promise<void> {
  for (const p of session.pages.values()) {
    for (const f of await p.driver.frames().catch(() => [])) into.add(f.frameId);
  }
}

/** Whether the session is tracing now. */
export function tracing(session: TraceHost): boolean {
  const r = running.get(session);
  return !!r && !r.rec.driver.closed;
}

/** Start tracing through `rec`'s DevTools session. */
export async function startTrace(
  session: TraceHost,
  rec: PageRecord,
  opts: { screenshots?: boolean },
  signal: AbortSignal,
): Promise<void> {
  if (tracing(session)) {
    throw new PortholeError("invalid_params", "Tracing is already running in this session; stop it first", {
      details: { field: "trace" },
    });
  }
  const frames = new Set<string>();
  await sessionFrames(session, frames);
  await rec.driver.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      includedCategories: [
        ...CATEGORIES,
        ...(opts.screenshots ? ["disabled-by-default-devtools.screenshot"] : []),
      ],
      excludedCategories: ["*"],
    },
  }, signal);
  running.set(session, { rec, frames });
}

/** Stop the running trace and return it as JSON bytes; null when the session was not tracing. */
export async function stopTrace(session: TraceHost, signal: AbortSignal): Promise<Uint8Array | null> {
  const r = running.get(session);
  running.delete(session);
  if (!r || r.rec.driver.closed) return null;
  const driver = r.rec.driver;
  // deno-lint-ignore no-explicit-any
  const complete = new Promise<any>((resolve) => {
    const off = driver.on("Tracing.tracingComplete", (e) => {
      off();
      resolve(e);
    });
  });
  await driver.send("Tracing.end", {}, signal);
  const done = await complete;
  if (!done.stream) return null;
  const chunks: string[] = [];
  while (true) {
    const part = await driver.send("IO.read", { handle: done.stream, size: 1 << 20 }, signal);
    chunks.push(part.base64Encoded ? new TextDecoder().decode(Uint8Array.fromBase64(part.data)) : part.data);
    if (part.eof) break;
  }
  await driver.send("IO.close", { handle: done.stream }).catch(() => {});
  const parsed = JSON.parse(chunks.join(""));
  const events: TraceEvent[] = Array.isArray(parsed) ? parsed : parsed.traceEvents ?? [];
  await sessionFrames(session, r.frames);
  const trace = { traceEvents: filterTrace(events, r.frames), metadata: { source: "porthole" } };
  return new TextEncoder().encode(JSON.stringify(trace));
}
