/**
 * Popups. Each arrives held before its first request (driver/popup_hold.ts). A popup opened by
 * the main frame of one of the session's pages, with access to its opener, towards that page's
 * authorised origin, becomes a page of the session: it counts towards the page limit, is not
 * activated, and inherits the opener's authorisation. Every other popup is blocked before it
 * sends anything (fail closed) and reported as popup_blocked.
 */
import type { Page, Target } from "../../driver/page_driver.ts";
import type { HeldPopup } from "../../driver/popup_hold.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { canonicalOrigin, originAllowed, redactUrl } from "../../policy/url.ts";
import type { ContextLease } from "../../driver/pool.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { Emitter } from "../core/emit.ts";

/** What judging an announced popup needs of its session: room, allowed origins, its events. */
export interface PopupRoom extends Emitter {
  readonly pageRoom: boolean;
  /** Origins the operator lets popups open to, each adopted with its own authority. */
  readonly popupOrigins: readonly string[];
}

/** What popup handling needs of its session: its pages and their room, and adopting one. */
export interface PopupHost extends PopupRoom {
  readonly pages: ReadonlyMap<string, PageRecord>;
  readonly lease: ContextLease | null;
  preparePage(page: Page, lease: ContextLease, signal?: AbortSignal): Promise<PageRecord>;
  registerPage(rec: PageRecord, how: { activate: boolean; opener?: string }): void;
}

interface Announced {
  url: string;
  adopt: boolean;
  taken?: boolean;
  /** Settles once the popup was adopted or closed. */
  done: PromiseWithResolvers<void>;
}

/** Longest an action waits for a popup it announced to appear and be adopted. */
const ADOPT_WAIT_MS = 2000;

/** Popups announced by each opener page (Page.windowOpen), oldest first. */
const announced = new WeakMap<PageRecord, Announced[]>();

/**
 * Under whose authority a popup of `opener` bound for `rawUrl` may open: the opener's (its own
 * origin), its own (an origin the operator allows popups to), or none.
 */
export function popupAuthority(
  opener: PageRecord,
  rawUrl: string,
  popupOrigins: readonly string[],
): "opener" | "own" | null {
  if (opener.authorizedOrigin === null) return null;
  const url = rawUrl === "" ? "about:blank" : rawUrl;
  const origin = url === "about:blank" ? opener.authorizedOrigin : canonicalOrigin(url);
  if (origin === opener.authorizedOrigin) return "opener";
  return popupOrigins.length > 0 && originAllowed(origin, popupOrigins) ? "own" : null;
}

/** Whether a popup of `opener` bound for `rawUrl` may open at all (to be adopted). */
export function popupMayOpen(
  opener: PageRecord,
  rawUrl: string,
  room: boolean,
  popupOrigins: readonly string[] = [],
): boolean {
  return room && popupAuthority(opener, rawUrl, popupOrigins) !== null;
}

/**
 * The opener's renderer announces a popup before the input that caused it is acknowledged, so
 * a refusal reaches the action that caused it.
 */
export function popupAnnounced(session: PopupRoom, opener: PageRecord, rawUrl: string): void {
  const url = rawUrl === "" ? "about:blank" : rawUrl;
  const adopt = popupMayOpen(opener, url, session.pageRoom, session.popupOrigins);
  const list = announced.get(opener) ?? [];
  const done = Promise.withResolvers<void>();
  if (!adopt) done.resolve();
  list.push({ url, adopt, done });
  if (list.length > 16) list.shift();
  announced.set(opener, list);
  if (!adopt) {
    const why = session.pageRoom
      ? "it is not of the opener's authorised origin"
      : "the session is at its page limit";
    refuse(session, opener, url, why);
  }
}

function refuse(session: Emitter, opener: PageRecord | undefined, url: string, why: string): void {
  const shown = redactUrl(url);
  opener?.blocked.push(
    new PortholeError("popup_blocked", `A popup was closed: ${why}`, { details: { url: shown } }),
  );
  session.emit("popup.blocked", { pageId: opener?.pageId ?? "", url: shown, reason: why });
}

