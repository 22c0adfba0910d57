/**
 * `frame/*`: list a page's frames (the core's `frames` operation), select one for later selector
 * resolution and observation (`frame/switch`), and go back to the main frame.
 */
import * as v from "valibot";
import type { FrameView } from "../protocol/types.ts";
import { type Call, type Method, method, naming, viaOp } from "./call.ts";
import { BAP, BapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import { PageId, Str } from "./schema.ts";
import { SelectorSchema } from "./selectors.ts";

/** A core frame as BAP shows it. */
const row = (f: FrameView) => ({
  frameId: f.frameId,
  name: f.name,
  url: f.url,
  ...(f.parentId ? { parentFrameId: f.parentId } : {}),
  isMain: f.parentId === null,
});

const Switch = v.object({ pageId: PageId, frameId: Str, selector: v.optional(SelectorSchema), url: Str });
type Switch = v.InferOutput<typeof Switch>;

/** The frame the core found, if the session may reach it, becomes the page's selected frame. */
function select(call: Call, p: Switch, frames: FrameView[]) {
  const f = !p.frameId && !p.selector && !p.url
    ? undefined
    : frames.find((r) => p.frameId ? r.frameId === p.frameId : r.parentId !== null);
  if (!f) {
    throw new BapError(BAP.FrameNotFound, "Frame not found", {
      details: { identifier: p.frameId || p.selector || p.url || null },
      notDispatched: true,
    });
  }
  if (!f.allowed) {
    throw new BapError(BAP.DomainNotAllowed, "The frame's URL is not allowed", {
      details: { url: f.url, domain: URL.parse(f.url)?.hostname ?? f.url },
    });
  }
  const { pageId } = call.state.target(p.pageId);
  if (f.parentId === null) call.state.frames.delete(pageId);
  else call.state.frames.set(pageId, f.frameId);
  return { frameId: f.frameId, url: f.url };
}

export const FRAME_METHODS: Record<string, Method> = {
  "frame/list": viaOp(
    v.object({ pageId: PageId }),
    "frames",
    "page",
    (_, __, t) => ({ pageId: t!.pageId }),
    (r: { frames: FrameView[] }) => ({ frames: r.frames.map(row) }),
  ),
  // The core finds the frame (by id, the iframe element a selector names, or a URL substring).
  "frame/switch": naming(
    viaOp(Switch, "frames", "page", (p, _, t) => ({
      pageId: t!.pageId,
      ...p.frameId ? {} : p.selector ? { locator: p.selector } : p.url ? { url: p.url } : {},
    }), (r: { frames: FrameView[] }, call, _, p) => select(call, p, r.frames)),
    (f) => f === "locator" ? "selector" : f,
  ),
  "frame/main": method(v.object({ pageId: PageId }), (call, p) =>
    onPage(call, p.pageId, (t) => {
      call.state.frames.delete(t.pageId);
      return Promise.resolve({ frameId: t.rec.driver.targetId });
    })),
};
