/** All sessions of the sidecar: creation under the context limit, lookup, idle expiry. */
import type { Config } from "../config.ts";
import { BrowserPool } from "../driver/pool.ts";
import { NetGuard } from "../driver/net_guard.ts";
import { AttachedPool } from "../driver/attached_pool.ts";
import { log } from "../log.ts";
import { ApprovalDesk } from "./act/approvals.ts";
import { SecretStore } from "../policy/secrets.ts";
import { KeptJournals } from "./core/kept_journals.ts";
import type { JournalExport } from "../protocol/journal.ts";
import { PortholeError } from "../protocol/errors.ts";
import type { CreateSessionInput } from "../protocol/schemas.ts";
import type { Session } from "./session.ts";
import { EventStream, makeEvent, type PortholeEvent } from "../events/bus.ts";
import { Metrics } from "../metrics/metrics.ts";
import { type HarIndex, indexHar } from "./page/har.ts";

/**
 * The session engine (`session.ts` and every room under it), loaded when a door first needs it
 * (`SessionRegistry.ready`): a sidecar nobody has used yet does not carry it.
 */
let engine: Promise<typeof Session> | null = null;
let SessionClass: typeof Session | null = null;

/** Load the session engine, once for every registry. */
export function loadEngine(): Promise<typeof Session> {
  return engine ??= import("./session.ts").then((m) => SessionClass = m.Session, (err) => {
    engine = null;
    throw err;
  });
}

/** A browser the registry attached to for a door (see `foreignBrowser`). */
export type ForeignBrowser = AttachedPool;

/** Which registry this is: the agent's, or the human test browser's (seed 003). */
export interface RegistryRole {
  /** Where its sessions' routes live (artifact URLs point there). */
  routeBase: string;
  /** Every event of its sessions is also handed here (the agent registry's stream, marked). */
  relay?: (ev: PortholeEvent) => void;
  /** The sidecar's own ports, shared with the registry that made this one. */
  selfPorts?: Set<number>;
}

export class SessionRegistry {
  readonly pool: BrowserPool;
  readonly config: Config;
  readonly guard: NetGuard;
  readonly approvals = new ApprovalDesk();
  readonly secrets: SecretStore;
  /** Every session's events, for dashboards (GET /v1/events). */
  readonly events = new EventStream(4096, 1024);
  readonly metrics = new Metrics();
  /** Closed sessions' journals, readable for --journal-keep. */
  readonly journals: KeptJournals;
  #sessions = new Map<string, Session>();
  /** Runs while there are sessions to expire: a registry with none sets no timer. */
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #selfPorts: Set<number>;
  readonly role: RegistryRole;
  #testBrowser: SessionRegistry | null = null;
  /** The operator's network record or replay: the flags, else the config file. */
  readonly har: { recordDir?: string; replay?: HarIndex; notFound: "abort" | "fallthrough-denied" };

