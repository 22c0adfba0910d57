/**
 * The navigation authority of a session: which destinations a page may be sent to, which
 * navigation is Porthole's own (its guard lets that one leave the authorised origin), and which
 * origin a committed document authorises. Every door's navigate, reload and history step passes
 * through here, so the rules exist once.
 */
import { type ErrorCode, PortholeError } from "../../protocol/errors.ts";
import type { FrameInfo } from "../../driver/page_driver.ts";
import { canonicalOrigin, checkScheme, originAllowed, redactUrl } from "../../policy/url.ts";
import { isMetadataAddress, refuseName } from "../../policy/address.ts";
import { navigateAndWait, type NavOutcome } from "./navigation.ts";
import type { PageRecord } from "../core/page_record.ts";

/** Refuse destinations no page may reach, before anything is sent. */
export function checkDestination(
  url: string,
  allowed: readonly string[] | undefined,
  isSelf: (url: URL) => boolean,
): URL | null {
  const verdict = checkScheme(url);
  if (verdict === "about_blank") return null;
  if (verdict === "refused") {
    let scheme = "";
    try {
      scheme = new URL(url).protocol;
    } catch {
      throw new PortholeError("invalid_params", `url must be an absolute URL, got "${url.slice(0, 200)}"`, {
        details: { field: "url" },
      });
    }
    throw new PortholeError(
      "scheme_not_allowed",
      "The scheme is not allowed (only http, https, about:blank)",
      { details: { scheme } },
    );
  }
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  // The same metadata and link-local rules the network guard applies to resolved addresses.
  const bare = host.replace(/\.$/, "");
  if (isSelf(parsed) || isMetadataAddress(bare) || refuseName(bare) !== null) {
    throw new PortholeError("address_not_allowed", "Navigation to this address is not allowed", {
      details: { host, url: redactUrl(url) },
    });
  }
  const origin = canonicalOrigin(url);
  if (!originAllowed(origin, allowed)) {
    throw new PortholeError(
      "origin_not_allowed",
      "The origin is not in this session's allowedOrigins",
      { details: { origin } },
    );
  }
  return parsed;
}

/**
 * Tell the page's guard that Porthole itself is about to navigate it to `url` (navigate,
 * reload, history): that request and its redirect hops may leave the authorised origin.
 * Cleared with `rec.navigating = null`.
 */
export function ownNavigation(rec: PageRecord, url: string): void {
  let target = url;
  try {
    const u = new URL(url);
    u.hash = "";
    target = u.href;
  } catch { /* about:blank and the like make no request */ }
  rec.navigating = { url: target, hops: new Set() };
}

/**
 * A navigation Porthole itself makes: while it runs, the page's guard lets its document
 * requests leave the authorised origin (within the session's allowedOrigins and the network
 * guard). A hop the guard refused is reported with the guard's own reason.
 */
export async function navigateFrame(
  rec: PageRecord,
  frame: FrameInfo,
  url: string,
  waitUntil: "domcontentloaded" | "load",
  signal: AbortSignal,
  onAcknowledged?: () => void,
  referrer?: string,
): Promise<{ outcome: NavOutcome; committed: FrameInfo | null }> {
  ownNavigation(rec, url);
  rec.blocked.clear();
  try {
    return await navigateAndWait(rec.driver, frame, url, waitUntil, signal, onAcknowledged, referrer);
  } catch (err) {
    throw refusalOr(rec, err);
  } finally {
    rec.navigating = null;
  }
}

/** After a top-level commit: authorise its origin if allowed, else leave it and refuse. */
export async function authorizeCommit(
  rec: PageRecord,
  committed: FrameInfo | null,
  allowed: readonly string[] | undefined,
): Promise<void> {
  if (!committed || committed.parentId !== null) return;
  const origin = canonicalOrigin(committed.url);
  if (committed.url === "about:blank" || origin === "null") {
    rec.authorizedOrigin = null;
    return;
  }
  if (!originAllowed(origin, allowed)) {
    rec.authorizedOrigin = null;
    await rec.driver.send("Page.navigate", { url: "about:blank" }).catch(() => {});
    throw new PortholeError(
      "origin_not_allowed",
      "The navigation committed on an origin that is not in this session's allowedOrigins",
      { details: { origin } },
    );
  }
  rec.authorizedOrigin = origin;
}

/** A navigation's hop the page's guard refused, as the guard's own error; else `err` itself. */
export function refusalOr(rec: PageRecord, err: unknown): unknown {
  const refused = rec.blocked.first();
  const cause = refused?.extras.details?.cause as ErrorCode | undefined;
  return refused && cause
    ? new PortholeError(cause, refused.message, { details: refused.extras.details })
    : err;
}

/** After a failed navigation: the old authorisation survives only while the page still shows that origin. */
export async function keepAuthorizationIfStill(
  rec: PageRecord,
  previousOrigin: string | null,
): Promise<void> {
  // Bounded: after a navigation that timed out, the frame tree may wait behind it for good.
  const top = (await rec.driver.frames(AbortSignal.timeout(1_000)).catch(() => [])).find((f) =>
    f.parentId === null
  );
  if (!top || canonicalOrigin(top.url) !== previousOrigin) rec.authorizedOrigin = null;
}
