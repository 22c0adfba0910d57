/** Every BAP call that touches a page or context goes through that session's FIFO gate. */
import { pageFacts } from "../session/observe/facts.ts";
import type { Call } from "./call.ts";
import type { BapSession, PageTarget } from "./context.ts";
import type { Artifact } from "../artifacts/store.ts";

/** Run `fn` on a page (`pageId` or the active page) inside its session's gate. */
export async function onPage<T>(
  call: Call,
  pageId: string | undefined,
  fn: (t: PageTarget, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const first = call.state.target(pageId);
  // The page may have closed while the call waited: look it up again once inside.
  return await first.session.run(call.signal, (sig) => fn(call.state.target(first.pageId), sig));
}

/** A BAP `Page` object: URLs are redacted, as everywhere Porthole emits one. */
export async function pageInfo(t: PageTarget, signal?: AbortSignal) {
  return { id: t.pageId, ...await pageFacts(t.rec, signal), status: "ready" as const };
}

/**
 * An artifact a core operation stored (screenshot, pdf, trace_stop), as the base64 BAP answers.
 * The stored copy is dropped: it would only take up room in the session's store.
 */
export function takeBytes(session: BapSession, artifact: Artifact): string {
  const data = session.artifacts.get(artifact.id).data;
  session.artifacts.delete(artifact.id);
  return data.toBase64();
}

/** A stored image as BAP answers it: its base64 (`takeBytes`) and format (`png`, `jpeg` …). */
export const takeImage = (session: BapSession, artifact: Artifact) => ({
  data: takeBytes(session, artifact),
  format: artifact.mimeType.slice("image/".length),
});
