/**
 * The one owner of Chromium: started lazily and single-flight, one temporary context per lease,
 * closed when the last lease ends. An unexpected disconnect bumps the generation, which
 * invalidates every lease issued before it.
 */
import type { Browser, BrowserContext, CDPSession } from "puppeteer-core";
import { loadDriver } from "./load.ts";
import { isBrowserGone, PortholeError } from "../protocol/errors.ts";
import { discoverChromium } from "./discover.ts";
import { type BrowserUser, browserUser, launchChromium, type Launched } from "./launch.ts";
import type { NetGuard } from "./net_guard.ts";
import { type HeldPopup, PopupHold } from "./popup_hold.ts";
import { type BrowserConfig, defaultConfig } from "../config.ts";

export interface ContextLease {
  readonly context: BrowserContext;
  readonly browser: Browser;
  readonly generation: number;
  readonly contextId: string;
  /** The account the browser runs as when Porthole, as root, started it as another; else null. */
  readonly runsAs: BrowserUser | null;
  /** Who decides the popups of this context, held before their first request (popup_hold.ts). */
  onPopup(decide: (held: HeldPopup) => void): void;
  release(): Promise<void>;
}

/** Each held popup to the decider of its context; by default, one nobody decides is blocked. */
export class PopupRouter {
  #deciders = new Map<string, (held: HeldPopup) => void>();
  #otherwise: (held: HeldPopup) => void;
  constructor(otherwise: (held: HeldPopup) => void = (held) => held.block()) {
    this.#otherwise = otherwise;
  }
  readonly dispatch = (held: HeldPopup): void => {
    (this.#deciders.get(held.contextId) ?? this.#otherwise)(held);
  };
  set(contextId: string, decide: (held: HeldPopup) => void): void {
    this.#deciders.set(contextId, decide);
  }
  delete(contextId: string): void {
    this.#deciders.delete(contextId);
  }
}

/** What a session needs of the browser it leases contexts from. */
export interface LeasePool {
  readonly generation: number;
  readonly guard: NetGuard | null;
  acquire(): Promise<ContextLease>;
  /**
   * Whether `targetId` is the page last brought to front where activation counts: in its own
   * context (`contextId`) when each context has a window of its own, else in the whole browser.
   */
  isFront(targetId: string, contextId: string): boolean;
  markFront(targetId: string, contextId: string): void;
}

export interface PoolStats {
  running: boolean;
  generation: number;
  leases: number;
  launches: number;
  disconnects: number;
  pid: number | null;
}

type DisconnectListener = (generation: number) => void;

export class BrowserPool implements LeasePool {
  #chromium: string | null;
  #config: BrowserConfig;
  #browser: Browser | null = null;
  #launched: Launched | null = null;
  #browserPid: number | null = null;
  /** Acquisitions between "browser ready" and "context created": the browser must not close under them. */
  #acquiring = 0;
  #starting: Promise<Browser> | null = null;
  #closing: Promise<void> | null = null;
  #leases = new Set<ContextLease>();
  #listeners = new Set<DisconnectListener>();
  #generation = 1;
  #launches = 0;
  #disconnects = 0;
  /** Per context: the page Chromium last brought to front in it (see `isFront`). */
  #front = new Map<string, string>();
  #popups = new PopupRouter();
  #hold: PopupHold | null = null;

  /** The network guard every context's traffic goes through (none in unit setups). */
  readonly guard: NetGuard | null;

  constructor(chromium: string | null, guard: NetGuard | null = null, browser?: BrowserConfig) {
    this.#chromium = chromium;
    this.guard = guard;
    this.#config = browser ?? defaultConfig().browser;
  }

  get generation(): number {
    return this.#generation;
  }

  stats(): PoolStats {
    return {
      running: this.#browser !== null,
      generation: this.#generation,
      leases: this.#leases.size,
      launches: this.#launches,
      disconnects: this.#disconnects,
      pid: this.#browserPid ?? this.#launched?.pid ?? null,
    };
  }

  /** Called with the new generation after the browser went away unexpectedly. */
  onDisconnect(listener: DisconnectListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The page Chromium last brought to front in its context, so activation is sent only when
   * needed. Every context of the launched headless browser has a window of its own: bringing a
   * page of one context to front leaves the others' pages as they were (visible and focused,
   * measured), so sessions acting side by side do not take the front from each other and only a
   * session that moves between its own pages activates again.
   */
  isFront(targetId: string, contextId: string): boolean {
    return this.#front.get(contextId) === targetId;
  }
  markFront(targetId: string, contextId: string): void {
    this.#front.set(contextId, targetId);
  }

  /**
   * Start the browser before anyone leases it (`serve --prelaunch`), so the first session does not
   * wait for the launch. A lease started meanwhile joins this start. The browser then lives as a
   * lazily started one does: it closes with its last lease, and the next lease starts it again.
   */
  async prelaunch(): Promise<void> {
    await this.#ensureBrowser();
  }

