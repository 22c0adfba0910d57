/** Operations that watch a page without acting on it: wait, inspect, screenshots and PDFs. */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../../protocol/errors.ts";
import {
  type InspectInput,
  PAPER,
  type PdfInput,
  type ScreenshotInput,
  type WaitInput,
} from "../../protocol/schemas_watch.ts";
import type { Artifact, ArtifactStore } from "../../artifacts/store.ts";
import { driverError } from "../../driver/page_driver.ts";
import { deadline, effectiveTimeout, sleep } from "../core/deadline.ts";
import type { InspectResult } from "../core/diagnostics.ts";
import { framesOf, resolveRef } from "../core/frame_doors.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateAuthority } from "../core/states.ts";
import type { BrowserHost, PagesHost } from "../core/hosts.ts";
import { assertResponsive } from "../core/page_health.ts";
import { networkQuiet } from "../page/network_idle.ts";
import { assertRefOf, findNode } from "../locate/node.ts";
import { elementIs } from "../observe/element_props.ts";
import { imageSize } from "../observe/images.ts";
import { inCssPixels } from "../observe/screenshot_scale.ts";
import { withMasks } from "../observe/screenshot_mask.ts";

/**
 * What waiting, inspecting and capturing need of their session: its pages, the current state
 * (read, never consumed) and where artifacts go. (page_watch.ts's WatchHost is the page's own
 * watchers'.)
 */
export interface WatchOpsHost extends BrowserHost, Pick<PagesHost, "page" | "pages"> {
  readonly states: Pick<StateAuthority, "peek" | "current">;
  readonly artifacts: Pick<ArtifactStore, "put">;
}

const POLL_MS = 50;

/** The session's current state when it is one of `rec`'s: the one a ref of a locator comes from. */
function stateOf(session: WatchOpsHost, rec: PageRecord) {
  const current = session.states.current;
  return current?.pageId === rec.pageId ? current : null;
}

/** Read one condition from the page; false when the document is between loads. */
async function holds(
  session: WatchOpsHost,
  rec: PageRecord,
  input: WaitInput,
  signal: AbortSignal,
): Promise<boolean> {
  const frames = await rec.driver.frames(signal);
  const main = frames.find((f) => f.parentId === null)!;
  if (input.url !== undefined) return main.url.includes(input.url);
  if (input.locator !== undefined) {
    const state = stateOf(session, rec);
    // A locator that is not valid or names several elements is an error; a page between loads is not.
    const node = await findNode(rec.driver, state, input.frameId, input.locator, signal).catch((err) => {
      if (err instanceof PortholeError) throw err;
      return undefined;
    });
    if (node === undefined) return false;
    return await elementIs(rec.driver, node, input.state ?? "visible", signal).catch(() => false);
  }
  if (input.loadState === "networkidle") {
    return networkQuiet(rec) &&
      await rec.driver.evaluate<boolean>(main, `document.readyState === "complete"`, signal).catch(() =>
        false
      );
  }
  if (input.loadState === "load") {
    return await rec.driver.evaluate<boolean>(main, `document.readyState === "complete"`, signal).catch(() =>
      false
    );
  }
  const needle = JSON.stringify(input.text ?? input.textGone);
  const present = await rec.driver.evaluate<boolean>(
    main,
    `(document.body ? document.body.innerText : "").includes(${needle})`,
    signal,
  ).catch(() => null);
  if (present === null) return false;
  return input.text !== undefined ? present : !present;
}

/**
 * Why a page an operation holds can no longer be used, if it cannot: the browser went away
 * (503 `browser_disconnected`) or the page was closed or reset (404 `page_not_found`).
 */
function pageGone(session: WatchOpsHost, rec: PageRecord): PortholeError | null {
  try {
    session.assertBrowser();
  } catch (err) {
    return err as PortholeError;
  }
  if (!rec.driver.page.browser().connected) {
    return new PortholeError(
      "browser_disconnected",
      "The browser disconnected; navigate or observe to start it again",
    );
  }
  if (rec.driver.closed || !session.pages.has(rec.pageId)) {
    return new PortholeError("page_not_found", `Page ${rec.pageId} was closed`, {
      recoveryHint: "Open a page (POST .../pages) or navigate first",
    });
  }
  return null;
}

/** The error that ends an operation on `rec`: the page's fate first, then the deadline, then `err`. */
function failure(
  session: WatchOpsHost,
  rec: PageRecord | null,
  err: unknown,
  signal: AbortSignal,
  what: string,
) {
  if (err instanceof PortholeError && err.code !== "browser_disconnected") return err;
  const gone = rec && pageGone(session, rec);
  if (gone) return gone;
  if (signal.aborted) return driverError(signal.reason, what);
  return driverError(err, what);
}

