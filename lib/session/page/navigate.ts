/**
 * The navigate operation: refuse what no page may reach, navigate the main frame as Porthole's
 * own navigation, authorise the committed origin, and observe when asked.
 */
import type { FrameInfo } from "../../driver/page_driver.ts";
import type { NetGuard } from "../../driver/net_guard.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { NavigateInput } from "../../protocol/schemas.ts";
import type { NavigateResult, Observation } from "../../protocol/types.ts";
import { redactUrl } from "../../policy/url.ts";
import { keepAuthorizationIfStill, navigateFrame } from "./nav_authority.ts";
import { bounded } from "../core/bounded.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { ObserveOptions } from "../observe/observation.ts";
import type { Emitter } from "../core/emit.ts";
import { recoverPage } from "../core/page_health.ts";
import { loadWait, settleLoaded } from "./network_idle.ts";

/** What navigate needs of its session. */
export interface NavigateHost extends Emitter {
  readonly guard?: NetGuard | null;
  checkDestination(url: string): URL | null;
  pageOrOpen(pageId: string | undefined, signal?: AbortSignal): Promise<PageRecord>;
  activate(pageId: string): PageRecord;
  authorizeCommit(rec: PageRecord, committed: FrameInfo | null): Promise<void>;
  observeWith(rec: PageRecord, input: ObserveOptions, signal: AbortSignal): Promise<Observation>;
}

export async function navigate(
  host: NavigateHost,
  input: NavigateInput,
  signal: AbortSignal,
): Promise<NavigateResult> {
  return await bounded(input.timeoutMs, signal, "Navigation failed", async (sig) => {
    host.checkDestination(input.url);
    const rec = await host.pageOrOpen(input.pageId, sig);
    host.activate(rec.pageId);
    const recovered = await recoverPage(host, rec, sig);
    const previousOrigin = rec.authorizedOrigin;
    const startedAt = Date.now();
    const attempt = async () => {
      const main = (await rec.driver.frames(sig)).find((f) => f.parentId === null)!;
      return await navigateFrame(
        rec,
        main,
        input.url,
        loadWait(input.waitUntil),
        sig,
        undefined,
        input.referer,
      );
    };
    let result;
    try {
      result = await attempt().catch((err) => {
        if (recovered && err instanceof PortholeError && err.code === "navigation_failed") return null;
        throw err;
      });
      // Chromium may cancel a fresh renderer's first navigation while it still tears down the old
      // one (ERR_ABORTED): once more, then the answer stands.
      if (!result || (recovered && result.outcome.kind === "aborted")) result = await attempt();
    } catch (err) {
      await keepAuthorizationIfStill(rec, previousOrigin);
      throw unreachableOr(host, input.url, Date.now() - startedAt, err);
    }
    const { outcome, committed } = result;
    // The guard answers an allowed address that takes no connection itself (502): the
    // destination failed, which is navigation_failed with the reason, not a policy refusal.
    const unreachable = outcome.kind === "loaded" && outcome.httpStatus === 502
      ? host.guard?.recentlyUnreachable(new URL(input.url).hostname, Date.now() - startedAt)
      : null;
    if (unreachable) {
      await rec.driver.send("Page.navigate", { url: "about:blank" }).catch(() => {});
      rec.authorizedOrigin = null;
      throw navigationFailed(input.url, unreachable);
    }
    // The network guard answers a refused plain-HTTP destination itself (403): that is not the page.
    const refused = outcome.kind === "loaded" && outcome.httpStatus === 403
      ? host.guard?.recentlyRefused(new URL(input.url).hostname)
      : null;
    if (refused) {
      await rec.driver.send("Page.navigate", { url: "about:blank" }).catch(() => {});
      rec.authorizedOrigin = null;
      throw new PortholeError("address_not_allowed", `The navigation was refused: ${refused}`, {
        details: { url: redactUrl(input.url) },
      });
    }
    if (outcome.kind === "aborted") {
      throw new PortholeError("navigation_failed", "The navigation did not commit", {
        details: { url: redactUrl(input.url) },
      });
    }
    await host.authorizeCommit(rec, committed);
    if (outcome.kind !== "download") await settleLoaded(rec, committed, input.waitUntil, sig, input.settleMs);
    const res: NavigateResult = {
      pageId: rec.pageId,
      url: redactUrl(committed?.url ?? input.url),
      httpStatus: outcome.kind === "loaded" ? outcome.httpStatus : null,
      navigation: outcome.kind === "download"
        ? "download_blocked"
        : outcome.kind === "same_document"
        ? "same_document"
        : "committed",
    };
    if (input.observe) {
      const opts = typeof input.observe === "object" ? input.observe : {};
      res.state = await host.observeWith(rec, opts, sig);
    }
    return res;
  });
}

function navigationFailed(url: string, reason: string): PortholeError {
  const why = reason === "connection_refused"
    ? "nothing accepts connections there"
    : "it could not be reached";
  return new PortholeError("navigation_failed", `The navigation failed: ${why} (${reason})`, {
    details: { url: redactUrl(url), reason },
  });
}

/** An https tunnel the guard could not open fails in Chromium; the guard knows why. */
function unreachableOr(host: NavigateHost, url: string, withinMs: number, err: unknown): unknown {
  if (!(err instanceof PortholeError) || err.code !== "navigation_failed") return err;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return err;
  }
  const reason = host.guard?.recentlyUnreachable(hostname, withinMs);
  return reason ? navigationFailed(url, reason) : err;
}
