/**
 * Live frames of a page for people watching it (the UI's live view): one CDP screencast per page,
 * shared by every viewer, started by the first and stopped when the last one leaves, so a page
 * nobody watches costs nothing. Frames are JPEG, at most 1280×720.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../driver/page_driver.ts";

export interface ScreencastFrame {
  /** Base64 JPEG. */
  data: string;
  /** The page's layout viewport in CSS pixels, to map element boxes onto the image. */
  deviceWidth: number;
  deviceHeight: number;
  /** Seconds since the epoch, as Chromium stamps the frame. */
  timestamp: number;
}

type Viewer = (frame: ScreencastFrame) => void;

export const SCREENCAST = { format: "jpeg", quality: 60, maxWidth: 1280, maxHeight: 720 } as const;
/** At most this many frames a second reach a viewer; the ones in between are skipped. */
export const MAX_FPS = 15;
/**
 * Chromium casts a frame only when the page paints: a page that sits still sends none, so a new
 * viewer would see nothing. When no frame came this soon after the start, one screenshot stands in.
 */
export const FIRST_FRAME_MS = 250;
/**
 * Chromium may also drop the frame of a change that lands while the previous frame is in flight
 * (seen on a loaded machine right after an action) and send none until the next change. After
 * an action, when no frame came this soon, one screenshot brings the view up to date.
 */
export const REFRESH_MS = 200;

class Cast {
  readonly viewers = new Set<Viewer>();
  last: ScreencastFrame | null = null;
  #off: (() => void) | null = null;
  #first: ReturnType<typeof setTimeout> | undefined;
  #refresh: ReturnType<typeof setTimeout> | undefined;
  /** Frames the cast has sent, to tell whether one came after a moment. */
  #frames = 0;

  constructor(readonly driver: PageDriver) {}

  #emit(frame: ScreencastFrame): void {
    this.last = frame;
    for (const v of this.viewers) v(frame);
  }

  /** One screenshot as a frame, unless the cast has sent a frame since `seen` (or stopped). */
  async #stillFrame(seen: number): Promise<void> {
    const [shot, metrics] = await Promise.all([
      this.driver.send<Protocol.Page.CaptureScreenshotResponse>("Page.captureScreenshot", {
        format: SCREENCAST.format,
        quality: SCREENCAST.quality,
      }),
      this.driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}),
    ]);
    if (this.#frames !== seen || !this.#off) return;
    this.#emit({
      data: shot.data,
      deviceWidth: metrics.cssLayoutViewport.clientWidth,
      deviceHeight: metrics.cssLayoutViewport.clientHeight,
      timestamp: Date.now() / 1000,
    });
  }

  start(): void {
    this.#first = setTimeout(() => this.#stillFrame(0).catch(() => {}), FIRST_FRAME_MS);
    this.#off = this.driver.on("Page.screencastFrame", (e: Protocol.Page.ScreencastFrameEvent) => {
      // Acked at once: holding acks back to pace the cast was seen to stall the page's own work
      // (evaluations waited seconds). Each viewer keeps
      // only the newest frame and takes at most MAX_FPS a second, skipping the ones in between.
      this.driver.send("Page.screencastFrameAck", { sessionId: e.sessionId }).catch(() => {});
      this.#frames++;
      this.#emit({
        data: e.data,
        deviceWidth: e.metadata.deviceWidth,
        deviceHeight: e.metadata.deviceHeight,
        timestamp: e.metadata.timestamp ?? Date.now() / 1000,
      });
    });
    // Every second frame: a page animating at 60 Hz still gives more than MAX_FPS, at about
    // two thirds of Chromium's encoding cost (bench/screencast.ts).
    this.driver.send("Page.startScreencast", { ...SCREENCAST, everyNthFrame: 2 }).catch(() => {});
  }

  /** The page may have changed (an action ended): make sure a frame shows it. */
  refresh(): void {
    const seen = this.#frames;
    clearTimeout(this.#refresh);
    this.#refresh = setTimeout(() => this.#stillFrame(seen).catch(() => {}), REFRESH_MS);
  }

  stop(): void {
    clearTimeout(this.#first);
    clearTimeout(this.#refresh);
    this.#off?.();
    this.#off = null;
    this.last = null;
    this.driver.send("Page.stopScreencast", {}).catch(() => {});
  }
}

const casts = new WeakMap<PageDriver, Cast>();

/** How many pages are being cast right now (for tests and the measurements). */
let active = 0;
export const activeScreencasts = (): number => active;

/** Tell a page's cast, if it has one, that the page may have changed. */
export function refreshScreencast(driver: PageDriver): void {
  casts.get(driver)?.refresh();
}

/**
 * Watch a page: `onFrame` gets every frame from now on (the newest one at once when the page is
 * already being cast). The returned function stops watching; the last viewer stops the cast.
 */
export function watchScreencast(driver: PageDriver, onFrame: Viewer): () => void {
  let cast = casts.get(driver);
  if (!cast) {
    cast = new Cast(driver);
    casts.set(driver, cast);
  }
  const c = cast;
  c.viewers.add(onFrame);
  if (c.viewers.size === 1) {
    active++;
    c.start();
  } else if (c.last) onFrame(c.last);
  let watching = true;
  return () => {
    if (!watching) return;
    watching = false;
    c.viewers.delete(onFrame);
    if (c.viewers.size === 0) {
      active--;
      c.stop();
      casts.delete(driver);
    }
  };
}
