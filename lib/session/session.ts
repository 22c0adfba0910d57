/**
 * One session: an isolated temporary browser context, its pages, its one current state, and
 * the FIFO gate every operation passes through. The parts live beside it (pages.ts,
 * page_setup.ts, nav_authority.ts, navigate.ts, observation.ts); this class composes them with
 * the gate, the states, the events and the browser lifecycle, and keeps the members every door
 * calls.
 */
import type { ContextLease, LeasePool } from "../driver/pool.ts";
import type { FrameInfo, Page } from "../driver/page_driver.ts";
import { PortholeError } from "../protocol/errors.ts";
import type { CreateSessionInput, FindInput, NavigateInput, ObserveInput } from "../protocol/schemas.ts";
import type { DialogView, NavigateResult, Observation, PageView, SessionView } from "../protocol/types.ts";
import type { SessionEmulation } from "./page/emulation.ts";
import { newId } from "../protocol/validate.ts";
import type { Limits } from "../config.ts";
import type { ApprovalRule } from "../policy/approval_rules.ts";
import type { SecretStore } from "../policy/secrets.ts";
import { type EventMap, EventStream, type EventType, makeEvent, type PortholeEvent } from "../events/bus.ts";
import { ArtifactStore } from "../artifacts/store.ts";
import { deadline, effectiveTimeout } from "./core/deadline.ts";
import { FifoGate } from "./core/gate.ts";
import { StateAuthority, type StateRecord } from "./core/states.ts";
import { popupCreated, popupHeld } from "./page/popups.ts";
import type { ApprovalDesk } from "./act/approvals.ts";
import type { PageRecord } from "./core/page_record.ts";
import { PageSet } from "./page/pages.ts";
import { preparePage } from "./page/setup.ts";
import * as authority from "./page/nav_authority.ts";
import { navigate, type NavigateHost } from "./page/navigate.ts";
import { readAcrossNavigation } from "./page/navigation.ts";
import { type ObserveOptions, observePage } from "./observe/observation.ts";
import { wholeWalkOptions } from "./observe/capture.ts";
import type { FreshLike, Prewalk } from "./core/hosts.ts";
import { Journal } from "./core/journal.ts";
import { ObservationBudget } from "./core/budget.ts";
import { redactUrl } from "../policy/url.ts";
import type { SinceBase } from "../protocol/minimal.ts";
import { findInPage } from "./observe/find.ts";
import type { FindResult } from "../protocol/types.ts";
import { type HarIndex, HarRecorder, HarReplayer, type NetworkTape } from "./page/har.ts";
import { Recorder } from "./watch/recording.ts";
import { log } from "../log.ts";

export type { PageRecord };

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
  /** Origins the operator lets a page open popups to (--allow-popup-origin). */
  popupOrigins?: readonly string[];
  /** Where downloads go: refused (default), or into the session's artifact store. */
  downloads?: "blocked" | "artifacts";
  /** Every event of every session also goes here (GET /v1/events). */
  publish?: (ev: PortholeEvent) => void;
  /** Where the session's routes live: `/v1/sessions` (agent) or `/v1/test-browser/sessions`. */
  routeBase?: string;
  /** The operator's limit on the observation bytes a session is given (--session-budget). */
  budgetBytes?: number | null;
  /** Called once the session closed, to keep its journal for a while (--journal-keep). */
  keepJournal?: (journal: Journal) => Promise<void>;
  /** Record every session (--record), not only those created with `record: true`. */
  record?: boolean;
  /**
   * The operator's network record or replay (--har-record DIR, --har-replay FILE): the HAR is
   * written to `recordDir` when the session closes; `replay` answers every request (and wins).
   */
  har?: { recordDir?: string; replay?: HarIndex; notFound?: "abort" | "fallthrough-denied" };
}

