/**
 * Methods of Porthole's own (beyond BAP 0.9.0's pins, not advertised among `observations`): the
 * core's observe as an ARIA tree, with `since` (the changes against an earlier state), `cursor` (the
 * next page of a cut state) and `ref`/`selector` (one subtree), and the core's `find`. Both are the
 * HTTP operations themselves; `agent/observe {incremental}` keeps BAP's element-list shape.
 */
import * as v from "valibot";
import { FindInput, ObserveInput } from "../protocol/schemas.ts";
import { asIs, type Method, naming, viaOp } from "./call.ts";
import { loose, PageId, SelectorSchema } from "./schema.ts";

const Tree = v.object({
  ...loose(v.omit(ObserveInput, ["pageId", "frameId", "timeoutMs", "locator"])).entries,
  pageId: PageId,
  selector: v.optional(SelectorSchema),
});

const Find = v.object({
  ...loose(v.omit(FindInput, ["pageId", "frameId", "timeoutMs"])).entries,
  pageId: PageId,
});

const toBap = (f: string) => f.replace(/^locator(?=\.|$)/, "selector");

export const PORTHOLE_OBSERVE_METHODS: Record<string, Method> = {
  "observe/tree": naming(
    viaOp(
      Tree,
      "observe",
      ({ pageId: _, selector, ...p }) => ({ ...p, ...selector ? { locator: selector } : {} }),
      asIs,
    ),
    toBap,
  ),
  "observe/find": viaOp(Find, "find", ({ pageId: _, ...p }) => p, asIs),
};
