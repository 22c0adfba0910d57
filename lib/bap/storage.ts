/**
 * `storage/*`: cookies and localStorage of the default context (or a context/create
 * `storageState`). Writing localStorage of an origin opens a temporary page there, through
 * the same navigation policy as any page.
 */
import type { Session } from "../session/session.ts";
import type { PageRecord } from "../session/session.ts";
import type { Call } from "./connection.ts";
import { invalidParams, toBapError } from "./errors.ts";
import { gated } from "./gate.ts";
import { Params } from "./params.ts";
import type { ContextEntry } from "./state.ts";

interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

/** Run `fn` with some page of the context (a temporary one when it has none). */
async function withAnyPage<T>(session: Session, signal: AbortSignal, fn: (rec: PageRecord) => Promise<T>) {
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
function toBapCookie(c: any): Cookie {
  const out: Cookie = {
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path,
    expires: c.session || c.expires === undefined ? -1 : c.expires,
    httpOnly: !!c.httpOnly,
    secure: !!c.secure,
  };
  if (c.sameSite) out.sameSite = c.sameSite;
  return out;
}

/** Whether a cookie would be sent to `url`. */
function sentTo(c: Cookie, url: URL): boolean {
  const host = url.hostname;
  const domain = c.domain.replace(/^\./, "");
  const domainOk = c.domain.startsWith(".")
    ? host === domain || host.endsWith(`.${domain}`)
    : host === domain;
  const pathOk = url.pathname === c.path ||
    url.pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) ||
    c.path === "/";
  return domainOk && pathOk && (!c.secure || url.protocol === "https:" || host === "localhost");
}

async function readCookies(rec: PageRecord): Promise<Cookie[]> {
  const all = await rec.driver.page.browserContext().cookies();
  return all.map(toBapCookie);
}

function parseUrls(urls: string[] | undefined): URL[] | undefined {
  return urls?.map((u, i) => {
    try {
      return new URL(u);
    } catch {
      throw invalidParams(`urls.${i}`, `Not an absolute URL: ${u.slice(0, 200)}`);
    }
  });
}

function readCookieList(list: unknown[], field: string) {
  return list.map((raw, i) => {
    const c = new Params(raw, `${field}.${i}`);
    const url = c.str("url");
    const domain = c.str("domain");
    const path = c.str("path");
    if (!url && !(domain && path)) {
      throw invalidParams(`${field}.${i}`, "a cookie needs either url, or domain and path");
    }
    const cookie: Record<string, unknown> = { name: c.reqStr("name"), value: c.reqStr("value") };
    if (url) cookie.url = url;
    if (domain) cookie.domain = domain;
    if (path) cookie.path = path;
    const expires = c.num("expires");
    if (expires !== undefined && expires >= 0) cookie.expires = expires;
    if (c.bool("httpOnly") !== undefined) cookie.httpOnly = c.bool("httpOnly");
    if (c.bool("secure") !== undefined) cookie.secure = c.bool("secure");
    const sameSite = c.oneOf("sameSite", ["Strict", "Lax", "None"] as const);
    if (sameSite) cookie.sameSite = sameSite;
    return cookie;
  });
}

async function writeCookies(rec: PageRecord, cookies: Record<string, unknown>[]) {
  if (!cookies.length) return;
  try {
    // deno-lint-ignore no-explicit-any
    await rec.driver.page.browserContext().setCookie(...(cookies as any[]));
  } catch (err) {
    throw invalidParams("cookies", `Chromium refused the cookies: ${(err as Error).message}`);
  }
}

const READ_STORAGE = `({
  origin: location.origin,
  localStorage: Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name) })),
  sessionStorage: Object.keys(sessionStorage).map((name) => ({ name, value: sessionStorage.getItem(name) })),
})`;

