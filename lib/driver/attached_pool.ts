/**
 * A browser Porthole did not start (BAP `browser/launch` with `cdpUrl`, allowed only with
 * --allow-cdp-attach). It is outside Porthole's sandbox and environment guarantees: Porthole
 * neither launched it nor controls its flags, and its traffic does not pass the network guard.
 * Each lease is a temporary context in it; the connection closes with the last lease.
 */
import type { Browser } from "puppeteer-core";
import { loadDriver } from "./load.ts";
import { PortholeError } from "../protocol/errors.ts";
import { type ContextLease, type LeasePool, PopupRouter } from "./pool.ts";
import { PopupHold } from "./popup_hold.ts";
import { browserUser } from "./launch.ts";

export class AttachedPool implements LeasePool {
  readonly guard = null;
  readonly endpoint: string;
  #browser: Browser | null = null;
  #generation = 1;
  #leases = new Set<ContextLease>();
  #front: string | null = null;
  #onLost = new Set<() => void>();
  /** Popups of the browser's own contexts are not Porthole's to decide: they go on. */
  #popups = new PopupRouter((held) => held.release());

  constructor(endpoint: string) {
    this.endpoint = endpoint;
  }

  get generation(): number {
    return this.#generation;
  }
  /** A browser not Porthole's may show its contexts in one window: the front is browser-wide. */
  isFront(targetId: string, _contextId: string): boolean {
    return this.#front === targetId;
  }
  markFront(targetId: string, _contextId: string): void {
    this.#front = targetId;
  }
  /** Called when the attached browser goes away. */
  onLost(fn: () => void): void {
    this.#onLost.add(fn);
  }

  async #connect(): Promise<Browser> {
    if (this.#browser?.connected) return this.#browser;
    const ws = /^wss?:/.test(this.endpoint);
    let browser: Browser;
    const hold = new PopupHold(this.#popups.dispatch);
    try {
      const { puppeteer, transport } = await loadDriver();
      browser = await puppeteer.connect({
        ...(ws ? { transport: await transport(this.endpoint) } : { browserURL: this.endpoint }),
        defaultViewport: null,
        protocolTimeout: 90_000,
        targetFilter: hold.filter,
      });
    } catch (err) {
      throw new PortholeError(
        "browser_not_installed",
        `Cannot attach to ${this.endpoint}: ${(err as Error).message}`,
        {
          recoveryHint: "Check that the browser listens for DevTools at that address",
        },
      );
    }
    this.#browser = browser;
    await hold.start(browser).catch(() => {});
    browser.on("disconnected", () => {
      hold.stop();
      if (this.#browser !== browser) return;
      this.#browser = null;
      this.#generation++;
      this.#leases.clear();
      for (const fn of this.#onLost) fn();
    });
    return browser;
  }

  async acquire(): Promise<ContextLease> {
    const browser = await this.#connect();
    const context = await browser.createBrowserContext();
    const lease: ContextLease = {
      context,
      browser,
      generation: this.#generation,
      contextId: context.id ?? "default",
      // Its account is unknown: files are given to the default one, as for a launched browser.
      runsAs: Deno.uid() === 0 ? browserUser() : null,
      onPopup: (decide) => this.#popups.set(lease.contextId, decide),
      release: async () => {
        if (!this.#leases.delete(lease)) return;
        this.#popups.delete(lease.contextId);
        await context.close().catch(() => {});
        if (this.#leases.size === 0 && this.#browser === browser) {
          this.#browser = null;
          await browser.disconnect().catch(() => {}); // the browser is not ours to close
        }
      },
    };
    this.#leases.add(lease);
    return lease;
  }
}
