/** Operations that watch a page without acting on it: wait, inspect, screenshots and PDFs. */
import type { Protocol } from "devtools-protocol";
import { PortholeError } from "../protocol/errors.ts";
import type { InspectInput, PdfInput, ScreenshotInput, WaitInput } from "../protocol/schemas_watch.ts";
import type { Artifact } from "../artifacts/store.ts";
import { driverError } from "../driver/page_driver.ts";
import { deadline, effectiveTimeout } from "./deadline.ts";
import type { InspectResult } from "./diagnostics.ts";
import type { PageRecord, Session } from "./session.ts";

/** Quiet time that counts as network idle. */
const NETWORK_IDLE_MS = 500;
const POLL_MS = 50;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Read one condition from the page; false when the document is between loads. */
async function holds(rec: PageRecord, input: WaitInput, signal: AbortSignal): Promise<boolean> {
  const frames = await rec.driver.frames(signal);
  const main = frames.find((f) => f.parentId === null)!;
  if (input.url !== undefined) return main.url.includes(input.url);
  if (input.loadState === "networkidle") {
    return rec.inflight === 0 && Date.now() - rec.networkChangedAt >= NETWORK_IDLE_MS &&
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

/** `wait`: `{met:false}` on timeout is an answer, not an error. Never recovers a page. */
export async function waitFor(
  session: Session,
  input: WaitInput,
  signal: AbortSignal,
): Promise<{ met: boolean; elapsedMs: number }> {
  const rec = session.page(input.pageId);
  const started = Date.now();
  const ms = effectiveTimeout(input.timeoutMs);
  const dl = deadline(ms, signal);
  try {
    if (input.timeMs !== undefined) {
      if (input.timeMs > ms) {
        await sleep(ms, dl.signal).catch(rethrowUnlessTimeout);
        return { met: false, elapsedMs: Date.now() - started };
      }
      await sleep(input.timeMs, dl.signal);
      return { met: true, elapsedMs: Date.now() - started };
    }
    while (true) {
      if (rec.driver.closed || !session.pages.has(rec.pageId)) {
        throw new PortholeError("page_not_found", `Page ${rec.pageId} was closed while waiting`);
      }
      if (
        await holds(rec, input, dl.signal).catch((err) => {
          if (dl.signal.aborted) throw dl.signal.reason;
          throw driverError(err, "wait");
        })
      ) {
        return { met: true, elapsedMs: Date.now() - started };
      }
      await sleep(POLL_MS, dl.signal);
    }
  } catch (err) {
    rethrowUnlessTimeout(err);
    return { met: false, elapsedMs: Date.now() - started };
  } finally {
    dl.dispose();
  }
}

function rethrowUnlessTimeout(err: unknown): void {
  if (err instanceof PortholeError && err.code === "timeout") return;
  throw err;
}

/** `inspect`: never recovers a page. */
export function inspect(session: Session, input: InspectInput): InspectResult {
  const rec = session.page(input.pageId);
  return rec.diag.read(input.kind, input.limit ?? 50, input.afterSeq);
}

/** A screenshot of the viewport, the full page, or one element by a ref of the current state. */
export async function screenshot(
  session: Session,
  input: ScreenshotInput,
  signal: AbortSignal,
): Promise<{ artifact: Artifact }> {
  if (input.ref !== undefined && input.stateId === undefined) {
    throw new PortholeError("invalid_params", "A screenshot by ref needs the stateId it comes from", {
      details: { field: "stateId" },
    });
  }
  const format = input.format ?? "jpeg";
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  try {
    let rec = session.page(input.pageId);
    const params: Record<string, unknown> = { format };
    if (format === "jpeg") params.quality = input.quality ?? 80;
    if (input.ref !== undefined) {
      const state = session.states.peek(input.stateId!);
      if (!state) {
        throw new PortholeError("stale_state", `State ${input.stateId} is not the session's current state`, {
          details: { field: "stateId" },
        });
      }
      const target = state.refs.get(input.ref);
      if (!target) {
        throw new PortholeError("invalid_params", `${input.ref} is not a ref of state ${state.stateId}`, {
          details: { field: "ref" },
        });
      }
      rec = session.page(state.pageId);
      const box = await rec.driver.send<Protocol.DOM.GetBoxModelResponse>(
        "DOM.getBoxModel",
        { backendNodeId: target.backendNodeId },
        dl.signal,
      ).catch(() => {
        throw new PortholeError("element_detached", `${input.ref} is no longer in the document`);
      });
      const q = box.model.border;
      const xs = [q[0], q[2], q[4], q[6]];
      const ys = [q[1], q[3], q[5], q[7]];
      const metrics = await rec.driver.send<Protocol.Page.GetLayoutMetricsResponse>(
        "Page.getLayoutMetrics",
        {},
        dl.signal,
      );
      const vx = metrics.cssVisualViewport.pageX;
      const vy = metrics.cssVisualViewport.pageY;
      const x = Math.min(...xs), y = Math.min(...ys);
      const width = Math.max(...xs) - x, height = Math.max(...ys) - y;
      if (width < 1 || height < 1) {
        throw new PortholeError("element_not_visible", `${input.ref} has no visible box`);
      }
      params.clip = { x: x + vx, y: y + vy, width, height, scale: 1 };
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
        width: Math.min(Math.ceil(size.width), 16384),
        height: Math.min(Math.ceil(size.height), 16384),
        scale: 1,
      };
      params.captureBeyondViewport = true;
    }
    const shot = await rec.driver.send<Protocol.Page.CaptureScreenshotResponse>(
      "Page.captureScreenshot",
      params,
      dl.signal,
    );
    const bytes = Uint8Array.fromBase64(shot.data);
    return { artifact: await session.artifacts.put(bytes, format === "png" ? "image/png" : "image/jpeg") };
  } catch (err) {
    throw driverError(
      dl.signal.aborted && !(err instanceof PortholeError) ? dl.signal.reason : err,
      "Screenshot failed",
    );
  } finally {
    dl.dispose();
  }
}

/** The page printed to PDF. */
export async function pdf(
  session: Session,
  input: PdfInput,
  signal: AbortSignal,
): Promise<{ artifact: Artifact }> {
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  try {
    const rec = session.page(input.pageId);
    const r = await rec.driver.send<Protocol.Page.PrintToPDFResponse>("Page.printToPDF", {
      printBackground: true,
    }, dl.signal);
    const bytes = Uint8Array.fromBase64(r.data);
    return { artifact: await session.artifacts.put(bytes, "application/pdf") };
  } catch (err) {
    throw driverError(
      dl.signal.aborted && !(err instanceof PortholeError) ? dl.signal.reason : err,
      "PDF failed",
    );
  } finally {
    dl.dispose();
  }
}