/** Apply a StorageState to a context: cookies, then each origin's storage through a temporary page. */
export async function setStorageState(call: Call, ctx: ContextEntry, state: Params): Promise<void> {
  const cookies = readCookieList(state.arr("cookies") ?? [], `${state.name("cookies")}`);
  const origins = (state.arr("origins") ?? []).map((raw, i) => {
    const o = new Params(raw, `${state.name("origins")}.${i}`);
    const items = (key: string) =>
      (o.arr(key) ?? []).map((it, j) => {
        const item = new Params(it, `${o.name(key)}.${j}`);
        return [item.reqStr("name"), item.reqStr("value")];
      });
    return { origin: o.reqStr("origin"), local: items("localStorage"), session: items("sessionStorage") };
  });
  const session = ctx.session;
  for (const o of origins) {
    try {
      session.checkDestination(o.origin);
    } catch (err) {
      throw toBapError(err);
    }
  }
  await gated(session, call.signal, async (sig) => {
    await withAnyPage(session, sig, (rec) => writeCookies(rec, cookies));
    for (const o of origins) {
      if (!o.local.length && !o.session.length) continue;
      const rec = await session.openPage(sig);
      try {
        await session.navigate({ url: o.origin, pageId: rec.pageId, waitUntil: "domcontentloaded" }, sig);
        const main = (await rec.driver.frames(sig)).find((f) => f.parentId === null)!;
        await rec.driver.evaluate(
          main,
          `(() => { const l = ${JSON.stringify(o.local)}, s = ${JSON.stringify(o.session)};
            for (const [k, v] of l) localStorage.setItem(k, v);
            for (const [k, v] of s) sessionStorage.setItem(k, v); })()`,
          sig,
        );
      } finally {
        await session.closePage(rec.pageId).catch(() => {});
      }
    }
  });
}

export const STORAGE_METHODS = {
  "storage/getState": async (call: Call) => {
    const ctx = call.state.context();
    return await gated(ctx.session, call.signal, async (sig) => {
      const cookies = await withAnyPage(ctx.session, sig, readCookies);
      const origins = new Map<string, unknown>();
      for (const t of call.state.pagesOf(ctx.id)) {
        const main = (await t.rec.driver.frames(sig)).find((f) => f.parentId === null);
        if (!main || !/^https?:/.test(main.url)) continue;
        const s = await t.rec.driver.evaluate<{ origin: string }>(main, READ_STORAGE, sig).catch(() => null);
        if (s && !origins.has(s.origin)) origins.set(s.origin, s);
      }
      return { cookies, origins: [...origins.values()] };
    });
  },
  "storage/setState": async (call: Call, p: Params) => {
    await setStorageState(call, call.state.context(), p.reqObj("state"));
    return {};
  },
  "storage/getCookies": async (call: Call, p: Params) => {
    const urls = parseUrls(p.strings("urls"));
    const ctx = call.state.context();
    const cookies = await gated(
      ctx.session,
      call.signal,
      (sig) => withAnyPage(ctx.session, sig, readCookies),
    );
    return { cookies: urls ? cookies.filter((c) => urls.some((u) => sentTo(c, u))) : cookies };
  },
  "storage/setCookies": async (call: Call, p: Params) => {
    const list = p.arr("cookies");
    if (!list) throw invalidParams("cookies", "cookies is required");
    const cookies = readCookieList(list, "cookies");
    const ctx = call.state.context();
    await gated(
      ctx.session,
      call.signal,
      (sig) => withAnyPage(ctx.session, sig, (rec) => writeCookies(rec, cookies)),
    );
    return {};
  },
  "storage/clearCookies": async (call: Call, p: Params) => {
    const urls = parseUrls(p.strings("urls"));
    const ctx = call.state.context();
    await gated(ctx.session, call.signal, (sig) =>
      withAnyPage(ctx.session, sig, async (rec) => {
        const context = rec.driver.page.browserContext();
        const all = await context.cookies();
        const doomed = urls ? all.filter((c) => urls.some((u) => sentTo(toBapCookie(c), u))) : all;
        if (doomed.length) await context.deleteCookie(...doomed);
      }));
    return {};
  },
};
