/**
 * Attaching Porthole to a page of a session's context: emulation, the document-start scripts (the
 * click-listener recorder, the timer hook, the request marks), the watchers and the route guard. A page
 * that cannot be attached completely is closed.
 */
import type { ContextLease } from "../../driver/pool.ts";
import { driverError, type Page, PageDriver } from "../../driver/page_driver.ts";
import { emulatePage, grantPermissions, type SessionEmulation } from "./emulation.ts";
import { LISTENER_RECORDER } from "../../snapshot/listeners.ts";
import { TIMER_TRACKER } from "../../snapshot/timers.ts";
import { REQUEST_MARKER } from "./request_marks.ts";
import { newPageRecord, type PageRecord } from "../core/page_record.ts";
import { type GuardHost, installGuard } from "./guard.ts";
import { type WatchHost, watchPage } from "./watchers.ts";
import { type HealthHost, watchHealth } from "../core/page_health.ts";

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
const DOCUMENT_START = LISTENER_RECORDER + "\n" + TIMER_TRACKER + "\n" + REQUEST_MARKER;

export interface SetupHost extends GuardHost, WatchHost, HealthHost {
  /** What every page of the session looks like (emulation.ts changes it for open pages too). */
  readonly emulation: SessionEmulation;
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
    await setUp(driver, host.emulation, lease);
  } catch (err) {
    await page.close({ runBeforeUnload: false }).catch(() => {});
    if (signal?.aborted) throw signal.reason;
    throw driverError(err, "Cannot open a page");
  }
  const rec = newPageRecord(driver, lease.generation);
  watchPage(host, rec, () => forget(rec.pageId));
  watchHealth(host, rec);
  try {
    await installGuard(host, rec);
  } catch (err) {
    await driver.close();
    throw driverError(err, "Cannot open a page");
  }
  return rec;
}

/** The document-start scripts, then the session's emulation, before anyone can use the page. */
async function setUp(driver: PageDriver, emulation: SessionEmulation, lease: ContextLease): Promise<void> {
  await Promise.all([
    // Which elements get click listeners, for the snapshot's refs (snapshot/listeners.ts), and which
    // short timers the page sets while an action settles (snapshot/timers.ts): one script, one command.
    driver.send("Page.addScriptToEvaluateOnNewDocument", { source: DOCUMENT_START, runImmediately: true }),
    emulatePage(driver, { ...emulation, viewport: emulation.viewport ?? DEFAULT_VIEWPORT }, undefined, lease),
    grantPermissions(driver, lease, emulation.permissions ?? []),
  ]);
}
