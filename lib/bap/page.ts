/** `page/*`: pages of the connection's contexts, navigated through Porthole's own navigation. */
import * as v from "valibot";
import { NavigateInput } from "../protocol/schemas.ts";
import { EmulateInput } from "../protocol/schemas_context.ts";
import { redactUrl } from "../policy/url.ts";
import { emulatePage, grantPermissions } from "../session/emulation.ts";
import { type Traversal, traverse } from "../session/traverse.ts";
import { waitFor } from "../session/watch.ts";
import { type Call, type Method, method } from "./call.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { gated, guardMode, onPage, pageInfo } from "./gate.ts";
import { Flag, PageId, picked, renamed, Str, Timeout } from "./schema.ts";
import type { PageTarget } from "./state.ts";
import { AgentObserve, agentObserve } from "./agent_observe.ts";

const WaitUntil = v.optional(v.picklist(["load", "domcontentloaded", "networkidle", "commit"]), "load");
const Traverse = v.object({ pageId: PageId, waitUntil: WaitUntil, timeout: Timeout });
const Navigate = v.object({
  ...renamed(NavigateInput, { url: "url" }),
  pageId: PageId,
  waitUntil: WaitUntil,
  timeout: Timeout,
  referer: Str,
  observe: v.optional(AgentObserve),
});

/** The core waits for load or DOMContentLoaded ("commit" too: no earlier point is safe to act at). */
const coreWait = (w: string) => w === "load" || w === "networkidle" ? "load" : "domcontentloaded";

/** After a navigation BAP asked `networkidle` for: the core's wait, in what is left of the timeout. */
async function networkIdle(
  t: PageTarget,
  waitUntil: string,
  timeoutMs: number,
  started: number,
  sig: AbortSignal,
) {
  if (waitUntil !== "networkidle") return;
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  const r = await waitFor(t.session, { pageId: t.pageId, loadState: "networkidle", timeoutMs: left }, sig);
  if (!r.met) throw new BapError(BAP.Timeout, `The network was not idle within ${timeoutMs} ms`);
}

async function navigate(call: Call, p: v.InferOutput<typeof Navigate>) {
  return await onPage(call, p.pageId, async (t, sig) => {
    const started = Date.now();
    const res = await t.session.navigate({
      url: p.url,
      pageId: t.pageId,
      waitUntil: coreWait(p.waitUntil),
      timeoutMs: p.timeout,
    }, sig).catch((err) => {
      throw toBapError(err);
    });
    if (res.navigation === "download_blocked") {
      throw new BapError(BAP.ActionFailed, "The navigation started a download, which Porthole blocks", {
        details: { url: redactUrl(p.url), reason: "download_blocked" },
      });
    }
    await networkIdle(t, p.waitUntil, p.timeout, started, sig);
    const out: Record<string, unknown> = { url: res.url, status: res.httpStatus ?? 0, headers: {} };
    if (p.observe) {
      try {
        out.observation = await agentObserve(call, t, p.observe, sig);
      } catch { /* a failed fused observation leaves the navigation's result as it is */ }
    }
    return out;
  });
}

/** Reload or move in history through the session's own traversal, then wait as BAP asked. */
const traversal = (how: Traversal) =>
  method(Traverse, async (call, p) => {
    await onPage(call, p.pageId, async (t, sig) => {
      const started = Date.now();
      await traverse(t.session, how, {
        pageId: t.pageId,
        waitUntil: coreWait(p.waitUntil),
        timeoutMs: p.timeout,
      }, sig);
      await networkIdle(t, p.waitUntil, p.timeout, started, sig);
    });
    return {};
  });

const Create = v.object({
  contextId: Str,
  url: Str,
  ...picked(EmulateInput, ["viewport", "userAgent", "geolocation"]).entries,
});

async function create(call: Call, p: v.InferOutput<typeof Create>) {
  const state = call.state;
  const ctx = state.context(p.contextId);
  const { url, viewport, userAgent, geolocation } = p;
  if (url !== undefined) {
    try {
      ctx.session.checkDestination(url); // before a tab is opened
    } catch (err) {
      throw toBapError(err);
    }
  }
  guardMode(call, ctx.session);
  return await gated(ctx.session, call.signal, async (sig) => {
    const rec = await ctx.session.openPage(sig);
    try {
      // The page was prepared with the context's emulation: this page's own asks go on top.
      await emulatePage(rec.driver, { viewport, userAgent, geolocation }, sig);
      // As in BAP: a page's geolocation grants the permission to its context.
      const lease = ctx.session.lease;
      if (geolocation && lease) await grantPermissions(rec.driver, lease, ["geolocation"]);
      state.activePage = rec.pageId;
      if (url !== undefined) await ctx.session.navigate({ url, pageId: rec.pageId, waitUntil: "load" }, sig);
    } catch (err) {
      state.unannounced.add(rec.pageId);
      await ctx.session.closePage(rec.pageId).catch(() => {});
      throw err;
    }
    return await pageInfo(state.target(rec.pageId), sig);
  });
}

/** page/close and page/activate name their page: a missing pageId is a page not found. */
function named(call: Call, pageId: string | undefined, fn: (t: PageTarget) => Promise<void>) {
  if (!pageId) {
    throw new BapError(BAP.PageNotFound, `Page not found: ${pageId}`, {
      details: { pageId: pageId ?? null },
    });
  }
  return onPage(call, pageId, fn).then(() => ({}));
}

export const PAGE_METHODS: Record<string, Method> = {
  "page/create": method(Create, create),
  "page/navigate": method(Navigate, navigate),
  "page/reload": traversal("reload"),
  "page/goBack": traversal("back"),
  "page/goForward": traversal("forward"),
  "page/close": method(
    v.object({ pageId: Str, runBeforeUnload: Flag }),
    (call, p) => named(call, p.pageId, (t) => t.session.closePage(t.pageId)),
  ),
  "page/list": method(v.object({}), async (call) => {
    const pages = [];
    for (const t of call.state.livePages()) pages.push(await pageInfo(t, call.signal).catch(() => null));
    return { pages: pages.filter((x) => x !== null), activePage: call.state.activePage ?? "" };
  }),
  "page/activate": method(v.object({ pageId: Str }), (call, p) =>
    named(call, p.pageId, (t) => {
      t.session.activate(t.pageId);
      call.state.activePage = t.pageId;
      return Promise.resolve();
    })),
};
