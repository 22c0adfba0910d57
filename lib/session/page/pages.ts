/**
 * The page set of a session: its pages, which one is active, the page limit, and opening,
 * registering, activating, forgetting and closing pages.
 */
import type { ContextLease } from "../../driver/pool.ts";
import { driverError, type Page } from "../../driver/page_driver.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { PageView } from "../../protocol/types.ts";
import { canonicalOrigin, redactUrl } from "../../policy/url.ts";
import type { Emitter } from "../core/emit.ts";
import type { PageRecord } from "../core/page_record.ts";

/** What the page set needs of its session. */
export interface PageSetHost extends Emitter {
  readonly id: string;
  readonly maxPages: number;
  /** Whether the browser this session used has gone (a page opened later recovers it). */
  hasLostBrowser(): boolean;
  /** Fail with 503 when the browser this session used has gone. */
  assertBrowser(): void;
  /** The context lease, acquired anew when the browser was lost or never started. */
  ensureLease(): Promise<ContextLease>;
  preparePage(page: Page, lease: ContextLease, signal?: AbortSignal): Promise<PageRecord>;
  /** A page went away: what was observed on it is stale. */
  pageGone(pageId: string): void;
}

export class PageSet {
  readonly map = new Map<string, PageRecord>();
  activeId: string | null = null;
  /** open calls under way: their new targets are not popups. */
  #creating = 0;
  #host: PageSetHost;

  constructor(host: PageSetHost) {
    this.#host = host;
  }

  /** Whether a new target of the context is (probably) one of Porthole's own pages. */
  get creating(): boolean {
    return this.#creating > 0;
  }

  /** Whether another page fits under the page limit (popups are refused past it). */
  get room(): boolean {
    return this.map.size < this.#host.maxPages;
  }

  /** Open a new about:blank page and make it active. Recovers a lost browser. */
  async open(signal?: AbortSignal): Promise<PageRecord> {
    if (!this.room) {
      throw new PortholeError("page_limit", `This session already has ${this.map.size} pages`, {
        retryAfterMs: 1000,
        recoveryHint: "Close a page of this session first",
        details: { resource: "pages", limit: this.#host.maxPages, current: this.map.size },
      });
    }
    const lease = await this.#host.ensureLease();
    let page: Page;
    this.#creating++;
    try {
      page = await lease.context.newPage();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw driverError(err, "Cannot open a page");
    } finally {
      // Let the context's targetcreated handler see this page as Porthole's own first.
      setTimeout(() => this.#creating--, 0);
    }
    const rec = await this.#host.preparePage(page, lease, signal);
    this.register(rec, { activate: true });
    return rec;
  }

  /** Make a prepared page one of the session's pages. */
  register(rec: PageRecord, how: { activate: boolean; opener?: string }): void {
    this.map.set(rec.pageId, rec);
    if (how.activate) this.activeId = rec.pageId;
    const url = rec.driver.closed ? "about:blank" : redactUrl(rec.driver.page.url());
    this.#host.emit(
      "page.opened",
      how.opener ? { pageId: rec.pageId, url, opener: how.opener } : { pageId: rec.pageId, url },
    );
  }

  forget(pageId: string): void {
    if (!this.map.delete(pageId)) return;
    this.#host.pageGone(pageId);
    if (this.activeId === pageId) this.activeId = [...this.map.keys()].at(-1) ?? null;
    this.#host.emit("page.closed", { pageId });
  }

  /** The page an operation names, or the active page. Never recovers. */
  get(pageId?: string): PageRecord {
    this.#host.assertBrowser();
    const id = pageId ?? this.activeId;
    const rec = id ? this.map.get(id) : undefined;
    if (!rec || rec.driver.closed) {
      throw new PortholeError(
        "page_not_found",
        pageId
          ? `Page ${pageId} does not exist in session ${this.#host.id}`
          : `Session ${this.#host.id} has no page open`,
        { recoveryHint: "Open a page (POST .../pages) or navigate first" },
      );
    }
    return rec;
  }

  /** Like `get`, but opens a page when the session has none (or lost its browser). */
  async getOrOpen(pageId: string | undefined, signal?: AbortSignal): Promise<PageRecord> {
    if (pageId) return this.get(pageId);
    if (this.#host.hasLostBrowser() || this.activeId === null) return await this.open(signal);
    return this.get();
  }

  activate(pageId: string): PageRecord {
    const rec = this.get(pageId);
    if (this.activeId !== rec.pageId) {
      this.activeId = rec.pageId;
      this.#host.emit("page.activated", { pageId: rec.pageId });
    }
    return rec;
  }

  async close(pageId: string): Promise<void> {
    const rec = this.get(pageId);
    this.forget(rec.pageId);
    await rec.driver.close();
  }

  /** Drop every page without closing it (its browser or context is gone). */
  /** Every page goes at once (the session closed, the browser went): each one's close is said. */
  clear(): void {
    const gone = [...this.map.keys()];
    this.map.clear();
    this.activeId = null;
    for (const pageId of gone) this.#host.emit("page.closed", { pageId });
  }

  views(): PageView[] {
    return [...this.map.values()].map((p) => this.view(p));
  }

  view(p: PageRecord): PageView {
    const url = p.driver.closed ? "about:blank" : p.driver.page.url();
    return {
      pageId: p.pageId,
      url: redactUrl(url),
      title: p.title,
      origin: canonicalOrigin(url),
      active: p.pageId === this.activeId,
      generation: p.generation,
    };
  }
}
