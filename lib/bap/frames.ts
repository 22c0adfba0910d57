/**
 * `frame/*`: list a page's frames, select one for later selector resolution and observation
 * (`frame/switch`), and go back to the main frame.
 */
import { redactUrl } from "../policy/url.ts";
import { frameEntries, frameOfNode } from "../session/frames_list.ts";
import type { Call } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import type { Params } from "./params.ts";
import { readSelector, resolve } from "./selectors.ts";
import type { PageTarget } from "./state.ts";

interface FrameRow {
  frameId: string;
  name: string;
  url: string;
  parentFrameId?: string;
  isMain: boolean;
}

/** The page's frames as BAP rows, with the real URL kept aside for matching and policy. */
async function frameRows(t: PageTarget, signal: AbortSignal): Promise<(FrameRow & { rawUrl: string })[]> {
  return (await frameEntries(t.rec, signal)).map((f) => {
    const row: FrameRow & { rawUrl: string } = {
      frameId: f.frameId,
      name: f.name,
      url: redactUrl(f.rawUrl),
      isMain: f.parentId === null,
      rawUrl: f.rawUrl,
    };
    if (f.parentId) row.parentFrameId = f.parentId;
    return row;
  });
}

function frameNotFound(identifier: unknown): BapError {
  return new BapError(BAP.FrameNotFound, "Frame not found", { details: { identifier }, notDispatched: true });
}

export const FRAME_METHODS = {
  "frame/list": async (call: Call, p: Params) =>
    await onPage(call, p.str("pageId"), async (t, sig) => ({
      frames: (await frameRows(t, sig)).map(({ rawUrl: _, ...row }) => row),
    })),
  "frame/switch": async (call: Call, p: Params) => {
    const frameId = p.str("frameId") || undefined;
    const selector = p.has("selector") ? readSelector(p.get("selector")) : undefined;
    const url = p.str("url") || undefined;
    return await onPage(call, p.str("pageId"), async (t, sig) => {
      const rows = await frameRows(t, sig);
      let row: (typeof rows)[number] | undefined;
      if (frameId) row = rows.find((r) => r.frameId === frameId);
      else if (selector) {
        call.state.frames.delete(t.pageId); // the iframe element is looked up from the main frame
        const target = await resolve(call.state, t, selector, sig);
        if (target) {
          const frameId = await frameOfNode(t.rec, target.backendNodeId, sig);
          row = rows.find((r) => r.frameId === frameId && !r.isMain);
        }
      } else if (url) row = rows.find((r) => !r.isMain && r.rawUrl.includes(url));
      if (!row) throw frameNotFound(frameId ?? selector ?? url ?? null);
      try {
        if (row.rawUrl !== "about:blank" && row.rawUrl !== "about:srcdoc") {
          t.session.checkDestination(row.rawUrl);
        }
      } catch {
        throw new BapError(BAP.DomainNotAllowed, "The frame's URL is not allowed", {
          details: {
            url: row.url,
            domain: (() => {
              try {
                return new URL(row.rawUrl).hostname;
              } catch {
                return row.url;
              }
            })(),
          },
        });
      }
      if (row.isMain) call.state.frames.delete(t.pageId);
      else call.state.frames.set(t.pageId, row.frameId);
      return { frameId: row.frameId, url: row.url };
    });
  },
  "frame/main": async (call: Call, p: Params) =>
    await onPage(call, p.str("pageId"), (t) => {
      call.state.frames.delete(t.pageId);
      return Promise.resolve({ frameId: t.rec.driver.targetId });
    }),
};
