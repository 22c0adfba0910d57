/**
 * Emulation of a session: one record of what its pages should look like, applied to every page
 * as it is prepared (page_setup.ts) and to every open page when it changes. Permissions are
 * granted to the session's whole context.
 */
import type { PageDriver } from "../../driver/page_driver.ts";
import type { ContextLease } from "../../driver/pool.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { LeaseHost, PagesHost } from "../core/hosts.ts";
import type { PageRecord } from "../core/page_record.ts";

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

/** What emulating a session needs of it: its pages, its lease, and its one emulation record. */
export interface EmulationHost extends PagesHost, LeaseHost {
  readonly emulation: SessionEmulation;
}

/** A copy of the emulation the session applies to its pages. */
export function sessionEmulation(host: { readonly emulation: SessionEmulation }): SessionEmulation {
  return structuredClone(host.emulation);
}

/**
 * Apply emulation to one page now. A locale needs the user-agent override too (only it carries
 * Accept-Language and navigator.language): the browser's own user agent is kept then.
 */
export async function emulatePage(
  driver: PageDriver,
  emu: PageEmulation,
  signal?: AbortSignal,
  lease?: ContextLease | null,
): Promise<void> {
  const send = (method: string, params: Record<string, unknown>) => driver.send(method, params, signal);
  const jobs: Promise<unknown>[] = [];
  if (emu.viewport) {
    jobs.push(send("Emulation.setDeviceMetricsOverride", {
      width: emu.viewport.width,
      height: emu.viewport.height,
      deviceScaleFactor: emu.viewport.deviceScaleFactor ?? 1,
      mobile: emu.viewport.isMobile ?? false,
    }));
  }
  if (emu.hasTouch !== undefined) {
    jobs.push(send("Emulation.setTouchEmulationEnabled", { enabled: emu.hasTouch }));
  }
  const userAgent = emu.userAgent ??
    (emu.locale || emu.acceptLanguage ? await lease?.browser.userAgent() : undefined);
  if (userAgent) {
    jobs.push(send("Emulation.setUserAgentOverride", {
      userAgent,
      platform: emu.platform,
      acceptLanguage: emu.acceptLanguage ?? emu.locale,
    }));
  }
  if (emu.geolocation) {
    jobs.push(send("Emulation.setGeolocationOverride", { accuracy: 0, ...emu.geolocation }));
  }
  if (emu.offline !== undefined) {
    jobs.push(send("Network.emulateNetworkConditions", {
      offline: emu.offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    }));
  }
  if (emu.colorScheme) {
    jobs.push(
      send("Emulation.setEmulatedMedia", {
        features: [{ name: "prefers-color-scheme", value: emu.colorScheme }],
      }),
    );
  }
  // Chromium refuses a second override of either while one is in effect: clear, then set.
  if (emu.timezoneId) {
    jobs.push(
      send("Emulation.setTimezoneOverride", { timezoneId: "" }).catch(() => {})
        .then(() => send("Emulation.setTimezoneOverride", { timezoneId: emu.timezoneId }))
        .catch((err) => {
          if (signal?.aborted) throw err;
          throw new PortholeError("invalid_params", `Unknown timezoneId ${emu.timezoneId}`, {
            details: { field: "timezoneId" },
          });
        }),
    );
  }
  if (emu.locale) {
    jobs.push(
      send("Emulation.setLocaleOverride", {}).catch(() => {})
        .then(() => send("Emulation.setLocaleOverride", { locale: emu.locale })),
    );
  }
  await Promise.all(jobs);
}

/**
 * Grant permissions to every origin of the context, through `driver`'s root connection: a
 * DevTools session of its own on the browser target would drop the grant when it detaches, and
 * detaching such sessions while others are attached makes the driver lose the browser target.
 */
export async function grantPermissions(
  driver: PageDriver,
  lease: ContextLease,
  permissions: readonly string[],
): Promise<void> {
  if (!permissions.length) return;
  try {
    await driver.sendToBrowser("Browser.grantPermissions", {
      permissions,
      browserContextId: lease.context.id,
    });
  } catch (err) {
    throw new PortholeError("invalid_params", `Chromium refused the permissions: ${(err as Error).message}`, {
      details: { field: "permissions" },
    });
  }
}

/**
 * Set emulation for the whole session: every open page now, and every page prepared later (it
 * reads the same record). Fields left out keep what was set before; a geolocation grants its
 * permission.
 */
export async function emulate(
  host: EmulationHost,
  patch: SessionEmulation,
  signal: AbortSignal,
): Promise<void> {
  const emu = host.emulation;
  Object.assign(emu, patch);
  if (patch.geolocation && !emu.permissions?.includes("geolocation")) {
    emu.permissions = [...(emu.permissions ?? []), "geolocation"];
  }
  const { permissions: _, ...page } = patch;
  const open = [...host.pages.values()].filter((r) => !r.driver.closed);
  const lease = host.lease;
  if (open.length && lease) await grantPermissions(open[0].driver, lease, emu.permissions ?? []);
  for (const rec of open) await emulatePage(rec.driver, { ...page, ...uaFields(patch, emu) }, signal, lease);
}

/**
 * The user-agent override carries the user agent, platform and languages together: a change of
 * one sends all of them, the others as `emu` has them.
 */
function uaFields(patch: PageEmulation, emu: PageEmulation): PageEmulation {
  const keys = ["userAgent", "platform", "acceptLanguage", "locale"] as const;
  if (keys.every((k) => patch[k] === undefined)) return {};
  return Object.fromEntries(keys.map((k) => [k, patch[k] ?? emu[k]]));
}

/** What one page may be given apart from its session: its device and user agent. */
const PAGE_FIELDS = ["viewport", "hasTouch", "userAgent", "platform", "acceptLanguage"];

/**
 * Emulate on one page only, now: the session's record and its other pages stay as they are (a
 * later change to the session's emulation applies to this page too). Answers what was applied.
 */
export async function emulateOnePage(
  host: EmulationHost,
  rec: PageRecord,
  patch: PageEmulation,
  signal: AbortSignal,
): Promise<PageEmulation> {
  const field = Object.keys(patch).find((k) =>
    !PAGE_FIELDS.includes(k) && patch[k as keyof PageEmulation] !== undefined
  );
  if (field) {
    throw new PortholeError("invalid_params", `${field} applies to the whole session: leave out pageId`, {
      details: { field },
    });
  }
  const page = { ...patch, ...uaFields(patch, host.emulation) };
  await emulatePage(rec.driver, page, signal, host.lease);
  return page;
}
