/**
 * Live frames of a page for people watching it (the UI's live view): one capture loop per page,
 * shared by every viewer, started by the first and stopped when the last one leaves, so a page
 * nobody watches costs nothing. Frames are JPEG screenshots of the viewport, POLL_FPS a second.
 *
 * Not CDP's screencast: while `Page.startScreencast` runs, Chromium captures every frame the page
 * paints, whatever `everyNthFrame` sends, which cost a page that animates 52–73% of a core more
 * (bench/screencast.ts); a few screenshots a second cost about a seventh of a core.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";

export interface ScreencastFrame {
  /** Base64 JPEG. */
  data: string;
  /** The page's layout viewport in CSS pixels, to map element boxes onto the image. */
  deviceWidth: number;
  deviceHeight: number;
  /** Seconds since the epoch, when the frame was taken. */
  timestamp: number;
}

type Viewer = (frame: ScreencastFrame) => void;

export const SCREENCAST = { format: "jpeg", quality: 60 } as const;
/** Frames a second the live view captures while someone watches. */
export const POLL_FPS = 6;
/** At most this many frames a second reach a viewer; the ones in between are skipped. */
export const MAX_FPS = 15;
/** After an action, a frame this soon shows its effect without waiting for the next tick. */
export const REFRESH_MS = 50;
/** A frame not captured within this long is given up (a hung renderer); the next tick tries again. */
const CAPTURE_TIMEOUT_MS = 5_000;

class Cast {
  readonly viewers = new Set<Viewer>();
  last: ScreencastFrame | null = null;
  #running = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #refresh: ReturnType<typeof setTimeout> | undefined;
  /** Frames taken so far, to tell whether one came after a moment. */
  #frames = 0;

  constructor(readonly driver: PageDriver) {}

  /** One screenshot as a frame, unless another was taken since `seen` (or the cast stopped). */
  async #capture(seen: number): Promise<void> {
    // A page that hangs its renderer answers no screenshot: the tick gives up and tries again.
    const signal = AbortSignal.timeout(CAPTURE_TIMEOUT_MS);
    const [shot, metrics] = await Promise.all([
      this.driver.send<Protocol.Page.CaptureScreenshotResponse>("Page.captureScreenshot", {
        ...SCREENCAST,
        optimizeForSpeed: true,
      }, signal),
      this.driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}, signal),
    ]);
    if (this.#frames !== seen || !this.#running) return;
    this.#frames++;
    this.last = {
      data: shot.data,
      deviceWidth: metrics.cssLayoutViewport.clientWidth,
      deviceHeight: metrics.cssLayoutViewport.clientHeight,
      timestamp: Date.now() / 1000,
    };
    for (const v of this.viewers) v(this.last);
  }

  start(): void {
    this.#running = true;
    // One capture at a time: the next tick starts when this one ended, POLL_FPS a second at most.
    const tick = async () => {
      const t0 = performance.now();
      await this.#capture(this.#frames).catch(() => {});
      if (!this.#running) return;
      this.#timer = setTimeout(tick, Math.max(0, 1000 / POLL_FPS - (performance.now() - t0)));
    };
    tick();
  }

  /** The page may have changed (an action ended): a frame soon shows it. */
  refresh(): void {
    const seen = this.#frames;
    clearTimeout(this.#refresh);
    this.#refresh = setTimeout(() => this.#capture(seen).catch(() => {}), REFRESH_MS);
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
    clearTimeout(this.#refresh);
    this.last = null;
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
