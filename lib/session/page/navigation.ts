/**
 * Waiting for what the browser acknowledged, never for time: DOMContentLoaded (or load) of the
 * acknowledged frame and loader, or a same-document navigation.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import type { FrameInfo, PageDriver } from "../../driver/page_driver.ts";
import { redactUrl } from "../../policy/url.ts";

/** How long a navigation that stopped without committing may still turn out to be a download. */
const DOWNLOAD_GRACE_MS = 250;

export type NavOutcome =
  | { kind: "loaded"; loaderId: string; httpStatus: number | null }
  | { kind: "same_document" }
  | { kind: "aborted"; reason: string }
  | { kind: "download" };

/**
 * Watches one frame from before an input or navigation command is sent. `requested` says
 * whether Chromium reported a navigation request for the frame; `settle` waits for its end.
 */
export class NavigationWatch {
  #driver: PageDriver;
  #frameId: string;
  #oldLoader: string;
  #off: (() => void)[] = [];
  #statusByLoader = new Map<string, number>();
  #done: NavOutcome | null = null;
  #waiters: ((o: NavOutcome) => void)[] = [];
  #committedLoader: string | null = null;
  #wantLoad: boolean;
  requested = false;
  download = false;
  #onDownload: (() => void)[] = [];
  #stopped = false;
  #stopTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(driver: PageDriver, frameId: string, oldLoader: string, waitFor: "domcontentloaded" | "load") {
    this.#driver = driver;
    this.#frameId = frameId;
    this.#oldLoader = oldLoader;
    this.#wantLoad = waitFor === "load";
    // deno-lint-ignore no-explicit-any
    const on = (event: string, fn: (e: any) => void) => this.#off.push(driver.on(event, fn));
    on("Page.frameRequestedNavigation", (e: Protocol.Page.FrameRequestedNavigationEvent) => {
      // A link that opens a new window does not navigate this frame.
      if (e.frameId === frameId && (e.disposition ?? "currentTab") === "currentTab") this.requested = true;
    });
    on("Page.frameStartedNavigating", (e: { frameId: string }) => {
      if (e.frameId === frameId) this.requested = true;
    });
    on("Page.navigatedWithinDocument", (e: Protocol.Page.NavigatedWithinDocumentEvent) => {
      if (e.frameId === frameId && !this.#committedLoader) this.#finish({ kind: "same_document" });
    });
    on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
      if (e.frame.id === frameId && e.frame.loaderId !== this.#oldLoader) {
        this.#committedLoader = e.frame.loaderId;
      }
    });
    on("Network.responseReceived", (e: Protocol.Network.ResponseReceivedEvent) => {
      if (e.type === "Document" && e.frameId === frameId && e.loaderId) {
        this.#statusByLoader.set(e.loaderId, e.response.status);
      }
    });
    on("Page.lifecycleEvent", (e: Protocol.Page.LifecycleEventEvent) => {
      if (e.frameId !== frameId || e.loaderId === this.#oldLoader) return;
      const want = this.#wantLoad ? "load" : "DOMContentLoaded";
      if (e.name === want) {
        this.#finish({
          kind: "loaded",
          loaderId: e.loaderId,
          httpStatus: this.#statusByLoader.get(e.loaderId) ?? null,
        });
      }
    });
    on("Page.frameStoppedLoading", (e: Protocol.Page.FrameStoppedLoadingEvent) => {
      // A navigation that never committed (204, download, cancelled) ends here. Chromium
      // announces a download just after the frame stops loading, so give it a moment.
      if (e.frameId !== frameId || !this.requested || this.#committedLoader || this.#done) return;
      if (this.download) return this.#finish({ kind: "download" });
      this.#stopped = true;
      this.#stopTimer ??= setTimeout(
        () => this.#finish({ kind: "aborted", reason: "the navigation did not commit" }),
        DOWNLOAD_GRACE_MS,
      );
    });
    on("Page.downloadWillBegin", (e: Protocol.Page.DownloadWillBeginEvent) => {
      if (e.frameId === frameId) this.#downloadSeen();
    });
    on("Browser.downloadWillBegin", (e: { frameId: string }) => {
      if (e.frameId === frameId) this.#downloadSeen();
    });
  }

  /** Whether the frame committed another document than `oldLoader` since the watch began. */
  get committed(): boolean {
    return this.#committedLoader !== null;
  }

  #downloadSeen(): void {
    this.download = true;
    if (this.#stopped && !this.#committedLoader) this.#finish({ kind: "download" });
    for (const w of this.#onDownload.splice(0)) w();
  }

  /** Wait up to `ms` for a download event that may trail the answer that announced it. */
  downloadWithin(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.download) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (seen: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        resolve(seen);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#onDownload.push(() => done(true));
    });
  }

  /**
   * Read every event the frame's renderer sent before now. Chromium answers input commands on
   * another channel than the renderer's own events, so a navigation request made while the
   * input was handled may still be on its way when the input's answer arrives; one round trip
   * to the renderer brings it in.
   */
  async flush(signal: AbortSignal): Promise<void> {
    await this.#driver.send("Runtime.evaluate", { expression: "0", returnByValue: true }, signal).catch(
      () => {
        if (signal.aborted) throw signal.reason;
      },
    );
  }

  #finish(o: NavOutcome): void {
    clearTimeout(this.#stopTimer);
    if (this.#done) return;
    this.#done = o;
    for (const w of this.#waiters.splice(0)) w(o);
  }

  /** For `Page.navigate` answers: the loader to wait for, or a same-document navigation. */
  expectLoader(loaderId: string | undefined): void {
    this.requested = true;
    if (!loaderId) this.#finish({ kind: "same_document" });
  }

  /** Wait for the outcome within `signal`; a timeout is a PortholeError("timeout"). */
  settle(signal: AbortSignal): Promise<NavOutcome> {
    if (this.#done) return Promise.resolve(this.#done);
    return new Promise<NavOutcome>((resolve, reject) => {
      const onAbort = () =>
        reject(signal.reason ?? new PortholeError("timeout", "Navigation did not finish in time"));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push((o) => {
        signal.removeEventListener("abort", onAbort);
        resolve(o);
      });
    });
  }

  dispose(): void {
    clearTimeout(this.#stopTimer);
    for (const off of this.#off.splice(0)) off();
  }
}

/**
 * Navigate one frame and wait for what Chromium acknowledged. `onAcknowledged` runs once
 * Chromium answered the navigation command without an error: from then on the navigation
 * happened, and only its readiness is still awaited. `referrer` is the request's Referer.
 */
export async function navigateAndWait(
  driver: PageDriver,
  frame: FrameInfo,
  url: string,
  waitUntil: "domcontentloaded" | "load",
  signal: AbortSignal,
  onAcknowledged: () => void = () => {},
  referrer?: string,
): Promise<{ outcome: NavOutcome; committed: FrameInfo | null }> {
  const watch = new NavigationWatch(driver, frame.frameId, frame.loaderId, waitUntil);
  try {
    const r = await driver.send<Protocol.Page.NavigateResponse>("Page.navigate", {
      url,
      frameId: frame.frameId,
      // The client's referrer is sent as it was given, not trimmed by the default policy.
      ...referrer ? { referrer, referrerPolicy: "unsafeUrl" } : {},
    }, signal);
    if (r.errorText) {
      // A refused download answers ERR_ABORTED; its event may trail the answer slightly.
      if (!watch.download && /ERR_ABORTED/.test(r.errorText)) {
        await watch.downloadWithin(DOWNLOAD_GRACE_MS, signal);
      }
      if (watch.download) return { outcome: { kind: "download" }, committed: null };
      throw new PortholeError("navigation_failed", `The navigation failed: ${r.errorText}`, {
        details: { url: redactUrl(url), errorText: r.errorText },
      });
    }
    onAcknowledged();
    watch.expectLoader(r.loaderId);
    const outcome = await watch.settle(signal);
    const frames = await driver.frames(signal);
    return { outcome, committed: frames.find((f) => f.frameId === frame.frameId) ?? null };
  } finally {
    watch.dispose();
  }
}

/**
 * A read of the page's main document (an observation) across the page's own navigation: when the read failed
 * as `observation_failed` while the main frame went on to another document (a script's redirect, a reload,
 * a form the page submitted), the new document is read once it has loaded (DOMContentLoaded, within
 * `signal`), once. Any other failure, or one while the document stayed, is the read's own.
 */
export async function readAcrossNavigation<T>(
  driver: PageDriver,
  signal: AbortSignal,
  read: () => Promise<T>,
): Promise<T> {
  // Any document the main frame commits from now on is another one than the read began on.
  const watch = new NavigationWatch(driver, driver.targetId, "", "domcontentloaded");
  try {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof PortholeError) || err.code !== "observation_failed" || signal.aborted) throw err;
      if (!watch.requested && !watch.committed) throw err;
      const outcome = await watch.settle(signal).catch(() => null);
      if (outcome?.kind !== "loaded") throw err;
      return await read();
    }
  } finally {
    watch.dispose();
  }
}
