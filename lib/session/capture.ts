/** Capturing an observation of one frame: AX tree + DOM hints → ARIA snapshot + state record. */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../protocol/errors.ts";
import type { Observation } from "../protocol/types.ts";
import { newId } from "../protocol/validate.ts";
import { canonicalOrigin, redactUrl } from "../policy/url.ts";
import { type AXNodeLike, buildSnapshot } from "../snapshot/ax_tree.ts";
import { domHints, SNAPSHOT_STYLES } from "../snapshot/dom_hints.ts";
import { driverError, type FrameInfo, type PageDriver } from "../driver/page_driver.ts";
import type { StateRecord } from "./states.ts";

/**
 * Per-page ref allocation. Within one document a ref string is never given to another node,
 * and a node keeps its ref across observations of its document, also when other frames or
 * documents of the page were observed in between. A new document starts again at `@e1`.
 */
export class RefBook {
  /** How many documents of one page keep their refs (least recently observed are dropped). */
  static readonly KEEP = 32;
  #docs = new Map<string, { byNode: Map<number, string>; next: number }>();

  forDocument(documentId: string): (backendNodeId: number) => string {
    const doc = this.#docs.get(documentId) ?? { byNode: new Map(), next: 1 };
    this.#docs.delete(documentId);
    this.#docs.set(documentId, doc);
    while (this.#docs.size > RefBook.KEEP) this.#docs.delete(this.#docs.keys().next().value!);
    return (id) => {
      let ref = doc.byNode.get(id);
      if (!ref) {
        ref = `@e${doc.next++}`;
        doc.byNode.set(id, ref);
      }
      return ref;
    };
  }
}

export interface CaptureTarget {
  pageId: string;
  driver: PageDriver;
  generation: number;
  refs: RefBook;
}

export interface CaptureOptions {
  frameId?: string;
  maxDepth: number;
  maxBytes: number;
}

export function documentIdOf(frame: FrameInfo, documentNode: number): string {
  return `${frame.frameId}.${frame.loaderId}.${documentNode}`;
}

export async function findFrame(driver: PageDriver, frameId: string | undefined, signal?: AbortSignal) {
  const frames = await driver.frames(signal);
  const frame = frameId ? frames.find((f) => f.frameId === frameId) : frames.find((f) => f.parentId === null);
  if (!frame) {
    throw new PortholeError("frame_not_found", `Frame ${frameId} is not in page`, { details: { frameId } });
  }
  return { frame, frames };
}

/** Capture one frame. Returns the state record and its public observation. */
export async function captureFrame(
  target: CaptureTarget,
  opts: CaptureOptions,
  signal?: AbortSignal,
): Promise<{ state: StateRecord; observation: Observation; isMain: boolean }> {
  const { driver } = target;
  try {
    const { frame } = await findFrame(driver, opts.frameId, signal);
    const [ax, snap] = await Promise.all([
      driver.send<Protocol.Accessibility.GetFullAXTreeResponse>(
        "Accessibility.getFullAXTree",
        { frameId: frame.frameId },
        signal,
      ).catch((err) => {
        if (signal?.aborted) throw err;
        throw new PortholeError(
          "accessibility_unavailable",
          `The Accessibility domain failed: ${err.message}`,
        );
      }),
      driver.send<Protocol.DOMSnapshot.CaptureSnapshotResponse>(
        "DOMSnapshot.captureSnapshot",
        { computedStyles: SNAPSHOT_STYLES },
        signal,
      ),
    ]);
    const nodes = ax.nodes as AXNodeLike[];
    const root = nodes[0];
    const documentNode = root?.backendDOMNodeId;
    if (documentNode === undefined) {
      throw new PortholeError("observation_failed", "The frame has no document yet");
    }
    // The frame may have moved on while the tree was read: re-read its loader.
    const { frame: after } = await findFrame(driver, frame.frameId, signal);
    if (after.loaderId !== frame.loaderId) {
      throw new PortholeError("observation_failed", "The document changed while it was being observed");
    }
    const documentId = documentIdOf(frame, documentNode);
    let built;
    try {
      built = buildSnapshot(nodes, domHints(snap, frame.frameId, nodes), {
        maxDepth: opts.maxDepth,
        maxBytes: opts.maxBytes,
        refFor: target.refs.forDocument(documentId),
        redact: redactUrl,
      });
    } catch (err) {
      if (err instanceof PortholeError) throw err;
      throw new PortholeError("snapshot_invalid", `The snapshot was invalid: ${(err as Error).message}`);
    }
    const origin = canonicalOrigin(frame.url);
    const stateId = newId("st");
    const state: StateRecord = {
      stateId,
      pageId: target.pageId,
      targetId: driver.targetId,
      frameId: frame.frameId,
      loaderId: frame.loaderId,
      documentId,
      documentNode,
      origin,
      url: frame.url,
      generation: target.generation,
      refs: new Map(built.refs.map((r) => [r.ref, r])),
      tree: built.tree,
    };
    const observation: Observation = {
      stateId,
      targetId: driver.targetId,
      pageId: target.pageId,
      frameId: frame.frameId,
      document: { loaderId: frame.loaderId, documentId },
      url: redactUrl(frame.url),
      origin,
      title: built.title,
      tree: built.tree,
      refCount: built.refs.length,
      truncated: built.truncated,
      bytes: built.bytes,
      generation: target.generation,
    };
    return { state, observation, isMain: frame.parentId === null };
  } catch (err) {
    if (signal?.aborted && !(err instanceof PortholeError)) throw signal.reason;
    throw driverError(err, "Observation failed");
  }
}
