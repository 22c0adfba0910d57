/**
 * `frame/*`: list a page's frames (the core's `frames` operation), select one for later selector
 * resolution and observation (`frame/switch`), and go back to the main frame.
 */
import * as v from "valibot";
import { redactUrl } from "../policy/url.ts";
import type { FrameView } from "../protocol/types.ts";
import { frameEntries, frameOfNode } from "../session/frames_list.ts";
import { type Method, method, viaOp } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import { PageId, Str } from "./schema.ts";
import { resolve, SelectorSchema } from "./selectors.ts";

/** A core frame as BAP shows it. */
const row = (f: Pick<FrameView, "frameId" | "name" | "url" | "parentId">) => ({
  frameId: f.frameId,
  name: f.name,
  url: f.url,
  ...(f.parentId ? { parentFrameId: f.parentId } : {}),
  isMain: f.parentId === null,
});

const hostOf = (url: string) => URL.parse(url)?.hostname ?? redactUrl(url);

const Switch = v.object({ pageId: PageId, frameId: Str, selector: v.optional(SelectorSchema), url: Str });

export const FRAME_METHODS: Record<string, Method> = {
  "frame/list": viaOp(
    v.object({ pageId: PageId }),
    "frames",
    "page",
    (_, __, t) => ({ pageId: t!.pageId }),
    (r: { frames: FrameView[] }) => ({ frames: r.frames.map(row) }),
  ),
  "frame/switch": method(Switch, (call, p) =>
    onPage(call, p.pageId, async (t, sig) => {
      const frames = await frameEntries(t.rec, sig);
      let f: (typeof frames)[number] | undefined;
      if (p.frameId) f = frames.find((r) => r.frameId === p.frameId);
      else if (p.selector) {
        call.state.frames.delete(t.pageId); // the iframe element is looked up from the main frame
        const target = await resolve(call.state, t, p.selector, sig);
        const frameId = target && await frameOfNode(t.rec, target.backendNodeId, sig);
        f = frames.find((r) => r.frameId === frameId && r.parentId !== null);
      } else if (p.url) f = frames.find((r) => r.parentId !== null && r.rawUrl.includes(p.url!));
      if (!f) {
        const identifier = p.frameId || p.selector || p.url || null;
        throw new BapError(BAP.FrameNotFound, "Frame not found", {
          details: { identifier },
          notDispatched: true,
        });
      }
      try {
        if (f.rawUrl !== "about:blank" && f.rawUrl !== "about:srcdoc") t.session.checkDestination(f.rawUrl);
      } catch {
        throw new BapError(BAP.DomainNotAllowed, "The frame's URL is not allowed", {
          details: { url: redactUrl(f.rawUrl), domain: hostOf(f.rawUrl) },
        });
      }
      if (f.parentId === null) call.state.frames.delete(t.pageId);
      else call.state.frames.set(t.pageId, f.frameId);
      return { frameId: f.frameId, url: redactUrl(f.rawUrl) };
    })),
  "frame/main": method(v.object({ pageId: PageId }), (call, p) =>
    onPage(call, p.pageId, (t) => {
      call.state.frames.delete(t.pageId);
      return Promise.resolve({ frameId: t.rec.driver.targetId });
    })),
};
