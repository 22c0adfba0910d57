/**
 * `agent/extract`: the core `extract` operation (lists, tables, labelled fields, text, URLs
 * redacted) in the page's selected frame, scoped to `selector` (the core locator, waited for)
 * when given. What fails inside the extraction is reported in the result, not as an error.
 */
import * as v from "valibot";
import { ExtractInput } from "../protocol/schemas_page.ts";
import type { ExtractResult } from "../protocol/types.ts";
import { BapError } from "../protocol/errors.ts";
import { catching, type Method, viaOp } from "./call.ts";
import { Flag, Num, PageId, picked, SelectorSchema } from "./schema.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

const Extract = v.object({
  pageId: PageId,
  // Read by nothing here: Porthole extracts by heuristics, without a model.
  instruction: v.string(),
  ...picked(ExtractInput, ["schema", "mode"]).entries,
  selector: v.optional(SelectorSchema),
  includeSourceRefs: Flag,
  timeout: v.optional(Num(0, MAX_TIMEOUT_MS), 30_000),
});

const source = ({ selector, text }: { selector: string; text: string }, i: number) => ({
  ref: `@s${i + 1}`,
  selector: { type: "css", value: selector },
  text,
});

const via = viaOp(Extract, "extract", (p) => ({
  schema: p.schema,
  mode: p.mode ?? "single",
  locator: p.selector,
  includeSources: p.includeSourceRefs,
  timeoutMs: Math.max(1, Math.round(p.timeout)),
}), (r: ExtractResult) => ({ success: true, ...r, ...r.sources && { sources: r.sources.map(source) } }));

// Refusals before the extraction ran (no page, a frame gone) and aborts stay errors.
const refusal = (err: BapError) => err.notDispatched || (err.extras.details?.reason === "frame_not_found");

export const AGENT_EXTRACT_METHODS: Record<string, Method> = {
  "agent/extract": catching(via, (err, call) => {
    if (!(err instanceof BapError) || refusal(err) || call.signal.aborted) throw err;
    return { success: false, data: null, error: err.message };
  }),
};
