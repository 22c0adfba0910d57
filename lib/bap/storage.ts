/**
 * `storage/*`: cookies and localStorage of the default context, mapped onto the core's cookie
 * and storage-state operations and their schemas.
 */
import * as v from "valibot";
import { CookiesGetInput, CookiesSetInput, StorageStateInput } from "../protocol/schemas_context.ts";
import { type Method, naming, viaOp } from "./call.ts";
import { loose, renamed } from "./schema.ts";

const Urls = v.object(renamed(CookiesGetInput, { urls: "urls" }));

export const STORAGE_METHODS: Record<string, Method> = {
  "storage/getState": viaOp(
    v.object({}),
    "storage_state_get",
    "context",
    () => ({ sessionStorage: true }),
    (r) => r,
  ),
  // The core names a member of its input (`origins.0.origin`); the client sent it in `state`.
  "storage/setState": naming(
    viaOp(v.object({ state: loose(StorageStateInput) }), "storage_state_set", "context", (p) => p.state),
    (f) => `state.${f}`,
  ),
  "storage/getCookies": viaOp(Urls, "cookies_get", "context", (p) => p, (r) => r),
  "storage/setCookies": viaOp(
    v.object(renamed(CookiesSetInput, { cookies: "cookies" })),
    "cookies_set",
    "context",
  ),
  "storage/clearCookies": viaOp(Urls, "cookies_clear", "context"),
};
