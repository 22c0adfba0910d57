/**
 * What one BAP session holds: its launched "browser" (a lease in Porthole's shared pool), its
 * contexts (each a Porthole session, counted under the context limit), its pages in creation
 * order, the active page, the element-ref registries and frame selections. It outlives its
 * connection when parked (see dormant.ts).
 */
import type { PageRecord } from "../session/page_record.ts";
import type { ForeignBrowser, SessionRegistry } from "../session/registry.ts";
import type { CreateSessionInput } from "../protocol/schemas.ts";
import { BAP, BapError } from "./errors.ts";
import { forwardSessionEvents, type Notifier } from "./events.ts";
import type { ContextEntry, PageTarget } from "./context.ts";

export type { ContextEntry, PageTarget };

export class BapState {
  readonly registry: SessionRegistry;
  browser: { browserId: string; version: string } | null = null;
  /** The browser `browser/launch` attached to by `cdpUrl`, when the operator allows it; else the shared one. */
  attached: ForeignBrowser | null = null;
  readonly contexts = new Map<string, ContextEntry>();
  defaultContext: string | null = null;
  activePage: string | null = null;
  /** Frame selected by frame/switch, per page. */
  readonly frames = new Map<string, string>();
  /** The live connection's notifier; null while parked (events are then dropped). */
  notify: Notifier | null = null;
  /** The BAP request each context's running action came from (for approval/required). */
  readonly held = new Map<string, { method: string; params: Record<string, unknown>; pageId: string }>();
  /** Each known page's context, in creation order. */
  #pages = new Map<string, string>();
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

  /** A connection may hold as many contexts as the sidecar has sessions (the launch default counts). */
  get maxContexts(): number {
    return this.registry.config.limits.maxSessions;
  }

  requireBrowser(): void {
    if (!this.browser) {
      throw new BapError(BAP.BrowserNotLaunched, "Browser not launched", { notDispatched: true });
    }
  }

  /** A context by id, or the default context. */
  context(contextId?: string): ContextEntry {
    this.requireBrowser();
    if (contextId !== undefined) {
      const ctx = this.contexts.get(contextId);
      if (!ctx) {
        throw new BapError(BAP.ContextNotFound, `Context not found: ${contextId}`, {
          details: { contextId },
          notDispatched: true,
        });
      }
      return ctx;
    }
    const ctx = this.defaultContext ? this.contexts.get(this.defaultContext) : undefined;
    if (!ctx) {
      throw new BapError(BAP.BrowserNotLaunched, "The browser has no default context; create one", {
        notDispatched: true,
      });
    }
    return ctx;
  }

  /** A new context: a new Porthole session (the registry's context limit applies). */
  addContext(
    id: string,
    options: CreateSessionInput,
    given?: Record<string, unknown>,
    pool?: ForeignBrowser,
  ): ContextEntry {
    const max = this.maxContexts;
    if (this.contexts.size >= max) {
      throw new BapError(BAP.ResourceLimitExceeded, `Context limit reached: at most ${max}`, {
        details: { resource: "contexts", limit: max, current: this.contexts.size },
        notDispatched: true,
      });
    }
    const session = this.registry.create(options, pool ?? this.attached ?? undefined);
    const ctx: ContextEntry = {
      id,
      session,
      created: Date.now(),
      options: given,
    };
    this.contexts.set(id, ctx);
    this.defaultContext ??= id;
    forwardSessionEvents(this, ctx);
    return ctx;
  }

  /** Close a context and its pages. Returns how many known pages it had. */
  async dropContext(id: string): Promise<number> {
    const ctx = this.contexts.get(id);
    if (!ctx) return 0;
    this.contexts.delete(id);
    const pages = [...this.#pages].flatMap(([p, c]) => c === id ? [p] : []);
    for (const p of pages) this.forgetPage(p, true);
    if (this.defaultContext === id) this.defaultContext = this.contexts.keys().next().value ?? null;
    await this.registry.close(ctx.session.id).catch(() => {});
    return pages.length;
  }

  /** Close every context: browser/close, shutdown, a dormant session's end. */
  async closeAll(): Promise<void> {
    for (const id of [...this.contexts.keys()]) await this.dropContext(id);
    this.browser = null;
    this.defaultContext = null;
    this.activePage = null;
    this.frames.clear();
  }

  /** Start tracking a page; one opened through page/create becomes the active page. */
  addPage(ctx: ContextEntry, rec: PageRecord, activate = true): void {
    this.#pages.set(rec.pageId, ctx.id);
    if (activate || !this.activePage) this.activePage = rec.pageId;
  }

  isKnown(pageId: string): boolean {
    return this.#pages.has(pageId);
  }

  /** Forget a page (closed by anyone); emits `close` to subscribers once. */
  forgetPage(pageId: string, announce: boolean): void {
    if (!this.#pages.delete(pageId)) return;
    this.frames.delete(pageId);
    if (this.activePage === pageId) this.activePage = this.#pages.keys().next().value ?? null;
    if (announce) this.notify?.("events/page", { type: "close", pageId, timestamp: Date.now() }, "page");
  }

  /** Every page still open, in creation order. */
  livePages(): PageTarget[] {
    const out: PageTarget[] = [];
    for (const pageId of [...this.#pages.keys()]) {
      const t = this.#lookup(pageId);
      if (t) out.push(t);
      else this.forgetPage(pageId, true);
    }
    return out;
  }

  #lookup(pageId: string): PageTarget | null {
    const ctx = this.contexts.get(this.#pages.get(pageId) ?? "");
    const rec = ctx && !ctx.session.disposed ? ctx.session.pages.get(pageId) : undefined;
    if (!ctx || !rec || rec.driver.closed) return null;
    return { pageId, ctx, session: ctx.session, rec };
  }

  /** The page a method targets: `pageId`, or the active page. */
  target(pageId?: string): PageTarget {
    if (pageId === undefined) {
      this.livePages(); // prunes closed pages and moves the active page if needed
      if (!this.activePage) {
        throw new BapError(BAP.PageNotFound, "No active page", { details: {}, notDispatched: true });
      }
      pageId = this.activePage;
    }
    const t = this.#lookup(pageId);
    if (!t) {
      if (this.isKnown(pageId)) this.forgetPage(pageId, true);
      throw new BapError(BAP.PageNotFound, `Page not found: ${pageId}`, {
        details: { pageId },
        notDispatched: true,
      });
    }
    return t;
  }

  /** Pages of one context, in creation order. */
  pagesOf(ctxId: string): PageTarget[] {
    return this.livePages().filter((p) => p.ctx.id === ctxId);
  }
}
