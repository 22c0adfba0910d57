/**
 * A frame's content, one element's properties, and ARIA views (YAML or a node tree) of a frame or
 * of the element a locator names: reads of a page for every door, never consuming a state.
 */
import type { AriaInput, ContentInput, ElementInput } from "../../protocol/schemas_observe.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { redactUrl } from "../../policy/url.ts";
import type { Locator } from "../../protocol/locator.ts";
import { findFrame } from "./capture.ts";
import { accessibilityTree, ariaSnapshot } from "./aria_views.ts";
import { elementProps } from "./element_props.ts";
import { findNode } from "../locate/node.ts";
import { pageDocument, pageMarkdown } from "./content.ts";
import type { PageRecord } from "../core/page_record.ts";
import { onPageBounded } from "../core/bounded.ts";
import type { ReadsHost } from "../core/hosts.ts";
import { scrubbed } from "./reads.ts";

/** The frame `frameId` names, and the node `loc` names in it (null when it matches none). */
async function scope(
  session: ReadsHost,
  rec: PageRecord,
  frameId: string | undefined,
  loc: Locator | undefined,
  sig: AbortSignal,
) {
  const { frame, door } = await findFrame(rec.driver, frameId, sig);
  if (!loc) return { frame, door, node: undefined };
  const current = session.states.current?.pageId === rec.pageId ? session.states.current : null;
  return { frame, door, node: await findNode(rec.driver, current, frame.frameId, loc, sig) };
}

/** `content`: the frame's URL and title, and its document in each format asked for. */
export function content(session: ReadsHost, input: ContentInput, signal: AbortSignal) {
  return onPageBounded(session, input, signal, "Reading the content failed", async (rec, sig) => {
    const { frame, door } = await scope(session, rec, input.frameId, undefined, sig);
    const formats = input.formats ?? ["text"];
    const doc = await pageDocument(door, sig);
    const out: { pageId: string; frameId: string; url: string; title: string } & Record<string, string> = {
      pageId: rec.pageId,
      frameId: frame.frameId,
      url: doc.url,
      title: doc.title,
    };
    if (formats.includes("html")) out.html = doc.html;
    if (formats.includes("text")) out.text = doc.text;
    if (formats.includes("markdown")) out.markdown = await pageMarkdown(door, sig);
    return scrubbed(session, out);
  });
}

/** `element`: the properties of the one element a locator names; `{found: false}` when none. */
export function element(session: ReadsHost, input: ElementInput, signal: AbortSignal) {
  return onPageBounded(session, input, signal, "Reading the element failed", async (rec, sig) => {
    const { node } = await scope(session, rec, input.frameId, input.locator, sig);
    if (!node) return { found: false };
    return scrubbed(
      session,
      await elementProps(rec.driver, node.frame, node.backendNodeId, input.properties, sig),
    );
  });
}

/** `aria`: the frame or the element as ARIA YAML, or as a tree of role/name nodes. */
export function aria(session: ReadsHost, input: AriaInput, signal: AbortSignal) {
  return onPageBounded(session, input, signal, "Reading the accessibility tree failed", async (rec, sig) => {
    const { frame, node } = await scope(session, rec, input.frameId, input.locator, sig);
    if (node === null) {
      throw new PortholeError("element_not_found", "No element matches the locator", {
        details: { field: "locator", selector: input.locator },
      });
    }
    const at = { frame, backendNodeId: node?.backendNodeId };
    const head = { pageId: rec.pageId, frameId: frame.frameId };
    if (input.format === "tree") {
      return scrubbed(session, { ...head, tree: await accessibilityTree(rec, at, input.maxDepth, sig) });
    }
    const r = await ariaSnapshot(rec, node ? node : { frame }, sig);
    return scrubbed(session, { ...head, url: redactUrl(r.url), title: r.title, snapshot: r.snapshot });
  });
}
