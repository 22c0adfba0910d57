/**
 * The route layer of a page: every document request of its main frame is paused and judged.
 * A Porthole `navigate` may go where the session's policy allows; the page itself may only
 * navigate within the origin it is authorised for. A refused request is aborted (not failed),
 * so Chromium keeps the current document instead of committing an error page. Downloads are
 * reported as blocked.
 */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import { canonicalOrigin, originAllowed, redactUrl } from "../../policy/url.ts";
import type { PageRecord } from "../core/page_record.ts";
import { popupAnnounced, type PopupRoom } from "./popups.ts";
import { type DownloadHost, downloadPatterns, isAttachment, storeDownload } from "./downloads.ts";
import type { NetworkTape } from "./har.ts";

/** What the guard needs of its session: the destination rules, popups, downloads, its events. */
export interface GuardHost extends PopupRoom, DownloadHost {
  checkDestination(url: string, allowed?: readonly string[]): URL | null;
  /** Network record or replay (--har-record, --har-replay): every request of the page, not only documents. */
  readonly tape: NetworkTape | null;
}

/** Start judging a page's document requests. Call before the page navigates anywhere. */
export async function installGuard(session: GuardHost, rec: PageRecord): Promise<void> {
  const { driver } = rec;
  const pageId = rec.pageId;
  const tape = session.tape;
  driver.on("Fetch.requestPaused", (e: Protocol.Fetch.RequestPausedEvent) => {
    if (e.responseStatusCode !== undefined || e.responseErrorReason !== undefined) {
      // The response stage exists with --downloads artifacts (a file is stored) and --har-record.
      if (session.downloads === "artifacts" && isAttachment(e)) storeDownload(session, rec, e);
      else if (tape?.response) tape.response(driver, pageId, e);
      else driver.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
      return;
    }
    // Replay pauses every request; the policy judges documents, as it always does.
    const verdict = e.resourceType === "Document" ? judge(session, rec, e) : null;
    if (verdict === null) {
      if (tape?.request) tape.request(driver, e);
      else driver.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
      return;
    }
    driver.send("Fetch.failRequest", { requestId: e.requestId, errorReason: "Aborted" }).catch(
      () => {},
    );
    rec.blocked.push(verdict);
    session.emit("navigation.blocked", { pageId, url: redactUrl(e.request.url), reason: verdict.message });
  });
  const onDownload = (e: { frameId?: string; url: string }) => {
    rec.blocked.push(new PortholeError("download_blocked", "A download was blocked"));
    session.emit("download.blocked", { pageId, url: redactUrl(e.url) });
  };
  driver.on("Page.downloadWillBegin", onDownload);
  driver.on("Page.windowOpen", (e: Protocol.Page.WindowOpenEvent) => popupAnnounced(session, rec, e.url));
  await driver.send("Fetch.enable", { patterns: fetchPatterns(session, tape) });
}

/** Documents at the request stage (the guard), plus what downloads and the tape need, each once. */
function fetchPatterns(session: GuardHost, tape: NetworkTape | null): Protocol.Fetch.RequestPattern[] {
  const request = tape?.request
    ? []
    : [{ resourceType: "Document" as const, requestStage: "Request" as const }];
  const response = tape?.response ? [] : downloadPatterns(session);
  return [...request, ...response, ...tape?.patterns ?? []];
}

/** Null to let a paused document request go on, or the reason it is refused. */
function judge(
  session: GuardHost,
  rec: PageRecord,
  e: Protocol.Fetch.RequestPausedEvent,
): PortholeError | null {
  const url = e.request.url;
  // Sub-frames may load other origins; they never inherit the page's authorisation.
  const mainFrame = e.frameId === rec.driver.targetId;
  // Porthole's own navigation (its request, then its redirect hops) may leave the origin; a
  // navigation the page starts meanwhile (a meta refresh, a script) may not.
  const nav = rec.navigating;
  const ours = mainFrame && nav !== null &&
    (e.redirectedRequestId !== undefined
      ? nav.hops.has(e.redirectedRequestId)
      : url === nav.url && nav.hops.size === 0);
  try {
    session.checkDestination(url, ours ? undefined : []);
  } catch (err) {
    if (err instanceof PortholeError && (mainFrame || err.code === "address_not_allowed")) {
      return new PortholeError("navigation_blocked", `A navigation was blocked: ${err.message}`, {
        details: { ...err.extras.details, url: redactUrl(url), cause: err.code },
      });
    }
    if (mainFrame) {
      return new PortholeError("navigation_blocked", "A navigation was blocked", {
        details: { url: redactUrl(url) },
      });
    }
    return null;
  }
  if (!mainFrame) return null;
  if (ours) {
    rec.navigating!.hops.add(e.requestId);
    if (e.networkId) rec.navigating!.hops.add(e.networkId);
    return null;
  }
  const origin = canonicalOrigin(url);
  if (origin === rec.authorizedOrigin) return null;
  if (rec.popupOrigins?.length && originAllowed(origin, rec.popupOrigins)) {
    rec.authorizedOrigin = origin; // a sign-in window going back and forth between its origins
    return null;
  }
  return new PortholeError(
    "navigation_blocked",
    "The page tried to navigate away from the origin it is authorised for; only navigate authorises a new origin",
    { details: { origin, authorizedOrigin: rec.authorizedOrigin, url: redactUrl(url) } },
  );
}
