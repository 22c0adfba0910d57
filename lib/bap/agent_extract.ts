/**
 * `agent/extract`: the core `extract` (lists, tables, labelled fields, text, URLs redacted) in the
 * page's selected frame, scoped to `selector` (the core locator, waited for) when given. Problems
 * are reported in the result, not as errors.
 */
import * as v from "valibot";
import { ExtractInput } from "../protocol/schemas_page.ts";
import { toPortholeError } from "../protocol/errors.ts";
import { type Call, type Method, method } from "./call.ts";
import { onPage } from "./gate.ts";
import { Flag, Num, PageId, renamed } from "./schema.ts";
import { selectedFrame, SelectorSchema } from "./selectors.ts";
import { extract as coreExtract } from "../session/page_reads.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

const Extract = v.object({
  pageId: PageId,
  // Read by nothing here: Porthole extracts by heuristics, without a model.
  instruction: v.string(),
  ...renamed(ExtractInput, { schema: "schema", mode: "mode" }),
  selector: v.optional(SelectorSchema),
  includeSourceRefs: Flag,
  timeout: v.optional(Num(0, MAX_TIMEOUT_MS), 30_000),
});

async function extract(call: Call, p: v.InferOutput<typeof Extract>) {
  return await onPage(call, p.pageId, async (t, sig) => {
    const frame = await selectedFrame(call.state, t, sig);
    try {
      const r = await coreExtract(t.session, {
        pageId: t.pageId,
        frameId: frame.frameId,
        schema: p.schema,
        mode: p.mode ?? "single",
        locator: p.selector,
        includeSources: p.includeSourceRefs,
        timeoutMs: Math.max(1, Math.round(p.timeout)),
      }, sig);
      const sources = r.sources?.map((s, i) => ({
        ref: `@s${i + 1}`,
        selector: { type: "css", value: s.selector },
        text: s.text,
      }));
      return { success: true, data: r.data, confidence: r.confidence, ...(sources ? { sources } : {}) };
    } catch (err) {
      if (sig.aborted) throw err;
      return { success: false, data: null, error: toPortholeError(err).message };
    }
  });
}

export const AGENT_EXTRACT_METHODS: Record<string, Method> = { "agent/extract": method(Extract, extract) };
