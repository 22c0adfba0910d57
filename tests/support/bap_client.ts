/**
 * A plain BAP client for the conformance tests: JSON-RPC 2.0 over a WebSocket, written from the
 * BAP 0.9.0 wire reference alone. It shares no code or types with Porthole.
 */
import assert from "node:assert/strict";

// deno-lint-ignore no-explicit-any
export type Json = any;

export interface RpcError {
  code: number;
  message: string;
  data?: { retryable: boolean; retryAfterMs?: number; details?: Json; recoveryHint?: string };
}

/** A JSON-RPC error answer, thrown by `call`. */
export class BapCallError extends Error {
  constructor(readonly error: RpcError, readonly method: string) {
    super(`${method} failed: ${error.code} ${error.message}`);
  }
  get code(): number {
    return this.error.code;
  }
}

export class BapClient implements AsyncDisposable {
  readonly ws: WebSocket;
  /** Every message received, in order (answers, batches and notifications). */
  readonly received: Json[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #nextId = 1;
  #pending = new Map<string | number, (msg: Json) => void>();
  #watchers: ((msg: Json) => void)[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => {
      ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }));
    });
    ws.addEventListener("message", (e) => {
      const msg = JSON.parse(String(e.data));
      this.received.push(msg);
      if (!Array.isArray(msg) && msg.id !== undefined && msg.id !== null && this.#pending.has(msg.id)) {
        const resolve = this.#pending.get(msg.id)!;
        this.#pending.delete(msg.id);
        resolve(msg);
      }
      for (const w of [...this.#watchers]) w(msg);
    });
  }

  /** Open a socket; resolves once it is open (or closed right away, e.g. by a refused token). */
  static open(url: string, headers?: Record<string, string>): Promise<BapClient> {
    // deno-lint-ignore no-explicit-any
    const ws = headers ? new WebSocket(url, { headers } as any) : new WebSocket(url);
    const client = new BapClient(ws);
    return new Promise((resolve, reject) => {
      ws.addEventListener("open", () => resolve(client), { once: true });
      ws.addEventListener("error", () => reject(new Error(`WebSocket to ${url} failed`)), { once: true });
    });
  }

  /** Open, `initialize`, and send `notifications/initialized`, as SDK clients do. */
  static async connect(url: string, init: Json = {}): Promise<BapClient> {
    const client = await BapClient.open(url);
    await client.call("initialize", {
      protocolVersion: "0.9.0",
      clientInfo: { name: "porthole-conformance", version: "1.0.0" },
      capabilities: { events: [], streaming: false, compression: false },
      ...init,
    });
    client.notify("notifications/initialized");
    return client;
  }

  /** Send raw text, as is. */
  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The next message matching `pred` (already received ones are not considered). */
  next(pred: (msg: Json) => boolean = () => true, timeoutMs = 30_000): Promise<Json> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#watchers = this.#watchers.filter((w) => w !== watch);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      const watch = (msg: Json) => {
        if (!pred(msg)) return;
        clearTimeout(timer);
        this.#watchers = this.#watchers.filter((w) => w !== watch);
        resolve(msg);
      };
      this.#watchers.push(watch);
    });
  }

  /** A notification of `method` matching `pred`, received before or after this call. */
  notification(
    method: string,
    pred: (params: Json) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<Json> {
    const seen = this.received.find((m) => m.method === method && m.id === undefined && pred(m.params));
    if (seen) return Promise.resolve(seen.params);
    return this.next((m) => m.method === method && m.id === undefined && pred(m.params), timeoutMs).then((
      m,
    ) => m.params);
  }

  /** Send a request; resolves with the whole answer object (result or error). */
  request(method: string, params?: Json, id: string | number = this.#nextId++): Promise<Json> {
    const msg: Json = { jsonrpc: "2.0", id, method };
    if (params !== undefined) msg.params = params;
    const answer = new Promise<Json>((resolve) => this.#pending.set(id, resolve));
    this.ws.send(JSON.stringify(msg));
    return answer;
  }

  /** Send a request; the result, or a BapCallError. */
  async call(method: string, params?: Json): Promise<Json> {
    const answer = await this.request(method, params);
    if (answer.error) throw new BapCallError(answer.error, method);
    return answer.result;
  }

  /** Send a request that must fail; returns the error object, checked against the envelope rules. */
  async fails(method: string, params?: Json): Promise<RpcError> {
    const answer = await this.request(method, params);
    assert.ok(
      answer.error,
      `${method} should have failed, got ${JSON.stringify(answer.result)?.slice(0, 300)}`,
    );
    assert.equal(answer.result, undefined);
    assertErrorEnvelope(answer.error);
    return answer.error;
  }

  notify(method: string, params?: Json): void {
    const msg: Json = { jsonrpc: "2.0", method };
    if (params !== undefined) msg.params = params;
    this.ws.send(JSON.stringify(msg));
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.closed;
  }

  async [Symbol.asyncDispose]() {
    await this.close();
  }
}

/** The error envelope every BAP error must have (code, message, data.retryable, no null members). */
export function assertErrorEnvelope(error: Json): void {
  assert.equal(typeof error.code, "number");
  assert.ok(Number.isInteger(error.code));
  assert.equal(typeof error.message, "string");
  if ("data" in error) {
    assert.equal(typeof error.data, "object");
    assert.notEqual(error.data, null);
    assert.equal(typeof error.data.retryable, "boolean", `data.retryable of ${JSON.stringify(error)}`);
    for (const [k, v] of Object.entries(error.data)) assert.notEqual(v, null, `data.${k} is null`);
    if (error.data.retryable) assert.equal(typeof error.data.retryAfterMs, "number");
  }
}

/** A void result: absent, null or `{}`. */
export function assertVoid(result: Json, message?: string): void {
  assert.ok(
    result === undefined || result === null || (typeof result === "object" && !Object.keys(result).length),
    message,
  );
}

/** The BAP endpoint of a Porthole base URL (`http://127.0.0.1:1234` → `ws://127.0.0.1:1234/`). */
export function wsUrl(httpUrl: string, query = ""): string {
  return httpUrl.replace(/^http/, "ws") + "/" + query;
}
