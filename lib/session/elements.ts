/**
 * The element list (the agent observe): the actionable elements of a fresh observation of one
 * frame, each with its ref, role, name, box, primary selector and alternative selectors in the
 * seed's order. Over HTTP the observation becomes the session's current state, so its refs can
 * be acted on; BAP lists the same elements under its own bookkeeping.
 */
import type { ElementsInput } from "../protocol/schemas_page.ts";
import type { ElementsResult, ListedElement } from "../protocol/types.ts";
import { redactUrl } from "../policy/url.ts";
import type { RefTarget } from "../snapshot/render.ts";
import { captureFrame } from "./capture.ts";
import { annotatedScreenshot, DEFAULT_ANNOTATION } from "./page_images.ts";
import type { PageRecord } from "./page_record.ts";
import { describeRefs, type RefElement } from "./ref_elements.ts";
import { scrubbed } from "./page_reads.ts";
import { onPageBounded } from "./bounded.ts";
import type { ReadsHost } from "./hosts.ts";

/** Core roles that say nothing of their own: the element's role attribute or tag stands instead. */
const GENERIC = new Set(["generic", "none", "", "clickable"]);

const cut = (s: string) => (s.length > 50 ? s.slice(0, 50) : s);

export interface ElementRow {
  ref: RefTarget;
  f: RefElement;
  role: string;
  name: string;
}

/**
 * Capture `frameId` (interactive tier, not published) and describe every element it gives a
 * ref in the frame's own document that still has a box; options of a native select are left
 * out (the select takes the action).
 */
export async function listElements(rec: PageRecord, frameId: string | undefined, signal: AbortSignal) {
  const { state, isMain } = await captureFrame(rec, {
    frameId,
    maxDepth: 10_000,
    maxBytes: 4_000_000,
    tier: "interactive",
  }, signal);
  const refs = [...state.refs.values()].filter((r) => r.frameId === state.frameId);
  const rows = refs.map((ref) => ({ ref, role: ref.role, name: ref.name }));
  const frame = (await rec.driver.frames(signal)).find((f) => f.frameId === state.frameId)!;
  const described = await describeRefs(rec.driver, frame, rows, signal);
  const out: ElementRow[] = rows.flatMap((row, i) => {
    const f = described[i];
    if (!f || f.inSelect) return [];
    const role = GENERIC.has(row.role) ? f.roleAttr ?? f.tagName : row.role;
    return [{ ref: row.ref, f, role, name: cut(row.name || f.ariaLabel || f.text) }];
  });
  return { state, frame, isMain, rows: out };
}

/** The title of a frame's document; empty when it cannot be read. */
export function frameTitle(rec: PageRecord, frame: { frameId: string }, signal?: AbortSignal) {
  return rec.driver.frames(signal).then((all) => {
    const f = all.find((x) => x.frameId === frame.frameId);
    return f ? rec.driver.evaluate<string>(f, "document.title", signal) : "";
  }).catch(() => "");
}

/** `elements`: observe, publish the state, list its elements, optionally store an annotated screenshot. */
export async function elements(
  session: ReadsHost,
  input: ElementsInput,
  signal: AbortSignal,
): Promise<ElementsResult> {
  return await onPageBounded(session, input, signal, "Listing elements failed", async (rec, sig) => {
    const seen = await listElements(rec, input.frameId, sig);
    session.states.publish(seen.state);
    const rows = seen.rows.slice(0, input.maxElements ?? 100);
    const listed = rows.map(({ ref, f, role, name }): ListedElement => {
      const el: ListedElement = {
        ref: ref.ref,
        role,
        tagName: f.tagName,
        bounds: f.bounds,
        selector: f.selector,
      };
      if (name) el.name = name;
      el.alternativeSelectors = f.alternatives;
      if (f.disabled) el.disabled = true;
      if (f.focused) el.focused = true;
      return scrubbed(session, el);
    });
    const out: ElementsResult = {
      stateId: seen.state.stateId,
      targetId: seen.state.targetId,
      pageId: rec.pageId,
      frameId: seen.frame.frameId,
      url: redactUrl(seen.frame.url),
      elements: listed,
      totalElements: seen.rows.length,
    };
    if (input.annotate) {
      const boxes = listed.map((e) => ({ ref: e.ref, bounds: e.bounds }));
      const shot = await annotatedScreenshot(rec, boxes, DEFAULT_ANNOTATION, sig);
      const bytes = Uint8Array.fromBase64(shot.data);
      out.screenshot = {
        artifact: await session.artifacts.put(bytes, `image/${shot.format}`),
        annotated: shot.annotated,
        labels: shot.map.map((m) => ({ label: m.label, ref: m.ref })),
      };
    }
    return out;
  });
}