/**
 * A new page target without an opener appeared in the session's context: Porthole's own page,
 * or one nobody can attribute, which is closed. Popups with an opener arrive held (popupHeld).
 */
export async function popupCreated(
  session: PopupHost,
  target: Target,
  creatingOwnPage: boolean,
): Promise<void> {
  if (target.type() !== "page" || target.opener() || creatingOwnPage) return;
  const page = await target.page().catch(() => null);
  if (!page) return;
  await page.close({ runBeforeUnload: false }).catch(() => {});
  refuse(session, undefined, target.url(), "its opener cannot be attributed to one page of the session");
}

/**
 * A popup of the session's context, held before its first request: adopted when one page of the
 * session opened it from its own main frame, with access to it, towards its authorised origin,
 * and there is room; otherwise blocked (fail closed) before it sends anything.
 */
export async function popupHeld(session: PopupHost, held: HeldPopup): Promise<void> {
  const opener = [...session.pages.values()].find((p) => p.driver.targetId === held.openerId);
  const entry = opener ? announced.get(opener)?.find((a) => !a.taken) : undefined;
  if (entry) entry.taken = true;
  let reported = false;
  const block = async (why: string, url = entry?.url ?? "about:blank") => {
    await held.block();
    if (!reported && (entry?.adopt ?? true)) refuse(session, opener, url, why);
    reported = true;
  };
  try {
    const why = unattributable(opener, held);
    if (why || !opener) {
      return await block(why ?? "its opener cannot be attributed to one page of the session");
    }
    if (entry && !entry.adopt) return await block("already refused");
    const lease = session.lease;
    if (!lease || !session.pageRoom) return await block("the session is at its page limit");
    // The first document under an allowed origin of its own gives the popup that authority.
    let own: string | null = null;
    held.admit((url) => {
      const authority = popupAuthority(opener, url, session.popupOrigins);
      if (authority === "own" && own === null) own = canonicalOrigin(url);
      return authority !== null;
    }, (url) => {
      if (!reported && (entry?.adopt ?? true)) {
        refuse(session, opener, url, "it is not of the opener's authorised origin");
      }
      reported = true;
    });
    if (held.decided) return;
    const page = await held.target.page();
    if (!page) return await block("it could not be attached");
    const rec = await session.preparePage(page, lease);
    rec.authorizedOrigin = own ?? opener.authorizedOrigin;
    if (own) rec.popupOrigins = [opener.authorizedOrigin!, ...session.popupOrigins];
    if (held.decided) return void (await rec.driver.close());
    // Popups of one storm are prepared side by side: the limit holds when each one is added.
    if (!session.pageRoom) {
      await rec.driver.close();
      return await block("the session is at its page limit");
    }
    session.registerPage(rec, { activate: false, opener: opener.pageId });
    held.release();
  } catch {
    await block("it could not be attached");
  } finally {
    entry?.done.resolve();
  }
}

/** Why a held popup cannot be attributed to exactly one page of the session, or null. */
function unattributable(opener: PageRecord | undefined, held: HeldPopup): string | null {
  if (!opener) return "its opener cannot be attributed to one page of the session";
  if (!held.canAccessOpener) return "it was opened with noopener, so it has no attributable opener";
  if (held.openerFrameId !== null && held.openerFrameId !== opener.driver.targetId) {
    return "a frame inside the page opened it, not the page itself";
  }
  return null;
}

/** Wait (briefly, within `signal`) until every popup this page announced was adopted or closed. */
export async function popupsSettled(opener: PageRecord, signal: AbortSignal): Promise<void> {
  const pending = (announced.get(opener) ?? []).filter((a) => a.adopt).map((a) => a.done.promise);
  if (!pending.length) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ADOPT_WAIT_MS);
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await Promise.race([Promise.all(pending), limit]);
  clearTimeout(timer);
  // What settled is done with; what did not arrive in time is left to SSE.
  announced.set(opener, []);
}
