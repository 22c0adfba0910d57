/**
 * Waiting for what the browser acknowledged, never for time: DOMContentLoaded (or load) of the
 * acknowledged frame and loader, or a same-document navigation.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../protocol/errors.ts";
import type { PageDriver } from "../driver/page_driver.ts";

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

  constructor(driver: PageDriver, frameId: string, oldLoader: string, waitFor: "domcontentloaded" | "load") {
    this.#driver = driver;
    this.#frameId = frameId;
    this.#oldLoader = oldLoader;
    this.#wantLoad = waitFor === "load";
    // deno-lint-ignore no-explicit-any
    const on = (event: string, fn: (e: any) => void) => this.#off.push(driver.on(event, fn));
    on("Page.frameRequestedNavigation", (e: Protocol.Page.FrameRequestedNavigationEvent) => {
      if (e.frameId === frameId) this.requested = true;
    });
    on("Page.frameStartedNavigating", (e: { frameId: string }) => {
      if (e.frameId === frameId) this.requested = true;
    });
    on("Page.navigatedWithinDocument", (e: Protocol.Page.NavigatedWithinDocumentEvent) => {
      if (e.frameId === frameId && !this.#committedLoader) this.#finish({ kind: "same_document" });
    });
    on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
      if (e.frame.id === frameId && e.frame.loaderId !== this.#oldLoader) this.#committedLoader = e.frame.loaderId;
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
        this.#finish({ kind: "loaded", loaderId: e.loaderId, httpStatus: this.#statusByLoader.get(e.loaderId) ?? null });
      }
    });
    on("Page.frameStoppedLoading", (e: Protocol.Page.FrameStoppedLoadingEvent) => {
      // A navigation that never committed (204, download, cancelled) ends here.
      if (e.frameId === frameId && this.requested && !this.#committedLoader) {
        this.#finish(this.download ? { kind: "download" } : { kind: "aborted", reason: "the navigation did not commit" });
      }
    });
    on("Page.downloadWillBegin", (e: Protocol.Page.DownloadWillBeginEvent) => {
      if (e.frameId === frameId) this.download = true;
    });
    on("Browser.downloadWillBegin", (e: { frameId: string }) => {
      if (e.frameId === frameId) this.download = true;
    });
  }

  /** The loader committed by this navigation, once known. */
  get committedLoader(): string | null {
    return this.#committedLoader;
  }

  #finish(o: NavOutcome): void {
    if (this.#done) return;
    this.#done = o;
    for (const w of this.#waiters.splice(0)) w(o);
  }

  /** For `Page.navigate` answers: the loader to wait for, or a same-document navigation. */
  expectLoader(loaderId: string | undefined): void {
    this.requested = true;
    if (!loaderId) this.#finish({ kind: "same_document" });
  }

  /** Note a status seen before the watch knew the loader. */
  statusOf(loaderId: string): number | null {
    return this.#statusByLoader.get(loaderId) ?? null;
  }

  /** Wait for the outcome within `signal`; a timeout is a PortholeError("timeout"). */
  settle(signal: AbortSignal): Promise<NavOutcome> {
    if (this.#done) return Promise.resolve(this.#done);
    return new Promise<NavOutcome>((resolve, reject) => {
      const onAbort = () => reject(signal.reason ?? new PortholeError("timeout", "Navigation did not finish in time"));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push((o) => {
        signal.removeEventListener("abort", onAbort);
        resolve(o);
      });
    });
  }

  dispose(): void {
    for (const off of this.#off.splice(0)) off();
  }
}
