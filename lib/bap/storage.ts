/**
 * `storage/*`: cookies and localStorage of the default context, mapped onto the core's cookie
 * and storage-state operations and their schemas.
 */
import * as v from "valibot";
import { CookiesGetInput, CookiesSetInput, StorageStateInput } from "../protocol/schemas_context.ts";
import { clearCookies } from "../session/cookies.ts";
import { exportStorageState, importStorageState } from "../session/storage_state.ts";
import { type Method, method, viaOp } from "./call.ts";
import type { BapSession } from "./context.ts";
import { gated, guardMode } from "./gate.ts";
import { loose, renamed } from "./schema.ts";

const Urls = v.object(renamed(CookiesGetInput, { urls: "urls" }));

/** A core function on the default context's session, in its gate. */
const onContext = <S extends v.GenericSchema>(
  schema: S,
  fn: (session: BapSession, p: v.InferOutput<S>, sig: AbortSignal) => Promise<unknown>,
) =>
  method(schema, (call, p) => {
    const { session } = call.state.context();
    guardMode(call, session);
    return gated(session, call.signal, (sig) => fn(session, p, sig));
  });

export const STORAGE_METHODS: Record<string, Method> = {
  "storage/getState": onContext(
    v.object({}),
    (s, _, sig) => exportStorageState(s, sig, { sessionStorage: true }),
  ),
  // Errors name the member as the client sent it (`state.origins.0.origin`).
  "storage/setState": onContext(
    v.object({ state: loose(StorageStateInput) }),
    async (s, p, sig) => (await importStorageState(s, p.state, sig, "state"), {}),
  ),
  "storage/getCookies": viaOp(Urls, "cookies_get", "context", (p) => p, (r) => r),
  "storage/setCookies": viaOp(
    v.object(renamed(CookiesSetInput, { cookies: "cookies" })),
    "cookies_set",
    "context",
  ),
  // The core's cookies_clear clears all; BAP may name URLs.
  "storage/clearCookies": onContext(Urls, async (s, p, sig) => (await clearCookies(s, sig, p.urls), {})),
};
