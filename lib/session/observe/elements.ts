/**
 * The element list (the agent observe): the actionable elements of a fresh observation of one
 * frame, each with its ref, role, name, box, primary selector and alternative selectors in the
 * seed's order, optionally with stability against the page's previous listing, metadata, WebMCP
 * tools and a (Set-of-Marks) screenshot. The observation becomes the session's current state, so
 * its refs can be acted on, over every door.
 */
import type { ElementsInput } from "../../protocol/schemas_page.ts";
import type { ElementsResult, ListedElement } from "../../protocol/types.ts";
import { redactUrl } from "../../policy/url.ts";
import type { RefTarget } from "../../snapshot/render.ts";
import { captureFrame, findFrame } from "./capture.ts";
import { annotatedScreenshot, type Bounds, DEFAULT_ANNOTATION } from "./images.ts";
import type { PageRecord } from "../core/page_record.ts";
import { callInFrame, type FrameDoor } from "../core/frame_doors.ts";
import { describeRefs, type RefElement } from "./ref_elements.ts";
import { scrubbed } from "./reads.ts";
import { onPageBounded } from "../core/bounded.ts";
import type { ReadsHost } from "../core/hosts.ts";
import { refuseTyping } from "../../policy/sensitive.ts";
import { actionHints } from "./element_hints.ts";
import { compareListing } from "./element_changes.ts";
import { discoverTools } from "./discover.ts";
import { viewportOf } from "./facts.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { frameOrigin, frameWindow, shifted } from "./frame_origin.ts";
import { prefetch, type PrefetchHost, readPrefetched, takePrefetched } from "./prefetch.ts";
import type { FrameInfo } from "../../driver/page_driver.ts";

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
  // A listing prepared since the last action (prefetch.ts), while it still shows the page.
  const prepared = await takePrefetched<Listing>(rec, frameId, signal);
  if (prepared) return { ...prepared, ...await findFrame(rec.driver, prepared.state.frameId, signal) };
  return await freshListing(rec, frameId, signal);
}

type Listing = Awaited<ReturnType<typeof freshListing>>;

/**
 * The frame walks of the listing prepared for `frame` (read, not taken), when it still shows the
 * page and no walk was cut: then they are what a fresh walk of the frame would read.
 */
export async function prefetchedWalks(rec: PageRecord, frame: FrameInfo, signal: AbortSignal) {
  const mine = (id: string | undefined) =>
    id === frame.frameId || (id === undefined && frame.parentId === null);
  const listing = await readPrefetched<Listing>(rec, mine, signal);
  return listing && !listing.walks.some((w) => w.result.cut) ? listing.walks : null;
}

/** Prepare the next listing of `rec` in the background (a BAP action turns it on): see prefetch.ts. */
export function prefetchElements(host: PrefetchHost, rec: PageRecord, frameId: string | undefined): void {
  prefetch(host, rec, frameId, (signal) => freshListing(rec, frameId, signal));
}

async function freshListing(rec: PageRecord, frameId: string | undefined, signal: AbortSignal) {
  const { state, isMain, walks } = await captureFrame(rec, {
    frameId,
    maxDepth: 10_000,
    maxBytes: 4_000_000,
    tier: "interactive",
  }, signal);
  const refs = [...state.refs.values()].filter((r) => r.frameId === state.frameId);
  const rows = refs.map((ref) => ({ ref, role: ref.role, name: ref.name }));
  // Every frame `frames` lists, a cross-site (out-of-process) one too.
  const { frame, door, frames } = await findFrame(rec.driver, state.frameId, signal);
  const described = await describeRefs(door, rows, signal);
  const out: ElementRow[] = rows.flatMap((row, i) => {
    const f = described[i];
    if (!f || f.inSelect) return [];
    const role = GENERIC.has(row.role) ? f.roleAttr ?? f.tagName : row.role;
    return [{ ref: row.ref, f, role, name: cut(row.name || f.ariaLabel || f.text) }];
  });
  return { state, frame, door, frames, isMain, rows: out, walks };
}

/** The title of a frame's document; empty when it cannot be read. */
export function frameTitle(door: FrameDoor, signal?: AbortSignal) {
  return callInFrame<string>(door, "function () { return document.title; }", [], signal).catch(() => "");
}

/** A listing with the screenshot it took, not yet stored. */
interface ElementListing {
  result: Omit<ElementsResult, "screenshot">;
  shot?: Awaited<ReturnType<typeof annotatedScreenshot>>;
}

/**
 * Observe the frame, publish the state (its refs are the page's current ones for every later
 * read), list its elements as `input` asks, and take the screenshot it asks for.
 */
