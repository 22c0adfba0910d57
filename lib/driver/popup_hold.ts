/**
 * Popups held before their first request. Puppeteer attaches to every new target with
 * waitForDebuggerOnStart and resumes it at once, from its own attach handler; its synchronous
 * target filter is the only moment before that resume. There, a page target that has an opener
 * gets request interception on its own session, written to the wire ahead of the resume, so
 * every request it makes waits for a decision: block (every request fails and the target
 * closes) or admit (its main-frame documents are judged here until the page's own guard is
 * installed and the hold released; its other requests go on).
 *
 * A renderer-started popup (window.open with an opener) waits on that alone. A browser-started
 * one (a noopener link) starts its navigation as soon as its tab is resumed, before its page
 * target attaches, so every new tab is also held, on a browser session of Porthole's own, until
 * its page had its interception. Nothing here ever waits on the opener's session.
 */
import type { Browser, CDPSession, Target } from "puppeteer-core";
import type { Protocol } from "devtools-protocol";

type Paused = Protocol.Fetch.RequestPausedEvent;

/**
 * A new page target with an opener, each of its requests paused until it is decided: the hold
 * as its receiver sees it, without the signals the popup hold itself waits on.
 */
export type HeldPopup = Omit<Hold, "armed" | "settled">;

class Hold {
  readonly targetId: string;
  readonly openerId: string;
  /** The frame that opened it; the opener's main frame has the opener's target id. */
  readonly openerFrameId: string | null;
  /** False for a popup opened with noopener (a target=_blank link, by default). */
  readonly canAccessOpener: boolean;
  readonly contextId: string;
  readonly target: Target;
  /** Settles once interception is on (or could not be turned on). */
  readonly armed: Promise<boolean>;
  /** Resolves once released or blocked. */
  readonly settled = Promise.withResolvers<void>();
  #session: CDPSession;
  #paused: Paused[] = [];
  #state: "held" | "released" | "blocked" = "held";
  #judge: ((url: string) => boolean) | null = null;
  #onBlocked: ((url: string) => void) | null = null;