export class Session {
  readonly id: string;
  readonly createdAt = new Date();
  readonly options: CreateSessionInput;
  readonly gate: FifoGate;
  readonly states = new StateAuthority();
  readonly deps: SessionDeps;
  readonly events = new EventStream();
  readonly artifacts: ArtifactStore;
  /** The append-only, hash-chained record of what was done in the session. */
  readonly journal: Journal;
  /** The observation bytes the session was given, against --session-budget. */
  readonly budget: ObservationBudget;
  /** Approvals asked for and not yet decided: what the journal says of their decision. */
  #asked = new Map<string, { action: string; origin: string }>();
  /** What the session's pages look like: from the options at creation, changed by `emulate`. */
  readonly emulation: SessionEmulation;
  /** The session's recording, when it is recorded (`record: true` or --record). */
  readonly recorder: Recorder | null;
  /** The operator's network record or replay, which the guard of every page hands its requests to. */
  readonly tape: NetworkTape | null;
  lastUsed = Date.now();
  /** plan: only read-only operations run (ops/define.ts); the operator's client changes it. */
  mode: "execute" | "plan";
  /** Dialogs answered since the running operation began. */
  dialogs: DialogView[] = [];
  #pages: PageSet;
  #lease: ContextLease | null = null;
  #lostBrowser = false;
  #staleNoticed: string | null = null;
  #disposed = false;
  #life = new AbortController();
  /** Aborted when the browser or a page's renderer goes away, then replaced: the operation under way ends at once. */
  #browserLife = new AbortController();
  #navHost: NavigateHost;

