/**
 * One session: an isolated temporary browser context, its pages, its one current state, and
 * the FIFO gate every operation passes through.
 */
import type { ContextLease } from "../driver/pool.ts";
import type { LeasePool } from "../driver/pool.ts";
import { driverError, type FrameInfo, type Page, PageDriver } from "../driver/page_driver.ts";
import { type ErrorCode, PortholeError } from "../protocol/errors.ts";
import type { CreateSessionInput, NavigateInput, ObserveInput } from "../protocol/schemas.ts";
import type { DialogView, NavigateResult, Observation, PageView, SessionView } from "../protocol/types.ts";
import { newId } from "../protocol/validate.ts";
import { canonicalOrigin, checkScheme, originAllowed, redactUrl } from "../policy/url.ts";
import type { Limits } from "../config.ts";
import { captureFrame, RefBook } from "./capture.ts";
import { LISTENER_RECORDER } from "../snapshot/listeners.ts";
import { deadline, effectiveTimeout } from "./deadline.ts";
import { FifoGate } from "./gate.ts";
import { navigateAndWait, type NavOutcome } from "./navigation.ts";
import { StateAuthority, type StateRecord } from "./states.ts";
import { BlockedEffects } from "./effects.ts";
import { installGuard } from "./page_guard.ts";
import { watchPage } from "./page_watch.ts";
import { popupCreated } from "./popups.ts";
import type { ApprovalDesk } from "./approvals.ts";
import type { ApprovalRule } from "../policy/approval_rules.ts";
import type { SecretStore } from "../policy/secrets.ts";
import { Diagnostics } from "./diagnostics.ts";
import { type EventMap, EventStream, type EventType, makeEvent, type PortholeEvent } from "../events/bus.ts";
import { ArtifactStore } from "../artifacts/store.ts";

export interface PageRecord {
  pageId: string;
  driver: PageDriver;
  generation: number;
  /** The origin `navigate` authorised for this page; null until one commits. */
  authorizedOrigin: string | null;
  refs: RefBook;
  title: string;
  diag: Diagnostics;
  /** Requests in flight, and when the network last changed: for `wait {loadState:"networkidle"}`. */
  inflight: number;
  networkChangedAt: number;
  /** Effects the policy blocked, for the action that caused them. */
  blocked: BlockedEffects;
  /**
   * The navigation Porthole itself is making, if any: its URL (without fragment) and the guard's
   * ids of its request and redirect hops. Only these may leave the page's authorised origin.
   */
  navigating: { url: string; hops: Set<string> } | null;
  /** Where Porthole last left the mouse (viewport coordinates), when known. */
  mouse: { x: number; y: number } | null;
}

export interface SessionDeps {
  pool: LeasePool;
  limits: Limits;
  idleMs: number;
  /** Addresses of the sidecar itself, which no page may reach. */
  isSelf: (url: URL) => boolean;
  /** The operator's approval rules, the desk that waits for decisions, and named secrets. */
  approvalRules?: readonly ApprovalRule[];
  approvals?: ApprovalDesk;
  secrets?: SecretStore;
  /** Every event of every session also goes here (GET /v1/events). */
  publish?: (ev: PortholeEvent) => void;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

export class Session {
  readonly id: string;
  readonly createdAt = new Date();
  readonly options: CreateSessionInput;
  readonly gate: FifoGate;
  readonly states = new StateAuthority();
  readonly pages = new Map<string, PageRecord>();
  readonly deps: SessionDeps;
  readonly events = new EventStream();
  readonly artifacts: ArtifactStore;
  activePageId: string | null = null;
  lastUsed = Date.now();
  /** Dialogs answered since the running operation began. */
  dialogs: DialogView[] = [];
  #lease: ContextLease | null = null;
  #lostBrowser = false;
  #staleNoticed: string | null = null;
  /** openPage calls under way: their new targets are not popups. */
  #creatingPages = 0;
  #disposed = false;
  #life = new AbortController();

