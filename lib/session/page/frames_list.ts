/** The frames of a page as Chromium's frame tree has them, and which frame an element lives in. */
import type { Protocol } from "devtools-protocol";
import { canonicalOrigin, redactUrl } from "../../policy/url.ts";
import type { FrameView } from "../../protocol/types.ts";
import { framesOf } from "../core/frame_doors.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { FramesInput } from "../../protocol/schemas_context.ts";
import type { DestinationHost, ReadsHost } from "../core/hosts.ts";
import { findNode } from "../locate/node.ts";

export interface FrameEntry {
  frameId: string;
  /** null for the main frame. */
  parentId: string | null;
  name: string;
  /** The frame's real URL: for policy checks and matching, never shown as it is. */
  rawUrl: string;
  origin: string;
}

/** One frame's entry, from what a frame tree says of it. */
function entryOf(
  frameId: string,
  parentId: string | null,
  frame: Pick<Protocol.Page.Frame, "url" | "urlFragment" | "name">,
): FrameEntry {
  const url = frame.url + (frame.urlFragment ?? "");
  return { frameId, parentId, name: frame.name ?? "", rawUrl: url, origin: canonicalOrigin(url) };
}

/** Every frame of the page, in-process or not, parents before children. */
export async function frameEntries(rec: PageRecord, signal: AbortSignal): Promise<FrameEntry[]> {
  const { frameTree } = await rec.driver.send<Protocol.Page.GetFrameTreeResponse>(
    "Page.getFrameTree",
    {},
    signal,
  );
  const out: FrameEntry[] = [];
  const visit = (node: Protocol.Page.FrameTree, parentId: string | null) => {
    out.push(entryOf(node.frame.id, parentId, node.frame));
    for (const child of node.childFrames ?? []) visit(child, node.frame.id);
  };
  visit(frameTree, null);
  // Cross-site frames run in their own process: the page's tree does not show them, their own targets
  // do. Their URL and name are asked of that process: the driver's copy may lag a navigation behind.
  const known = new Set(out.map((f) => f.frameId));
  for (const door of await framesOf(rec.driver, signal)) {
    const f = door.info;
    if (known.has(f.frameId)) continue;
    const own = await door.send<Protocol.Page.GetFrameTreeResponse>("Page.getFrameTree", {}, signal).catch(
      () => null,
    );
    const frame = own?.frameTree.frame.id === f.frameId ? own.frameTree.frame : { url: f.url };
    out.push(entryOf(f.frameId, f.parentId, frame));
    known.add(f.frameId);
  }
  return out;
}

/** What listing frames needs of a session: its pages, its current state and its origin policy. */
export type FramesHost = Pick<ReadsHost, "page" | "states"> & DestinationHost;

/** Whether the session may reach a frame's URL (an empty or inline document it always may). */
function allowed(session: DestinationHost, url: string): boolean {
  if (url === "about:blank" || url === "about:srcdoc") return true;
  try {
    session.checkDestination(url);
    return true;
  } catch {
    return false;
  }
}

/** The frame list a client sees: every frame, or the one an iframe element hosts, or by URL. */
export async function listFrames(
  session: FramesHost,
  input: FramesInput,
  signal: AbortSignal,
): Promise<FrameView[]> {
  const rec = session.page(input.pageId);
  let frames = await frameEntries(rec, signal);
  if (input.locator) {
    const current = session.states.current?.pageId === rec.pageId ? session.states.current : null;
    const node = await findNode(rec.driver, current, frames[0].frameId, input.locator, signal);
    const hosted = node && await frameOfNode(rec, node.backendNodeId, signal);
    frames = frames.filter((f) => f.parentId !== null && f.frameId === hosted);
  }
  const views = frames.map(({ rawUrl, ...f }) => ({
    ...f,
    url: redactUrl(rawUrl),
    allowed: allowed(session, rawUrl),
  }));
  return input.url === undefined ? views : views.filter((f) => f.url.includes(input.url!));
}

/** The frame an element (by backend node id) belongs to: for an iframe element, its own document's. */
export async function frameOfNode(
  rec: PageRecord,
  backendNodeId: number,
  signal: AbortSignal,
): Promise<string | null> {
  const { node } = await rec.driver.send<Protocol.DOM.DescribeNodeResponse>("DOM.describeNode", {
    backendNodeId,
  }, signal);
  return node.frameId ?? null;
}