  constructor(options: CreateSessionInput, deps: SessionDeps) {
    this.id = newId("s");
    this.options = options;
    this.mode = options.mode ?? "execute";
    this.emulation = initialEmulation(options);
    this.deps = deps;
    this.gate = new FifoGate(deps.limits.maxQueuedOps);
    this.artifacts = new ArtifactStore(`${deps.routeBase ?? "/v1/sessions"}/${this.id}/artifacts`);
    this.journal = new Journal(this.id);
    this.budget = new ObservationBudget(deps.budgetBytes ?? null);
    this.recorder = options.record || deps.record
      ? new Recorder(this, this.artifacts.limits.maxItemBytes)
      : null;
    this.tape = deps.har?.replay
      ? new HarReplayer(deps.har.replay, deps.har.notFound ?? "abort")
      : deps.har?.recordDir
      ? new HarRecorder((text) => this.scrub(text))
      : null;
    this.#pages = new PageSet({
      id: this.id,
      maxPages: deps.limits.maxPages,
      hasLostBrowser: () => this.#lostBrowser,
      emit: (type, data) => this.emit(type, data),
      assertBrowser: () => this.assertBrowser(),
      ensureLease: () => this.#ensureLease(),
      preparePage: (page, lease, signal) => this.preparePage(page, lease, signal),
      pageGone: (pageId) => {
        this.staleNotice("the page was closed", (s) => s.pageId === pageId);
        this.states.forgetPage(pageId);
      },
    });
    this.#navHost = {
      get guard() {
        return deps.pool.guard;
      },
      emit: (type, data) => this.emit(type, data),
      checkDestination: (url) => this.checkDestination(url),
      pageOrOpen: (pageId, signal) => this.pageOrOpen(pageId, signal),
      activate: (pageId) => this.activate(pageId),
      authorizeCommit: (rec, committed) => this.authorizeCommit(rec, committed),
      observeWith: (rec, input, signal) => this.#observeWith(rec, input, signal),
    };
  }

  /** The session's pages by id (read-only for everyone but the page set). */
  get pages(): Map<string, PageRecord> {
    return this.#pages.map;
  }
  get activePageId(): string | null {
    return this.#pages.activeId;
  }
  /** Kept for callers that set it directly; `activate` also checks the page and emits. */
  set activePageId(pageId: string | null) {
    this.#pages.activeId = pageId;
  }

  /** Text with every configured secret value replaced (for anything a page can write into). */
  scrub(text: string): string {
    return this.deps.secrets?.scrub(text) ?? text;
  }

  /** Publish an event of this session (SSE), and record it when the session is recorded. */
  emit<T extends EventType>(type: T, data: EventMap[T]): void {
    const ev = makeEvent(this.id, type, data);
    this.events.publish(ev);
    this.deps.publish?.(ev);
    this.#journalEvent(ev);
    this.recorder?.event(ev);
  }

  /**
   * The journal's entries that the events already say, taken from them so there is one source:
   * pages opened and closed, approval decisions, a person's takeover and hand-back.
   */
  #journalEvent(ev: PortholeEvent): void {
    const d = ev.data as Record<string, unknown>;
    const s = (k: string) => String(d[k]);
    switch (ev.type) {
      case "page.opened":
        this.journal.append("page_open", {
          pageId: s("pageId"),
          urlAfter: s("url"),
          ...d.opener ? { detail: { opener: s("opener") } } : {},
        });
        break;
      case "page.closed":
        this.journal.append("page_close", { pageId: s("pageId") });
        break;
      case "approval.requested":
        this.#asked.set(s("approvalId"), { action: s("action"), origin: s("origin") });
        break;
      case "approval.resolved": {
        const asked = this.#asked.get(s("approvalId"));
        this.#asked.delete(s("approvalId"));
        this.journal.append("approval", {
          action: asked?.action,
          detail: {
            approvalId: s("approvalId"),
            decision: s("decision"),
            ...asked ? { origin: asked.origin } : {},
          },
        });
        break;
      }
      case "takeover.started":
        this.journal.append("takeover", { detail: { who: s("who") } });
        break;
      case "takeover.ended":
        this.journal.append("handback", {
          detail: { who: s("who"), reason: s("reason"), clicks: Number(d.clicks), keys: Number(d.keys) },
        });
        break;
    }
  }

  /** Plan mode refused `what`: the journal says so (lib/policy/plan_mode.ts calls this). */
  planRefused(what: string, details: Record<string, unknown>): void {
    const action = typeof details.action === "string" ? details.action : undefined;
    this.journal.append("plan_refusal", { action, detail: { operation: what }, error: "plan_mode" });
  }

  /** The redacted URL of a page now, as every answer shows it. */
  #urlOf(pageId: string | null | undefined): string | undefined {
    const rec = pageId ? this.pages.get(pageId) : undefined;
    if (!rec || rec.driver.closed) return undefined;
    return this.scrub(redactUrl(rec.driver.url()));
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
  get browserSignal(): AbortSignal {
    return this.#browserLife.signal;
  }
  get expiresAt(): Date {
    return new Date(this.lastUsed + this.deps.idleMs);
  }

  /** How long the running operation waited at the gate before its turn (ms). */
  queuedMs = 0;

  /** Run an operation through the FIFO gate. */
  run<T>(clientSignal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#disposed) throw new PortholeError("session_disposed", `Session ${this.id} is closed`);
    this.lastUsed = Date.now();
    const signal = AbortSignal.any([
      clientSignal ?? this.#life.signal,
      this.#life.signal,
      this.browserSignal,
    ]);
    this.gate.admit(clientSignal); // a person's takeover holds the gate: only their calls pass
    const arrived = performance.now();
    return this.gate.run(async () => {
      this.gate.admit(clientSignal); // and again at the call's turn, for one queued before the hold
      this.queuedMs = performance.now() - arrived;
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
      mode: this.mode,
      limits: {
        maxPages: this.deps.limits.maxPages,
        maxQueuedOps: this.deps.limits.maxQueuedOps,
        snapshotMaxBytes: this.deps.limits.snapshotMaxBytes,
        idleMs: this.deps.idleMs,
      },
      queue: { waiting: this.gate.queued, running: this.gate.busy },
    };
  }

  pageViews(): PageView[] {
    return this.#pages.views();
  }

  pageView(p: PageRecord): PageView {
    return this.#pages.view(p);
  }

  // ---- browser lifecycle -------------------------------------------------------------

  /** The browser went away: every page and state of this session is gone with it. */
  browserLost(endRunning = true): void {
    if (!this.#lease) return;
    this.#lease = null;
    this.#lostBrowser = true;
    if (endRunning) {
      this.#browserLife.abort(
        new PortholeError("browser_disconnected", "The browser went away during the operation"),
      );
      this.#browserLife = new AbortController();
    }
    this.#pages.clear();
    this.#dropState("the browser disconnected");
    this.emit("session.reset", { reason: "the browser disconnected" });
  }

  /** A renderer of one of the session's pages died: the operation under way ends with `err`. */
  rendererCrashed(err: PortholeError): void {
    this.#browserLife.abort(err);
    this.#browserLife = new AbortController();
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
    // Found out by the operation that is about to recover: that one goes on.
    if (this.#lease) this.browserLost(false);
    const lease = await pool.acquire();
    if (this.#disposed) {
      await lease.release();
      throw new PortholeError("session_disposed", `Session ${this.id} is closed`);
    }
    this.#lease = lease;
    this.#lostBrowser = false;
    lease.context.on("targetcreated", (target) => {
      popupCreated(this, target, this.#pages.creating).catch(() => {});
    });
    lease.onPopup((held) => popupHeld(this, held));
    return lease;
  }

  /**
   * The shared browser's product and version, e.g. `HeadlessChrome/156.0.8078.114`. Asking takes
   * the session's context lease (starting the browser when needed) without opening a page.
   */
  async browserVersion(): Promise<string> {
    return await (await this.#ensureLease()).browser.version();
  }

  /** The live context lease, if the browser is up. */
  get lease(): ContextLease | null {
    return this.#lease;
  }

  // ---- pages (pages.ts, page_setup.ts) -----------------------------------------------

  /** Open a new about:blank page and make it active. Recovers a lost browser. */
  openPage(signal?: AbortSignal): Promise<PageRecord> {
    return this.#pages.open(signal);
  }

  /** Attach Porthole to a page of this session's context: emulation, watchers, the route guard. */
  preparePage(page: Page, lease: ContextLease, signal?: AbortSignal): Promise<PageRecord> {
    return preparePage(this, page, lease, (pageId) => this.#pages.forget(pageId), signal);
  }

  /** Make a prepared page one of the session's pages. */
  registerPage(rec: PageRecord, how: { activate: boolean; opener?: string }): void {
    this.#pages.register(rec, how);
  }

  /** Where the session's downloads go (--downloads). */
  get downloads(): "blocked" | "artifacts" {
    return this.deps.downloads ?? "blocked";
  }

  /** Origins the operator lets a page open popups to, adopted with their own authority. */
  get popupOrigins(): readonly string[] {
    return this.deps.popupOrigins ?? [];
  }

  /** Whether another page fits under the page limit (popups are refused past it). */
  get pageRoom(): boolean {
    return this.#pages.room;
  }

  /** The page an operation names, or the active page. Never recovers. */
  page(pageId?: string): PageRecord {
    return this.#pages.get(pageId);
  }

  /** Like `page`, but navigate/observe may open a page when the session has none (or lost its browser). */
  pageOrOpen(pageId: string | undefined, signal?: AbortSignal): Promise<PageRecord> {
    return this.#pages.getOrOpen(pageId, signal);
  }

  activate(pageId: string): PageRecord {
    return this.#pages.activate(pageId);
  }

  closePage(pageId: string): Promise<void> {
    return this.#pages.close(pageId);
  }

  // ---- navigation authority (nav_authority.ts, navigate.ts) --------------------------

  /** Refuse destinations no page may reach, before anything is sent. */
  checkDestination(
    url: string,
    allowed: readonly string[] | undefined = this.options.allowedOrigins,
  ): URL | null {
    return authority.checkDestination(url, allowed, this.deps.isSelf);
  }

  /** Tell the page's guard that Porthole itself is about to navigate it to `url`. */
  ownNavigation(rec: PageRecord, url: string): void {
    authority.ownNavigation(rec, url);
  }

  /** After a top-level commit: authorise its origin if allowed, else leave it and refuse. */
  authorizeCommit(rec: PageRecord, committed: FrameInfo | null): Promise<void> {
    return authority.authorizeCommit(rec, committed, this.options.allowedOrigins);
  }

  /** Navigate, written to the journal with the URL before and after and its outcome. */
  async navigate(input: NavigateInput, signal: AbortSignal): Promise<NavigateResult> {
    const pageId = input.pageId ?? this.activePageId;
    const urlBefore = this.#urlOf(pageId);
    const facts = { action: "navigate", urlBefore, detail: { url: this.scrub(redactUrl(input.url)) } };
    try {
      const r = await navigate(this.#navHost, input, signal);
      this.journal.append("navigate", {
        ...facts,
        pageId: r.pageId,
        urlAfter: this.scrub(r.url),
        outcome: {
          execution: "completed",
          observation: r.state ? "captured" : "unavailable",
          postcondition: "not_requested",
        },
        detail: { ...facts.detail, navigation: r.navigation },
      });
      return r;
    } catch (err) {
      const code = err instanceof PortholeError ? err.code : "internal";
      this.journal.append("navigate", {
        ...facts,
        pageId: pageId ?? undefined,
        urlAfter: this.#urlOf(pageId),
        error: code,
      });
      throw err;
    }
  }

  // ---- observe (observation.ts) ------------------------------------------------------

  async observe(input: ObserveInput, signal: AbortSignal): Promise<Observation> {
    const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
    try {
      // A cursor pages its own state's page unless told otherwise.
      const pageId = input.pageId ?? (input.cursor !== undefined ? this.states.current?.pageId : undefined);
      const rec = await this.pageOrOpen(pageId, dl.signal);
      // A whole observation of the main frame follows the page's own navigation to the document it loads.
      const whole = input.cursor === undefined && input.ref === undefined && input.locator === undefined &&
        (input.frameId === undefined || input.frameId === rec.driver.targetId);
      if (!whole) return await this.#observeWith(rec, input, dl.signal);
      return await readAcrossNavigation(
        rec.driver,
        dl.signal,
        () => this.#observeWith(rec, input, dl.signal),
      );
    } finally {
      dl.dispose();
    }
  }

  /** `find`: matching lines of the whole document, as a new current state (counted by the budget). */
  async find(input: FindInput, signal: AbortSignal): Promise<FindResult> {
    this.budget.assertRoom("the search");
    const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
    try {
      const rec = await this.pageOrOpen(input.pageId, dl.signal);
      const found = await findInPage(this.#observationHost, rec, input, dl.signal);
      this.budget.charge(found.bytes);
      const budget = this.budget.view();
      if (budget) found.budget = budget;
      return found;
    } finally {
      dl.dispose();
    }
  }

  get #observationHost() {
    return {
      states: this.states,
      pages: this.pages,
      snapshotMaxBytes: this.deps.limits.snapshotMaxBytes,
      secrets: this.deps.secrets,
    };
  }

  /** Every observation passes here: in the tier the budget allows, counted, with the budget in it. */
  async #observeWith(
    rec: PageRecord,
    input: ObserveOptions,
    signal: AbortSignal,
    unread = false,
    prewalk?: Prewalk | null,
  ): Promise<Observation> {
    // A cursor's page belongs to a state already rendered in its tier: it is counted, never stepped down.
    if (input.cursor) this.budget.assertRoom("the observation");
    const stepped = input.cursor ? undefined : this.budget.tierFor(input.tier ?? "full");
    const obs = await observePage(
      this.#observationHost,
      rec,
      stepped ? { ...input, tier: stepped.tier } : input,
      signal,
      prewalk,
    );
    // Changes instead of a tree (`since`) are counted by their lines' bytes.
    // A fresh state the agent asked not to be sent (`fresh: "stateId"`) is not read, and not counted.
    const changed = obs.changes ? [...obs.changes.added, ...obs.changes.removed, ...obs.changes.changed] : [];
    if (!unread) this.budget.charge(obs.bytes + new TextEncoder().encode(changed.join("\n")).length);
    const budget = this.budget.view(stepped?.notice);
    if (budget) obs.budget = budget;
    return obs;
  }

  /**
   * Capture a fresh observation of a frame and make it the current state (after an action),
   * in the tier and depth of the state acted on when given; with `since`, answered as its changes
   * against that state (`observe {since}`); `unread` when the agent is sent only its id (not counted);
   * `prewalk`, the frame's walk the page already answered, used when it is the one the capture would send.
   */
  captureFresh(
    rec: PageRecord,
    frameId: string,
    signal: AbortSignal,
    like?: FreshLike,
  ): Promise<Observation> {
    return this.#observeWith(
      rec,
      { frameId, tier: like?.tier, maxDepth: like?.maxDepth, since: like?.since },
      signal,
      like?.unread,
      like?.prewalk,
    );
  }

  /**
   * The walker's options a fresh capture of the whole of `frame` in `tier` would send (a walk an act
   * sends ahead: capture.ts `Prewalk`); null when the session's budget may step the tier down.
   */
  freshWalkOptions(
    rec: PageRecord,
    frame: { frameId: string; loaderId: string },
    tier: ObserveInput["tier"],
  ): Record<string, unknown> | null {
    if (this.budget.limit !== null) return null;
    return wholeWalkOptions(rec, frame, tier ?? "full", this.deps.limits.snapshotMaxBytes);
  }

  /**
   * What the agent holds of a kept state (its target, redacted URL and title), for a lean `since`
   * answer (lib/protocol/minimal.ts); null when the state is no longer kept.
   */
  sinceBase(stateId: string): SinceBase | null {
    const s = this.states.base(stateId);
    return s
      ? { targetId: s.targetId, url: redactUrl(s.url), ...s.title !== undefined ? { title: s.title } : {} }
      : null;
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
    this.#pages.clear();
    this.artifacts.clear();
    this.emit("session.closed", { reason });
    this.recorder?.stop();
    this.events.close();
    await Promise.all([this.deps.keepJournal?.(this.journal), lease?.release()]);
    await this.#writeHar();
  }

  /** With --har-record, the session's HAR goes to its file once its pages are gone. */
  async #writeHar(): Promise<void> {
    const dir = this.deps.har?.recordDir;
    if (!dir || !(this.tape instanceof HarRecorder)) return;
    try {
      const path = await this.tape.write(dir, this.id);
      log("info", "session HAR written", { sessionId: this.id, path });
    } catch (err) {
      log("error", "cannot write the session's HAR", { sessionId: this.id, error: (err as Error).message });
    }
  }
}

/** The emulation a session's options ask for: applied to each page as it is prepared. */
function initialEmulation(o: CreateSessionInput): SessionEmulation {
  const emu: SessionEmulation = {};
  if (o.viewport) emu.viewport = { ...o.viewport };
  if (o.userAgent) emu.userAgent = o.userAgent;
  if (o.locale) emu.locale = o.locale;
  if (o.timezoneId) emu.timezoneId = o.timezoneId;
  if (o.geolocation) emu.geolocation = { ...o.geolocation };
  if (o.offline !== undefined) emu.offline = o.offline;
  if (o.colorScheme) emu.colorScheme = o.colorScheme;
  if (o.permissions) emu.permissions = [...o.permissions];
  // A position is only read with the permission to read it.
  if (o.geolocation && !emu.permissions?.includes("geolocation")) {
    emu.permissions = [...emu.permissions ?? [], "geolocation"];
  }
  return emu;
}