  /** A new isolated, temporary context in the shared browser (launching it if needed). */
  async acquire(): Promise<ContextLease> {
    this.#acquiring++;
    let failed = false;
    try {
      return await this.#acquire();
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      this.#acquiring--;
      // A failed acquisition must not keep a browser nobody leases.
      if (failed && this.#browser) await this.#closeIfUnused(this.#browser);
    }
  }

  async #acquire(retry = true): Promise<ContextLease> {
    const browser = await this.#ensureBrowser();
    const generation = this.#generation;
    let context: BrowserContext;
    try {
      // Every request of the context goes through the network guard, loopback included, and
      // downloads never reach the disk. Both are sent on the root connection: a DevTools session
      // attached to the browser target, detached while another is attached, makes puppeteer forget
      // that target for good, and every later context would fail.
      const proxyServer = this.guard?.start();
      context = await browser.createBrowserContext({
        ...(proxyServer ? { proxyServer, proxyBypassList: ["<-loopback>"] } : {}),
        downloadBehavior: { policy: "deny" },
      });
    } catch (err) {
      // Killed a moment ago, before its socket closed: a fresh browser serves this session.
      if (retry && isBrowserGone((err as Error).message)) {
        this.#lost(browser);
        return await this.#acquire(false);
      }
      throw new PortholeError(
        "browser_disconnected",
        `Cannot create a browser context: ${(err as Error).message}`,
      );
    }
    const contextId = context.id ?? "default";
    const lease: ContextLease = {
      context,
      browser,
      generation,
      contextId,
      runsAs: Deno.uid() === 0 ? browserUser(this.#config.user) : null,
      onPopup: (decide) => this.#popups.set(contextId, decide),
      release: async () => {
        if (!this.#leases.delete(lease)) return;
        this.#popups.delete(contextId);
        this.#front.delete(contextId);
        await context.close().catch(() => {});
        await this.#closeIfUnused(browser);
      },
    };
    this.#leases.add(lease);
    return lease;
  }

  /** The browser closes with its last lease, unless an acquisition is about to take one. */
  async #closeIfUnused(browser: Browser): Promise<void> {
    if (this.#leases.size === 0 && this.#acquiring === 0 && this.#browser === browser) {
      await this.#closeBrowser();
    }
  }

  #ensureBrowser(): Promise<Browser> {
    if (this.#browser?.connected) return Promise.resolve(this.#browser);
    if (this.#starting) return this.#starting;
    this.#starting = this.#start().finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  async #start(): Promise<Browser> {
    if (this.#closing) await this.#closing;
    const found = discoverChromium({ chromium: this.#chromium, browser: this.#config });
    if (!found.path) {
      throw new PortholeError(
        "browser_not_installed",
        this.#chromium
          ? `No executable browser at ${this.#chromium}`
          : `No Chromium found (tried ${
            ["chromium-headless-shell", "chromium", "google-chrome"].join(", ")
          } on PATH)`,
        { recoveryHint: "Run `porthole browser install`, or pass --chromium PATH / PORTHOLE_CHROMIUM" },
      );
    }
    // The driver's code loads while Chromium starts: both are on the first page's critical path.
    // Chromium is spawned first (launchChromium spawns before its first await): the import holds
    // the event loop, and would otherwise hold back the spawn.
    const launching = launchChromium(found.path, this.#config);
    const driver = loadDriver();
    driver.catch(() => {});
    const launched = await launching;
    let browser: Browser;
    const hold = new PopupHold(this.#popups.dispatch);
    try {
      // puppeteer's own WebSocket package (Deno's native WebSocket was tried and doubled a fetch
      // click's latency: small CDP writes held back on the socket), each turn's writes batched.
      const { puppeteer, transport } = await driver;
      browser = await puppeteer.connect({
        transport: await transport(launched.wsEndpoint),
        defaultViewport: null,
        protocolTimeout: 90_000,
        targetFilter: hold.filter,
      });
    } catch (err) {
      await launched.dispose();
      throw new PortholeError(
        "browser_not_installed",
        `Cannot connect to Chromium: ${(err as Error).message}`,
      );
    }
    // One session on the browser target, kept for the browser's life: the hold's. A second one,
    // detached while the first is attached, would make puppeteer forget that target.
    const pid = await hold.start(browser).then(browserProcessId, () => null);
    if (!browser.connected) {
      await launched.dispose();
      throw new PortholeError("browser_not_installed", "Chromium exited right after it started");
    }
    this.#launches++;
    this.#launched = launched;
    this.#browser = browser;
    this.#browserPid = pid;
    this.#hold = hold;
    browser.on("disconnected", () => {
      hold.stop();
      this.#lost(browser);
    });
    return browser;
  }

  /** The browser went away unexpectedly (or is found dead before its socket closed). */
  #lost(browser: Browser): void {
    if (this.#browser !== browser) return; // an intentional close, or already noticed
    const launched = this.#launched;
    this.#disconnects++;
    this.#browser = null;
    this.#launched = null;
    this.#browserPid = null;
    this.#front.clear();
    this.#leases.clear();
    this.#hold?.stop();
    this.#hold = null;
    this.#generation++;
    launched?.dispose();
    browser.disconnect().catch(() => {});
    for (const l of this.#listeners) l(this.#generation);
  }

  async #closeBrowser(): Promise<void> {
    const browser = this.#browser;
    const launched = this.#launched;
    this.#browser = null;
    this.#launched = null;
    this.#browserPid = null;
    this.#front.clear();
    this.#hold?.stop();
    this.#hold = null;
    if (!browser) return;
    this.#closing = (async () => {
      await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 3000))]);
      await launched?.dispose();
    })();
    await this.#closing;
    this.#closing = null;
  }

  /** Close every context and the browser: used at shutdown. */
  async shutdown(): Promise<void> {
    if (this.#starting) await this.#starting.catch(() => {});
    for (const lease of [...this.#leases]) await lease.release();
    await this.#closeBrowser();
    this.guard?.close();
  }
}

/**
 * The pid of Chromium's browser process itself (the spawned process may be a wrapper script).
 * Asked on the hold's session on the browser target, before the browser is shared.
 */
async function browserProcessId(root: CDPSession): Promise<number | null> {
  try {
    const info = await root.send("SystemInfo.getProcessInfo");
    return info.processInfo.find((p) => p.type === "browser")?.id ?? null;
  } catch {
    return null;
  }
}
