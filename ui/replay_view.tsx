/**
 * Replay: a session's recording (GET /v1/sessions/:id/recording, read again every few seconds
 * while the session lives) or an exported recording file, with a scrubber over its moments. Each
 * moment shows the frame of that time, the events up to it, and where the last act's pointer
 * landed, drawn on the frame.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, ApiError } from "./api.ts";
import { describe } from "./timeline.ts";
import type { UiEvent } from "./types.ts";

interface RecFrame {
  t: number;
  pageId: string;
  width: number;
  height: number;
  jpeg: string;
}

export interface RecordingDoc {
  format: string;
  sessionId: string;
  startedAt: string;
  endedAt?: string;
  bytes: number;
  dropped: { frames: number; events: number };
  frames: RecFrame[];
  events: UiEvent[];
}

/** A hit point is drawn for this long after its act ended. */
const HIT_MS = 3000;
const RELOAD_MS = 2000;

/** Every moment of the recording, in time order: a frame, or an event. */
function moments(rec: RecordingDoc): number[] {
  const times = [...rec.frames.map((f) => f.t), ...rec.events.map((e) => Date.parse(e.time))];
  return [...new Set(times)].sort((a, b) => a - b);
}

export function ReplayView({ sessionId }: { sessionId: string | null }) {
  const [rec, setRec] = useState<RecordingDoc | null>(null);
  const [source, setSource] = useState<"live" | "file">("live");
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState<number | null>(null);

  useEffect(() => {
    if (source !== "live" || !sessionId) return;
    let stop = false;
    const load = () =>
      api<RecordingDoc>("GET", `/v1/sessions/${encodeURIComponent(sessionId)}/recording`).then(
        (r) => {
          if (stop) return;
          setRec(r);
          setError(null);
        },
        (e) => !stop && setError(e instanceof ApiError ? e.message : String(e)),
      );
    load();
    const timer = setInterval(load, RELOAD_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [sessionId, source]);

  const open = async (e: Event) => {
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    try {
      const doc = JSON.parse(await file.text()) as RecordingDoc;
      if (!Array.isArray(doc.frames) || !Array.isArray(doc.events)) {
        throw new Error("not a Porthole recording");
      }
      setSource("file");
      setRec(doc);
      setAt(null);
      setError(null);
    } catch (err) {
      setError(`${file.name}: ${(err as Error).message}`);
    }
  };

  const times = useMemo(() => (rec ? moments(rec) : []), [rec]);
  // Following the end until the person moves the scrubber.
  const index = at === null ? times.length - 1 : Math.min(at, times.length - 1);
  const now = times[index] ?? 0;
  const frame = rec && [...rec.frames].reverse().find((f) => f.t <= now) || rec?.frames[0] || null;
  const shown = rec ? rec.events.filter((e) => Date.parse(e.time) <= now) : [];
  const hit = [...shown].reverse().find((e) =>
    e.type === "action.finished" && e.data.point && e.data.pageId === frame?.pageId
  );
  const point = hit && now - Date.parse(hit.time) <= HIT_MS
    ? hit.data.point as { x: number; y: number }
    : null;

  return (
    <section aria-labelledby="replay-title" class="replay">
      <h2 id="replay-title">Replay</h2>
      <p class="actions">
        {sessionId && source === "file" && (
          <button type="button" onClick={() => setSource("live")}>Replay session {sessionId}</button>
        )}
        <label>
          Open an exported recording <input type="file" accept=".json,application/json" onChange={open} />
        </label>
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      {!rec && !error && <p class="empty">No recording loaded.</p>}
      {rec && (
        <div class="columns">
          <figure class="live" data-frames={rec.frames.length}>
            <div class="live-screen">
              {frame
                ? (
                  <img
                    class="live-frame replay-frame"
                    src={`data:image/jpeg;base64,${frame.jpeg}`}
                    alt={`Page ${frame.pageId} at ${new Date(frame.t).toLocaleTimeString()}`}
                    draggable={false}
                  />
                )
                : <p class="muted">No frame recorded yet.</p>}
              {frame && point && (
                <div
                  class="hit-point"
                  data-x={point.x}
                  data-y={point.y}
                  title={`${hit!.data.action} at ${point.x}, ${point.y}`}
                  style={{
                    left: `${(point.x / frame.width) * 100}%`,
                    top: `${(point.y / frame.height) * 100}%`,
                  }}
                />
              )}
            </div>
            <figcaption class="muted">
              {source === "file" ? "Exported recording" : rec.endedAt ? "Ended" : "Live recording"} of{" "}
              <code>{rec.sessionId}</code> · {rec.frames.length} frames · {rec.events.length} events ·{" "}
              {Math.round(rec.bytes / 1024)} KiB
              {(rec.dropped.frames > 0 || rec.dropped.events > 0) &&
                ` · past its bound: ${rec.dropped.frames} frames, ${rec.dropped.events} events left out`}
            </figcaption>
            <label class="scrubber">
              <span>Moment {index + 1} of {times.length}</span>
              <input
                type="range"
                min={0}
                max={Math.max(0, times.length - 1)}
                value={index}
                aria-valuetext={new Date(now).toLocaleTimeString()}
                onInput={(e) => setAt(Number((e.currentTarget as HTMLInputElement).value))}
              />
            </label>
          </figure>
          <ol class="events replay-events">
            {[...shown].reverse().map((ev, i) => {
              const { kind, text } = describe(ev);
              return (
                <li
                  key={`${ev.id}-${ev.type}`}
                  class={`event k-${kind}${i === 0 ? " current" : ""}`}
                  data-type={ev.type}
                >
                  <time dateTime={ev.time}>{new Date(ev.time).toLocaleTimeString()}</time>
                  <span class="badge">{ev.type}</span>
                  <span class="text">{text}</span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
