/**
 * What a person supervising the agent sees of its latest observation: the newest state's tree and
 * refs (current or already consumed by an action), each with the element's box now, for outlining
 * on the live view. A read: it neither consumes nor replaces a state, so watching never disturbs
 * the agent.
 */
import { redactUrl } from "../../policy/url.ts";
import type { ReadsHost } from "../core/hosts.ts";
import { describeRefs } from "../observe/ref_elements.ts";
import { framesOf } from "../core/frame_doors.ts";
import { bounded } from "../core/bounded.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { CurrentStateView, StateRefView } from "../../protocol/views.ts";

export type { CurrentStateView, StateRefView };

/** The few members of a session this read needs. */
export type StateViewHost = Pick<ReadsHost, "states" | "scrub"> & {
  readonly pages: ReadonlyMap<string, PageRecord>;
};

export function currentState(
  session: StateViewHost,
  signal: AbortSignal,
): Promise<{ state: CurrentStateView | null }> {
  const state = session.states.latest;
  if (!state) return Promise.resolve({ state: null });
  return bounded(5_000, signal, "Reading the current state failed", async (sig) => {
    // The refs of the tree shown (a paged state holds every page's refs; the first page is shown).
    const shown = new Set(state.tree.match(/@[a-z0-9]+(?=\])/g) ?? []);
    const refs = [...state.refs.values()].filter((r) => shown.has(r.ref));
    let boxes: (StateRefView["bounds"])[] = refs.map(() => null);
    const rec = session.pages.get(state.pageId);
    const door = rec && (await framesOf(rec.driver, sig)).find((d) => d.info.frameId === state.frameId);
    // Boxes are relative to the frame's own viewport: only the top-level frame's map onto the image.
    if (door && door.info.parentId === null) {
      const mine = refs.map((ref, i) => ({ ref, role: ref.role, name: ref.name, i }))
        .filter((r) => r.ref.frameId === state.frameId);
      const described = await describeRefs(door, mine, sig).catch(() => mine.map(() => null));
      mine.forEach((r, k) => (boxes[r.i] = described[k]?.bounds ?? null));
    } else boxes = refs.map(() => null);
    return {
      state: {
        stateId: state.stateId,
        pageId: state.pageId,
        frameId: state.frameId,
        url: redactUrl(state.url),
        origin: state.origin,
        tree: session.scrub(state.tree),
        truncated: state.truncated,
        current: session.states.current?.stateId === state.stateId,
        refs: refs.map((r, i) => ({
          ref: r.ref,
          role: r.role,
          name: session.scrub(r.name),
          bounds: boxes[i],
        })),
      },
    };
  });
}
