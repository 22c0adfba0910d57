/** Small helpers over a page's CDP session for Porthole's isolated world (every door uses them). */
import type { Protocol } from "devtools-protocol";
import type { FrameInfo, PageDriver } from "../driver/page_driver.ts";

/** Evaluate an expression in Porthole's world of a frame; returns a remote object id (caller releases). */
export async function handle(
  driver: PageDriver,
  frame: FrameInfo,
  expression: string,
  signal?: AbortSignal,
): Promise<string> {
  const contextId = await driver.world(frame, signal);
  const r = await driver.send<Protocol.Runtime.EvaluateResponse>("Runtime.evaluate", {
    expression,
    contextId,
    returnByValue: false,
  }, signal);
  if (r.exceptionDetails || !r.result.objectId) {
    throw new Error(r.exceptionDetails?.exception?.description ?? `${expression} gave no object`);
  }
  return r.result.objectId;
}

/** The backend node id of a remote node. */
export async function backendOf(driver: PageDriver, objectId: string, signal?: AbortSignal): Promise<number> {
  const { node } = await driver.send<Protocol.DOM.DescribeNodeResponse>(
    "DOM.describeNode",
    { objectId },
    signal,
  );
  return node.backendNodeId;
}

export function mainFrame(frames: FrameInfo[]): FrameInfo {
  return frames.find((f) => f.parentId === null)!;
}
