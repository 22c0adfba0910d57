/**
 * `discover` and `extract` over the core: a page (and frame) of the session, read once, the
 * scope of an extraction named by a ref of the current state (read, never consumed) or by a
 * locator (waited for).
 */
import { PortholeError } from "../../protocol/errors.ts";
import type { DiscoverInput, ExtractInput } from "../../protocol/schemas_page.ts";
import type { DiscoverResult, ExtractResult } from "../../protocol/types.ts";
import { findFrame } from "./capture.ts";
import { discoverTools } from "./discover.ts";
import { extractData } from "./extract.ts";
import { resolveRef } from "../locate/locate.ts";
import type { ReadsHost } from "../core/hosts.ts";
import { bounded, onPageBounded } from "../core/bounded.ts";
import { findNode, waitForNode } from "../locate/node.ts";
import { effectiveTimeout } from "../core/deadline.ts";

/** `discover`: the WebMCP tools of a frame (default: the main frame). */
export async function discover(
  session: ReadsHost,
  input: DiscoverInput,
  signal: AbortSignal,
): Promise<DiscoverResult> {
  return await onPageBounded(session, input, signal, "Discovery failed", async (rec, sig) => {
    const { frame, door } = await findFrame(rec.driver, input.frameId, sig);
    const found = await discoverTools(rec.driver, door, {
      maxTools: input.maxTools ?? 50,
      schemas: input.includeInputSchemas ?? true,
    }, sig);
    return { pageId: rec.pageId, frameId: frame.frameId, ...scrubbed(session, found) };
  });
}

/** A page may echo a secret it was given into its own text: no result carries it. */
export function scrubbed<T>(session: ReadsHost, value: T): T {
  return value === undefined ? value : JSON.parse(session.scrub(JSON.stringify(value)));
}

function invalid(field: string, message: string): PortholeError {
  return new PortholeError("invalid_params", message, { details: { field } });
}

/** `extract`: the page's main content, or the element behind `ref` of the current state. */
export async function extract(
  session: ReadsHost,
  input: ExtractInput,
  signal: AbortSignal,
): Promise<ExtractResult> {
  if (input.ref !== undefined && input.locator !== undefined) {
    throw invalid("locator", "An extraction is scoped by ref or by locator, not both");
  }
  if ((input.ref === undefined) !== (input.stateId === undefined)) {
    throw invalid(
      input.ref === undefined ? "ref" : "stateId",
      "An extraction scoped by ref needs both ref and the stateId it comes from",
    );
  }
  const spec = { schema: input.schema, mode: input.mode ?? "single" };
  return await bounded(input.timeoutMs, signal, "Extraction failed", async (sig) => {
    let r;
    if (input.ref !== undefined) {
      const state = session.states.peek(input.stateId!);
      if (!state) {
        throw new PortholeError(
          "stale_state",
          `State ${input.stateId} is not the session's current state; observe again`,
          {
            details: { field: "stateId" },
          },
        );
      }
      if (input.pageId !== undefined && input.pageId !== state.pageId) {
        throw invalid("pageId", `State ${state.stateId} is of page ${state.pageId}, not ${input.pageId}`);
      }
      if (!state.refs.has(input.ref)) {
        throw invalid("ref", `${input.ref} is not a ref of state ${state.stateId}`);
      }
      const rec = session.page(state.pageId);
      const hit = await resolveRef(rec.driver, state, input.ref, sig);
      if (!hit) {
        throw new PortholeError(
          "element_detached",
          `${input.ref} is no longer in the document; observe again`,
        );
      }
      try {
        r = await extractData({ door: hit.door, objectId: hit.objectId }, spec, sig);
      } finally {
        hit.door.send("Runtime.releaseObject", { objectId: hit.objectId }).catch(() => {});
      }
    } else {
      const rec = session.page(input.pageId);
      const { frame, door, frames } = await findFrame(rec.driver, input.frameId, sig);
      const loc = input.locator;
      let scope: { door: typeof door; backendNodeId?: number } = { door };
      if (loc) {
        const current = session.states.current?.pageId === rec.pageId ? session.states.current : null;
        const find = (s: AbortSignal) => findNode(rec.driver, current, frame.frameId, loc, s);
        // Stop waiting a little before the deadline, so a locator that never matches says so.
        const node = await waitForNode(find, effectiveTimeout(input.timeoutMs) - 50, sig);
        if (!node) {
          throw new PortholeError("element_not_found", "The locator matched no element in time", {
            details: { field: "locator" },
          });
        }
        // A ref names its own frame, which may be another than the one read.
        const at = node.frame.frameId === frame.frameId
          ? door
          : frames.find((d) => d.info.frameId === node.frame.frameId);
        if (!at) throw new PortholeError("element_detached", "The element's frame is gone; observe again");
        scope = { door: at, backendNodeId: node.backendNodeId };
      }
      r = await extractData(scope, spec, sig);
    }
    if (!r) {
      const what = input.ref ?? "The element";
      throw new PortholeError("element_detached", `${what} is no longer in the document; observe again`);
    }
    const out: ExtractResult = { data: scrubbed(session, r.data), confidence: r.confidence };
    if (input.includeSources) out.sources = scrubbed(session, r.sources);
    return out;
  });
}
