/**
 * Attaching Porthole to a page of a session's context: emulation, the click-listener recorder,
 * the watchers and the route guard. A page that cannot be attached completely is closed.
 */
import type { ContextLease } from "../driver/pool.ts";
import { driverError, type Page, PageDriver } from "../driver/page_driver.ts";
import { PortholeError } from "../protocol/errors.ts";
import type { CreateSessionInput } from "../protocol/schemas.ts";
import { LISTENER_RECORDER } from "../snapshot/listeners.ts";
import { newPageRecord, type PageRecord } from "./page_record.ts";
import { type GuardHost, installGuard } from "./page_guard.ts";
import { type WatchHost, watchPage } from "./page_watch.ts";

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

export interface SetupHost extends GuardHost, WatchHost {
  readonly options: CreateSessionInput;
}

export async function preparePage(
  host: SetupHost,
  page: Page,
  lease: ContextLease,
  forget: (pageId: string) => void,
  signal?: AbortSignal,
): Promise<PageRecord> {
  let driver: PageDriver;
  try {
    driver = await PageDriver.attach(page);
    await emulate(driver, host.options, lease);
  } catch (err) {
    await page.close({ runBeforeUnload: false }).catch(() => {});
    if (signal?.aborted) throw signal.reason;
    throw driverError(err, "Cannot open a page");
  }
  const rec = newPageRecord(driver, lease.generation);
  watchPage(host, rec, () => forget(rec.pageId));
  try {
    await installGuard(host, rec);
  } catch (err) {
    await driver.close();
    throw driverError(err, "Cannot open a page");
  }
  return rec;
}

async function emulate(driver: PageDriver, options: CreateSessionInput, lease: ContextLease) {
  const vp = options.viewport ?? DEFAULT_VIEWPORT;
  await Promise.all([
    driver.send("Emulation.setDeviceMetricsOverride", { ...vp, deviceScaleFactor: 1, mobile: false }),
    // Which elements get click listeners, for the snapshot's refs (see snapshot/listeners.ts).
    driver.send("Page.addScriptToEvaluateOnNewDocument", {
      source: LISTENER_RECORDER,
      runImmediately: true,
    }),
    // A locale also sets navigator.language and Accept-Language, which only the UA override carries.
    options.userAgent || options.locale
      ? driver.send("Emulation.setUserAgentOverride", {
        userAgent: options.userAgent ?? await lease.browser.userAgent(),
        acceptLanguage: options.locale,
      })
      : null,
    options.locale ? driver.send("Emulation.setLocaleOverride", { locale: options.locale }) : null,
    options.timezoneId
      ? driver.send("Emulation.setTimezoneOverride", { timezoneId: options.timezoneId }).catch(() => {
        throw new PortholeError("invalid_params", `Unknown timezoneId ${options.timezoneId}`, {
          details: { field: "timezoneId" },
        });
      })
      : null,
  ]);
}