/** `wait`: `{met:false}` on timeout is an answer, not an error. Never recovers a page. */
export async function waitFor(
  session: WatchOpsHost,
  input: WaitInput,
  signal: AbortSignal,
): Promise<{ met: boolean; elapsedMs: number }> {
  const rec = session.page(input.pageId);
  const started = Date.now();
  const ms = effectiveTimeout(input.timeoutMs);
  const dl = deadline(ms, signal);
  const answer = (met: boolean) => ({ met, elapsedMs: Date.now() - started });
  try {
    if (input.locator) assertRefOf(stateOf(session, rec), input.locator);
    if (input.timeMs !== undefined) {
      // Longer than the timeout: the deadline ends it first, and that is `{met:false}`.
      await sleep(input.timeMs, dl.signal);
      return answer(true);
    }
    await assertResponsive(rec, dl.signal);
    // Every frame `frames` lists, a cross-site (out-of-process) one too.
    if (
      input.frameId !== undefined &&
      !(await framesOf(rec.driver, dl.signal)).some((d) => d.info.frameId === input.frameId)
    ) {
      throw new PortholeError("frame_not_found", `Page ${rec.pageId} has no frame ${input.frameId}`, {
        details: { field: "frameId" },
      });
    }
    while (true) {
      const gone = pageGone(session, rec);
      if (gone) throw gone;
      let met: boolean;
      try {
        met = await holds(session, rec, input, dl.signal);
      } catch (err) {
        throw failure(session, rec, err, dl.signal, "wait");
      }
      if (met) return answer(true);
      await sleep(POLL_MS, dl.signal);
    }
  } catch (err) {
    if (err instanceof PortholeError && err.code === "timeout" && !signal.aborted) return answer(false);
    throw err;
  } finally {
    dl.dispose();
  }
}

/** `inspect`: never recovers a page. */
export function inspect(session: WatchOpsHost, input: InspectInput): InspectResult {
  const rec = session.page(input.pageId);
  const gone = pageGone(session, rec);
  if (gone) throw gone;
  return rec.diag.read(input.kind, input.limit ?? 50, input.afterSeq);
}

/** The clip of one element by a ref of the session's current state (read, never consumed). */
async function elementClip(session: WatchOpsHost, input: ScreenshotInput, signal: AbortSignal) {
  const state = session.states.peek(input.stateId!);
  if (!state) {
    throw new PortholeError(
      "stale_state",
      `State ${input.stateId} is not the session's current state; observe again`,
      { details: { field: "stateId" } },
    );
  }
  if (input.pageId !== undefined && input.pageId !== state.pageId) {
    throw new PortholeError(
      "invalid_params",
      `State ${state.stateId} is of page ${state.pageId}, not ${input.pageId}`,
      {
        details: { field: "pageId" },
      },
    );
  }
  const target = state.refs.get(input.ref!);
  if (!target) {
    throw new PortholeError("invalid_params", `${input.ref} is not a ref of state ${state.stateId}`, {
      details: { field: "ref" },
    });
  }
  const rec = session.page(state.pageId);
  const detached = () =>
    new PortholeError("element_detached", `${input.ref} is no longer in the document; observe again`);
  const hit = await resolveRef(rec.driver, target, signal).catch((err) => {
    if (signal.aborted || pageGone(session, rec)) throw err;
    throw detached();
  });
  if (!hit) throw detached();
  let box: Protocol.DOM.GetBoxModelResponse;
  try {
    if (hit.door.oop) {
      // Its box would be in the coordinates of its own process's viewport, not the page's.
      throw new PortholeError(
        "invalid_params",
        `${input.ref} is in a frame of another process; screenshot the page instead`,
        { details: { field: "ref" } },
      );
    }
    const connected = await hit.door.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
      objectId: hit.objectId,
      functionDeclaration: "function () { return this.isConnected; }",
      returnByValue: true,
    }, signal);
    if (connected.result.value !== true) throw detached();
    box = await hit.door.send<Protocol.DOM.GetBoxModelResponse>(
      "DOM.getBoxModel",
      { objectId: hit.objectId },
      signal,
    ).catch((err) => {
      if (signal.aborted || pageGone(session, rec)) throw err;
      throw new PortholeError("element_not_visible", `${input.ref} has no box (it is not rendered)`);
    });
  } finally {
    hit.door.send("Runtime.releaseObject", { objectId: hit.objectId }).catch(() => {});
  }
  const q = box.model.border;
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  const x = Math.min(...xs), y = Math.min(...ys);
  const width = Math.max(...xs) - x, height = Math.max(...ys) - y;
  if (width < 1 || height < 1) {
    throw new PortholeError("element_not_visible", `${input.ref} has no visible box`);
  }
  // The box is in viewport coordinates; the clip is in document coordinates.
  const metrics = await rec.driver.send<Protocol.Page.GetLayoutMetricsResponse>(
    "Page.getLayoutMetrics",
    {},
    signal,
  );
  const { pageX, pageY } = metrics.cssVisualViewport;
  return { rec, clip: { x: x + pageX, y: y + pageY, width, height, scale: 1 } };
}

