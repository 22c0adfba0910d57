/**
 * The network guard: a small forward proxy the browser's contexts must use. Request
 * interception only sees host names; this proxy resolves each name itself, checks the
 * address, and connects to that same address, so a name that resolves to a metadata
 * address (or to the sidecar) gets no further than here.
 */
import { type AddressPolicy, refuseAddress, refuseName } from "../policy/address.ts";

const MAX_HEAD = 64 * 1024;
const enc = new TextEncoder();

export interface GuardStats {
  refused: number;
  connections: number;
}

export class NetGuard {
  readonly policy: AddressPolicy;
  readonly stats: GuardStats = { refused: 0, connections: 0 };
  #listener: Deno.TcpListener | null = null;
  #open = new Set<Deno.Conn>();
  /**
   * Set (to the reason) while the network is off (--har-replay): every connection is refused,
   * whatever its address, so a replayed session reaches nothing.
   */
  offline: string | null = null;
  /** Called with what was refused, for logs and events. */
  onRefused: (host: string, port: number, reason: string) => void = () => {};
  #recent = new Map<string, { reason: string; at: number }>();
  #unreachable = new Map<string, { reason: string; at: number }>();

  /** Why `host` was refused in the last few seconds, if it was. */
  recentlyRefused(host: string, withinMs = 5000): string | null {
    return recall(this.#recent, host, withinMs);
  }

  /**
   * Why an allowed `host` could not be reached in the last few seconds (`connection_refused`,
   * …), if it could not: nobody listening is the destination's failure, not a policy refusal.
   */
  recentlyUnreachable(host: string, withinMs = 5000): string | null {
    return recall(this.#unreachable, host, withinMs);
  }

  constructor(policy: AddressPolicy) {
    this.policy = policy;
  }

  /** Start listening on loopback; returns the proxy URL for Chromium. */
  start(): string {
    if (!this.#listener) {
      this.#listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      this.#accept(this.#listener);
    }
    return `http://127.0.0.1:${(this.#listener.addr as Deno.NetAddr).port}`;
  }

  get port(): number | null {
    return this.#listener ? (this.#listener.addr as Deno.NetAddr).port : null;
  }

  async #accept(listener: Deno.TcpListener): Promise<void> {
    try {
      for await (const conn of listener) {
        this.#open.add(conn);
        this.#serve(conn).catch(() => {}).finally(() => {
          this.#open.delete(conn);
          try {
            conn.close();
          } catch { /* closed */ }
        });
      }
    } catch { /* listener closed */ }
  }

  /**
   * Resolve, check, and connect to exactly the address that was checked. A string is a policy
   * refusal; `{ unreachable }` an allowed address that did not take the connection.
   */
  async #connect(host: string, port: number): Promise<Deno.Conn | string | { unreachable: string }> {
    if (this.offline) return this.offline;
    const bare = host.replace(/^\[|\]$/g, "");
    const named = refuseName(bare);
    if (named) return named;
    let addresses: { address: string }[];
    try {
      // Node's resolver (the system's, /etc/hosts included) loads with the first proxied request.
      const { lookup } = await import("node:dns/promises");
      addresses = await lookup(bare, { all: true });
    } catch {
      return `${bare} does not resolve`;
    }
    for (const { address } of addresses) {
      const reason = refuseAddress(address, port, this.policy);
      if (reason) return reason; // one bad address refuses the name: no rebinding games
    }
    let last: unknown = null;
    for (const { address } of addresses) {
      try {
        return await Deno.connect({ hostname: address, port });
      } catch (err) {
        last = err;
      }
    }
    return { unreachable: connectFailure(last) };
  }

  async #serve(client: Deno.Conn): Promise<void> {
    const { head, rest } = await readHead(client);
    if (!head) return;
    const [requestLine, ...headerLines] = head.split("\r\n");
    const [method, target, version] = requestLine.split(" ");
    let host: string, port: number, forward: Uint8Array | null = null;
    if (method === "CONNECT") {
      const m = target.match(/^(\[[^\]]+\]|[^:]+):(\d+)$/);
      if (!m) return await reply(client, 400, "Bad CONNECT target");
      host = m[1];
      port = Number(m[2]);
    } else {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return await reply(client, 400, "Proxy requests use absolute URLs");
      }
      if (url.protocol !== "http:") return await reply(client, 400, "Only http through the proxy");
      host = url.hostname;
      port = Number(url.port || 80);
      // One request per upstream connection: the upstream closes after answering it.
      const headers = headerLines.filter((l) => l && !/^(proxy-connection|connection|keep-alive):/i.test(l));
      const line = `${method} ${url.pathname}${url.search} ${version}`;
      forward = enc.encode([line, ...headers, "Connection: close", "", ""].join("\r\n"));
    }
    const upstream = await this.#connect(host, port);
    if (typeof upstream === "string") {
      this.stats.refused++;
      remember(this.#recent, host, upstream);
      this.onRefused(host, port, upstream);
      return await reply(client, 403, `Porthole refused ${host}:${port}: ${upstream}`);
    }
    if ("unreachable" in upstream) {
      remember(this.#unreachable, host, upstream.unreachable);
      return await reply(client, 502, `${host}:${port} is unreachable: ${upstream.unreachable}`);
    }
    this.stats.connections++;
    this.#open.add(upstream);
    try {
      if (forward) {
        await writeAll(upstream, forward);
      } else {
        await writeAll(client, enc.encode("HTTP/1.1 200 Connection Established\r\n\r\n"));
      }
      if (rest.length) await writeAll(upstream, rest);
      await Promise.race([pipe(client, upstream), pipe(upstream, client)]);
    } finally {
      this.#open.delete(upstream);
      try {
        upstream.close();
      } catch { /* closed */ }
    }
  }

  close(): void {
    try {
      this.#listener?.close();
    } catch { /* closed */ }
    this.#listener = null;
    for (const c of this.#open) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    this.#open.clear();
  }
}

function hostKey(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, "");
}

