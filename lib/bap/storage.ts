/**
 * `storage/*`: cookies and localStorage of the default context (or a context/create
 * `storageState`), mapped onto the session's cookie and storage-state operations.
 */
import { clearCookies, type CookieInput, getCookies, setCookies } from "../session/cookies.ts";
import { exportStorageState, importStorageState } from "../session/storage_state.ts";
import type { Call } from "./call.ts";
import { invalidParams } from "./errors.ts";
import { gated } from "./gate.ts";
import { Params } from "./params.ts";
import type { ContextEntry } from "./state.ts";

function readUrls(urls: string[] | undefined): string[] | undefined {
  urls?.forEach((u, i) => {
    if (!URL.canParse(u)) throw invalidParams(`urls.${i}`, `Not an absolute URL: ${u.slice(0, 200)}`);
  });
  return urls;
}

function readCookieList(list: unknown[], field: string): CookieInput[] {
  return list.map((raw, i) => {
    const c = new Params(raw, `${field}.${i}`);
    const url = c.str("url");
    const domain = c.str("domain");
    const path = c.str("path");
    if (!url && !(domain && path)) {
      throw invalidParams(`${field}.${i}`, "a cookie needs either url, or domain and path");
    }
    const cookie: CookieInput = { name: c.reqStr("name"), value: c.reqStr("value") };
    if (url) cookie.url = url;
    if (domain) cookie.domain = domain;
    if (path) cookie.path = path;
    const expires = c.num("expires");
    if (expires !== undefined && expires >= 0) cookie.expires = expires;
    const httpOnly = c.bool("httpOnly");
    if (httpOnly !== undefined) cookie.httpOnly = httpOnly;
    const secure = c.bool("secure");
    if (secure !== undefined) cookie.secure = secure;
    const sameSite = c.oneOf("sameSite", ["Strict", "Lax", "None"] as const);
    if (sameSite) cookie.sameSite = sameSite;
    return cookie;
  });
}

/** Apply a BAP StorageState to a context (sessionStorage is read but belongs to no page yet). */
export async function setStorageState(call: Call, ctx: ContextEntry, state: Params): Promise<void> {
  const cookies = readCookieList(state.arr("cookies") ?? [], `${state.name("cookies")}`);
  const origins = (state.arr("origins") ?? []).map((raw, i) => {
    const o = new Params(raw, `${state.name("origins")}.${i}`);
    const items = (key: string) =>
      (o.arr(key) ?? []).map((it, j) => {
        const item = new Params(it, `${o.name(key)}.${j}`);
        return { name: item.reqStr("name"), value: item.reqStr("value") };
      });
    items("sessionStorage");
    return { origin: o.reqStr("origin"), localStorage: items("localStorage") };
  });
  await gated(ctx.session, call.signal, (sig) => importStorageState(ctx.session, { cookies, origins }, sig));
}

export const STORAGE_METHODS = {
  "storage/getState": async (call: Call) => {
    const ctx = call.state.context();
    return await gated(
      ctx.session,
      call.signal,
      (sig) => exportStorageState(ctx.session, sig, { sessionStorage: true }),
    );
  },
  "storage/setState": async (call: Call, p: Params) => {
    await setStorageState(call, call.state.context(), p.reqObj("state"));
    return {};
  },
  "storage/getCookies": async (call: Call, p: Params) => {
    const urls = readUrls(p.strings("urls"));
    const ctx = call.state.context();
    return { cookies: await gated(ctx.session, call.signal, (sig) => getCookies(ctx.session, sig, urls)) };
  },
  "storage/setCookies": async (call: Call, p: Params) => {
    const list = p.arr("cookies");
    if (!list) throw invalidParams("cookies", "cookies is required");
    const cookies = readCookieList(list, "cookies");
    const ctx = call.state.context();
    await gated(ctx.session, call.signal, (sig) => setCookies(ctx.session, cookies, sig));
    return {};
  },
  "storage/clearCookies": async (call: Call, p: Params) => {
    const urls = readUrls(p.strings("urls"));
    const ctx = call.state.context();
    await gated(ctx.session, call.signal, (sig) => clearCookies(ctx.session, sig, urls));
    return {};
  },
};
