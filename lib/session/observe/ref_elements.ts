/**
 * The elements behind a core observation's refs, read in one round trip per frame: what BAP's
 * agent/observe lists of each (snapshot/page_lib.ts DESCRIBE_ELEMENTS) and its backend node.
 */
import type { Protocol } from "devtools-protocol";
import type { FieldFacts } from "../../policy/sensitive.ts";
import type { RefTarget } from "../../snapshot/render.ts";
import { DESCRIBE_ELEMENTS, ELEMENTS_BY_NUMBER } from "../../snapshot/page_lib.ts";
import { callOnIn, type FrameDoor } from "../core/frame_doors.ts";

type Selector = Record<string, unknown> & { type: string };

export interface RefElement {
  tagName: string;
  roleAttr: string | null;
  type: string | null;
  ariaLabel?: string;
  text: string;
  value?: string;
  editableAttr: boolean;
  onclick: boolean;
  focused: boolean;
  disabled: boolean;
  /** An option of a native select (the select is what takes the action). */
  inSelect: boolean;
  bounds: { x: number; y: number; width: number; height: number };
  cssPath: string;
  selector: Selector;
  alternatives: Selector[];
  facts: FieldFacts;
  backendNodeId: number;
}

/**
 * The elements of `refs` (all of the door's frame's document, with the role and name to build
 * selectors from), in order; null for one that is gone or has no box. Read on the frame's own
 * target, so a cross-site frame's too (boxes are in each frame's own viewport either way:
 * frame_origin.ts moves them into the page's).
 */
export async function describeRefs(
  door: FrameDoor,
  refs: { ref: RefTarget; role: string; name: string }[],
  signal?: AbortSignal,
): Promise<(RefElement | null)[]> {
  if (!refs.length) return [];
  const executionContextId = await door.world(signal);
  const objectGroup = `porthole-refs-${crypto.randomUUID()}`;
  try {
    const list = await door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      functionDeclaration: ELEMENTS_BY_NUMBER,
      executionContextId,
      arguments: [{ value: refs[0].ref.token }, { value: refs.map((r) => r.ref.n) }],
      returnByValue: false,
      objectGroup,
    }, signal);
    const arrayId = list.result.objectId;
    if (!arrayId) return refs.map(() => null);
    const items = refs.map(({ role, name }) => ({ role, name }));
    const [described, members] = await Promise.all([
      callOnIn<(Omit<RefElement, "backendNodeId"> | null)[]>(
        door,
        arrayId,
        DESCRIBE_ELEMENTS,
        [items],
        signal,
      ),
      door.send<Protocol.Runtime.GetPropertiesResponse>("Runtime.getProperties", {
        objectId: arrayId,
        ownProperties: true,
      }, signal),
    ]);
    const byIndex = new Map(
      members.result.filter((p) => /^\d+$/.test(p.name) && p.value?.objectId).map((p) => [
        Number(p.name),
        p.value!.objectId!,
      ]),
    );
    return await Promise.all(described.map(async (d, i) => {
      const objectId = byIndex.get(i);
      if (!d || !objectId) return null;
      const { node } = await door.send<Protocol.DOM.DescribeNodeResponse>(
        "DOM.describeNode",
        { objectId },
        signal,
      );
      return { ...d, backendNodeId: node.backendNodeId };
    }));
  } finally {
    await door.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}
