/**
 * Fusion 6, speculative prefetch: after a client's `action/click` or `page/navigate` (or an
 * `agent/act` whose last step was one, without `postObserve`), the next element listing of that
 * page and selected frame is prepared in the background, so `agent/observe` answers from it.
 * The core decides whether it may be served (lib/session/observe/prefetch.ts): never once the
 * page changed. Only requests of the client count, not the steps `agent/act` runs itself.
 */
import { prefetchElements } from "../session/observe/elements.ts";
import type { BapState } from "./state.ts";

const AFTER = new Set(["action/click", "page/navigate"]);

type Params = Record<string, unknown> | null | undefined;
const pageIdOf = (p: Params) => typeof p?.pageId === "string" ? p.pageId : undefined;

/** The page a finished request leaves for a prefetch, if it is one that warrants it. */
function pageAfter(method: string, params: Params, result: unknown): string | undefined | null {
  if (AFTER.has(method)) return pageIdOf(params);
  if (method !== "agent/act" || params?.postObserve) return null;
  const results = (result as { results?: { step: number; success: boolean }[] } | null)?.results ?? [];
  const last = results.at(-1);
  const steps = params?.steps as { action?: string; params?: Params }[] | undefined;
  const step = last?.success ? steps?.[last.step] : undefined;
  if (!step || !AFTER.has(step.action ?? "")) return null;
  return pageIdOf(step.params) ?? pageIdOf(params);
}

/** After a client's request succeeded: prepare the next listing when the request warrants one. */
export function prefetchAfter(state: BapState, method: string, params: unknown, result: unknown): void {
  const pageId = pageAfter(method, params as Params, result);
  if (pageId === null) return;
  try {
    const t = state.target(pageId);
    prefetchElements(t.session, t.rec, state.frames.get(t.pageId));
  } catch {
    // The page is gone, or there is none: nothing to prepare.
  }
}
