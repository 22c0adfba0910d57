/**
 * Network record and replay, operator-only (`--har-record DIR`, `--har-replay FILE`): the page
 * guard (guard.ts) hands every request of every page of the session here.
 *
 * Record: each response is paused once it arrived, its body read (within HAR_LIMITS), and the
 * exchange kept as a HAR 1.2 entry; cookies, `Authorization`, `Cookie` and `Set-Cookie` are
 * dropped, and configured secrets are scrubbed from URLs, request bodies and text bodies. The
 * session's HAR is written to DIR when the session closes.
 *
 * Replay: each request the policy let go is answered from the HAR (method and URL, entries of
 * the same request served in order, the last one again after that); nothing reaches the network,
 * which the network guard turns off besides (net_guard.ts `offline`). A request the HAR lacks is
 * failed (`abort`) or let through to the guard, which refuses it (`fallthrough-denied`).
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";
import type { HarEntry, HarHeader, HarReplayEntry } from "../../protocol/har.ts";

export const HAR_LIMITS = {
  /** A response or request body larger than this is left out (its size is kept, with a comment). */
  maxBodyBytes: 1024 * 1024,
  /** Entries past this many, or bodies past this many bytes in all, are counted, not kept. */
  maxEntries: 5000,
  maxTotalBytes: 64 * 1024 * 1024,
} as const;

/** Headers that carry credentials or state: never written. */
const DROPPED = new Set(["cookie", "set-cookie", "authorization", "proxy-authorization"]);
/** Headers that describe the bytes on the wire, not the decoded body a HAR keeps. */
const WIRE = new Set(["content-encoding", "content-length", "transfer-encoding"]);

const TEXTUAL =
  /^(text\/|application\/(json|javascript|ecmascript|xml|x-www-form-urlencoded)|image\/svg)|\+json|\+xml/i;

/** What the guard needs to hand requests over. */
export interface NetworkTape {
  /** Extra Fetch patterns for every request of the page. */
  readonly patterns: Protocol.Fetch.RequestPattern[];
  /** A request the policy let go, at the request stage; the tape answers it (replay only). */
  request?(driver: PageDriver, e: Protocol.Fetch.RequestPausedEvent): void;
  /** A response, paused before the page gets it; the tape lets it go on (record only). */
  response?(driver: PageDriver, pageId: string, e: Protocol.Fetch.RequestPausedEvent): void;
}

function keep(headers: HarHeader[] | Protocol.Fetch.HeaderEntry[] | undefined, also = WIRE): HarHeader[] {
  return (headers ?? []).filter((h) => !DROPPED.has(h.name.toLowerCase()) && !also.has(h.name.toLowerCase()))
    .map((h) => ({ name: h.name, value: h.value }));
}

function headerList(obj: Protocol.Network.Headers): HarHeader[] {
  return Object.entries(obj).map(([name, value]) => ({ name, value: String(value) }));
}