  constructor(config: Config, pool?: BrowserPool, role: RegistryRole = { routeBase: "/v1/sessions" }) {
    this.config = config;
    this.role = role;
    this.journals = new KeptJournals(config.journalKeepMs);
    this.#selfPorts = role.selfPorts ?? new Set<number>();
    this.secrets = new SecretStore(config.operator.secrets);
    this.guard = new NetGuard({
      blockPrivate: config.blockPrivateNetwork,
      selfPorts: this.#selfPorts,
      selfHosts: new Set([config.host]),
    });
    const har = { ...config.operator.har, ...definedOnly(config.har) };
    this.har = {
      recordDir: har.recordDir,
      replay: har.replay && indexHar(har.replay.entries),
      notFound: har.notFound ?? "abort",
    };
    // Replay reaches no network at all: the guard refuses every connection besides.
    if (har.replay) this.guard.offline = `the network is off: requests are answered from ${har.replay.file}`;
    this.guard.onRefused = (host, port, reason) =>
      log("warn", "network request refused", { host, port, reason });
    this.pool = pool ?? new BrowserPool(config.chromium, this.guard, config.browser);
    this.pool.onDisconnect(() => {
      for (const s of this.#sessions.values()) s.browserLost();
    });
    const m = this.metrics;
    const sessions = () => [...this.#sessions.values()];
    m.sample("porthole_sessions", "Open sessions", () => this.#sessions.size);
    m.sample("porthole_pages", "Open pages", () => sessions().reduce((n, s) => n + s.pages.size, 0));
    m.sample(
      "porthole_queued_operations",
      "Operations waiting in session gates",
      () => sessions().reduce((n, s) => n + s.gate.queued, 0),
    );
    m.sample(
      "porthole_running_operations",
      "Operations running",
      () => sessions().filter((s) => s.gate.busy).length,
    );
    m.sample("porthole_browser_running", "1 while Chromium runs", () => (this.pool.stats().running ? 1 : 0));
    m.sample(
      "porthole_browser_launches_total",
      "Chromium launches",
      () => this.pool.stats().launches,
      "counter",
    );
    m.sample(
      "porthole_browser_disconnects_total",
      "Unexpected Chromium disconnects",
      () => this.pool.stats().disconnects,
      "counter",
    );
    m.sample(
      "porthole_artifact_bytes",
      "Bytes held in artifact stores",
      () => sessions().reduce((n, s) => n + s.artifacts.totalBytes, 0),
    );
    m.sample(
      "porthole_sse_clients",
      "Connected event-stream readers",
      () => this.events.readers + sessions().reduce((n, s) => n + s.events.readers, 0),
    );
  }

  /**
   * `serve --prelaunch`: start Chromium now. A failed start is logged and changes nothing else: the
   * browser starts with the first session, as it does without the flag.
   */
  async prelaunch(): Promise<void> {
    const t0 = performance.now();
    try {
      await this.pool.prelaunch();
      log("info", "browser prelaunched", { ms: Math.round(performance.now() - t0) });
    } catch (err) {
      log("warn", "browser prelaunch failed; it starts with the first session", {
        error: (err as Error).message,
      });
    }
  }

  /**
   * The human test browser's registry: its own sessions, context limit and Chromium (launched
   * on first use), never the agent's. Made on first use; its events reach `events` marked `test`.
   */
  get testBrowser(): SessionRegistry {
    if (this.role.relay) throw new Error("the test browser has no test browser of its own");
    return this.#testBrowser ??= new SessionRegistry(
      { ...this.config, limits: { ...this.config.limits, maxSessions: this.config.testBrowser.maxSessions } },
      undefined,
      {
        routeBase: "/v1/test-browser/sessions",
        relay: (ev) => this.events.publish({ ...ev, test: true }),
        selfPorts: this.#selfPorts,
      },
    );
  }

  /** The port the sidecar listens on: pages may never reach it. */
  addSelfPort(port: number): void {
    this.#selfPorts.add(port);
  }

  #isSelf = (url: URL): boolean => {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    if (!this.#selfPorts.has(port)) return false;
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const listen = this.config.host;
    return host === "localhost" || host === "::1" || host === "0.0.0.0" || /^127\./.test(host) ||
      host === listen || listen === "0.0.0.0" || listen === "::";
  };

  get size(): number {
    return this.#sessions.size;
  }

  list(): Session[] {
    return [...this.#sessions.values()];
  }

  /**
   * A browser Porthole did not launch, at a DevTools address (BAP's cdpUrl): sessions created
   * with it live there, outside the sandbox, environment and network guarantees, so only an
   * operator who enabled --allow-cdp-attach allows it.
   */
  foreignBrowser(cdpUrl: string): ForeignBrowser {
    const refuse = (message: string) =>
      new PortholeError("invalid_params", message, { details: { field: "cdpUrl" } });
    if (!this.config.allowCdpAttach) {
      throw refuse(
        `cdpUrl is refused: attaching to another browser is off (the operator has not enabled --allow-cdp-attach)`,
      );
    }
    if (!/^(https?|wss?):\/\/[^/\s]+/.test(cdpUrl)) {
      throw refuse(`cdpUrl must be an http(s) or ws(s) DevTools address`);
    }
    return new AttachedPool(cdpUrl);
  }

  /**
   * The session engine is loaded: `create` may be called. Every door awaits it before it serves
   * its first request (the HTTP operations, BAP, MCP).
   */
  async ready(): Promise<void> {
    await loadEngine();
  }

  /** A new session, in the shared browser or in a foreign one (after `ready`). */
  create(options: CreateSessionInput, pool?: ForeignBrowser): Session {
    const Session = SessionClass;
    if (!Session) throw new Error("The session engine is not loaded: await the registry's ready() first");
    const max = this.config.limits.maxSessions;
    if (this.#sessions.size >= max) {
      throw new PortholeError("context_limit", `All ${max} browser contexts are in use`, {
        retryAfterMs: 5000,
        details: { resource: "contexts", limit: max, current: this.#sessions.size },
      });
    }
    const session = new Session(options, {
      pool: pool ?? this.pool,
      limits: this.config.limits,
      idleMs: this.config.sessionIdleMs,
      isSelf: this.#isSelf,
      approvalRules: this.config.operator.approvals,
      popupOrigins: [...this.config.allowPopupOrigins, ...this.config.operator.popupOrigins ?? []],
      downloads: this.config.downloads,
      approvals: this.approvals,
      secrets: this.secrets,
      publish: (ev) => {
        this.events.publish(ev);
        this.role.relay?.(ev);
      },
      routeBase: this.role.routeBase,
      budgetBytes: this.config.sessionBudgetBytes,
      keepJournal: (journal) => this.journals.keep(journal).catch(() => {}),
      record: this.config.record || this.config.operator.record === true,
      har: this.har,
    });
    this.#sessions.set(session.id, session);
    this.#sweeper ??= setInterval(
      () => this.sweep(),
      Math.min(30_000, Math.max(1000, this.config.sessionIdleMs / 4)),
    );
    // Only on the stream of every session: a dashboard learns of it at once (the UI's session list).
    this.events.publish(makeEvent(session.id, "session.opened", {}));
    pool?.onLost(() => session.browserLost());
    return session;
  }

  /** A session's journal: the live session's, or a closed one's while it is kept. */
  async journal(id: string): Promise<JournalExport> {
    const s = this.#sessions.get(id);
    if (s && !s.disposed) return await s.journal.export();
    const kept = this.journals.get(id);
    if (!kept) {
      throw new PortholeError("session_not_found", `Session ${id} does not exist, nor is its journal kept`);
    }
    return kept;
  }

  get(id: string): Session {
    const s = this.#sessions.get(id);
    if (!s || s.disposed) {
      throw new PortholeError("session_not_found", `Session ${id} does not exist`);
    }
    return s;
  }

  async close(id: string, reason?: string): Promise<void> {
    const s = this.get(id);
    this.#sessions.delete(id);
    if (this.#sessions.size === 0) this.#stopSweeper();
    await s.dispose(reason);
  }

  /** Close sessions idle for longer than the idle time (never one with work running or queued). */
  sweep(now = Date.now()): void {
    for (const s of this.#sessions.values()) {
      if (!s.gate.busy && s.gate.queued === 0 && now - s.lastUsed > this.config.sessionIdleMs) {
        this.#sessions.delete(s.id);
        s.dispose("The session was idle for too long").catch(() => {});
      }
    }
    if (this.#sessions.size === 0) this.#stopSweeper();
  }

  #stopSweeper(): void {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  async shutdown(): Promise<void> {
    this.#stopSweeper();
    await this.#testBrowser?.shutdown();
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(all.map((s) => s.dispose("The sidecar is shutting down")));
    this.events.close();
    await this.pool.shutdown();
  }
}

/** The members of `o` that are set (so a flag left out does not hide the config file's value). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
