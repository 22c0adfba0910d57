/**
 * The page_open operation: a new page, with its own viewport, user agent and geolocation on top
 * of the session's emulation, loaded at a URL when one is given. The destination is checked
 * before a tab is opened; a page whose emulation or navigation fails is closed again.
 */
import type { PageOpenInput } from "../../protocol/schemas_context.ts";
import { emulatePage, type EmulationHost, grantPermissions } from "./emulation.ts";
import type { NavigationHost } from "../core/hosts.ts";
import type { PageRecord } from "../core/page_record.ts";

export async function openPageWith(
  session: EmulationHost & NavigationHost,
  input: PageOpenInput,
  signal: AbortSignal,
): Promise<PageRecord> {
  const { url, ...emulation } = input;
  if (url !== undefined) session.checkDestination(url);
  const rec = await session.openPage(signal);
  try {
    await emulatePage(rec.driver, emulation, signal);
    // A page's geolocation grants the permission to its context, as Playwright's does.
    if (emulation.geolocation && session.lease) {
      await grantPermissions(rec.driver, session.lease, ["geolocation"]);
    }
    if (url !== undefined) await session.navigate({ url, pageId: rec.pageId, waitUntil: "load" }, signal);
  } catch (err) {
    await session.closePage(rec.pageId).catch(() => {});
    throw err;
  }
  return rec;
}
