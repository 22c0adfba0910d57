/** The results of a session's context: cookies, storage state, emulation, frames. */
import * as v from "valibot";
import { about, Bool, Int, Num, Str } from "./results.ts";

/** A cookie of a session's context (Playwright's storageState cookie shape). */
export const Cookie = v.object({
  name: Str,
  value: Str,
  domain: Str,
  path: Str,
  expires: about(Num, "Seconds since the epoch; -1 for a session cookie"),
  httpOnly: Bool,
  secure: Bool,
  sameSite: v.optional(v.picklist(["Strict", "Lax", "None"])),
});

export const StorageItem = v.object({ name: Str, value: Str });

export const OriginStorage = v.object({
  origin: Str,
  localStorage: v.array(StorageItem),
  sessionStorage: v.optional(about(
    v.array(StorageItem),
    "Only when asked for: sessionStorage belongs to one tab and is not carried over",
  )),
});

/** Cookies and localStorage, in the shape Playwright's `storageState` uses. */
export const StorageState = v.object({ cookies: v.array(Cookie), origins: v.array(OriginStorage) });

export const CookiesGetResult = v.object({ cookies: v.array(Cookie) });
export const CookiesSetResult = v.object({ set: Int });
export const CookiesClearResult = v.object({ cleared: Int });
export const StorageStateSetResult = v.object({ cookies: Int, origins: Int });

export const EmulateResult = v.object({
  emulation: about(v.object({}), "The session's emulation now; with pageId, what that page was given"),
  pageId: v.optional(Str),
});

export const FrameView = v.object({
  frameId: Str,
  parentId: about(v.nullable(Str), "null for the main frame"),
  name: Str,
  url: about(Str, "Redacted, as every URL Porthole emits"),
  origin: Str,
  allowed: about(Bool, "Whether the session's origin policy lets it reach the frame's URL"),
});
export const FramesResult = v.object({ frames: v.array(FrameView) });
