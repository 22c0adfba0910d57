/** `emulate/*`, mapped onto the session's emulation: per page, or for the whole context. */
import { emulate, emulatePage, type Geolocation } from "../session/emulation.ts";
import type { Call } from "./call.ts";
import { invalidParams } from "./errors.ts";
import { gated, onPage } from "./gate.ts";
import type { Params } from "./params.ts";

/** Read `{latitude, longitude, accuracy?}` from params (or a nested object). */
export function readGeolocation(p: Params): Geolocation {
  return {
    latitude: p.reqNum("latitude", -90, 90),
    longitude: p.reqNum("longitude", -180, 180),
    // Chromium reports "position unavailable" for an override without an accuracy.
    accuracy: p.num("accuracy", 0) ?? 0,
  };
}

export function readViewport(p: Params): { width: number; height: number } {
  const width = p.reqNum("width", 100, 7680);
  const height = p.reqNum("height", 100, 4320);
  if (!Number.isInteger(width) || !Number.isInteger(height)) {
    throw invalidParams(p.name("width"), "viewport sizes must be whole CSS pixels");
  }
  return { width, height };
}

/** A User-Agent string a page may be given, or a BAP invalid-params error naming `field`. */
export function readUserAgent(ua: string, field: string): string {
  // deno-lint-ignore no-control-regex
  if (!ua || ua.length > 1024 || /[\x00-\x1f\x7f]/.test(ua)) {
    throw invalidParams(field, "userAgent must be 1..1024 characters without control characters");
  }
  return ua;
}

export const EMULATE_METHODS = {
  "emulate/setViewport": async (call: Call, p: Params) => {
    const vp = readViewport(p);
    const deviceScaleFactor = p.num("deviceScaleFactor", 0.1, 10) ?? 1;
    const isMobile = p.bool("isMobile") ?? false;
    const hasTouch = p.bool("hasTouch");
    await onPage(call, p.str("pageId"), async (t, sig) => {
      await emulatePage(t.rec.driver, { viewport: { ...vp, deviceScaleFactor, isMobile }, hasTouch }, sig);
    });
    return {};
  },
  "emulate/setUserAgent": async (call: Call, p: Params) => {
    const userAgent = readUserAgent(p.reqStr("userAgent"), "userAgent");
    const platform = p.str("platform");
    const acceptLanguage = p.str("acceptLanguage");
    await onPage(call, p.str("pageId"), async (t, sig) => {
      await emulatePage(t.rec.driver, { userAgent, platform, acceptLanguage }, sig);
    });
    return {};
  },
  "emulate/setGeolocation": async (call: Call, p: Params) => {
    const geolocation = readGeolocation(p);
    const ctx = call.state.context();
    await gated(ctx.session, call.signal, (sig) => emulate(ctx.session, { geolocation }, sig));
    return {};
  },
  "emulate/setOffline": async (call: Call, p: Params) => {
    const offline = p.bool("offline");
    if (offline === undefined) throw invalidParams("offline", "offline is required");
    const ctx = call.state.context();
    await gated(ctx.session, call.signal, (sig) => emulate(ctx.session, { offline }, sig));
    return {};
  },
};
