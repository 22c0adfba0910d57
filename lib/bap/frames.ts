/**
 * `frame/*`: list a page's frames (the core's `frames` operation), select one for later selector
 * resolution and observation (`frame/switch`), and go back to the main frame.
 */
import * as v from "valibot";
import type { FrameView } from "../protocol/types.ts";
import { asSelector, type Call, type Method, naming, viaOp } from "./call.ts";
import { BAP, BapError } from "../protocol/errors.ts";
import { PageId, SelectorSchema, Str } from "./schema.ts";

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
  const identifier = p.frameId || p.selector || p.url || null;
  const f = identifier && frames.find((r) => p.frameId ? r.frameId === p.frameId : r.parentId !== null);
  if (!f) {
    throw new BapError(BAP.FrameNotFound, "Frame not found", {
      details: { identifier },
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

const OnePage = v.object({ pageId: PageId });
type Frames = { frames: FrameView[] };

export const FRAME_METHODS: Record<string, Method> = {
  "frame/list": viaOp(OnePage, "frames", () => ({}), (r: Frames) => ({ frames: r.frames.map(row) })),
  // The core finds the frame (by id, the iframe element a selector names, or a URL substring).
  "frame/switch": naming(
    viaOp(Switch, "frames", (p) => ({
      ...p.frameId ? {} : p.selector ? { locator: p.selector } : p.url ? { url: p.url } : {},
    }), (r: Frames, call, _, p) => select(call, p, r.frames)),
    asSelector,
  ),
  "frame/main": viaOp(OnePage, "frames", () => ({}), (r: Frames, call, _, p) => {
    call.state.frames.delete(call.state.target(p.pageId).pageId);
    return { frameId: r.frames[0].frameId };
  }),
};