/** Largest full-page side Chromium captures in one piece. */
const MAX_SIDE = 16384;

/** A screenshot of the viewport, the full page, or one element by a ref of the current state. */
export async function screenshot(
  session: WatchOpsHost,
  input: ScreenshotInput,
  signal: AbortSignal,
): Promise<{ artifact: Artifact; width: number; height: number }> {
  if ((input.ref === undefined) !== (input.stateId === undefined)) {
    const field = input.ref === undefined ? "ref" : "stateId";
    throw new PortholeError(
      "invalid_params",
      "A screenshot by ref needs both ref and the stateId it comes from",
      {
        details: { field },
      },
    );
  }
  if (input.clip !== undefined && (input.ref !== undefined || input.fullPage)) {
    throw new PortholeError("invalid_params", "clip excludes ref and fullPage", {
      details: { field: "clip" },
    });
  }
  if (input.ref !== undefined && input.fullPage) {
    throw new PortholeError("invalid_params", "fullPage and ref exclude each other", {
      details: { field: "fullPage" },
    });
  }
  const format = input.format ?? "jpeg";
  if (format === "png" && input.quality !== undefined) {
    throw new PortholeError("invalid_params", "quality applies to JPEG and WebP only", {
      details: { field: "quality" },
    });
  }
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  let rec: PageRecord | null = null;
  try {
    const params: { clip?: Protocol.Page.Viewport } & Record<string, unknown> = { format };
    if (format !== "png") params.quality = input.quality ?? 80;
    if (input.ref !== undefined) {
      const el = await elementClip(session, input, dl.signal);
      rec = el.rec;
      params.clip = el.clip;
      params.captureBeyondViewport = true;
    } else {
      rec = session.page(input.pageId);
      if (input.clip) {
        params.clip = { ...input.clip, scale: 1 };
        params.captureBeyondViewport = true;
      } else if (input.fullPage) {
        const metrics = await rec.driver.send<Protocol.Page.GetLayoutMetricsResponse>(
          "Page.getLayoutMetrics",
          {},
          dl.signal,
        );
        const size = metrics.cssContentSize;
        params.clip = {
          x: 0,
          y: 0,
          width: Math.max(1, Math.min(Math.ceil(size.width), MAX_SIDE)),
          height: Math.max(1, Math.min(Math.ceil(size.height), MAX_SIDE)),
          scale: 1,
        };
        params.captureBeyondViewport = true;
      }
    }
    if (input.scale === "css") await inCssPixels(rec.driver, params, dl.signal);
    const current = session.states.current;
    const driver = rec.driver;
    const shot = await withMasks(
      driver,
      input.mask,
      current?.pageId === rec.pageId ? current : null,
      () => driver.send<Protocol.Page.CaptureScreenshotResponse>("Page.captureScreenshot", params, dl.signal),
      dl.signal,
    );
    const bytes = Uint8Array.fromBase64(shot.data);
    return { artifact: await session.artifacts.put(bytes, `image/${format}`), ...imageSize(bytes) };
  } catch (err) {
    throw failure(session, rec, err, dl.signal, "Screenshot failed");
  } finally {
    dl.dispose();
  }
}

/** The page printed to PDF. */
export async function pdf(
  session: WatchOpsHost,
  input: PdfInput,
  signal: AbortSignal,
): Promise<{ artifact: Artifact }> {
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  let rec: PageRecord | null = null;
  try {
    rec = session.page(input.pageId);
    const m = input.margin ?? {};
    const r = await rec.driver.send<Protocol.Page.PrintToPDFResponse>("Page.printToPDF", {
      paperWidth: input.paperWidth ?? PAPER[input.paper ?? ""]?.[0],
      paperHeight: input.paperHeight ?? PAPER[input.paper ?? ""]?.[1],
      landscape: input.landscape,
      scale: input.scale,
      printBackground: input.printBackground ?? true,
      marginTop: m.top,
      marginRight: m.right,
      marginBottom: m.bottom,
      marginLeft: m.left,
    }, dl.signal);
    const bytes = Uint8Array.fromBase64(r.data);
    return { artifact: await session.artifacts.put(bytes, "application/pdf") };
  } catch (err) {
    throw failure(session, rec, err, dl.signal, "PDF failed");
  } finally {
    dl.dispose();
  }
}
