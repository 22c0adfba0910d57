/** `emulate/*`, mapped onto the core's `emulate`: a page's device and user agent, or the whole context's. */
import * as v from "valibot";
import { EmulateInput } from "../protocol/schemas_context.ts";
import { type Method, viaOp } from "./call.ts";
import { entriesOf, PageId, picked, renamed } from "./schema.ts";

const core = entriesOf(EmulateInput);

export const EMULATE_METHODS: Record<string, Method> = {
  // The page's own (`pageId`, else the active page).
  "emulate/setViewport": viaOp(
    v.object({
      ...entriesOf(core.viewport),
      ...picked(EmulateInput, ["deviceScaleFactor", "isMobile", "hasTouch"]).entries,
      pageId: PageId,
    }),
    "emulate",
    "page",
    ({ pageId: _, deviceScaleFactor, isMobile, hasTouch, ...viewport }) => ({
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
    }),
  ),
  "emulate/setUserAgent": viaOp(
    v.object({
      ...renamed(EmulateInput, { userAgent: "userAgent!" }),
      ...picked(EmulateInput, ["platform", "acceptLanguage"]).entries,
      pageId: PageId,
    }),
    "emulate",
    "page",
    ({ pageId: _, ...ua }) => ua,
  ),
  // The context's emulation (pageId is ignored), through the `emulate` operation of every door.
  "emulate/setGeolocation": viaOp(
    v.object(entriesOf(core.geolocation)),
    "emulate",
    "context",
    (geolocation) => ({ geolocation }),
  ),
  "emulate/setOffline": viaOp(v.object(renamed(EmulateInput, { offline: "offline!" })), "emulate", "context"),
};
