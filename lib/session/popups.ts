/**
 * Popups. A popup whose opener is one of the session's pages and whose destination is that
 * page's authorised origin becomes a page of the session: it counts towards the page limit,
 * is not activated, and inherits the opener's authorisation. Every other popup is closed
 * (fail closed) and reported as popup_blocked.
 */
import type { Page, Target } from "../driver/page_driver.ts";
import { PortholeError } from "../protocol/errors.ts";
import { canonicalOrigin, redactUrl } from "../policy/url.ts";
import type { ContextLease } from "../driver/pool.ts";
import type { PageRecord } from "./page_record.ts";
import type { Emitter } from "./emit.ts";

/** What refusing an announced popup needs of its session: whether a page fits, and its events. */
export interface PopupRoom extends Emitter {
  readonly pageRoom: boolean;
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

/** Whether a popup of `opener` bound for `rawUrl` may open at all (to be adopted). */
export function popupMayOpen(opener: PageRecord, rawUrl: string, room: boolean): boolean {
  const url = rawUrl === "" ? "about:blank" : rawUrl;
  const origin = url === "about:blank" ? opener.authorizedOrigin : canonicalOrigin(url);
  return room && opener.authorizedOrigin !== null && origin === opener.authorizedOrigin;
}

/**
 * The opener's renderer announces a popup before the input that caused it is acknowledged, so
 * a refusal reaches the action that caused it.
 */
export function popupAnnounced(session: PopupRoom, opener: PageRecord, rawUrl: string): void {
  const url = rawUrl === "" ? "about:blank" : rawUrl;
  const adopt = popupMayOpen(opener, url, session.pageRoom);
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
  opener?.blocked.push(new PortholeError("popup_blocked", `A popup (${shown}) was closed: ${why}`));
  session.emit("popup.blocked", { pageId: opener?.pageId ?? "", url: shown, reason: why });
}

/** A new page target appeared in the session's context. */
export async function popupCreated(
  session: PopupHost,
  target: Target,
  creatingOwnPage: boolean,
): Promise<void> {
  if (target.type() !== "page") return;
  const openerTarget = target.opener();
  if (!openerTarget && creatingOwnPage) return; // Porthole's own page, from openPage
  const page = await target.page().catch(() => null);
  if (!page) return;
  const close = () => page.close({ runBeforeUnload: false }).catch(() => {});
  const openerId = openerTarget ? (openerTarget as unknown as { _targetId: string })._targetId : null;
  const opener = openerId
    ? [...session.pages.values()].find((p) => p.driver.targetId === openerId)
    : undefined;
  if (!opener) {
    // Unattributable: no opener, or one that is not a page of this session. Fail closed.
    await close();
    refuse(session, undefined, target.url(), "its opener cannot be attributed to one page of the session");
    return;
  }
  const entry = announced.get(opener)?.find((a) => !a.taken);
  if (entry) entry.taken = true;
  try {
    await adopt(session, page, opener, entry, close);
  } finally {
    entry?.done.resolve();
  }
}

async function adopt(
  session: PopupHost,
  page: Page,
  opener: PageRecord,
  entry: Announced | undefined,
  close: () => Promise<unknown>,
): Promise<void> {
  if (!entry?.adopt) {
    await close(); // already reported when announced
    return;
  }
  const lease = session.lease;
  if (!lease || !session.pageRoom) {
    await close();
    refuse(session, opener, entry.url, "the session is at its page limit");
    return;
  }
  try {
    const rec = await session.preparePage(page, lease);
    rec.authorizedOrigin = opener.authorizedOrigin;
    const now = page.url();
    if (now !== "about:blank" && canonicalOrigin(now) !== rec.authorizedOrigin) {
      await rec.driver.close();
      refuse(session, opener, now, "it left the opener's origin");
      return;
    }
    // Popups of one storm are prepared side by side: the limit holds when each one is added.
    if (!session.pageRoom) {
      await rec.driver.close();
      refuse(session, opener, entry.url, "the session is at its page limit");
      return;
    }
    session.registerPage(rec, { activate: false, opener: opener.pageId });
  } catch {
    await close();
    refuse(session, opener, entry.url, "it could not be attached");
  }
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
