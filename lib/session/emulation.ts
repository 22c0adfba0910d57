/**
 * Emulation of a session: set once, applied to every open page at once and to every page the
 * session opens later (its own, popups). Viewport, user agent, locale and time zone become the
 * session's options, which every new page is prepared with before anyone can use it; the rest
 * follows each new page as it opens.
 */
import { PortholeError } from "../protocol/errors.ts";
import type { PageRecord, Session } from "./session.ts";

export interface Geolocation {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/** What one page can be made to look like. */
export interface PageEmulation {
  viewport?: { width: number; height: number; deviceScaleFactor?: number; isMobile?: boolean };
  hasTouch?: boolean;
  userAgent?: string;
  platform?: string;
  acceptLanguage?: string;
  geolocation?: Geolocation;
  offline?: boolean;
  colorScheme?: "light" | "dark" | "no-preference";
  timezoneId?: string;
  locale?: string;
}

/** A session's emulation; `permissions` are granted to every origin of its context. */
export interface SessionEmulation extends PageEmulation {
  permissions?: string[];
}

const remembered = new WeakMap<Session, SessionEmulation>();
const applied = new WeakMap<PageRecord, Promise<void>>();
const grants = new WeakMap<
  Session,
  { generation: number; send: (p: Record<string, unknown>) => Promise<void> }
>();

/** The emulation a session applies to its new pages. */
export function sessionEmulation(session: Session): SessionEmulation {
  return { ...remembered.get(session) };
}

/** Apply emulation to one page now. */
export async function emulatePage(rec: PageRecord, emu: PageEmulation, signal?: AbortSignal): Promise<void> {
  const d = rec.driver;
  const jobs: Promise<unknown>[] = [];
  if (emu.viewport) {
    jobs.push(d.send("Emulation.setDeviceMetricsOverride", {
      width: emu.viewport.width,
      height: emu.viewport.height,
      deviceScaleFactor: emu.viewport.deviceScaleFactor ?? 1,
      mobile: emu.viewport.isMobile ?? false,
    }, signal));
  }
  if (emu.hasTouch !== undefined) {
    jobs.push(d.send("Emulation.setTouchEmulationEnabled", { enabled: emu.hasTouch }, signal));
  }
  if (emu.userAgent) {
    jobs.push(d.send("Emulation.setUserAgentOverride", {
      userAgent: emu.userAgent,
      platform: emu.platform,
      acceptLanguage: emu.acceptLanguage ?? emu.locale,
    }, signal));
  }
  if (emu.geolocation) {
    jobs.push(d.send("Emulation.setGeolocationOverride", { accuracy: 0, ...emu.geolocation }, signal));
  }
  if (emu.offline !== undefined) {
    jobs.push(d.send("Network.emulateNetworkConditions", {
      offline: emu.offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    }, signal));
  }
  if (emu.colorScheme) {
    jobs.push(d.send("Emulation.setEmulatedMedia", {
      features: [{ name: "prefers-color-scheme", value: emu.colorScheme }],
    }, signal));
  }
  // Chromium refuses a second override of either while one is in effect: clear, then set.
  if (emu.timezoneId) {
    jobs.push(
      d.send("Emulation.setTimezoneOverride", { timezoneId: "" }, signal).catch(() => {})
        .then(() => d.send("Emulation.setTimezoneOverride", { timezoneId: emu.timezoneId }, signal)),
    );
  }
  if (emu.locale) {
    jobs.push(
      d.send("Emulation.setLocaleOverride", {}, signal).catch(() => {})
        .then(() => d.send("Emulation.setLocaleOverride", { locale: emu.locale }, signal)),
    );
  }
  await Promise.all(jobs);
}

/**
 * Grant permissions to every origin of the session's context. The grant lives in a
 * browser-level DevTools session (Chromium drops its grants when that detaches), kept until
 * the session ends.
 */
export async function grantPermissions(session: Session, permissions: string[]): Promise<void> {
  const lease = session.lease;
  if (!permissions.length || !lease) return;
  let grant = grants.get(session);
  if (!grant || grant.generation !== lease.generation) {
    const cdp = await lease.browser.target().createCDPSession();
    session.signal.addEventListener("abort", () => cdp.detach().catch(() => {}), { once: true });
    grant = {
      generation: lease.generation,
      // deno-lint-ignore no-explicit-any
      send: async (p) => void await cdp.send("Browser.grantPermissions", p as any),
    };
    grants.set(session, grant);
  }
  try {
    await grant.send({ permissions, browserContextId: lease.context.id });
  } catch (err) {
    throw new PortholeError("invalid_params", `Chromium refused the permissions: ${(err as Error).message}`, {
      details: { field: "permissions" },
    });
  }
}

/** The session's emulation on a page it just opened (once per page; a second call waits for the first). */
export function prepareEmulated(session: Session, rec: PageRecord, signal?: AbortSignal): Promise<void> {
  let done = applied.get(rec);
  if (!done) {
    const emu = remembered.get(session);
    // Viewport, user agent, locale and time zone are in the session's options, which the page
    // was prepared with; sending them again would drop what the options combine (Accept-Language).
    const { permissions, viewport: _v, userAgent: _u, locale: _l, timezoneId: _t, ...page } = emu ?? {};
    // emulatePage sends its commands before its first await: they go out first.
    done = emu
      ? Promise.all([emulatePage(rec, page, signal), grantPermissions(session, permissions ?? [])]).then(
        () => {},
      )
      : Promise.resolve();
    applied.set(rec, done);
  }
  return done;
}

/**
 * Emulate every new page of the session as it is registered. The hook runs synchronously in
 * the page's `page.opened` event, so its commands reach Chromium before anything a caller
 * sends to the new page next.
 */
function follow(session: Session): void {
  const deps = session.deps;
  const publish = deps.publish;
  deps.publish = (ev) => {
    publish?.(ev);
    if (ev.type !== "page.opened") return;
    const rec = session.pages.get((ev.data as { pageId: string }).pageId);
    if (rec) prepareEmulated(session, rec).catch(() => {});
  };
}

/**
 * Set emulation for the whole session: every open page now, and every page opened later.
 * Fields left out keep what was set before.
 */
export async function emulate(session: Session, patch: SessionEmulation, signal: AbortSignal): Promise<void> {
  if (!remembered.has(session)) follow(session);
  const emu = { ...remembered.get(session), ...patch };
  if (patch.geolocation && !emu.permissions?.includes("geolocation")) {
    emu.permissions = [...(emu.permissions ?? []), "geolocation"];
  }
  remembered.set(session, emu);
  // New pages are prepared with the session's options before anyone can use them.
  const o = session.options;
  if (patch.viewport) o.viewport = { width: patch.viewport.width, height: patch.viewport.height };
  if (patch.userAgent) o.userAgent = patch.userAgent;
  if (patch.locale) o.locale = patch.locale;
  if (patch.timezoneId) o.timezoneId = patch.timezoneId;
  const { permissions: _, ...page } = patch;
  const open = [...session.pages.values()].filter((r) => !r.driver.closed);
  // Only the user-agent override carries Accept-Language and navigator.language.
  if (patch.locale && !page.userAgent && open.length) {
    page.userAgent = o.userAgent ?? await session.lease?.browser.userAgent();
  }
  if (open.length) await grantPermissions(session, emu.permissions ?? []);
  for (const rec of open) {
    applied.set(rec, applied.get(rec) ?? Promise.resolve());
    await emulatePage(rec, { ...page, acceptLanguage: page.acceptLanguage ?? o.locale }, signal);
  }
}