function withoutFragment(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

/** One session's HAR, being recorded. */
export class HarRecorder implements NetworkTape {
  readonly patterns: Protocol.Fetch.RequestPattern[] = [{ urlPattern: "*", requestStage: "Response" }];
  readonly entries: HarEntry[] = [];
  dropped = 0;
  #bytes = 0;

  constructor(readonly scrub: (text: string) => string) {}

  response(driver: PageDriver, pageId: string, e: Protocol.Fetch.RequestPausedEvent): void {
    const started = new Date();
    const go = () => driver.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
    if (e.responseErrorReason !== undefined || e.responseStatusCode === undefined) {
      go();
      return;
    }
    const redirect = e.responseStatusCode >= 300 && e.responseStatusCode < 400;
    const body = redirect
      ? Promise.resolve(null)
      : driver.send<Protocol.Fetch.GetResponseBodyResponse>("Fetch.getResponseBody", {
        requestId: e.requestId,
      })
        .catch(() => null);
    body.then((b) => this.#add(pageId, e, b, started)).finally(go);
  }

  #add(
    pageId: string,
    e: Protocol.Fetch.RequestPausedEvent,
    b: Protocol.Fetch.GetResponseBodyResponse | null,
    started: Date,
  ): void {
    if (this.entries.length >= HAR_LIMITS.maxEntries) {
      this.dropped++;
      return;
    }
    const headers = e.responseHeaders ?? [];
    const mimeType = headers.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "";
    const raw = b ? (b.base64Encoded ? Uint8Array.from(atob(b.body), (c) => c.charCodeAt(0)) : null) : null;
    const size = raw ? raw.length : b ? new TextEncoder().encode(b.body).length : 0;
    const content: HarEntry["response"]["content"] = { size, mimeType };
    if (b && size > HAR_LIMITS.maxBodyBytes) {
      content.comment = `body left out: ${size} bytes, over the bound of ${HAR_LIMITS.maxBodyBytes}`;
    } else if (b && this.#bytes + size > HAR_LIMITS.maxTotalBytes) {
      content.comment = `body left out: the HAR's bodies reached ${HAR_LIMITS.maxTotalBytes} bytes`;
    } else if (b) {
      this.#bytes += size;
      const text = raw ? new TextDecoder("utf-8", { fatal: false }).decode(raw) : b.body;
      if (!raw || TEXTUAL.test(mimeType)) content.text = this.scrub(text);
      else {
        // Binary bodies stay base64, unless a secret's bytes are in them: then they go as scrubbed text.
        const scrubbed = this.scrub(new TextDecoder("latin1").decode(raw));
        if (scrubbed.length !== raw.length || scrubbed !== new TextDecoder("latin1").decode(raw)) {
          content.text = scrubbed;
        } else {
          content.text = b.body;
          content.encoding = "base64";
        }
      }
    }
    const url = this.scrub(e.request.url);
    const location = headers.find((h) => h.name.toLowerCase() === "location")?.value ?? "";
    const postData = e.request.postData === undefined ? undefined : this.scrub(e.request.postData);
    const requestHeaders = keep(headerList(e.request.headers), new Set());
    this.entries.push({
      startedDateTime: started.toISOString(),
      time: Date.now() - started.getTime(),
      pageref: pageId,
      request: {
        method: e.request.method,
        url,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: requestHeaders.map((h) => ({ name: h.name, value: this.scrub(h.value) })),
        queryString: queryOf(url),
        ...(postData === undefined ? {} : {
          postData: {
            mimeType: requestHeaders.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "",
            text: postData.length > HAR_LIMITS.maxBodyBytes ? "" : postData,
          },
        }),
        headersSize: -1,
        bodySize: postData?.length ?? 0,
      },
      response: {
        status: e.responseStatusCode!,
        statusText: e.responseStatusText ?? "",
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: keep(headers).map((h) => ({ name: h.name, value: this.scrub(h.value) })),
        content,
        redirectURL: this.scrub(location),
        headersSize: -1,
        bodySize: size,
      },
      cache: {},
      timings: { send: 0, wait: Date.now() - started.getTime(), receive: 0 },
    });
  }

  /** The HAR document. */
  har(sessionId: string): unknown {
    return {
      log: {
        version: "1.2",
        creator: { name: "Porthole", version: "1" },
        comment: `session ${sessionId}` + (this.dropped ? `; ${this.dropped} entries left out (bound)` : ""),
        pages: [],
        entries: this.entries,
      },
    };
  }

  /** Write the session's HAR into `dir` as `<sessionId>.har`; returns its path. */
  async write(dir: string, sessionId: string): Promise<string> {
    const path = `${dir.replace(/\/+$/, "")}/${sessionId}.har`;
    await Deno.writeTextFile(path, JSON.stringify(this.har(sessionId), null, 1));
    return path;
  }
}

function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** The entries of a replayed HAR by method and URL (shared by every session). */
export type HarIndex = Map<string, HarReplayEntry[]>;

export function indexHar(entries: readonly HarReplayEntry[]): HarIndex {
  const index: HarIndex = new Map();
  for (const entry of entries) {
    const key = `${entry.request.method} ${withoutFragment(entry.request.url)}`;
    index.set(key, [...index.get(key) ?? [], entry]);
  }
  return index;
}

/** One session's replay: a cursor per request, so a run serves the HAR's entries in their order. */
export class HarReplayer implements NetworkTape {
  readonly patterns: Protocol.Fetch.RequestPattern[] = [{ urlPattern: "*", requestStage: "Request" }];
  readonly #seen = new Map<string, number>();
  served = 0;
  missed = 0;

  constructor(readonly index: HarIndex, readonly notFound: "abort" | "fallthrough-denied") {}

  request(driver: PageDriver, e: Protocol.Fetch.RequestPausedEvent): void {
    const key = `${e.request.method} ${withoutFragment(e.request.url)}`;
    const list = this.index.get(key);
    if (!list) {
      this.missed++;
      const next = this.notFound === "abort"
        ? driver.send("Fetch.failRequest", { requestId: e.requestId, errorReason: "InternetDisconnected" })
        : driver.send("Fetch.continueRequest", { requestId: e.requestId });
      next.catch(() => {});
      return;
    }
    const n = this.#seen.get(key) ?? 0;
    this.#seen.set(key, n + 1);
    const { response } = list[Math.min(n, list.length - 1)];
    this.served++;
    const body = response.content.text === undefined
      ? ""
      : response.content.encoding === "base64"
      ? response.content.text
      : bytesToBase64(new TextEncoder().encode(response.content.text));
    driver.send("Fetch.fulfillRequest", {
      requestId: e.requestId,
      responseCode: response.status,
      responseHeaders: keep(response.headers),
      ...(response.statusText ? { responsePhrase: response.statusText } : {}),
      body,
    }).catch(() => {});
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
