/**
 * Properties of one element (BAP `observe/element`), read in Porthole's world of its frame;
 * a field the credential rule calls sensitive never shows its value.
 */
import type { FrameInfo, PageDriver } from "../driver/page_driver.ts";
import { type FieldFacts, refuseTyping } from "../policy/sensitive.ts";
import { ELEMENT_PROPS, FIELD_FACTS } from "../snapshot/page_lib.ts";

const FACTS_AND_NAME = `function () {
  return { ...(${FIELD_FACTS}).call(this), accessibleName: this.computedName ?? "" };
}`;

/** The requested properties and `found: true`, or `{found: false}` when the node is gone. */
export async function elementProps(
  driver: PageDriver,
  frame: FrameInfo,
  backendNodeId: number,
  props: string[],
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const id = await driver.resolve(frame, backendNodeId, signal);
  if (!id) return { found: false };
  try {
    const facts = await driver.callOn<FieldFacts>(id, FACTS_AND_NAME, [], signal);
    const field = facts.tag === "input" || facts.tag === "textarea";
    const sensitive = facts.dataSensitive || (field && !!refuseTyping(facts));
    return await driver.callOn<Record<string, unknown>>(id, ELEMENT_PROPS, [props, sensitive], signal);
  } finally {
    driver.release(id);
  }
}