  constructor(target: Target, info: Protocol.Target.TargetInfo, session: CDPSession) {
    this.target = target;
    this.targetId = info.targetId;
    this.openerId = info.openerId!;
    this.openerFrameId = info.openerFrameId ?? null;
    this.canAccessOpener = info.canAccessOpener;
    this.contextId = info.browserContextId ?? "default";
    this.#session = session;
    session.on("Fetch.requestPaused", this.#onPaused);
    // Sent synchronously, so it precedes puppeteer's Runtime.runIfWaitingForDebugger.
    this.armed = session.send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }] })
      .then(() => true, () => false);
  }

  get decided(): boolean {
    return this.#state !== "held";
  }

  #onPaused = (e: Paused) => {
    if (this.#state === "blocked") return this.#fail(e);
    if (this.#state === "released") return this.#continue(e);
    // Admitted: documents judged, the rest goes on. Not yet: everything waits.
    if (this.#judge) this.#decide(e, this.#judge);
    else this.#paused.push(e);
  };

  #decide(e: Paused, judge: (url: string) => boolean): void {
    if (!this.#isDocument(e) || judge(e.request.url)) return this.#continue(e);
    this.#fail(e);
    this.#onBlocked?.(e.request.url);
    this.block();
  }

  #isDocument(e: Paused): boolean {
    return e.resourceType === "Document" && e.frameId === this.targetId;
  }

  /**
   * Admit the popup: from now on each main-frame document request it makes is judged (false
   * blocks the popup), and its other requests go on. Until then every request waits.
   */
  admit(judge: (url: string) => boolean, onBlocked: (url: string) => void): void {
    if (this.#state !== "held") return;
    this.#judge = judge;
    this.#onBlocked = onBlocked;
    for (const e of this.#paused.splice(0)) if (this.#state === "held") this.#decide(e, judge);
  }

  /** Let the held requests go on; the page's own guard judges from now on. */
  release(): void {
    if (this.#state !== "held") return;
    this.#state = "released";
    this.settled.resolve();
    for (const e of this.#paused.splice(0)) this.#continue(e);
    this.#session.send("Fetch.disable").catch(() => {});
  }

  /** Fail every request of the popup and close it. */
  async block(): Promise<void> {
    if (this.#state === "blocked") return;
    this.#state = "blocked";
    this.settled.resolve();
    for (const e of this.#paused.splice(0)) this.#fail(e);
    // Closed after puppeteer resumed it: a target closed while paused can stall its opener.
    await this.#session.connection()?.send("Target.closeTarget", { targetId: this.targetId })
      .catch(() => {});
  }

  #continue(e: Paused): void {
    this.#session.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
  }
  #fail(e: Paused): void {
    this.#session.send("Fetch.failRequest", { requestId: e.requestId, errorReason: "BlockedByClient" })
      .catch(() => {});
  }
}

/** How long a new tab is held for its page target to attach before it is closed instead. */
const TAB_HOLD_MS = 5000;

/**
 * The popup hold of one browser connection: `filter` goes to puppeteer.connect, `start` runs
 * once the browser is up, `dispatch` receives each held popup.
 */
export class PopupHold {
  #dispatch: (held: HeldPopup) => void;
  #holds = new Map<string, Hold>();
  /** Tabs waiting for their page's hold, by page target id. */
  #waiting = new Map<string, (hold: Hold | null) => void>();

  constructor(dispatch: (held: HeldPopup) => void) {
    this.#dispatch = dispatch;
  }

  /** puppeteer's targetFilter: it runs before the target is resumed. */
  readonly filter = (target: Target): boolean => {
    // deno-lint-ignore no-explicit-any
    const t = target as any;
    const info = t._getTargetInfo?.() as Protocol.Target.TargetInfo | undefined;
    const session = t._session?.() as CDPSession | undefined;
    if (info?.type !== "page" || !info.openerId || !session || this.#holds.has(info.targetId)) return true;
    const hold = new Hold(target, info, session);
    this.#holds.set(info.targetId, hold);
    // Kept a while after it is decided: the tab's side may learn of the page later.
    hold.settled.promise.then(() => {
      Deno.unrefTimer(setTimeout(() => this.#holds.delete(info.targetId), 2 * TAB_HOLD_MS));
    });
    hold.armed.then(() => this.#waiting.get(info.targetId)?.(hold));
    queueMicrotask(() => this.#dispatch(hold));
    return true;
  };

  /** Hold every new tab of the browser until its page target is armed (see above). */
  async start(browser: Browser): Promise<CDPSession> {
    const root = await browser.target().createCDPSession();
    root.on("Target.attachedToTarget", (e: Protocol.Target.AttachedToTargetEvent) => this.#onTab(root, e));
    await root.send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: "tab" }, { exclude: true }],
    });
    return root;
  }

  #onTab(root: CDPSession, e: Protocol.Target.AttachedToTargetEvent): void {
    const tab = root.connection()?.session(e.sessionId);
    if (!tab) return;
    const detach = () => root.send("Target.detachFromTarget", { sessionId: e.sessionId }).catch(() => {});
    if (!e.waitingForDebugger) {
      detach();
      return;
    }
    const resume = () => tab.send("Runtime.runIfWaitingForDebugger").catch(() => {}).then(detach);
    tab.on("Target.attachedToTarget", (p: Protocol.Target.AttachedToTargetEvent) => {
      const page = p.targetInfo;
      tab.send("Target.detachFromTarget", { sessionId: p.sessionId }).catch(() => {});
      if (page.type !== "page") return;
      if (!page.openerId) return void resume(); // one of Porthole's own pages
      const ready = (hold: Hold | null) => {
        this.#waiting.delete(page.targetId);
        clearTimeout(timer);
        if (hold) resume();
        else root.send("Target.closeTarget", { targetId: page.targetId }).catch(() => {}).then(detach);
      };
      const timer = setTimeout(() => ready(null), TAB_HOLD_MS);
      const known = this.#holds.get(page.targetId);
      if (known) known.armed.then(() => ready(known));
      else this.#waiting.set(page.targetId, ready);
    });
    tab.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true })
      .catch(() => resume());
  }

  /** Forget every hold (the browser is closing or gone). */
  stop(): void {
    this.#holds.clear();
    this.#waiting.clear();
  }
}
