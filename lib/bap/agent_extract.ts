/**
 * `agent/extract`: the core's heuristic extraction (lists, tables, labelled fields, text, URLs
 * redacted) in the page's selected frame, scoped to `selector` (resolved by the core `locate`)
 * when given. Problems are reported in the result, not as errors.
 */
import * as v from "valibot";
import { ExtractInput } from "../protocol/schemas_page.ts";
import { type Call, type Method, method } from "./call.ts";
import { BapError } from "./errors.ts";
import { onPage } from "./gate.ts";
import { Flag, Num, PageId, renamed } from "./schema.ts";
import { resolve, selectedFrame, SelectorSchema } from "./selectors.ts";
import { pollFor } from "../session/deadline.ts";
import { extractData } from "../session/extract.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

const Extract = v.object({
  pageId: PageId,
  // Read by nothing here: Porthole extracts by heuristics, without a model.
  instruction: v.string(),
  ...renamed(ExtractInput, { schema: "schema" }),
  mode: v.optional(v.picklist(["single", "list", "table"]), "single"),
  selector: v.optional(SelectorSchema),
  includeSourceRefs: Flag,
  timeout: v.optional(Num(0, MAX_TIMEOUT_MS), 30_000),
});

async function extract(call: Call, p: v.InferOutput<typeof Extract>) {
  const { selector: sel, schema, mode, timeout } = p;
  const withSources = p.includeSourceRefs ?? false;
  return await onPage(call, p.pageId, async (t, sig) => {
    const frame = await selectedFrame(call.state, t, sig);
    try {
      let scope: { frame: typeof frame; backendNodeId?: number } = { frame };
      if (sel) {
        const target = await pollFor(
          async () => (await resolve(call.state, t, sel, sig)) ?? undefined,
          100,
          timeout,
          sig,
        );
        if (!target) return { success: false, data: null, error: "The selector matched no element in time" };
        scope = target;
      }
      const r = await extractData(t.rec.driver, scope, { schema, mode }, sig);
      if (!r) return { success: false, data: null, error: "The element left the document" };
      const out: Record<string, unknown> = { success: true, data: r.data, confidence: r.confidence };
      if (withSources) {
        out.sources = r.sources.map((s, i) => ({
          ref: `@s${i + 1}`,
          selector: { type: "css", value: s.selector },
          text: s.text,
        }));
      }
      return out;
    } catch (err) {
      if (err instanceof BapError) return { success: false, data: null, error: err.message };
      if (sig.aborted) throw err;
      return { success: false, data: null, error: (err as Error).message };
    }
  });
}

export const AGENT_EXTRACT_METHODS: Record<string, Method> = { "agent/extract": method(Extract, extract) };
