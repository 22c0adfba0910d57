/**
 * The bounded front: Porthole accepts TCP connections itself, because the HTTP server has no
 * header or idle deadline (a client that sends half a request head is held forever). Each
 * connection's request heads must arrive whole within `headerTimeoutMs` and `maxHeadBytes`, a
 * keep-alive connection between requests is closed after `idleTimeoutMs`, and at most
 * `maxConnections` are open. A connection whose first head is complete is handed to the HTTP
 * server on a private unix socket, bytes piped both ways; upgrades (WebSocket) and chunked
 * uploads become opaque pipes, left to the server.
 */
import { type FrontLimits, RequestTracker } from "./request_tracker.ts";

export type { FrontLimits };

export interface FrontStats {
  /** Connections closed for a head not complete in time, too large, or idle between requests. */
  headTimeouts: number;
  headTooLarge: number;
  idleClosed: number;
  refusedAtCap: number;
}

/** What the front allows beside the header deadline (a setting): idle keep-alive, head size, connections. */
export const FRONT_LIMITS: Omit<FrontLimits, "headerTimeoutMs"> = {
  idleTimeoutMs: 60_000,
  maxHeadBytes: 64 * 1024,
  maxConnections: 4096,
};

const enc = new TextEncoder();
const SWEEP_MS = 250;
/** Each direction's pipe buffer: a thousand idle event-stream connections hold two each. */
const PIPE_BYTES = 16 * 1024;

interface Open {
  client: Deno.Conn;
  upstream: Deno.Conn | null;
  tracker: RequestTracker;
}

export class HttpFront {
  readonly stats: FrontStats = { headTimeouts: 0, headTooLarge: 0, idleClosed: 0, refusedAtCap: 0 };
  #open = new Set<Open>();
  /** Runs while a connection is open: an idle front sets no timer at all. */
  #sweep: ReturnType<typeof setInterval> | undefined;
  #listener: Deno.TcpListener;
  #upstreamPath: string;
  #limits: FrontLimits;

  constructor(listener: Deno.TcpListener, upstreamPath: string, limits: FrontLimits) {
    this.#listener = listener;
    this.#upstreamPath = upstreamPath;
    this.#limits = limits;
    this.#accept();
  }

  get addr(): Deno.NetAddr {
    return this.#listener.addr;
  }

  get connections(): number {
    return this.#open.size;
  }

  async #accept(): Promise<void> {
    try {
      for await (const client of this.#listener) {
        if (this.#open.size >= this.#limits.maxConnections) {
          this.stats.refusedAtCap++;
          void reply(client, "503 Service Unavailable", "too many connections");
          continue;
        }
        noDelay(client);
        const conn: Open = { client, upstream: null, tracker: new RequestTracker(this.#limits) };
        this.#open.add(conn);
        // One sweep for every connection's deadline: a thousand open connections, one timer.
        this.#sweep ??= setInterval(() => this.#expire(), SWEEP_MS);
        this.#serve(conn).catch(() => {}).finally(() => this.#drop(conn));
      }
    } catch { /* listener closed */ }
  }

  async #serve(conn: Open): Promise<void> {
    const buf = new Uint8Array(PIPE_BYTES);
    const early: Uint8Array[] = [];
    // Until the first head is whole, nothing reaches the server.
    while (!conn.tracker.headSeen) {
      const n = await conn.client.read(buf);
      if (n === null) return;
      const chunk = buf.slice(0, n);
      if (!(await this.#feed(conn, chunk))) return;
      early.push(chunk);
    }
    conn.upstream = await Deno.connect({ transport: "unix", path: this.#upstreamPath });
    for (const chunk of early) await writeAll(conn.upstream, chunk);
    const up = conn.upstream;
    const toServer = (async () => {
      while (true) {
        const n = await conn.client.read(buf);
        if (n === null) break;
        const chunk = buf.subarray(0, n);
        if (!(await this.#feed(conn, chunk))) break;
        await writeAll(up, chunk);
      }
    })();
    const toClient = (async () => {
      const out = new Uint8Array(PIPE_BYTES);
      while (true) {
        const n = await up.read(out);
        if (n === null) break;
        conn.tracker.fromServer(out.subarray(0, n));
        await writeAll(conn.client, out.subarray(0, n));
      }
    })();
    await Promise.race([toServer.catch(() => {}), toClient.catch(() => {})]);
  }

  /** Track the client's bytes; false (after answering) when the connection must end. */
  async #feed(conn: Open, chunk: Uint8Array): Promise<boolean> {
    const verdict = conn.tracker.fromClient(chunk);
    if (verdict === "too_large") {
      this.stats.headTooLarge++;
      await reply(conn.client, "431 Request Header Fields Too Large", "request head too large");
      return false;
    }
    return true;
  }

  #expire(): void {
    const now = performance.now();
    for (const conn of this.#open) {
      const why = conn.tracker.expired(now);
      if (why === "head") {
        this.stats.headTimeouts++;
        // The answer closes the client once written; the server side goes now.
        this.#open.delete(conn);
        conn.upstream?.close();
        reply(conn.client, "408 Request Timeout", "request head not complete in time");
      } else if (why === "idle") {
        this.stats.idleClosed++;
        this.#drop(conn);
      }
    }
    if (this.#open.size === 0) this.#stopSweep();
  }

  #stopSweep(): void {
    clearInterval(this.#sweep);
    this.#sweep = undefined;
  }

  #drop(conn: Open): void {
    if (!this.#open.delete(conn)) return;
    for (const c of [conn.client, conn.upstream]) {
      try {
        c?.close();
      } catch { /* closed */ }
    }
  }

  close(): void {
    this.#stopSweep();
    try {
      this.#listener.close();
    } catch { /* closed */ }
    for (const conn of [...this.#open]) this.#drop(conn);
  }
}

/**
 * Each write goes out at once: the pipe forwards what the server wrote, in pieces, and Nagle's
 * algorithm would hold a piece's last partial segment until the client acknowledged the one
 * before, which a client that delays its acknowledgements sends up to 40 ms later.
 */
function noDelay(conn: Deno.Conn): void {
  try {
    (conn as Deno.TcpConn).setNoDelay(true);
  } catch { /* closed already */ }
}

async function writeAll(conn: Deno.Conn, data: Uint8Array): Promise<void> {
  let off = 0;
  while (off < data.length) off += await conn.write(data.subarray(off));
}

/** A short answer the front gives itself, then the connection ends (best effort, never waited on long). */
function reply(conn: Deno.Conn, status: string, text: string): Promise<void> {
  const body = `${text}\n`;
  const head = `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\n` +
    `connection: close\r\n\r\n`;
  const closing = () => {
    try {
      conn.close();
    } catch { /* closed */ }
  };
  // A client that reads nothing does not hold the answer open.
  const write = conn.write(enc.encode(head + body)).then(() => {}, () => {});
  return Promise.race([write, new Promise<void>((r) => setTimeout(r, 1000))]).finally(closing);
}
