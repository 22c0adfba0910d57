/** Every BAP call that touches a page or context goes through that session's FIFO gate. */
import type { Protocol } from "devtools-protocol";
import type { Session } from "../session/session.ts";
import type { PageRecord } from "../session/session.ts";
import { redactUrl } from "../policy/url.ts";
import { toBapError } from "./errors.ts";
import type { Call } from "./connection.ts";
import type { PageTarget } from "./state.ts";

/** Run `fn` in the session's gate; Porthole errors come out as BAP errors. */
export async function gated<T>(
  session: Session,
  signal: AbortSignal,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await session.run(signal, fn);
  } catch (err) {
    throw toBapError(err);
  }
}

/** Run `fn` on a page (`pageId` or the active page) inside its session's gate. */
export async function onPage<T>(
  call: Call,
  pageId: string | undefined,
  fn: (t: PageTarget, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const first = call.state.target(pageId);
  // The page may have closed while the call waited: look it up again once inside.
  return await gated(first.session, call.signal, (sig) => fn(call.state.target(first.pageId), sig));
}

export interface PageInfo {
  id: string;
  url: string;
  title: string;
  viewport: { width: number; height: number };
  status: "loading" | "ready" | "error";
}

/** The viewport of a page in CSS pixels (1280×720 when Chromium does not say). */
export async function viewportOf(
  rec: PageRecord,
  signal?: AbortSignal,
): Promise<{ width: number; height: number }> {
  const m = await rec.driver.send<Protocol.Page.GetLayoutMetricsResponse>("Page.getLayoutMetrics", {}, signal)
    .catch(() => null);
  const vp = m?.cssLayoutViewport;
  return vp && vp.clientWidth > 0
    ? { width: vp.clientWidth, height: vp.clientHeight }
    : { width: 1280, height: 720 };
}

/** A BAP `Page` object: URLs are redacted, as everywhere Porthole emits one. */
export async function pageInfo(t: PageTarget, signal?: AbortSignal): Promise<PageInfo> {
  const { rec } = t;
  const [frames, viewport] = await Promise.all([
    rec.driver.frames(signal).catch(() => []),
    viewportOf(rec, signal),
  ]);
  const main = frames.find((f) => f.parentId === null);
  const title = main
    ? await rec.driver.evaluate<string>(main, "document.title", signal).catch(() => rec.title)
    : rec.title;
  return {
    id: t.pageId,
    url: redactUrl(main?.url ?? rec.driver.page.url()),
    title: typeof title === "string" ? title : "",
    viewport,
    status: "ready",
  };
}
