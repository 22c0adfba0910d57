/**
 * A session's recording (`record: true` at creation, or `--record`): the live view's frames of
 * each page, thinned to RECORDING_LIMITS.fps, and the session's timeline events, kept in memory
 * within a byte bound and exported as one JSON document (`GET /v1/sessions/:id/recording`).
 *
 * Frames are the screencast's own (screencast.ts: one capture loop per page, shared with people
 * watching it); the recorder is one more viewer of it. Events are the timeline's, which never
 * carry typed text; secrets are scrubbed from them once more on the way in.
 */
import type { JournalEntry, JournalExport } from "../../protocol/journal.ts";
import type { PortholeEvent } from "../../events/bus.ts";
import type { PageRecord } from "../core/page_record.ts";
import { type ScreencastFrame, watchScreencast } from "./screencast.ts";

/** The recording's bounds; the README states them. */
export const RECORDING_LIMITS = {
  /** At most this many frames a second per page are kept (the screencast takes more; the rest are skipped). */
  fps: 2,
  /**
   * Frames and events together stay under this many bytes (base64 and JSON as exported), and
   * under the session's artifact item limit: past it, frames stop and events are counted, not kept.
   */
  maxBytes: 8 * 1024 * 1024,
  /** At most this many events are kept. */
  maxEvents: 5000,
} as const;

export const RECORDING_FORMAT = "porthole-recording/1";

export interface RecordingFrame {
  /** Milliseconds since the epoch, when it was taken. */
  t: number;
  pageId: string;
  /** The page's layout viewport in CSS pixels (the image may be larger: device pixels). */
  width: number;
  height: number;
  /** Base64 JPEG. */
  jpeg: string;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  sessionId: string;
  startedAt: string;
  /** Set once the session has closed. */
  endedAt?: string;
  limits: { fps: number; maxBytes: number; maxEvents: number };
  bytes: number;
  /** Frames and events left out because a bound was reached. */
  dropped: { frames: number; events: number };
  frames: RecordingFrame[];
  events: PortholeEvent[];
  /** The session's action journal: its entries in chain order (GET …/journal has its anchor). */
  journal: JournalEntry[];
}

/** What the recorder reads of its session. */
export interface RecorderHost {
  readonly id: string;
  readonly pages: ReadonlyMap<string, PageRecord>;
  scrub(text: string): string;
  /** The session's action journal. */
  readonly journal: { export(): Promise<JournalExport> };
}

export class Recorder {
  readonly #host: RecorderHost;
  readonly #maxBytes: number;
  readonly #startedAt = new Date();
  #endedAt: Date | null = null;
  #frames: RecordingFrame[] = [];
  #events: PortholeEvent[] = [];
  #bytes = 0;
  #dropped = { frames: 0, events: 0 };
  /** An action or navigation ended: the next frame shows its effect, whatever the frame rate. */
  #wantFrame = false;
  /** Each watched page's way to stop watching, and when its last frame was kept. */
  #watching = new Map<string, { stop: () => void; lastKept: number; lastData: string }>();

  /** `maxItemBytes`: the artifact store's item limit, which the export must also fit. */
  constructor(host: RecorderHost, maxItemBytes: number = RECORDING_LIMITS.maxBytes) {
    this.#host = host;
    this.#maxBytes = Math.min(RECORDING_LIMITS.maxBytes, maxItemBytes);
  }

  /** Every event of the session passes here (Session.emit). */
  event(ev: PortholeEvent): void {
    if (this.#endedAt) return;
    const data = "pageId" in ev.data ? (ev.data as { pageId: string }).pageId : null;
    // Frames start with the page's first navigation: a capture asked for while a page is still
    // being set up may go unanswered until the screencast gives it up.
    if (data && ev.type === "page.closed") this.#unwatch(data);
    else if (data && ev.type !== "page.opened") this.#watch(data);
    if (ev.type === "action.finished" || ev.type === "navigation.committed") this.#wantFrame = true;
    const kept = JSON.parse(this.#host.scrub(JSON.stringify(ev))) as PortholeEvent;
    const size = JSON.stringify(kept).length + 1;
    if (this.#events.length >= RECORDING_LIMITS.maxEvents || this.#bytes + size > this.#maxBytes) {
      this.#dropped.events++;
      return;
    }
    this.#events.push(kept);
    this.#bytes += size;
  }

  #watch(pageId: string): void {
    if (this.#watching.has(pageId)) return;
    const rec = this.#host.pages.get(pageId);
    if (!rec || rec.driver.closed) return;
    const entry = { stop: () => {}, lastKept: 0, lastData: "" };
    this.#watching.set(pageId, entry);
    entry.stop = watchScreencast(rec.driver, (frame) => this.#frame(pageId, entry, frame));
  }

  #unwatch(pageId: string): void {
    this.#watching.get(pageId)?.stop();
    this.#watching.delete(pageId);
  }

  #frame(pageId: string, at: { lastKept: number; lastData: string }, f: ScreencastFrame): void {
    const t = Math.round(f.timestamp * 1000);
    // A page that did not change gives the same image: it is kept once.
    if (f.data === at.lastData) return;
    if (t - at.lastKept < 1000 / RECORDING_LIMITS.fps && !this.#wantFrame) return;
    this.#wantFrame = false;
    const size = f.data.length + 96;
    if (this.#bytes + size > this.#maxBytes) {
      this.#dropped.frames++;
      return;
    }
    at.lastKept = t;
    at.lastData = f.data;
    this.#frames.push({ t, pageId, width: f.deviceWidth, height: f.deviceHeight, jpeg: f.data });
    this.#bytes += size;
  }

  /** The session closed: frames stop; the recording is kept as it is. */
  stop(): void {
    for (const id of [...this.#watching.keys()]) this.#unwatch(id);
    this.#endedAt ??= new Date();
  }

  /** The recording so far, as one document, with the session's journal. */
  async export(): Promise<Recording> {
    const { entries } = await this.#host.journal.export();
    return {
      format: RECORDING_FORMAT,
      sessionId: this.#host.id,
      startedAt: this.#startedAt.toISOString(),
      ...(this.#endedAt ? { endedAt: this.#endedAt.toISOString() } : {}),
      limits: { fps: RECORDING_LIMITS.fps, maxBytes: this.#maxBytes, maxEvents: RECORDING_LIMITS.maxEvents },
      bytes: this.#bytes,
      dropped: { ...this.#dropped },
      frames: [...this.#frames],
      events: [...this.#events],
      journal: entries,
    };
  }
}
