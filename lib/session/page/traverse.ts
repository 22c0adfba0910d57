/**
 * Reload, back and forward: the same navigation and origin authority as `navigate`. The
 * destination (the page's URL, or the history entry's) is checked before anything is sent, the
 * page's guard lets only that navigation leave the authorised origin, the new document is
 * awaited by the navigation waiter, and its origin is authorised on commit.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import type { TraverseResult } from "../../protocol/types.ts";
import { redactUrl } from "../../policy/url.ts";
import type { PageDriver } from "../../driver/page_driver.ts";
import { NavigationWatch, type NavOutcome } from "./navigation.ts";
import type { NavigationHost, PagesHost } from "../core/hosts.ts";
import { keepAuthorizationIfStill, refusalOr } from "./nav_authority.ts";
import { onPageBounded } from "../core/bounded.ts";
import { loadWait, settleLoaded, type WaitUntil } from "./network_idle.ts";

export type Traversal = "reload" | "back" | "forward";

export interface TraverseOptions {
  pageId?: string;
  waitUntil?: WaitUntil;
  /** How long to wait after the load for the short timers the document's loading set (network_idle.ts). */
  settleMs?: number;
  timeoutMs?: number;
  observe?: boolean | { tier?: "full" | "interactive" | "minimal"; maxDepth?: number };
}

/** A document restored from the back/forward cache fires no new load: its commit is the answer. */
function restoredFromCache(
  driver: PageDriver,
  frameId: string,
): { done: Promise<NavOutcome>; off: () => void } {
  let off = () => {};
  const done = new Promise<NavOutcome>((resolve) => {
    off = driver.on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
      if (e.frame.id === frameId && e.type === "BackForwardCacheRestore") {
        resolve({ kind: "loaded", loaderId: e.frame.loaderId, httpStatus: null });
      }
    });
  });
  return { done, off };
}

export async function traverse(
  session: PagesHost & NavigationHost,
  how: Traversal,
  input: TraverseOptions,
  signal: AbortSignal,
): Promise<TraverseResult> {
  return await onPageBounded(session, input, signal, "Navigation failed", async (rec, sig) => {
    const driver = rec.driver;
    const main = (await driver.frames(sig)).find((f) => f.parentId === null)!;
    let url = main.url;
    let entryId: number | null = null;
    if (how !== "reload") {
      const h = await driver.send<Protocol.Page.GetNavigationHistoryResponse>(
        "Page.getNavigationHistory",
        {},
        sig,
      );
      const entry = h.entries[h.currentIndex + (how === "back" ? -1 : 1)];
      if (!entry) {
        return { pageId: rec.pageId, url: redactUrl(main.url), httpStatus: null, navigation: "none" };
      }
      url = entry.url;
      entryId = entry.id;
    }
    session.checkDestination(url);
    const previousOrigin = rec.authorizedOrigin;
    session.ownNavigation(rec, url);
    rec.blocked.clear();
    const watch = new NavigationWatch(
      driver,
      main.frameId,
      main.loaderId,
      loadWait(input.waitUntil),
    );
    const cached = restoredFromCache(driver, main.frameId);
    let outcome: NavOutcome;
    try {
      if (entryId === null) await driver.send("Page.reload", {}, sig);
      else await driver.send("Page.navigateToHistoryEntry", { entryId }, sig);
      watch.requested = true;
      outcome = await Promise.race([watch.settle(sig), cached.done]);
    } catch (err) {
      await keepAuthorizationIfStill(rec, previousOrigin);
      throw refusalOr(rec, err);
    } finally {
      watch.dispose();
      cached.off();
      rec.navigating = null;
    }
    if (outcome.kind === "aborted" || outcome.kind === "download") {
      throw new PortholeError("navigation_failed", "The navigation did not commit", {
        details: { url: redactUrl(url) },
      });
    }
    const committed = (await driver.frames(sig)).find((f) => f.frameId === main.frameId) ?? null;
    await session.authorizeCommit(rec, committed);
    await settleLoaded(rec, committed, input.waitUntil, sig, input.settleMs);
    const res: TraverseResult = {
      pageId: rec.pageId,
      url: redactUrl(committed?.url ?? url),
      httpStatus: outcome.kind === "loaded" ? outcome.httpStatus : null,
      navigation: outcome.kind === "same_document" ? "same_document" : "committed",
    };
    if (input.observe) {
      const like = typeof input.observe === "object" ? input.observe : {};
      res.state = await session.captureFresh(rec, main.frameId, sig, like);
    }
    return res;
  });
}