async function elementListing(
  session: ReadsHost,
  input: ElementsInput,
  signal: AbortSignal,
): Promise<ElementListing> {
  return await onPageBounded(session, input, signal, "Listing elements failed", async (rec, sig) => {
    if (input.observe === false) return await unobserved(session, rec, input, sig);
    const seen = await listElements(rec, input.frameId, sig);
    // Bounds are the page viewport's (the screenshot's), an inner frame's elements' too.
    const origin = await frameOrigin(seen.frames, seen.door, sig);
    if (!origin) {
      throw new PortholeError("frame_not_found", `Frame ${seen.frame.frameId} left the page`, {
        details: { frameId: seen.frame.frameId },
      });
    }
    session.states.publish(seen.state);
    const roles = input.roles;
    const rows = seen.rows.filter((r) => !roles || roles.includes(r.role)).slice(0, input.maxElements ?? 100);
    const listed = rows.map(({ ref, f, role, name }): ListedElement => {
      const el: ListedElement = {
        ref: ref.ref,
        role,
        tagName: f.tagName,
        bounds: shifted(f.bounds, origin),
        selector: f.selector,
        actionHints: actionHints(f, role),
      };
      if (name) el.name = name;
      el.alternativeSelectors = f.alternatives;
      if (f.disabled) el.disabled = true;
      if (f.focused) el.focused = true;
      if (f.value) el.value = refuseTyping({ ...f.facts, accessibleName: ref.name }) ? "[REDACTED]" : f.value;
      return scrubbed(session, el);
    });
    const result: ElementListing["result"] = {
      stateId: seen.state.stateId,
      targetId: seen.state.targetId,
      pageId: rec.pageId,
      frameId: seen.frame.frameId,
      url: redactUrl(seen.frame.url),
      elements: listed,
      totalElements: seen.rows.length,
    };
    if (input.stability) {
      const page = { pageId: rec.pageId, documentId: seen.state.documentId };
      const changes = compareListing(session.states, page, listed, input);
      if (changes) result.changes = changes;
    }
    // An inner frame's boxes are drawn only as far as the frame shows them.
    const within = input.annotate && seen.door.info.parentId
      ? await frameWindow(seen.door, origin, sig)
      : undefined;
    const { shot, ...extras } = await frameExtras(session, rec, seen.door, listed, input, sig, within);
    return { result: { ...result, ...extras }, shot };
  });
}

/** `observe: false`: the frame's metadata, tools and plain screenshot, and no observation at all. */
async function unobserved(session: ReadsHost, rec: PageRecord, input: ElementsInput, sig: AbortSignal) {
  // What shapes or marks a listing means nothing without one: refused, never silently dropped.
  const needs = (["annotate", "stability", "roles", "maxElements"] as const)
    .find((f) => input[f] !== undefined && input[f] !== null && input[f] !== false);
  if (needs) {
    throw new PortholeError("invalid_params", `${needs} needs an observation: drop observe: false`, {
      details: { field: "observe" },
    });
  }
  const { frame, door } = await findFrame(rec.driver, input.frameId, sig);
  const { shot, ...extras } = await frameExtras(session, rec, door, [], input, sig);
  const result = { pageId: rec.pageId, frameId: frame.frameId, url: redactUrl(frame.url), elements: [] };
  return { result: { ...result, totalElements: 0, ...extras }, shot };
}

/** What a listing adds besides its elements (metadata, WebMCP tools, the screenshot of `listed`). */
async function frameExtras(
  session: ReadsHost,
  rec: PageRecord,
  door: FrameDoor,
  listed: ListedElement[],
  input: Pick<ElementsInput, "metadata" | "tools" | "annotate" | "screenshot">,
  sig: AbortSignal,
  within?: Bounds,
) {
  const out: Pick<ElementsResult, "title" | "viewport" | "tools"> & { shot?: ElementListing["shot"] } = {};
  if (input.metadata) {
    out.title = scrubbed(session, await frameTitle(door, sig));
    out.viewport = await viewportOf(rec, sig);
  }
  if (input.tools) {
    const found = await discoverTools(rec.driver, door, { maxTools: 50, schemas: true }, sig).catch(() =>
      null
    );
    if (found) out.tools = scrubbed(session, found.tools);
  }
  if (!input.annotate && !input.screenshot) return out;
  // With nothing to mark, the plain image of the viewport.
  const boxes = input.annotate ? listed.map((e) => ({ ref: e.ref, bounds: e.bounds })) : [];
  out.shot = await annotatedScreenshot(rec, boxes, input.annotate ?? DEFAULT_ANNOTATION, sig, within);
  return out;
}

/** `elements`: the listing, its screenshot stored in the session's artifact store. */
export async function elements(
  session: ReadsHost,
  input: ElementsInput,
  signal: AbortSignal,
): Promise<ElementsResult> {
  // A listing is an observation (its refs are a state): a spent budget refuses it, and its
  // elements' bytes are counted as an observation's are.
  if (input.observe !== false) session.budget.assertRoom("the listing");
  const { result, shot } = await elementListing(session, input, signal);
  if (input.observe !== false) {
    session.budget.charge(
      JSON.stringify(result.elements).length + JSON.stringify(result.changes ?? null).length,
    );
    const budget = session.budget.view();
    if (budget) result.budget = budget;
  }
  if (!shot) return result;
  const artifact = await session.artifacts.put(Uint8Array.fromBase64(shot.data), `image/${shot.format}`);
  const { width, height, annotated, map: labels } = shot;
  return { ...result, screenshot: { artifact, width, height, annotated, labels } };
}
