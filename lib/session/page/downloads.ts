/**
 * Downloads into the artifact store (--downloads artifacts): a document response that is an
 * attachment is paused at the response stage, its body read from the browser into the session's
 * bounded store, and the response failed, so the file never reaches Chromium's download manager or
 * any filesystem. Over the store's limits, or with downloads blocked, it is refused.
 */
import type { Protocol } from "devtools-protocol";
import type { ArtifactStore } from "../../artifacts/store.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { redactUrl } from "../../policy/url.ts";
import type { Emitter } from "../core/emit.ts";
import type { PageRecord } from "../core/page_record.ts";

/** What storing a download needs of its session. */
export interface DownloadHost extends Emitter {
  readonly downloads: "blocked" | "artifacts";
  readonly artifacts: ArtifactStore;
}

/** The Fetch patterns that pause possible downloads, when they go to the store. */
export function downloadPatterns(host: DownloadHost): Protocol.Fetch.RequestPattern[] {
  return host.downloads === "artifacts" ? [{ resourceType: "Document", requestStage: "Response" }] : [];
}

/** Whether a paused response is a file to save rather than a document to show. */
export function isAttachment(e: Protocol.Fetch.RequestPausedEvent): boolean {
  const disposition = e.responseHeaders?.find((h) => h.name.toLowerCase() === "content-disposition");
  return !!disposition && /^\s*attachment/i.test(disposition.value);
}

/** Store the paused attachment's body, then fail the response so nothing is downloaded. */
export async function storeDownload(
  host: DownloadHost,
  rec: PageRecord,
  e: Protocol.Fetch.RequestPausedEvent,
): Promise<void> {
  const { driver } = rec;
  const url = redactUrl(e.request.url);
  try {
    const body = await driver.send<Protocol.Fetch.GetResponseBodyResponse>("Fetch.getResponseBody", {
      requestId: e.requestId,
    });
    const bytes = body.base64Encoded ? Uint8Array.fromBase64(body.body) : new TextEncoder().encode(body.body);
    const type = e.responseHeaders?.find((h) => h.name.toLowerCase() === "content-type")?.value;
    const artifact = await host.artifacts.put(
      bytes,
      (type ?? "application/octet-stream").split(";")[0].trim(),
      true,
    );
    rec.downloads.push(artifact);
    host.emit("download.stored", {
      pageId: rec.pageId,
      url,
      artifactId: artifact.id,
      href: artifact.href,
      bytes: artifact.bytes,
    });
  } catch (err) {
    const why = err instanceof PortholeError ? err : null;
    rec.blocked.push(
      new PortholeError("download_blocked", "A download was refused: it does not fit the artifact store", {
        details: { cause: why?.code ?? "internal", ...why?.extras.details },
      }),
    );
    host.emit("download.blocked", { pageId: rec.pageId, url });
  } finally {
    await driver.send("Fetch.failRequest", { requestId: e.requestId, errorReason: "Aborted" }).catch(
      () => {},
    );
  }
}
