/** `page/*`: pages of the connection's contexts, navigated through Porthole's own navigation. */
import { redactUrl } from "../policy/url.ts";
import { deadline, sleep } from "../session/deadline.ts";
import { emulatePage, grantPermissions } from "../session/emulation.ts";
import { type Traversal, traverse as traverseCore } from "../session/traverse.ts";
import type { Call } from "./call.ts";
import { BAP, BapError, invalidParams, toBapError } from "./errors.ts";
import { gated, onPage, pageInfo } from "./gate.ts";
import { Params, timeoutOf } from "./params.ts";
import type { PageTarget } from "./state.ts";
import { readGeolocation, readViewport } from "./emulate.ts";
import { agentObserve } from "./agent_observe.ts";

const WAIT_UNTIL = ["load", "domcontentloaded", "networkidle", "commit"] as const;
type WaitUntil = (typeof WAIT_UNTIL)[number];

/** Quiet time that counts as network idle. */
const IDLE_MS = 500;

async function networkIdle(t: PageTarget, signal: AbortSignal): Promise<void> {
  while (t.rec.inflight > 0 || Date.now() - t.rec.networkChangedAt < IDLE_MS) await sleep(50, signal);
}

async function navigate(call: Call, p: Params) {
  const url = p.reqStr("url");
  const waitUntil: WaitUntil = p.oneOf("waitUntil", WAIT_UNTIL) ?? "load";
  const timeoutMs = timeoutOf(p);
  p.str("referer");
  const observe = p.obj("observe");
  if (p.has("observe") && !observe) throw invalidParams("observe", "observe must be an object");
  return await onPage(call, p.str("pageId"), async (t, sig) => {
    const started = Date.now();
    const res = await t.session.navigate({
      url,
      pageId: t.pageId,
      waitUntil: waitUntil === "load" || waitUntil === "networkidle" ? "load" : "domcontentloaded",
      timeoutMs,
    }, sig);
    if (res.navigation === "download_blocked") {
      throw new BapError(BAP.ActionFailed, "The navigation started a download, which Porthole blocks", {
        details: { url: redactUrl(url), reason: "download_blocked" },
      });
    }
    if (waitUntil === "networkidle") {
      const dl = deadline(Math.max(1, timeoutMs - (Date.now() - started)), sig);
      try {
        await networkIdle(t, dl.signal);
      } catch (err) {
        throw toBapError(err);
      } finally {
        dl.dispose();
      }
    }
    const out: Record<string, unknown> = { url: res.url, status: res.httpStatus ?? 0, headers: {} };
    if (observe) {
      try {
        out.observation = await agentObserve(call, t, observe, sig);
      } catch { /* a failed fused observation leaves the navigation's result as it is */ }
    }
    return out;
  });
}

/** Reload or move in history through the session's own traversal, then wait as BAP asked. */
async function traverse(call: Call, p: Params, how: Traversal) {
  const waitUntil: WaitUntil = p.oneOf("waitUntil", WAIT_UNTIL) ?? "load";
  const timeoutMs = timeoutOf(p);
  await onPage(call, p.str("pageId"), async (t, sig) => {
    const started = Date.now();
    await traverseCore(t.session, how, {
      pageId: t.pageId,
      // "commit" waits for DOMContentLoaded: the waiter knows no earlier point that is safe to act at.
      waitUntil: waitUntil === "load" || waitUntil === "networkidle" ? "load" : "domcontentloaded",
      timeoutMs,
    }, sig);
    if (waitUntil === "networkidle") {
      const dl = deadline(Math.max(1, timeoutMs - (Date.now() - started)), sig);
      try {
        await networkIdle(t, dl.signal);
      } finally {
        dl.dispose();
      }
    }
  });
  return {};
}

async function create(call: Call, p: Params) {
  const state = call.state;
  const ctx = state.context(p.str("contextId"));
  const url = p.str("url");
  const vp = p.obj("viewport");
  const viewport = vp ? readViewport(vp) : undefined;
  const userAgent = p.str("userAgent");
  const geo = p.obj("geolocation");
  const geolocation = geo ? readGeolocation(geo) : undefined;
  if (url !== undefined) {
    try {
      ctx.session.checkDestination(url); // before a tab is opened
    } catch (err) {
      throw toBapError(err);
    }
  }
  return await gated(ctx.session, call.signal, async (sig) => {
    const rec = await ctx.session.openPage(sig);
    try {
      // The page was prepared with the context's emulation: this page's own asks go on top.
      await emulatePage(rec.driver, { viewport, userAgent, geolocation }, sig);
      // As in BAP: a page's geolocation grants the permission to its context.
      const lease = ctx.session.lease;
      if (geolocation && lease) await grantPermissions(rec.driver, lease, ["geolocation"]);
      state.addPage(ctx, rec);
      if (url !== undefined) {
        await ctx.session.navigate({ url, pageId: rec.pageId, waitUntil: "load" }, sig);
      }
    } catch (err) {
      state.forgetPage(rec.pageId, false);
      await ctx.session.closePage(rec.pageId).catch(() => {});
      throw err;
    }
    return await pageInfo(state.target(rec.pageId), sig);
  });
}

function requiredPageId(p: Params): string {
  const pageId = p.str("pageId");
  if (!pageId) {
    throw new BapError(BAP.PageNotFound, `Page not found: ${pageId}`, {
      details: { pageId: pageId ?? null },
    });
  }
  return pageId;
}

export const PAGE_METHODS = {
  "page/create": create,
  "page/navigate": navigate,
  "page/reload": (call: Call, p: Params) => traverse(call, p, "reload"),
  "page/goBack": (call: Call, p: Params) => traverse(call, p, "back"),
  "page/goForward": (call: Call, p: Params) => traverse(call, p, "forward"),
  "page/close": async (call: Call, p: Params) => {
    const pageId = requiredPageId(p);
    p.bool("runBeforeUnload");
    await onPage(call, pageId, async (t) => {
      await t.session.closePage(t.pageId);
      call.state.forgetPage(t.pageId, true);
    });
    return {};
  },
  "page/list": async (call: Call) => {
    const pages = [];
    for (const t of call.state.livePages()) pages.push(await pageInfo(t, call.signal).catch(() => null));
    return { pages: pages.filter((x) => x !== null), activePage: call.state.activePage ?? "" };
  },
  "page/activate": async (call: Call, p: Params) => {
    const pageId = requiredPageId(p);
    await onPage(call, pageId, (t) => {
      t.session.activate(t.pageId);
      call.state.activePage = t.pageId;
      return Promise.resolve();
    });
    return {};
  },
};
