/** `emulate/*`, mapped onto the session's emulation: per page, or the `emulate` operation for the whole context. */
import * as v from "valibot";
import { EmulateInput } from "../protocol/schemas_context.ts";
import { emulatePage, type PageEmulation } from "../session/emulation.ts";
import { type Method, method, viaOp } from "./call.ts";
import { onPage } from "./gate.ts";
import { entriesOf, Flag, Num, PageId, renamed, Str } from "./schema.ts";

const core = entriesOf(EmulateInput);

/** The page's own emulation (`pageId`, else the active page), as `ask` reads it from the params. */
const onPageEmulation = <S extends v.GenericSchema>(schema: S, ask: (p: v.InferOutput<S>) => PageEmulation) =>
  method(schema, async (call, p) => {
    const pageId = (p as { pageId?: string }).pageId;
    await onPage(call, pageId, (t, sig) => emulatePage(t.rec.driver, ask(p), sig));
    return {};
  });

export const EMULATE_METHODS: Record<string, Method> = {
  "emulate/setViewport": onPageEmulation(
    v.object({
      ...entriesOf(core.viewport),
      pageId: PageId,
      deviceScaleFactor: v.optional(Num(0.1, 10), 1),
      isMobile: v.optional(v.boolean(), false),
      hasTouch: Flag,
    }),
    ({ pageId: _, hasTouch, ...viewport }) => ({
      viewport: viewport as unknown as { width: number; height: number },
      hasTouch,
    }),
  ),
  "emulate/setUserAgent": onPageEmulation(
    v.object({
      ...renamed(EmulateInput, { userAgent: "userAgent!" }),
      pageId: PageId,
      platform: Str,
      acceptLanguage: Str,
    }),
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