  constructor(options: CreateSessionInput, deps: SessionDeps) {
    this.id = newId("s");
    this.options = options;
    this.deps = deps;
    this.gate = new FifoGate(deps.limits.maxQueuedOps);
    this.artifacts = new ArtifactStore(`/v1/sessions/${this.id}/artifacts`);
  }

  /** Text with every configured secret value replaced (for anything a page can write into). */
  scrub(text: string): string {
    return this.deps.secrets?.scrub(text) ?? text;
  }

  /** Publish an event of this session (SSE). */
  emit<T extends EventType>(type: T, data: EventMap[T]): void {
    const ev = makeEvent(this.id, type, data);
    this.events.publish(ev);
    this.deps.publish?.(ev);
  }

  /**
   * Tell readers that the current state stopped being actionable (navigation, page closed), so an
   * agent learns it before it acts. The state itself stays current: acting on it reports exactly
   * what changed (document_changed, target_changed), and consumes it.
   */
  staleNotice(reason: string, predicate: (s: StateRecord) => boolean = () => true): void {
    const current = this.states.current;
    if (!current || !predicate(current) || this.#staleNoticed === current.stateId) return;
    this.#staleNoticed = current.stateId;
    this.emit("state.stale", { stateId: current.stateId, reason });
  }

  /** Drop the current state (browser gone, session closed). */
  #dropState(reason: string): void {
    const current = this.states.current;
    // Reset, disconnect and disposal: the current state and every diff base are gone.
    if (this.states.clear() && current) {
      if (this.#staleNoticed !== current.stateId) {
        this.emit("state.stale", { stateId: current.stateId, reason });
      }
    }
  }

  get disposed(): boolean {
    return this.#disposed;
  }
  get signal(): AbortSignal {
    return this.#life.signal;
  }
  get expiresAt(): Date {
    return new Date(this.lastUsed + this.deps.idleMs);
  }