/** Keep the last few hundred hosts' outcomes, the newest last. */
function remember(map: Map<string, { reason: string; at: number }>, host: string, reason: string): void {
  const key = hostKey(host);
  map.delete(key);
  map.set(key, { reason, at: Date.now() });
  if (map.size > 256) map.delete(map.keys().next().value!);
}

function recall(map: Map<string, { reason: string; at: number }>, host: string, withinMs: number) {
  const hit = map.get(hostKey(host));
  return hit && Date.now() - hit.at <= withinMs ? hit.reason : null;
}

/** A failed connect as a reason a client can branch on. */
function connectFailure(err: unknown): string {
  if (err instanceof Deno.errors.ConnectionRefused) return "connection_refused";
  if (err instanceof Deno.errors.TimedOut) return "connection_timed_out";
  if (err instanceof Deno.errors.ConnectionReset) return "connection_reset";
  return err ? "connection_failed" : "no_address";
}

async function readHead(conn: Deno.Conn): Promise<{ head: string | null; rest: Uint8Array }> {
  const buf = new Uint8Array(MAX_HEAD);
  let len = 0;
  while (len < MAX_HEAD) {
    const n = await conn.read(buf.subarray(len));
    if (n === null) return { head: null, rest: new Uint8Array() };
    len += n;
    const text = new TextDecoder("latin1").decode(buf.subarray(0, len));
    const end = text.indexOf("\r\n\r\n");
    if (end >= 0) return { head: text.slice(0, end), rest: buf.slice(end + 4, len) };
  }
  return { head: null, rest: new Uint8Array() };
}

async function writeAll(conn: Deno.Conn, data: Uint8Array): Promise<void> {
  let off = 0;
  while (off < data.length) off += await conn.write(data.subarray(off));
}

async function pipe(from: Deno.Conn, to: Deno.Conn): Promise<void> {
  const buf = new Uint8Array(32 * 1024);
  try {
    while (true) {
      const n = await from.read(buf);
      if (n === null) break;
      await writeAll(to, buf.subarray(0, n));
    }
  } catch { /* either side closed */ }
}

async function reply(conn: Deno.Conn, status: number, message: string): Promise<void> {
  const body = enc.encode(message + "\n");
  const text = status === 403 ? "Forbidden" : status === 502 ? "Bad Gateway" : "Bad Request";
  const mark = status === 502 ? "X-Porthole-Unreachable" : "X-Porthole-Refused";
  await writeAll(
    conn,
    enc.encode(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n` +
        `Connection: close\r\n${mark}: 1\r\n\r\n`,
    ),
  ).catch(() => {});
  await writeAll(conn, body).catch(() => {});
}
