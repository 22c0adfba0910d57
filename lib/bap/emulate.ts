/** `emulate/*`, mapped onto the session's emulation: per page, or the `emulate` operation for the whole context. */
import * as v from "valibot";
import { EmulateInput } from "../protocol/schemas_context.ts";
import { emulatePage } from "../session/emulation.ts";
import { type Method, method, viaOp } from "./call.ts";
import { onPage } from "./gate.ts";
import { entriesOf, Flag, Num, PageId, renamed, Str } from "./schema.ts";

const core = entriesOf(EmulateInput);

export const EMULATE_METHODS: Record<string, Method> = {
  "emulate/setViewport": method(
    v.object({
      ...entriesOf(core.viewport),
      pageId: PageId,
      deviceScaleFactor: v.optional(Num(0.1, 10), 1),
      isMobile: v.optional(v.boolean(), false),
      hasTouch: Flag,
    }),
    async (call, p) => {
      const { pageId: _, hasTouch, ...viewport } = p;
      await onPage(
        call,
        p.pageId,
        (t, sig) =>
          emulatePage(
            t.rec.driver,
            { viewport: viewport as unknown as { width: number; height: number }, hasTouch },
            sig,
          ),
      );
      return {};
    },
  ),
  "emulate/setUserAgent": method(
    v.object({
      ...renamed(EmulateInput, { userAgent: "userAgent!" }),
      pageId: PageId,
      platform: Str,
      acceptLanguage: Str,
    }),
    async (call, p) => {
      const { pageId: _, ...ua } = p;
      await onPage(call, p.pageId, (t, sig) => emulatePage(t.rec.driver, ua, sig));
      return {};
    },
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
