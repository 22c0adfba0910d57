/**
 * Speculative prefetch: an element listing prepared in the background, after an action, so the
 * next listing of the page answers from it instead of walking the page again. A prepared listing
 * is served once, and only while it still shows the page: a watch armed in every frame before
 * the walk (page_lib.ts WATCH_ARM) must be untripped (no DOM mutation, typed value, focus move
 * or scroll since), and the page's frames must be the same frames, on the same documents and
 * URLs (no navigation, no frame attached, detached or navigated). Anything else drops it and
 * the listing is made afresh: a stale prefetch is never served.
 *
 * A view that publishes no state (`observe/ariaSnapshot`, `observe/accessibility`) may read the
 * prepared walks without taking them.
 *
 * The preparation runs through the session's FIFO gate like any operation, only when nothing
 * waits there, and publishes nothing: the listing that serves it publishes its state as the
 * current one, exactly as a fresh listing does.
 */
import { newId } from "../../protocol/validate.ts";
import { WATCH_ARM, WATCH_INTACT } from "../../snapshot/page_lib.ts";
import type { PageRecord } from "../core/page_record.ts";
import { callInFrame, type FrameDoor, framesOf } from "../core/frame_doors.ts";

/** What preparing needs of its session: the gate, and its pages. */
export interface PrefetchHost {
  run<T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
  readonly gate: { readonly queued: number };
  readonly pages: ReadonlyMap<string, PageRecord>;
}

/** How prepared listings of one page fared: the proof, for tests and logs, that one was served or refused. */
export interface PrefetchCounts {
  prepared: number;
  served: number;
  /** Read by a view that publishes no state (`observe/*`), and left for the next listing. */
  read: number;
  /** Dropped at the listing that would have used it: the page changed, or another frame was asked for. */
  stale: number;
  /** Not prepared: another operation was waiting, or preparing failed. */
  skipped: number;
}

interface Prepared<L> {
  id: string;
  frameId: string | undefined;
  generation: number;
  frames: string;
  listing: L;
}

/** How long preparing a listing may take before it is given up. */
const PREFETCH_MS = 5_000;

const slots = new WeakMap<PageRecord, Prepared<unknown>>();
const counts = new WeakMap<PageRecord, PrefetchCounts>();

export function prefetchCounts(rec: PageRecord): PrefetchCounts {
  let c = counts.get(rec);
  if (!c) counts.set(rec, c = { prepared: 0, served: 0, read: 0, stale: 0, skipped: 0 });
  return c;
}

/** The frames of a page, each on its document and URL, as one comparable text. */
const signature = (frames: FrameDoor[]) =>
  frames.map((d) => `${d.info.frameId} ${d.info.loaderId} ${d.info.url}`).sort().join("\n");

/**
 * Prepare a listing of `rec` (frame `frameId`, else the main frame) through the session's gate,
 * with `list`: the fresh listing, as the next listing would make it. Any older prepared listing
 * of the page is dropped at once. Never throws: a prefetch that cannot be made is not made.
 */
export function prefetch<L>(
  host: PrefetchHost,
  rec: PageRecord,
  frameId: string | undefined,
  list: (signal: AbortSignal) => Promise<L>,
): void {
  slots.delete(rec);
  const skip = () => void prefetchCounts(rec).skipped++;
  try {
    host.run(undefined, async (life) => {
      // Bounded: a page that stops answering holds the gate no longer than this.
      const signal = AbortSignal.any([life, AbortSignal.timeout(PREFETCH_MS)]);
      // Someone is waiting: their call comes first, and would make this one stale or unused.
      if (host.gate.queued > 0 || host.pages.get(rec.pageId) !== rec) return skip();
      const id = newId("pf");
      const frames = await framesOf(rec.driver, signal);
      await Promise.all(frames.map((d) => callInFrame(d, WATCH_ARM, [id], signal)));
      const listing = await list(signal);
      slots.set(rec, { id, frameId, generation: rec.generation, frames: signature(frames), listing });
      prefetchCounts(rec).prepared++;
    }).catch(skip);
  } catch {
    // The gate refused it (a person's takeover, a closed session).
    skip();
  }
}

/**
 * The prepared listing of `rec` for `frameId`, when it still shows the page; it is taken either
 * way (served once at most). Runs inside the caller's turn of the gate.
 */
export async function takePrefetched<L>(
  rec: PageRecord,
  frameId: string | undefined,
  signal: AbortSignal,
): Promise<L | null> {
  const slot = slots.get(rec) as Prepared<L> | undefined;
  if (!slot) return null;
  slots.delete(rec);
  const valid = slot.frameId === frameId && slot.generation === rec.generation &&
    await intact(rec, slot, signal);
  prefetchCounts(rec)[valid ? "served" : "stale"]++;
  return valid ? slot.listing : null;
}

/**
 * Read the prepared listing of `rec` without taking it, when it was prepared for a frame
 * `matches` accepts and still shows the page (a read that publishes no state: `observe/*`). A
 * stale one is dropped.
 */
export async function readPrefetched<L>(
  rec: PageRecord,
  matches: (frameId: string | undefined) => boolean,
  signal: AbortSignal,
): Promise<L | null> {
  const slot = slots.get(rec) as Prepared<L> | undefined;
  if (!slot || !matches(slot.frameId)) return null;
  if (slot.generation === rec.generation && await intact(rec, slot, signal)) {
    prefetchCounts(rec).read++;
    return slot.listing;
  }
  if (slots.get(rec) === slot) slots.delete(rec);
  prefetchCounts(rec).stale++;
  return null;
}

async function intact(rec: PageRecord, slot: Prepared<unknown>, signal: AbortSignal): Promise<boolean> {
  const frames = await framesOf(rec.driver, signal);
  if (signature(frames) !== slot.frames) return false;
  const answers = await Promise.all(
    frames.map((d) => callInFrame<boolean>(d, WATCH_INTACT, [slot.id], signal).catch(() => false)),
  );
  return answers.every(Boolean);
}
