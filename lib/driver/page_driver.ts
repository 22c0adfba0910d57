/**
 * One page's own CDP session: typed sends with deadlines, frames, isolated worlds for
 * Porthole's in-page reads, and input. The only page-level door to puppeteer-core.
 */
import type { CDPSession, Page, Target } from "puppeteer-core";
import type { Protocol } from "devtools-protocol";
import { isBrowserGone, PortholeError } from "../protocol/errors.ts";
import { forgetWorld, worldSend } from "./page_functions.ts";

export type { CDPSession, Page, Target };

export interface FrameInfo {
  frameId: string;
  parentId: string | null;
  loaderId: string;
  url: string;
  securityOrigin: string;
}

/** Reject when `signal` aborts; the signal carries the reason (timeout, cancellation). */
export function raceSignal<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    // The call was already sent: its own failure (a target that closes later) is nobody's now.
    p.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const WORLD = "porthole";

/** The events after which a page's frame tree read before may no longer be its tree. */
const FRAME_EVENTS = [
  "Page.frameAttached",
  "Page.frameDetached",
  "Page.frameNavigated",
  "Page.navigatedWithinDocument",
  "Page.documentOpened",
  "Inspector.targetCrashed",
  "Inspector.targetReloadedAfterCrash",
];

/** The value a page-side call returned, or the page's exception as an error. */
function valueOf<T>(r: Protocol.Runtime.EvaluateResponse | Protocol.Runtime.CallFunctionOnResponse): T {
  if (r.exceptionDetails) {
    throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  }
  return r.result.value as T;
}

/** A remote object passed as an argument to `callOn`. */
export class RemoteRef {
  constructor(readonly objectId: string) {}
}

export class PageDriver {
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly targetId: string;
  #worlds = new Map<string, Promise<number>>();
  /** While the renderer is dead its commands would wait for an answer that never comes. */
  #crashed = false;
  /** Rejecters of the commands awaiting an answer, failed at once when the renderer dies. */
  #pending = new Set<(err: unknown) => void>();
  /** Counts the FRAME_EVENTS seen. */
  #frameEpoch = 0;
  /** The last frame tree read (of a page without inner frames) while none of the FRAME_EVENTS came after it. */
  #keptFrames: FrameInfo[] | null = null;

  private constructor(page: Page, cdp: CDPSession, targetId: string) {
    this.page = page;
    this.cdp = cdp;
    this.targetId = targetId;
  }

  static async attach(page: Page): Promise<PageDriver> {
    const cdp = await page.createCDPSession();
    // deno-lint-ignore no-explicit-any
    const targetId = (page.target() as any)._targetId as string;
    const driver = new PageDriver(page, cdp, targetId);
    await Promise.all([
      cdp.send("Page.enable"),
      cdp.send("Page.setLifecycleEventsEnabled", { enabled: true }),
      cdp.send("DOM.enable"),
      cdp.send("Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }),
      // Concurrent sessions share one browser: every page believes it has focus.
      cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true }),
      cdp.send("Inspector.enable"),
    ]);
    cdp.on("Inspector.targetCrashed", () => {
      driver.#crashed = true;
      for (const fail of driver.#pending) fail(crashedError());
      driver.#pending.clear();
    });
    cdp.on("Inspector.targetReloadedAfterCrash", () => (driver.#crashed = false));
    for (const event of FRAME_EVENTS) {
      // deno-lint-ignore no-explicit-any
      cdp.on(event as any, (e: unknown) => {
        driver.#frameEpoch++;
        driver.#keptFrames = null;
        // A new document in the main frame: the tree is that frame alone until a frame attaches (the
        // old document's frames went with it, the new one's attach after it committed). A document
        // restored from the back-forward cache comes back with its frames: its tree is read.
        const nav = event === "Page.frameNavigated" ? e as Protocol.Page.FrameNavigatedEvent : null;
        if (nav && !nav.frame.parentId && nav.type !== "BackForwardCacheRestore") {
          driver.#keptFrames = [frameInfo(nav.frame, null)];
        }
      });
    }
    cdp.on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
      // A document committed in the main frame is a live renderer's, whether or not the
      // "reloaded after crash" event came first (it can come after the recovery's navigation).
      if (!e.frame.parentId) driver.#crashed = false;
      for (const [key, world] of driver.#worlds) {
        if (!key.startsWith(`${e.frame.id}|`)) continue;
        driver.#worlds.delete(key);
        world.then((id) => forgetWorld(cdp, id), () => {});
      }
      // Porthole's world of a new main document is made as it commits, not when it is first needed:
      // it is ready by the time the document has loaded, and the act or observe waiting for that load
      // does not wait for the world behind the load's own work.
      if (!e.frame.parentId) driver.world(frameInfo(e.frame, null)).catch(() => {});
    });
    return driver;
  }

