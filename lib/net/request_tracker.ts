/**
 * Where a connection stands between its client and the HTTP server, read from the bytes the
 * front pipes: inside a request head (since when), inside a body of known length, between
 * requests, or opaque (an upgrade, a chunked upload or an event stream, left to the server). It says which
 * deadline, if any, a connection has passed.
 */
export interface FrontLimits {
  headerTimeoutMs: number;
  idleTimeoutMs: number;
  maxHeadBytes: number;
  maxConnections: number;
}

const latin1 = new TextDecoder("latin1");

export class RequestTracker {
  /** The connection's first head arrived whole: it may reach the server. */
  headSeen = false;
  #limits: FrontLimits;
  #mode: "head" | "body" | "opaque" = "head";
  #head = "";
  /** When the head being read began; the first one's clock runs from the connection's start. */
  #headStart: number | null = performance.now();
  #bodyLeft = 0;
  /** Requests sent on whose response the server has not begun: the server works, no deadline. */
  #pending = 0;
  #last = performance.now();

  constructor(limits: FrontLimits) {
    this.#limits = limits;
  }

  /** The client's bytes, in order; `too_large` when a head passes the cap. */
  fromClient(chunk: Uint8Array): "ok" | "too_large" {
    const now = performance.now();
    this.#last = now;
    let off = 0;
    while (off < chunk.length && this.#mode !== "opaque") {
      if (this.#mode === "body") {
        const take = Math.min(this.#bodyLeft, chunk.length - off);
        this.#bodyLeft -= take;
        off += take;
        if (this.#bodyLeft === 0) this.#mode = "head";
        continue;
      }
      this.#headStart ??= now;
      const joined = this.#head + latin1.decode(chunk.subarray(off));
      const end = joined.indexOf("\r\n\r\n");
      if (end < 0) {
        if (joined.length > this.#limits.maxHeadBytes) return "too_large";
        this.#head = joined;
        break;
      }
      if (end + 4 > this.#limits.maxHeadBytes) return "too_large";
      off += end + 4 - this.#head.length;
      this.#startBody(joined.slice(0, end).toLowerCase());
    }
    return "ok";
  }

  #startBody(head: string): void {
    this.#head = "";
    this.#headStart = null;
    this.headSeen = true;
    this.#pending++;
    // An upgrade, a chunked upload, or an event stream (a GET that accepts text/event-stream, the
    // MCP notification stream among them): what follows is no longer request after request, so no
    // idle rule; SSE readers are bounded by the stream's own shedding.
    const stream = head.startsWith("get ") && /\r\naccept:[^\r]*text\/event-stream/.test(head);
    if (stream || /\r\n(upgrade|transfer-encoding):/.test(head)) {
      this.#mode = "opaque";
      return;
    }
    this.#bodyLeft = Number(head.match(/\r\ncontent-length:[ \t]*(\d+)/)?.[1] ?? 0);
    this.#mode = this.#bodyLeft > 0 ? "body" : "head";
  }

  /** The server's bytes: a response begins with its status line (the server writes a head whole). */
  fromServer(chunk: Uint8Array): void {
    this.#last = performance.now();
    if (
      this.#pending > 0 && chunk.length > 7 && chunk[0] === 0x48 && chunk[1] === 0x54 && chunk[2] === 0x54 &&
      chunk[3] === 0x50 && chunk[4] === 0x2f
    ) this.#pending--;
  }

  /** Which deadline the connection passed at `now`, if any. */
  expired(now: number): "head" | "idle" | null {
    if (this.#mode === "opaque") return null;
    const { headerTimeoutMs, idleTimeoutMs } = this.#limits;
    if (this.#mode === "head" && this.#headStart !== null) {
      return now - this.#headStart > headerTimeoutMs ? "head" : null;
    }
    if (this.#mode === "body" || this.#pending === 0) return now - this.#last > idleTimeoutMs ? "idle" : null;
    return null;
  }
}
