/**
 * Until the `ref` selector resolves core refs through the core itself, agent/observe leaves
 * each listed core ref in the page's BAP registry (selectors.ts reads it), bound to the exact
 * node and Chromium's fingerprint of it, so a ref it printed acts on that node and no other.
 * Goes away with refs.ts.
 */
import type { RefElement } from "../session/ref_elements.ts";
import type { RefTarget } from "../snapshot/render.ts";
import { RefRegistry } from "./refs.ts";
import type { selectedFrame, Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";
import { axFingerprint } from "./world.ts";

type FrameInfo = Awaited<ReturnType<typeof selectedFrame>>;

export async function registerForRefSelectors(
  state: BapState,
  t: PageTarget,
  frame: FrameInfo,
  rows: { ref: RefTarget; f: RefElement; role: string; name: string }[],
  signal: AbortSignal,
): Promise<void> {
  const before = state.refs.get(t.pageId);
  const registry = before && before.url === frame.url ? before : new RefRegistry(frame.url);
  const now = Date.now();
  const prints = await Promise.all(rows.map((r) => axFingerprint(t.rec.driver, r.f.backendNodeId, signal)));
  rows.forEach(({ ref, f, role, name }, i) => {
    registry.entries.set(ref.ref, {
      ref: ref.ref,
      backendNodeId: f.backendNodeId,
      frameId: frame.frameId,
      loaderId: frame.loaderId,
      axRole: prints[i]?.role ?? "",
      axName: prints[i]?.name ?? "",
      identity: { role, name, tagName: f.tagName },
      selector: f.selector as Selector,
      cssPath: f.cssPath,
      lastSeen: now,
    });
  });
  registry.prune(now);
  state.refs.set(t.pageId, registry);
}
