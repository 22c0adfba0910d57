/**
 * What one BAP session holds beyond its contexts' Porthole sessions: its launched "browser" (a
 * lease in Porthole's shared pool), its contexts (the first is the default), the active page,
 * frame selections and held requests. Pages are the sessions' own, in each session's order. It
 * outlives its connection when parked (see dormant.ts).
 */
import type { ForeignBrowser, SessionRegistry } from "../session/registry.ts";
import type { CreateSessionInput } from "../protocol/schemas.ts";
import { BAP, BapError, PortholeError, toBapError } from "../protocol/errors.ts";
import { forwardSessionEvents, type Notifier } from "./events.ts";
import type { ContextEntry, PageTarget } from "./context.ts";

/** An error of a request that never reached a session. */
const refused = (code: number, message: string, details: Record<string, unknown>) =>
  new BapError(code, message, { details, notDispatched: true });

export class BapState {
  readonly registry: SessionRegistry;
  browser: { browserId: string; version: string } | null = null;
  /** The browser `browser/launch` attached to by `cdpUrl`, when the operator allows it; else the shared one. */
  attached: ForeignBrowser | null = null;
  /** In creation order: the first is the default context. */
  readonly contexts = new Map<string, ContextEntry>();
  /** Frame selected by frame/switch, per page. */
  readonly frames = new Map<string, string>();
  /** The live connection's notifier; null while parked (events are then dropped). */
  notify: Notifier | null = null;
  /** The BAP request each context's running action came from (for approval/required). */
  readonly held = new Map<string, { method: string; params: Record<string, unknown> }>();
  #active: string | null = null;
  /** The tail of the browser/launch and browser/close chain: they run one at a time. */
  #lifecycle: Promise<unknown> = Promise.resolve();

  constructor(registry: SessionRegistry) {
    this.registry = registry;
  }

  /**
   * Run `fn` after every launch or close sent before it has finished: two overlapping launches
   * would each see no browser yet and both build a default context.
   */
  serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#lifecycle.then(fn, fn);
    this.#lifecycle = run.catch(() => {});
    return run;
  }

  requireBrowser(): void {
    if (!this.browser) {
      throw new BapError(BAP.BrowserNotLaunched, "Browser not launched", { notDispatched: true });
    }
  }

  /** A context by id, or the default context. */
  context(contextId?: string): ContextEntry {
    this.requireBrowser();
    const ctx = contextId === undefined ? this.contexts.values().next().value : this.contexts.get(contextId);
    if (ctx) return ctx;
    if (contextId !== undefined) {
      throw refused(BAP.ContextNotFound, `Context not found: ${contextId}`, { contextId });
    }
    throw new BapError(BAP.BrowserNotLaunched, "The browser has no default context; create one", {
      notDispatched: true,
    });
  }

  /** A new context: a new Porthole session, refused at the registry's context limit. */
  addContext(id: string, options: CreateSessionInput, given?: Record<string, unknown>): ContextEntry {
    const session = this.registry.create(options, this.attached ?? undefined);
    const ctx: ContextEntry = { id, session, created: Date.now(), options: given };
    this.contexts.set(id, ctx);
    forwardSessionEvents(this, ctx);
    return ctx;
  }

  /** Close a context and its pages (each announced closed). Returns how many pages it had. */
  async dropContext(id: string): Promise<number> {
    const ctx = this.contexts.get(id);
    if (!ctx) return 0;
    const pages = this.pagesOf(id);
    this.contexts.delete(id); // its session's events are no longer forwarded
    for (const { pageId } of pages) this.pageClosed(pageId);
    await this.registry.close(ctx.session.id).catch(() => {});
    return pages.length;
  }

  /** Close every context: browser/close, shutdown, a dormant session's end. */
  async closeAll(): Promise<void> {
    for (const id of [...this.contexts.keys()]) await this.dropContext(id);
    this.browser = null;
    this.#active = null;
    this.frames.clear();
  }

  /**
   * `err` as BAP says it. The core finding no frame where frame/switch selected one on the page
   * means that frame is gone: so is the selection, and the page's main frame is read again.
   */
  frameGone(pageId: string, err: unknown): BapError {
    const frameId = this.frames.get(pageId);
    if (!(err instanceof PortholeError && err.code === "frame_not_found" && frameId)) return toBapError(err);
    this.frames.delete(pageId);
    return refused(BAP.FrameNotFound, `The selected frame ${frameId} is gone`, { identifier: frameId });
  }

  /** A page closed: its frame selection goes, and subscribers hear `close`. */
  pageClosed(pageId: string): void {
    this.frames.delete(pageId);
    this.notify?.("events/page", { type: "close", pageId, timestamp: Date.now() }, "page");
  }

  /** The page a method without `pageId` acts on: the last created or activated, else the first open. */
  get activePage(): string | null {
    const live = this.livePages();
    if (!live.some((t) => t.pageId === this.#active)) this.#active = live[0]?.pageId ?? null;
    return this.#active;
  }

  set activePage(pageId: string) {
    this.#active = pageId;
  }

  /** Every open page, context by context, each in its session's order. */
  livePages(): PageTarget[] {
    return [...this.contexts.values()].flatMap((ctx) =>
      ctx.session.disposed
        ? []
        : [...ctx.session.pages.values()].flatMap((rec) =>
          rec.driver.closed ? [] : [{ pageId: rec.pageId, ctx, session: ctx.session, rec }]
        )
    );
  }

  /** The page a method targets: `pageId`, or the active page. */
  target(pageId?: string): PageTarget {
    const id = pageId ?? this.activePage;
    const t = this.livePages().find((p) => p.pageId === id);
    if (t) return t;
    if (pageId === undefined) throw refused(BAP.PageNotFound, "No active page", {});
    throw refused(BAP.PageNotFound, `Page not found: ${pageId}`, { pageId });
  }

  /** Pages of one context, in creation order. */
  pagesOf(ctxId: string): PageTarget[] {
    return this.livePages().filter((p) => p.ctx.id === ctxId);
  }
}
