/** `page/*`: pages of the connection's contexts, navigated through Porthole's own navigation. */
import * as v from "valibot";
import { NavigateInput } from "../protocol/schemas.ts";
import { EmulateInput } from "../protocol/schemas_context.ts";
import { redactUrl } from "../policy/url.ts";
import type { NavigateResult, PageView } from "../protocol/types.ts";
import { type Call, type Method, method, viaOp } from "./call.ts";
import { BAP, BapError } from "../protocol/errors.ts";
import { pageInfo } from "./gate.ts";
import { Flag, None, PageId, picked, Str, Timeout } from "./schema.ts";
import { AgentObserve } from "./agent_observe.ts";

const WaitUntil = v.optional(v.picklist(["load", "domcontentloaded", "networkidle", "commit"]), "load");
const Traverse = v.object({ pageId: PageId, waitUntil: WaitUntil, timeout: Timeout });
const Navigate = v.object({
  ...picked(NavigateInput, ["url", "referer"]).entries,
  ...Traverse.entries,
  observe: v.optional(AgentObserve),
});

/** How the core waits as BAP asked: BAP's "commit" is the core's earliest safe point, DOMContentLoaded. */
const waiting = (p: { waitUntil: v.InferOutput<typeof WaitUntil>; timeout: number }) => ({
  waitUntil: p.waitUntil === "commit" ? "domcontentloaded" : p.waitUntil,
  timeoutMs: p.timeout,
});

/** The core's navigate; a fused observation is agent/observe's, asked for once it is done. */
const navigate = viaOp(Navigate, "navigate", (p) => ({
  url: p.url,
  ...waiting(p),
  referer: p.referer,
}), async (r: NavigateResult, call, _, p) => {
  if (r.navigation === "download_blocked") {
    throw new BapError(BAP.ActionFailed, "The navigation started a download, which Porthole blocks", {
      details: { url: redactUrl(p.url), reason: "download_blocked" },
    });
  }
  // A failed fused observation leaves the navigation's result as it is.
  const observation = p.observe && await call.invoke("agent/observe", { ...p.observe, pageId: r.pageId })
    .catch(() => undefined);
  return { url: r.url, status: r.httpStatus ?? 0, headers: {}, ...observation ? { observation } : {} };
});

/** Reload or move in history: the core operation, waiting as BAP asked. */
const traversal = (op: "reload" | "go_back" | "go_forward") => viaOp(Traverse, op, waiting);

const Create = v.object({
  contextId: Str,
  url: Str,
  ...picked(EmulateInput, ["viewport", "userAgent", "geolocation"]).entries,
});

/** page/close and page/activate name their page (a missing pageId is a page not found): a core page operation. */
function named(
  op: "page_activate" | "page_close",
  result: (r: PageView | null, call: Call) => unknown = () => ({}),
): Method {
  const m = viaOp(
    v.object({ pageId: Str, runBeforeUnload: Flag }),
    op,
    () => ({}),
    (r, call) => result(r as PageView | null, call),
  );
  const missing = () =>
    new BapError(BAP.PageNotFound, "Page not found: undefined", { details: { pageId: null } });
  return { ...m, run: (call, p) => p.pageId ? m.run(call, p) : Promise.reject(missing()) };
}

export const PAGE_METHODS: Record<string, Method> = {
  // The core's page_open; the page opened becomes the connection's active page.
  "page/create": viaOp(Create, "page_open", ({ contextId: _, ...p }) => p, (r: PageView, call) => {
    call.state.activePage = r.pageId;
    return pageInfo(call.state.target(r.pageId), call.signal);
  }),
  "page/navigate": navigate,
  "page/reload": traversal("reload"),
  "page/goBack": traversal("go_back"),
  "page/goForward": traversal("go_forward"),
  "page/close": named("page_close"),
  "page/list": method(None, async (call) => {
    const pages = [];
    for (const t of call.state.livePages()) pages.push(await pageInfo(t, call.signal).catch(() => null));
    return { pages: pages.filter((x) => x !== null), activePage: call.state.activePage ?? "" };
  }),
  "page/activate": named("page_activate", (r, call) => ((call.state.activePage = r!.pageId), {})),
};
