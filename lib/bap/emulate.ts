/** `emulate/*`, and the emulation a context applies to each of its pages. */
import type { PageRecord } from "../session/session.ts";
import type { Call } from "./connection.ts";
import { invalidParams } from "./errors.ts";
import { gated, onPage } from "./gate.ts";
import type { Params } from "./params.ts";
import type { ContextEntry, Emulation } from "./state.ts";

/** Read `{latitude, longitude, accuracy?}` from params (or a nested object). */
export function readGeolocation(p: Params): Emulation["geolocation"] {
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

/** Apply a context's emulation to one of its pages. */
export async function applyEmulation(rec: PageRecord, emu: Emulation, signal?: AbortSignal): Promise<void> {
  const d = rec.driver;
  const jobs: Promise<unknown>[] = [];
  if (emu.geolocation) jobs.push(d.send("Emulation.setGeolocationOverride", { ...emu.geolocation }, signal));
  if (emu.offline !== undefined) jobs.push(setOffline(rec, emu.offline, signal));
  if (emu.colorScheme) {
    jobs.push(d.send("Emulation.setEmulatedMedia", {
      features: [{ name: "prefers-color-scheme", value: emu.colorScheme }],
    }, signal));
  }
  if (emu.userAgent) {
    jobs.push(d.send("Emulation.setUserAgentOverride", { userAgent: emu.userAgent }, signal));
  }
  await Promise.all(jobs);
}

function setOffline(rec: PageRecord, offline: boolean, signal?: AbortSignal) {
  return rec.driver.send("Network.emulateNetworkConditions", {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  }, signal);
}

/**
 * Grant a context's permissions to the origin a page is about to navigate to (Chromium grants
 * per origin; only `navigate` ever takes a page to a new origin). Chromium drops the grants of
 * a DevTools session when it detaches, so the context keeps one open until it is closed.
 */
export async function grantFor(ctx: ContextEntry, rec: PageRecord, url: string): Promise<void> {
  const permissions = ctx.emulation.permissions;
  if (!permissions?.length) return;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return;
  }
  if (origin === "null") return;
  const page = rec.driver.page;
  if (!ctx.grant) {
    const cdp = await page.browser().target().createCDPSession();
    // deno-lint-ignore no-explicit-any
    ctx.grant = async (params) => void await cdp.send("Browser.grantPermissions", params as any);
    ctx.cleanups.push(() => cdp.detach().catch(() => {}));
  }
  try {
    await ctx.grant({ permissions, origin, browserContextId: page.browserContext().id });
  } catch (err) {
    throw invalidParams("permissions", `Chromium refused the permissions: ${(err as Error).message}`);
  }
}

/** Apply to every open page of a context, and remember it for pages opened later. */
async function contextWide(call: Call, ctx: ContextEntry, patch: Emulation): Promise<void> {
  Object.assign(ctx.emulation, patch);
  await gated(ctx.session, call.signal, async (sig) => {
    for (const t of call.state.pagesOf(ctx.id)) await applyEmulation(t.rec, patch, sig);
  });
}

export const EMULATE_METHODS = {
  "emulate/setViewport": async (call: Call, p: Params) => {
    const vp = readViewport(p);
    const scale = p.num("deviceScaleFactor", 0.1, 10) ?? 1;
    const mobile = p.bool("isMobile") ?? false;
    const touch = p.bool("hasTouch");
    await onPage(call, p.str("pageId"), async (t, sig) => {
      await t.rec.driver.send("Emulation.setDeviceMetricsOverride", {
        ...vp,
        deviceScaleFactor: scale,
        mobile,
      }, sig);
      if (touch !== undefined) {
        await t.rec.driver.send("Emulation.setTouchEmulationEnabled", { enabled: touch }, sig);
      }
    });
    return {};
  },
  "emulate/setUserAgent": async (call: Call, p: Params) => {
    const userAgent = p.reqStr("userAgent");
    // deno-lint-ignore no-control-regex
    if (!userAgent || userAgent.length > 1024 || /[\x00-\x1f\x7f]/.test(userAgent)) {
      throw invalidParams("userAgent", "userAgent must be 1..1024 characters without control characters");
    }
    const platform = p.str("platform");
    const acceptLanguage = p.str("acceptLanguage");
    await onPage(call, p.str("pageId"), async (t, sig) => {
      await t.rec.driver.send("Emulation.setUserAgentOverride", { userAgent, platform, acceptLanguage }, sig);
    });
    return {};
  },
  "emulate/setGeolocation": async (call: Call, p: Params) => {
    const ctx = call.state.context();
    await contextWide(call, ctx, { geolocation: readGeolocation(p) });
    return {};
  },
  "emulate/setOffline": async (call: Call, p: Params) => {
    const offline = p.bool("offline");
    if (offline === undefined) throw invalidParams("offline", "offline is required");
    const ctx = call.state.context();
    await contextWide(call, ctx, { offline });
    return {};
  },
};
