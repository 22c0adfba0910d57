/**
 * `browser/*` and `context/*`. A launch takes a lease in Porthole's shared browser pool: its
 * default context is a Porthole session, as is every context/create. Launch options that would
 * leave the sandbox or touch the disk are refused.
 */
import type { CreateSessionInput } from "../protocol/schemas.ts";
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams } from "./errors.ts";
import { gated } from "./gate.ts";
import type { Params } from "./params.ts";
import { emulate, type SessionEmulation } from "../session/emulation.ts";
import { readGeolocation, readUserAgent, readViewport } from "./emulate.ts";
import { setStorageState } from "./storage.ts";

function hex(n: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

function launch(call: Call, p: Params) {
  return call.state.serialized(() => launchNow(call, p));
}

async function launchNow(call: Call, p: Params) {
  const browser = p.str("browser") ?? "chromium";
  if (!["chromium", "firefox", "webkit"].includes(browser)) {
    throw invalidParams("browser", `Unknown browser: ${browser}`);
  }
  if (browser !== "chromium") throw invalidParams("browser", `Porthole drives Chromium only, not ${browser}`);
  const channel = p.str("channel");
  if (channel !== undefined && channel !== "chromium") {
    throw invalidParams("channel", `Porthole drives its own Chromium only, not the ${channel} channel`);
  }
  if (p.bool("headless") === false) {
    throw invalidParams("headless", "headless: false is refused: Porthole runs Chromium headless only");
  }
  // The shared browser already runs with Porthole's own flags (sandbox on): a launch cannot add any.
  if (p.strings("args")?.length) {
    throw invalidParams("args", "args are refused: the shared browser's flags are Porthole's");
  }
  if (p.has("userDataDir")) {
    throw invalidParams("userDataDir", "userDataDir is refused: Porthole's contexts are temporary");
  }
  if (p.has("downloadsPath")) {
    throw invalidParams("downloadsPath", "downloadsPath is refused: Porthole blocks every download");
  }
  const cdpUrl = p.str("cdpUrl");
  if (cdpUrl !== undefined) {
    if (!call.state.registry.config.allowCdpAttach) {
      throw invalidParams(
        "cdpUrl",
        "cdpUrl is refused: attaching to another browser is off (the operator has not enabled --allow-cdp-attach)",
      );
    }
    if (!/^(https?|wss?):\/\/[^/\s]+/.test(cdpUrl)) {
      throw invalidParams("cdpUrl", "cdpUrl must be an http(s) or ws(s) DevTools address");
    }
  }
  if (p.has("proxy")) {
    throw invalidParams("proxy", "proxy is not supported: pages reach the network directly");
  }
  const state = call.state;
  if (state.browser) await state.closeAll();
  // Attached: that browser is outside Porthole's sandbox, environment and network guarantees.
  state.attached = cdpUrl !== undefined ? call.registry.foreignBrowser(cdpUrl) : null;
  const ctx = state.addContext(`ctx-${hex(4)}`, {});
  let version = "";
  try {
    // The lease: Porthole acquires a context when its session opens a page.
    version = await gated(ctx.session, call.signal, async (sig) => {
      const rec = await ctx.session.openPage(sig);
      try {
        return await rec.driver.browserVersion();
      } finally {
        await ctx.session.closePage(rec.pageId);
      }
    });
  } catch (err) {
    await state.dropContext(ctx.id);
    throw err;
  }
  state.browser = { browserId: `browser-${crypto.randomUUID()}`, version };
  return { browserId: state.browser.browserId, version, defaultContext: ctx.id };
}

/** ContextOptions → the session's options plus the emulation applied to each page. */
function readContextOptions(o: Params | undefined) {
  const session: CreateSessionInput = {};
  if (!o) return { session, raw: undefined };
  const vp = o.obj("viewport");
  if (vp) session.viewport = readViewport(vp);
  const ua = o.str("userAgent");
  if (ua !== undefined) session.userAgent = readUserAgent(ua, "options.userAgent");
  const locale = o.str("locale");
  if (locale !== undefined) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) {
      throw invalidParams("options.locale", `Not a BCP 47 locale: ${locale}`);
    }
    session.locale = locale;
  }
  const tz = o.str("timezoneId");
  if (tz !== undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
    } catch {
      throw invalidParams("options.timezoneId", `Not an IANA time zone: ${tz}`);
    }
    session.timezoneId = tz;
  }
  const geo = o.obj("geolocation");
  const emulation: SessionEmulation = {};
  if (geo) emulation.geolocation = readGeolocation(geo);
  const permissions = o.strings("permissions");
  if (permissions) emulation.permissions = permissions;
  const colorScheme = o.oneOf("colorScheme", ["light", "dark", "no-preference"] as const);
  if (colorScheme) emulation.colorScheme = colorScheme;
  const offline = o.bool("offline");
  if (offline !== undefined) emulation.offline = offline;
  return { session, raw: o.raw, emulation, storageState: o.obj("storageState") };
}

async function contextCreate(call: Call, p: Params) {
  const state = call.state;
  state.requireBrowser();
  const id = p.str("contextId") ?? `ctx-${hex(4)}`;
  if (!/^[a-zA-Z0-9-]{1,64}$/.test(id)) {
    throw invalidParams("contextId", "contextId must match ^[a-zA-Z0-9-]{1,64}$");
  }
  if (state.contexts.has(id)) throw invalidParams("contextId", `Context with ID '${id}' already exists`);
  const options = readContextOptions(p.obj("options"));
  const ctx = state.addContext(id, options.session, options.raw);
  try {
    if (options.emulation && Object.keys(options.emulation).length) {
      const emulation = options.emulation;
      await gated(ctx.session, call.signal, (sig) => emulate(ctx.session, emulation, sig));
    }
    if (options.storageState) await setStorageState(call, ctx, options.storageState);
  } catch (err) {
    await state.dropContext(id);
    throw err;
  }
  return { contextId: id };
}

export const BROWSER_METHODS = {
  "browser/launch": launch,
  "browser/close": (call: Call) => call.state.serialized(async () => (await call.state.closeAll(), {})),
  "context/create": contextCreate,
  "context/list": (call: Call) => {
    const state = call.state;
    const contexts = [...state.contexts.values()].map((c) => {
      const entry: Record<string, unknown> = {
        id: c.id,
        pageCount: state.pagesOf(c.id).length,
        created: c.created,
      };
      if (c.options) entry.options = c.options;
      return entry;
    });
    return Promise.resolve({
      contexts,
      limits: { maxContexts: state.maxContexts, currentCount: contexts.length },
    });
  },
  "context/destroy": async (call: Call, p: Params) => {
    const id = p.reqStr("contextId");
    if (!call.state.contexts.has(id)) {
      throw new BapError(BAP.ContextNotFound, `Context not found: ${id}`, { details: { contextId: id } });
    }
    return { pagesDestroyed: await call.state.dropContext(id) };
  },
};