  // deno-lint-ignore no-explicit-any
  readonly #raw = (method: string, params: Record<string, unknown>) => (this.cdp.send as any)(method, params);

  get closed(): boolean {
    return this.page.isClosed() || this.cdp.detached;
  }

  // deno-lint-ignore no-explicit-any
  send<T = any>(method: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
    // A dead renderer answers nothing; only a navigation (which brings a fresh one) goes through.
    if (this.#crashed && method !== "Page.navigate") return Promise.reject(crashedError());
    const sent = raceSignal(worldSend(this.cdp, this.#raw, method, params) as Promise<T>, signal);
    if (method === "Page.navigate" || method === "Page.crash") return sent;
    let fail = (_: unknown) => {};
    const died = new Promise<never>((_, reject) => (fail = reject));
    this.#pending.add(fail);
    return Promise.race([sent, died]).finally(() => this.#pending.delete(fail));
  }

  /** The browser context the page lives in ("default" for the browser's own). */
  get contextId(): string {
    return this.page.browserContext().id ?? "default";
  }

  /** The page's current URL, as the browser reports it (not redacted). */
  url(): string {
    return this.page.url();
  }

  /** Send on the browser's root connection (browser-wide commands such as permission grants). */
  // deno-lint-ignore no-explicit-any
  sendToBrowser<T = any>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const root = this.cdp.connection();
    if (!root) {
      return Promise.reject(new PortholeError("browser_disconnected", "The browser connection is gone"));
    }
    // deno-lint-ignore no-explicit-any
    return (root.send as any)(method, params) as Promise<T>;
  }

  // deno-lint-ignore no-explicit-any
  on(event: string, handler: (e: any) => void): () => void {
    // deno-lint-ignore no-explicit-any
    this.cdp.on(event as any, handler);
    // deno-lint-ignore no-explicit-any
    return () => this.cdp.off(event as any, handler);
  }

  /** The page is known to be one frame (no frame inside it, in this process or another). */
  get alone(): boolean {
    return this.#keptFrames !== null && this.page.frames().length === 1;
  }

  /**
   * The page's own frame tree. For a page without inner frames, the last one read while no frame
   * event came since: the events come before any later answer of the renderer, so a kept tree is as
   * current as a read one (a round trip saved for every read after the first, in an act and across
   * acts that navigate nothing). A page with inner frames is always read anew: an inner frame's
   * document can change (its first load replacing the initial empty document) without an event the
   * kept copy would notice in time.
   */
  async frames(signal?: AbortSignal): Promise<FrameInfo[]> {
    if (this.#keptFrames) return this.#keptFrames.map((f) => ({ ...f }));
    const epoch = this.#frameEpoch;
    const { frameTree } = await this.send<Protocol.Page.GetFrameTreeResponse>(
      "Page.getFrameTree",
      {},
      signal,
    );
    const out: FrameInfo[] = [];
    const visit = (node: Protocol.Page.FrameTree, parentId: string | null) => {
      out.push(frameInfo(node.frame, parentId));
      for (const child of node.childFrames ?? []) visit(child, node.frame.id);
    };
    visit(frameTree, null);
    if (this.#frameEpoch === epoch && out.length === 1) this.#keptFrames = out.map((f) => ({ ...f }));
    return out;
  }

  /** An execution context of Porthole's own in `frameId`: page scripts cannot reach or patch it. */
  world(frame: FrameInfo, signal?: AbortSignal): Promise<number> {
    const key = `${frame.frameId}|${frame.loaderId}`;
    let ctx = this.#worlds.get(key);
    if (!ctx) {
      ctx = this.send<Protocol.Page.CreateIsolatedWorldResponse>("Page.createIsolatedWorld", {
        frameId: frame.frameId,
        worldName: WORLD,
        grantUniveralAccess: false,
      }).then((r) => r.executionContextId);
      ctx.catch(() => this.#worlds.delete(key));
      this.#worlds.set(key, ctx);
    }
    return raceSignal(ctx, signal);
  }

  /** Evaluate an expression in Porthole's world of a frame; returns the value. */
  async evaluate<T>(frame: FrameInfo, expression: string, signal?: AbortSignal): Promise<T> {
    const contextId = await this.world(frame, signal);
    return valueOf<T>(
      await this.send<Protocol.Runtime.EvaluateResponse>("Runtime.evaluate", {
        expression,
        contextId,
        returnByValue: true,
        awaitPromise: true,
      }, signal),
    );
  }

  /** Call a function (source text) in Porthole's world of a frame with value arguments; returns the value. */
  async callIn<T>(frame: FrameInfo, fn: string, args: unknown[] = [], signal?: AbortSignal): Promise<T> {
    const executionContextId = await this.world(frame, signal);
    return valueOf<T>(
      await this.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
        functionDeclaration: fn,
        executionContextId,
        arguments: args.map((value) => ({ value })),
        returnByValue: true,
        awaitPromise: true,
      }, signal),
    );
  }

  /** Resolve a backend node into Porthole's world; null when the node no longer exists. */
  async resolve(frame: FrameInfo, backendNodeId: number, signal?: AbortSignal): Promise<string | null> {
    const executionContextId = await this.world(frame, signal);
    try {
      const r = await this.send<Protocol.DOM.ResolveNodeResponse>(
        "DOM.resolveNode",
        { backendNodeId, executionContextId },
        signal,
      );
      return r.object.objectId ?? null;
    } catch (err) {
      if (signal?.aborted) throw err;
      return null;
    }
  }

  /**
   * Call a function with `this` bound to a remote object; returns the value. Arguments are
   * values, or `{ objectId }` wrapped in `remote()` for other remote objects.
   */
  async callOn<T>(objectId: string, fn: string, args: unknown[] = [], signal?: AbortSignal): Promise<T> {
    return valueOf<T>(
      await this.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
        objectId,
        functionDeclaration: fn,
        arguments: args.map((value) => value instanceof RemoteRef ? { objectId: value.objectId } : { value }),
        returnByValue: true,
        awaitPromise: true,
      }, signal),
    );
  }

  async release(objectId: string): Promise<void> {
    await this.send("Runtime.releaseObject", { objectId }).catch(() => {});
  }

  /** Let go of every remote object made in `objectGroup`, in one command. */
  async releaseGroup(objectGroup: string): Promise<void> {
    await this.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => {});
    await this.page.close({ runBeforeUnload: false }).catch(() => {});
  }
}

function frameInfo(frame: Protocol.Page.Frame, parentId: string | null): FrameInfo {
  return {
    frameId: frame.id,
    parentId,
    loaderId: frame.loaderId,
    url: frame.url + (frame.urlFragment ?? ""),
    securityOrigin: frame.securityOrigin,
  };
}

function crashedError(): PortholeError {
  return new PortholeError("page_unresponsive", "The page's renderer crashed", {
    details: { reason: "crashed" },
  });
}

/** Chromium's words for a call whose document went away under it (a navigation replaced it). */
const DOCUMENT_GONE =
  /Cannot find context with specified id|Execution context was destroyed|Cannot find default execution context|Inspected target navigated/i;

/** Map a CDP failure to a Porthole error, keeping PortholeErrors as they are. */
export function driverError(err: unknown, what: string): PortholeError {
  if (err instanceof PortholeError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  if (isBrowserGone(msg)) {
    return new PortholeError("browser_disconnected", `${what}: the page or browser went away`);
  }
  if (DOCUMENT_GONE.test(msg)) {
    return new PortholeError("observation_failed", `${what}: the page's document changed while it was read`, {
      recoveryHint: "Observe again",
    });
  }
  return new PortholeError("observation_failed", `${what}: ${msg}`);
}