  /** Run an operation through the FIFO gate. */
  run<T>(clientSignal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#disposed) throw new PortholeError("session_disposed", `Session ${this.id} is closed`);
    this.lastUsed = Date.now();
    const signal = clientSignal ? AbortSignal.any([clientSignal, this.#life.signal]) : this.#life.signal;
    return this.gate.run(async () => {
      this.lastUsed = Date.now();
      try {
        return await fn(signal);
      } finally {
        this.lastUsed = Date.now();
      }
    }, signal);
  }

  view(): SessionView {
    return {
      sessionId: this.id,
      createdAt: this.createdAt.toISOString(),
      expiresAt: this.expiresAt.toISOString(),
      pages: this.pageViews(),
      activePageId: this.activePageId,
      limits: {
        maxPages: this.deps.limits.maxPages,
        maxQueuedOps: this.deps.limits.maxQueuedOps,
        snapshotMaxBytes: this.deps.limits.snapshotMaxBytes,
        idleMs: this.deps.idleMs,
      },
    };
  }

  pageViews(): PageView[] {
    return [...this.pages.values()].map((p) => this.pageView(p));
  }

  pageView(p: PageRecord): PageView {
    const url = p.driver.closed ? "about:blank" : p.driver.page.url();
    return {
      pageId: p.pageId,
      url: redactUrl(url),
      title: p.title,
      origin: canonicalOrigin(url),
      active: p.pageId === this.activePageId,
      generation: p.generation,
    };
  }

  // ---- browser lifecycle -------------------------------------------------------------

  /** The browser went away: every page and state of this session is gone with it. */
  browserLost(): void {
    if (!this.#lease) return;
    this.#lease = null;
    this.#lostBrowser = true;
    this.pages.clear();
    this.activePageId = null;
    this.#dropState("the browser disconnected");
    this.emit("session.reset", { reason: "the browser disconnected" });
  }

  /** Fail with 503 when the browser this session used has gone (for operations that never recover). */
  assertBrowser(): void {
    if (this.#lostBrowser) {
      throw new PortholeError(
        "browser_disconnected",
        "The browser disconnected; navigate or observe to start it again",
      );
    }
  }

  async #ensureLease(): Promise<ContextLease> {
    const pool = this.deps.pool;
    if (this.#lease && this.#lease.generation === pool.generation) return this.#lease;
    if (this.#lease) this.browserLost();
    const lease = await pool.acquire();
    if (this.#disposed) {
      await lease.release();
      throw new PortholeError("session_disposed", `Session ${this.id} is closed`);
    }
    this.#lease = lease;
    this.#lostBrowser = false;
    lease.context.on("targetcreated", (target) => {
      popupCreated(this, target, this.#creatingPages > 0).catch(() => {});
    });
    return lease;
  }

  // ---- pages ------------------------------------------------------------------------

  /** Open a new about:blank page and make it active. Recovers a lost browser. */
  async openPage(signal?: AbortSignal): Promise<PageRecord> {
    this.#checkPageLimit();
    const lease = await this.#ensureLease();
    let page: Page;
    this.#creatingPages++;
    try {
      page = await lease.context.newPage();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw driverError(err, "Cannot open a page");
    } finally {
      // Let the context's targetcreated handler see this page as Porthole's own first.
      setTimeout(() => this.#creatingPages--, 0);
    }
    const rec = await this.preparePage(page, lease, signal);
    this.registerPage(rec, { activate: true });
    return rec;
  }

  #checkPageLimit(): void {
    if (this.pages.size >= this.deps.limits.maxPages) {
      throw new PortholeError("page_limit", `This session already has ${this.pages.size} pages`, {
        retryAfterMs: 1000,
        recoveryHint: "Close a page of this session first",
      });
    }
  }

  /** Attach Porthole to a page of this session's context: emulation, watchers, the route guard. */
  async preparePage(page: Page, lease: ContextLease, signal?: AbortSignal): Promise<PageRecord> {
    let driver: PageDriver;
    try {
      driver = await PageDriver.attach(page);
      const vp = this.options.viewport ?? DEFAULT_VIEWPORT;
      await Promise.all([
        driver.send("Emulation.setDeviceMetricsOverride", { ...vp, deviceScaleFactor: 1, mobile: false }),
        // Which elements get click listeners, for the snapshot's refs (see snapshot/listeners.ts).
        driver.send("Page.addScriptToEvaluateOnNewDocument", {
          source: LISTENER_RECORDER,
          runImmediately: true,
        }),
        // A locale also sets navigator.language and Accept-Language, which only the UA override carries.
        this.options.userAgent || this.options.locale
          ? driver.send("Emulation.setUserAgentOverride", {
            userAgent: this.options.userAgent ?? await lease.browser.userAgent(),
            acceptLanguage: this.options.locale,
          })
          : null,
        this.options.locale
          ? driver.send("Emulation.setLocaleOverride", { locale: this.options.locale })
          : null,
        this.options.timezoneId
          ? driver.send("Emulation.setTimezoneOverride", { timezoneId: this.options.timezoneId }).catch(
            () => {
              throw new PortholeError("invalid_params", `Unknown timezoneId ${this.options.timezoneId}`, {
                details: { field: "timezoneId" },
              });
            },
          )
          : null,
      ]);
    } catch (err) {
      await page.close({ runBeforeUnload: false }).catch(() => {});
      if (signal?.aborted) throw signal.reason;
      throw driverError(err, "Cannot open a page");
    }
    const rec: PageRecord = {
      pageId: newId("p"),
      driver,
      generation: lease.generation,
      authorizedOrigin: null,
      refs: new RefBook(),
      title: "",
      diag: new Diagnostics(),
      inflight: 0,
      networkChangedAt: Date.now(),
      blocked: new BlockedEffects(),
      navigating: null,
      mouse: null,
    };
    watchPage(this, rec, () => this.#forgetPage(rec.pageId));
    try {
      await installGuard(this, rec);
    } catch (err) {
      await driver.close();
      throw driverError(err, "Cannot open a page");
    }
    return rec;
  }

  /** Make a prepared page one of the session's pages. */
  registerPage(rec: PageRecord, how: { activate: boolean; opener?: string }): void {
    this.pages.set(rec.pageId, rec);
    if (how.activate) this.activePageId = rec.pageId;
    const url = rec.driver.closed ? "about:blank" : redactUrl(rec.driver.page.url());
    this.emit(
      "page.opened",
      how.opener ? { pageId: rec.pageId, url, opener: how.opener } : { pageId: rec.pageId, url },
    );
  }

  /** Whether another page fits under the page limit (popups are refused past it). */
  get pageRoom(): boolean {
    return this.pages.size < this.deps.limits.maxPages;
  }

  /** The live context lease, if the browser is up. */
  get lease(): ContextLease | null {
    return this.#lease;
  }

  #forgetPage(pageId: string): void {
    if (!this.pages.delete(pageId)) return;
    this.staleNotice("the page was closed", (s) => s.pageId === pageId);
    this.states.forgetPage(pageId);
    if (this.activePageId === pageId) this.activePageId = [...this.pages.keys()].at(-1) ?? null;
    this.emit("page.closed", { pageId });
  }

  /** The page an operation names, or the active page. Never recovers. */
  page(pageId?: string): PageRecord {
    this.assertBrowser();
    const id = pageId ?? this.activePageId;
    const rec = id ? this.pages.get(id) : undefined;
    if (!rec || rec.driver.closed) {
      throw new PortholeError(
        "page_not_found",
        pageId
          ? `Page ${pageId} does not exist in session ${this.id}`
          : `Session ${this.id} has no page open`,
        { recoveryHint: "Open a page (POST .../pages) or navigate first" },
      );
    }
    return rec;
  }

  /** Like `page`, but navigate/observe may open a page when the session has none (or lost its browser). */
  async pageOrOpen(pageId: string | undefined, signal?: AbortSignal): Promise<PageRecord> {
    if (pageId) return this.page(pageId);
    if (this.#lostBrowser || this.activePageId === null) return await this.openPage(signal);
    return this.page();
  }

  activate(pageId: string): PageRecord {
    const rec = this.page(pageId);
    if (this.activePageId !== rec.pageId) {
      this.activePageId = rec.pageId;
      this.emit("page.activated", { pageId: rec.pageId });
    }
    return rec;
  }

  async closePage(pageId: string): Promise<void> {
    const rec = this.page(pageId);
    this.#forgetPage(rec.pageId);
    await rec.driver.close();
  }

  // ---- navigate ----------------------------------------------------------------------

  /** Refuse destinations no page may reach, before anything is sent. */
  checkDestination(url: string, allowed = this.options.allowedOrigins): URL | null {
    const verdict = checkScheme(url);
    if (verdict === "about_blank") return null;
    if (verdict === "refused") {
      let scheme = "";
      try {
        scheme = new URL(url).protocol;
      } catch {
        throw new PortholeError("invalid_params", `url must be an absolute URL, got "${url.slice(0, 200)}"`, {
          details: { field: "url" },
        });
      }
      throw new PortholeError(
        "scheme_not_allowed",
        `The scheme ${scheme} is not allowed (only http, https, about:blank)`,
        {
          details: { scheme },
        },
      );
    }
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (
      this.deps.isSelf(parsed) || /^169\.254\./.test(host) || /^fe80:/i.test(host) ||
      host === "metadata.google.internal" || host === "fd00:ec2::254"
    ) {
      throw new PortholeError("address_not_allowed", `Navigation to ${redactUrl(url)} is not allowed`, {
        details: { host },
      });
    }
    const origin = canonicalOrigin(url);
    if (!originAllowed(origin, allowed)) {
      throw new PortholeError(
        "origin_not_allowed",
        `The origin ${origin} is not in this session's allowedOrigins`,
        {
          details: { origin },
        },
      );
    }
    return parsed;
  }

  /**
   * A navigation Porthole itself makes: while it runs, the page's guard lets its document
   * requests leave the authorised origin (within the session's allowedOrigins and the network
   * guard). A hop the guard refused is reported with the guard's own reason.
   */
  async navigateFrame(
    rec: PageRecord,
    frame: FrameInfo,
    url: string,
    waitUntil: "domcontentloaded" | "load",
    signal: AbortSignal,
    onAcknowledged?: () => void,
  ): Promise<{ outcome: NavOutcome; committed: FrameInfo | null }> {
    this.ownNavigation(rec, url);
    rec.blocked.clear();
    try {
      return await navigateAndWait(rec.driver, frame, url, waitUntil, signal, onAcknowledged);
    } catch (err) {
      const refused = rec.blocked.first();
      const cause = refused?.extras.details?.cause as ErrorCode | undefined;
      if (refused && cause) {
        throw new PortholeError(cause, refused.message, { details: refused.extras.details });
      }
      throw err;
    } finally {
      rec.navigating = null;
    }
  }

  /**
   * Tell the page's guard that Porthole itself is about to navigate it to `url` (navigate,
   * reload, history): that request and its redirect hops may leave the authorised origin.
   * Cleared with `rec.navigating = null`.
   */
  ownNavigation(rec: PageRecord, url: string): void {
    let target = url;
    try {
      const u = new URL(url);
      u.hash = "";
      target = u.href;
    } catch { /* about:blank and the like make no request */ }
    rec.navigating = { url: target, hops: new Set() };
  }

  /** After a top-level commit: authorise its origin if allowed, else leave it and refuse. */
  async authorizeCommit(rec: PageRecord, committed: FrameInfo | null): Promise<void> {
    if (!committed || committed.parentId !== null) return;
    const origin = canonicalOrigin(committed.url);
    if (committed.url === "about:blank" || origin === "null") {
      rec.authorizedOrigin = null;
      return;
    }
    if (!originAllowed(origin, this.options.allowedOrigins)) {
      rec.authorizedOrigin = null;
      await rec.driver.send("Page.navigate", { url: "about:blank" }).catch(() => {});
      throw new PortholeError(
        "origin_not_allowed",
        `The navigation committed on ${origin}, which is not allowed`,
        {
          details: { origin },
        },
      );
    }
    rec.authorizedOrigin = origin;
  }

  async navigate(input: NavigateInput, signal: AbortSignal): Promise<NavigateResult> {
    const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
    try {
      this.checkDestination(input.url);
      const rec = await this.pageOrOpen(input.pageId, dl.signal);
      this.activate(rec.pageId);
      const main = (await rec.driver.frames(dl.signal)).find((f) => f.parentId === null)!;
      const previousOrigin = rec.authorizedOrigin;
      let result;
      try {
        result = await this.navigateFrame(
          rec,
          main,
          input.url,
          input.waitUntil ?? "domcontentloaded",
          dl.signal,
        );
      } catch (err) {
        // The old authorisation survives only while the page still shows that origin.
        const now = await rec.driver.frames().catch(() => []);
        const top = now.find((f) => f.parentId === null);
        if (!top || canonicalOrigin(top.url) !== previousOrigin) rec.authorizedOrigin = null;
        throw err;
      }
      const { outcome, committed } = result;
      // The network guard answers a refused plain-HTTP destination itself (403): that is not the page.
      const refused = outcome.kind === "loaded" && outcome.httpStatus === 403
        ? this.deps.pool.guard?.recentlyRefused(new URL(input.url).hostname)
        : null;
      if (refused) {
        await rec.driver.send("Page.navigate", { url: "about:blank" }).catch(() => {});
        rec.authorizedOrigin = null;
        throw new PortholeError(
          "address_not_allowed",
          `Navigation to ${redactUrl(input.url)} was refused: ${refused}`,
        );
      }
      if (outcome.kind === "aborted") {
        throw new PortholeError("navigation_failed", `Navigation to ${redactUrl(input.url)} did not commit`);
      }
      await this.authorizeCommit(rec, committed);
      const res: NavigateResult = {
        pageId: rec.pageId,
        url: redactUrl(committed?.url ?? input.url),
        httpStatus: outcome.kind === "loaded" ? outcome.httpStatus : null,
        navigation: outcome.kind === "download"
          ? "download_blocked"
          : outcome.kind === "same_document"
          ? "same_document"
          : "committed",
      };
      if (input.observe) {
        const opts = typeof input.observe === "object" ? input.observe : {};
        res.state = await this.#observeWith(rec, opts, dl.signal);
      }
      return res;
    } catch (err) {
      throw driverError(
        dl.signal.aborted && !(err instanceof PortholeError) ? dl.signal.reason : err,
        "Navigation failed",
      );
    } finally {
      dl.dispose();
    }
  }

  // ---- observe -----------------------------------------------------------------------

  async observe(input: ObserveInput, signal: AbortSignal): Promise<Observation> {
    const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
    try {
      const rec = await this.pageOrOpen(input.pageId, dl.signal);
      return await this.#observeWith(rec, input, dl.signal);
    } finally {
      dl.dispose();
    }
  }

  async #observeWith(
    rec: PageRecord,
    input: Omit<ObserveInput, "pageId" | "timeoutMs">,
    signal: AbortSignal,
  ) {
    // A diff base whose page was closed or reset since is no base any more.
    const base = input.since ? this.states.base(input.since) : null;
    const { state, observation, isMain } = await captureFrame(rec, {
      frameId: input.frameId,
      maxDepth: input.maxDepth ?? 12,
      maxBytes: this.deps.limits.snapshotMaxBytes,
      tier: input.tier ?? "full",
      since: input.since === undefined
        ? undefined
        : { stateId: input.since, base: base && this.pages.get(base.pageId) === rec ? base : null },
    }, signal);
    // A page may echo a secret it was given into its own text: no observation carries it.
    const secrets = this.deps.secrets;
    if (secrets?.names.length) {
      observation.tree = secrets.scrub(observation.tree);
      observation.title = secrets.scrub(observation.title);
      if (observation.changes) {
        const c = observation.changes as Record<string, unknown>;
        for (const k of Object.keys(c)) c[k] = JSON.parse(secrets.scrub(JSON.stringify(c[k])));
      }
    }
    if (isMain) rec.title = observation.title;
    this.states.publish(state);
    return observation;
  }

  /**
   * Capture a fresh observation of a frame and make it the current state (after an action),
   * in the tier and depth of the state acted on when given.
   */
  async captureFresh(
    rec: PageRecord,
    frameId: string,
    signal: AbortSignal,
    like?: { tier?: ObserveInput["tier"]; maxDepth?: number },
  ): Promise<Observation> {
    return await this.#observeWith(rec, { frameId, tier: like?.tier, maxDepth: like?.maxDepth }, signal);
  }

  // ---- disposal ----------------------------------------------------------------------

  /** Cancel queued and running work, then release the context. */
  async dispose(reason = "The session was closed"): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    const err = new PortholeError("session_disposed", reason);
    this.gate.close(err);
    this.#life.abort(err);
    this.#dropState(reason);
    const lease = this.#lease;
    this.#lease = null;
    this.pages.clear();
    this.activePageId = null;
    this.artifacts.clear();
    this.emit("session.closed", { reason });
    this.events.close();
    await lease?.release();
  }
}
