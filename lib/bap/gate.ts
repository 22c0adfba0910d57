/** Every BAP call that touches a page or context goes through that session's FIFO gate. */
import { type PageFacts, pageFacts } from "../session/page_facts.ts";
import { toBapError } from "./errors.ts";
import type { Call } from "./call.ts";
import type { PageTarget } from "./state.ts";

/** Run `fn` in the session's gate; Porthole errors come out as BAP errors. */
export async function gated<T>(
  session: { run<R>(signal: AbortSignal, fn: (signal: AbortSignal) => Promise<R>): Promise<R> },
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

export { viewportOf } from "../session/page_facts.ts";

export interface PageInfo extends PageFacts {
  id: string;
  status: "loading" | "ready" | "error";
}

/** A BAP `Page` object: URLs are redacted, as everywhere Porthole emits one. */
export async function pageInfo(t: PageTarget, signal?: AbortSignal): Promise<PageInfo> {
  return { id: t.pageId, ...await pageFacts(t.rec, signal), status: "ready" };
}
