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

/** Call a function in a frame's world with plain arguments; returns its value. */
export async function callIn<T>(
  driver: PageDriver,
  frame: FrameInfo,
  fn: string,
  args: unknown[] = [],
  signal?: AbortSignal,
): Promise<T> {
  const executionContextId = await driver.world(frame, signal);
  const r = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: fn,
    executionContextId,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  }, signal);
  if (r.exceptionDetails) {
    throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  }
  return r.result.value as T;
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

/** Object ids of the members of a remote array (in order). */
export async function arrayItems(
  driver: PageDriver,
  arrayId: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const { result } = await driver.send<Protocol.Runtime.GetPropertiesResponse>("Runtime.getProperties", {
    objectId: arrayId,
    ownProperties: true,
  }, signal);
  return result
    .filter((p) => /^\d+$/.test(p.name) && p.value?.objectId)
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map((p) => p.value!.objectId!);
}

export function mainFrame(frames: FrameInfo[]): FrameInfo {
  return frames.find((f) => f.parentId === null)!;
}

/** Chromium's role and name of a node (its fingerprint), or null when it has no accessibility node. */
export async function axFingerprint(
  driver: PageDriver,
  backendNodeId: number,
  signal?: AbortSignal,
): Promise<{ role: string; name: string } | null> {
  const partial = await driver.send<Protocol.Accessibility.GetPartialAXTreeResponse>(
    "Accessibility.getPartialAXTree",
    { backendNodeId, fetchRelatives: false },
    signal,
  ).catch(() => ({ nodes: [] as Protocol.Accessibility.AXNode[] }));
  const node = partial.nodes.find((n) => n.backendDOMNodeId === backendNodeId) ?? partial.nodes[0];
  if (!node) return null;
  return { role: String(node.role?.value ?? ""), name: String(node.name?.value ?? "") };
}
