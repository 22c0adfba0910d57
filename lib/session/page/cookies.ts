/**
 * Cookies of a session's context: read (optionally only those a URL would be sent), write, clear.
 * A cookie may only be written for a host the session may reach: planting one for another site
 * would let a client prepare state the origin policy keeps pages away from.
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { Cookie } from "../../protocol/types.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { DestinationHost, PagesHost } from "../core/hosts.ts";

/** What the cookie operations need of a session. */
export type CookieHost = PagesHost & DestinationHost;

export type { Cookie };

/** A cookie to write: `url`, or `domain` (and `path`, default `/`). */
export interface CookieInput {
  name: string;
  value: string;
  url?: string;
  domain?: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

/**
 * Run `fn` with some page of the session: cookies live in the context, which exists only once a
 * page does, so a temporary about:blank page is opened (and closed) when there is none.
 */
export async function withAnyPage<T>(
  session: CookieHost,
  signal: AbortSignal,
  fn: (rec: PageRecord) => Promise<T>,
): Promise<T> {
  const open = [...session.pages.values()].find((r) => !r.driver.closed);
  if (open) return await fn(open);
  const rec = await session.openPage(signal);
  try {
    return await fn(rec);
  } finally {
    await session.closePage(rec.pageId).catch(() => {});
  }
}

// deno-lint-ignore no-explicit-any
function plain(c: any): Cookie {
  const out: Cookie = {
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path,
    expires: c.session || c.expires === undefined || c.expires < 0 ? -1 : c.expires,
    httpOnly: !!c.httpOnly,
    secure: !!c.secure,
  };
  if (c.sameSite) out.sameSite = c.sameSite;
  return out;
}

/** Whether a cookie would be sent to `url`. */
export function sentTo(c: Cookie, url: URL): boolean {
  const host = url.hostname;
  const domain = c.domain.replace(/^\./, "");
  const domainOk = c.domain.startsWith(".")
    ? host === domain || host.endsWith(`.${domain}`)
    : host === domain;
  const pathOk = c.path === "/" || url.pathname === c.path ||
    url.pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`);
  return domainOk && pathOk && (!c.secure || url.protocol === "https:" || host === "localhost");
}

/** Whether some allowed origin (or wildcard) names `host`, whatever its scheme or port. */
function hostReachable(host: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed?.length) return true;
  return allowed.some((pattern) => {
    const m = pattern.match(/^https?:\/\/(\*\.)?(\[[^\]]+\]|[^:/]+)/);
    if (!m) return false;
    const h = m[2].toLowerCase();
    return host === h || (!!m[1] && host.endsWith(`.${h}`));
  });
}

/** Refuse a cookie whose host the session may not reach, naming the field. */
function checkCookie(session: CookieHost, c: CookieInput, field: string): void {
  if (c.url !== undefined) {
    try {
      session.checkDestination(c.url);
    } catch (err) {
      if (!(err instanceof PortholeError)) throw err;
      throw new PortholeError(err.code, `${field}.url: ${err.message}`, {
        details: { ...err.extras.details, field: `${field}.url` },
      });
    }
    return;
  }
  const host = (c.domain ?? "").replace(/^\./, "").toLowerCase();
  if (!host) {
    throw new PortholeError("invalid_params", `Invalid ${field}: a cookie needs a url or a domain`, {
      details: { field },
    });
  }
  if (!hostReachable(host, session.options.allowedOrigins)) {
    throw new PortholeError(
      "origin_not_allowed",
      `${field}.domain: ${host} is not a host of this session's allowedOrigins`,
      { details: { field: `${field}.domain`, domain: host } },
    );
  }
}

/** The context's cookies; with `urls`, only those sent to one of them. */
export async function getCookies(
  session: CookieHost,
  signal: AbortSignal,
  urls?: string[],
): Promise<Cookie[]> {
  const parsed = urls?.map((u) => new URL(u));
  const all = await withAnyPage(
    session,
    signal,
    async (rec) => await rec.driver.page.browserContext().cookies(),
  );
  const cookies = all.map(plain);
  return parsed ? cookies.filter((c) => parsed.some((u) => sentTo(c, u))) : cookies;
}

/** Write cookies; every one is checked before any is written. */
export async function setCookies(
  session: CookieHost,
  cookies: CookieInput[],
  signal: AbortSignal,
  field = "cookies",
): Promise<void> {
  cookies.forEach((c, i) => checkCookie(session, c, `${field}.${i}`));
  if (!cookies.length) return;
  const list = cookies.map((c) => {
    const out: Record<string, unknown> = { ...c };
    if (c.url === undefined) out.path = c.path ?? "/";
    if (c.expires === undefined || c.expires < 0) delete out.expires;
    return out;
  });
  await withAnyPage(session, signal, async (rec) => {
    try {
      // deno-lint-ignore no-explicit-any
      await rec.driver.page.browserContext().setCookie(...(list as any[]));
    } catch (err) {
      throw new PortholeError("invalid_params", `Chromium refused the cookies: ${(err as Error).message}`, {
        details: { field },
      });
    }
  });
}

/** Delete the context's cookies (with `urls`, those sent to one of them); returns how many. */
export async function clearCookies(
  session: CookieHost,
  signal: AbortSignal,
  urls?: string[],
): Promise<number> {
  const parsed = urls?.map((u) => new URL(u));
  return await withAnyPage(session, signal, async (rec) => {
    const context = rec.driver.page.browserContext();
    const all = await context.cookies();
    const doomed = parsed ? all.filter((c) => parsed.some((u) => sentTo(plain(c), u))) : all;
    if (doomed.length) await context.deleteCookie(...doomed);
    return doomed.length;
  });
}
