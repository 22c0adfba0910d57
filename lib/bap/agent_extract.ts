/**
 * `agent/extract`: the core's heuristic extraction (lists, tables, labelled fields, text, URLs
 * redacted) in the page's selected frame, scoped to `selector` (resolved by the core `locate`)
 * when given. Problems are reported in the result, not as errors.
 */
import type { Call } from "./call.ts";
import { BapError, invalidParams } from "./errors.ts";
import { onPage } from "./gate.ts";
import type { Params } from "./params.ts";
import { readSelector, resolve, selectedFrame } from "./selectors.ts";
import { deadline, poll } from "../session/deadline.ts";
import { extractData } from "../session/extract.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

async function extract(call: Call, p: Params) {
  p.reqStr("instruction"); // read by nothing here: Porthole extracts by heuristics, without a model
  const schema = p.reqObj("schema");
  const type = schema.oneOf("type", ["object", "array", "string", "number", "boolean"] as const);
  if (!type) throw invalidParams("schema.type", "schema.type is required");
  const mode = p.oneOf("mode", ["single", "list", "table"] as const) ?? "single";
  const sel = p.has("selector") ? readSelector(p.get("selector")) : undefined;
  const withSources = p.bool("includeSourceRefs") ?? false;
  const timeout = p.num("timeout", 0, MAX_TIMEOUT_MS) ?? 30_000;
  return await onPage(call, p.str("pageId"), async (t, sig) => {
    const frame = await selectedFrame(call.state, t, sig);
    try {
      let scope: { frame: typeof frame; backendNodeId?: number } = { frame };
      if (sel) {
        const dl = deadline(timeout, sig);
        const target = await poll(
          async () => (await resolve(call.state, t, sel, sig)) ?? undefined,
          100,
          dl.signal,
        )
          .catch((err) => {
            if (sig.aborted || !dl.signal.aborted) throw err;
            return null;
          }).finally(() => dl.dispose());
        if (!target) return { success: false, data: null, error: "The selector matched no element in time" };
        scope = target;
      }
      const r = await extractData(t.rec.driver, scope, { schema: schema.raw, mode }, sig);
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

export const AGENT_EXTRACT_METHODS = { "agent/extract": extract };
