/**
 * `storage/*`, `emulate/*` and `trace/*`: a context's cookies and storage, a page's or the
 * context's emulation, and tracing, each mapped onto the core operation of every door and its
 * schema, in the default context's session (emulating a page: that page's). A trace is a Chrome
 * trace (JSON, the format the DevTools performance panel opens), not a Playwright trace zip;
 * `data` is its base64.
 */
import * as v from "valibot";
import {
  CookiesGetInput,
  CookiesSetInput,
  EmulateInput,
  StorageStateInput,
} from "../protocol/schemas_context.ts";
import type { Artifact } from "../artifacts/store.ts";
import { BAP, BapError } from "../protocol/errors.ts";
import { asIs, catching, type Method, naming, viaOp } from "./call.ts";
import { takeBytes } from "./gate.ts";
import { entriesOf, Flag, loose, None, PageId, picked, renamed, Str } from "./schema.ts";

const Urls = loose(CookiesGetInput);
const core = entriesOf(EmulateInput);

const STORAGE: Record<string, Method> = {
  "storage/getState": viaOp(None, "storage_state_get", () => ({ sessionStorage: true }), asIs),
  // The core names a member of its input (`origins.0.origin`); the client sent it in `state`.
  "storage/setState": naming(
    viaOp(v.object({ state: loose(StorageStateInput) }), "storage_state_set", (p) => p.state),
    (f) => `state.${f}`,
  ),
  "storage/getCookies": viaOp(Urls, "cookies_get", (p) => p, asIs),
  "storage/setCookies": viaOp(loose(CookiesSetInput), "cookies_set"),
  "storage/clearCookies": viaOp(Urls, "cookies_clear"),
};

const EMULATE: Record<string, Method> = {
  // The page's own (`pageId`, else the active page).
  "emulate/setViewport": viaOp(
    v.object({
      ...picked(core.viewport, ["width", "height"]).entries,
      ...picked(EmulateInput, ["deviceScaleFactor", "isMobile", "hasTouch"]).entries,
      pageId: PageId,
    }),
    "emulate",
    ({ width, height, ...device }) => ({ viewport: { width, height }, ...device }),
  ),
  "emulate/setUserAgent": viaOp(
    v.object({
      ...renamed(EmulateInput, { userAgent: "userAgent!" }),
      ...picked(EmulateInput, ["platform", "acceptLanguage"]).entries,
      pageId: PageId,
    }),
    "emulate",
  ),
  // The context's emulation (pageId is ignored).
  "emulate/setGeolocation": viaOp(
    v.object(entriesOf(core.geolocation)),
    "emulate",
    (geolocation) => ({ geolocation }),
  ),
  "emulate/setOffline": viaOp(v.object(renamed(EmulateInput, { offline: "offline!" })), "emulate"),
};

const Start = v.object({
  name: Str,
  screenshots: v.optional(v.boolean(), false),
  snapshots: Flag,
  sources: Flag,
});
const start = viaOp(Start, "trace_start", (p) => ({ screenshots: p.screenshots }));
const stop = viaOp(
  None,
  "trace_stop",
  () => ({}),
  (r: { artifact: Artifact | null }, _, s) => r.artifact ? { data: takeBytes(s, r.artifact) } : {},
);

export const CONTEXT_METHODS: Record<string, Method> = {
  ...STORAGE,
  ...EMULATE,
  // A trace already running is the method failing, not its params.
  "trace/start": catching(start, (e) => {
    throw e.code === BAP.InvalidParams ? new BapError(BAP.ActionFailed, e.message) : e;
  }),
  // Not tracing, or a trace over the artifact limit: an empty result.
  "trace/stop": catching(stop, () => ({})),
};
