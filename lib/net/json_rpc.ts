/**
 * A JSON-RPC 2.0 peer over a standard WebSocket, independent of the protocol carried: one text
 * (or binary UTF-8) message is a request, a notification or a batch. Parse errors (-32700) and
 * invalid requests (-32600) are answered without closing; notifications are read and never
 * answered. A message over `maxMessageBytes` closes the socket with 1009, `idleMs` without a
 * request with 1008. The door says what a method does (`handle`) and how an error it throws
 * looks on the wire (`toError`).
 */

export type JsonRpcId = string | number | null;

/** An error object as it is sent. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** JSON-RPC's own numbers for the errors this transport answers itself. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/** A parse error or an invalid request, handed to the door's `toError` like any thrown error. */
export class JsonRpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
    this.name = "JsonRpcError";
  }
}

export type Incoming =
  | { kind: "request"; id: JsonRpcId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  | { kind: "invalid"; id: JsonRpcId; error: JsonRpcError }
  | { kind: "ignore" };

export interface JsonRpcOptions {
  maxMessageBytes: number;
  /** How long the socket may go without a request before it is closed with 1008. */
  idleMs: number;
  /** Run one request; what it resolves to is the result. Notifications never reach it. */
  handle(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  /**
   * How anything `handle` throws (with the request's `method`), and the transport's own
   * JsonRpcError (without), looks on the wire.
   */
  toError(err: unknown, method?: string): JsonRpcErrorObject;
  /** The result sent when `handle` resolves to undefined or null (null unless the door says). */
  voidResult?: unknown;
  /** The reason the life signal aborts with when the socket closes (a plain Error otherwise). */
  closeReason?: () => unknown;
  /** Called once when the socket closed, from either side, after the life signal aborted. */
  onClose?: () => void;
}

type Answer = { jsonrpc: "2.0"; id: JsonRpcId; result?: unknown; error?: JsonRpcErrorObject };

export class JsonRpcPeer {
  readonly #socket: WebSocket;
  readonly #opts: JsonRpcOptions;
  readonly #life = new AbortController();
  #closed = false;
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(socket: WebSocket, opts: JsonRpcOptions) {
    this.#socket = socket;
    this.#opts = opts;
    socket.binaryType = "arraybuffer";
    socket.onmessage = (e) => this.#onMessage(e.data);
    socket.onclose = () => this.#onClosed();
    socket.onerror = () => {};
    this.#touch();
  }

  /** Aborted when the socket closes: the end of every request still running on it. */
  get signal(): AbortSignal {
    return this.#life.signal;
  }

  close(code: number, reason: string): void {
    try {
      if (this.#socket.readyState <= WebSocket.OPEN) this.#socket.close(code, reason);
    } catch { /* already closing */ }
    this.#onClosed();
  }

  /** Send one message as JSON, if the socket is still open. */
  send(message: unknown): void {
    try {
      if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
    } catch { /* the socket went away */ }
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  #touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.close(1008, "Session expired: idle timeout"), this.#opts.idleMs);
    Deno.unrefTimer(this.#idle as unknown as number);
  }

  #failure(id: JsonRpcId, err: unknown, method?: string): Answer {
    return { jsonrpc: "2.0", id, error: this.#opts.toError(err, method) };
  }

  async #onMessage(data: string | ArrayBuffer | Blob): Promise<void> {
    if (this.#closed) return;
    const max = this.#opts.maxMessageBytes;
    if (exceeds(data, max)) return this.close(1009, `Message too big: the limit is ${max} bytes`);
    const text = typeof data === "string"
      ? data
      : new TextDecoder().decode(data instanceof Blob ? await data.arrayBuffer() : data);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const error = new JsonRpcError(PARSE_ERROR, `Parse error: ${(err as Error).message}`);
      return this.send(this.#failure(null, error));
    }
    if (!Array.isArray(value)) {
      const answer = await this.#answer(value);
      return answer ? this.send(answer) : undefined;
    }
    if (!value.length) {
      return this.send(
        this.#failure(null, new JsonRpcError(INVALID_REQUEST, "Invalid Request: empty batch")),
      );
    }
    const answers = (await Promise.all(value.map((m) => this.#answer(m)))).filter((a) => a !== null);
    if (answers.length) this.send(answers);
  }

  /** The answer to one message (alone or in a batch); null for what is not answered. */
  async #answer(message: unknown): Promise<Answer | null> {
    const item = classify(message);
    if (item.kind === "ignore" || item.kind === "notification") return null;
    if (item.kind === "invalid") return this.#failure(item.id, item.error);
    this.#touch();
    try {
      const result = await this.#opts.handle(item.method, item.params, this.signal);
      return { jsonrpc: "2.0", id: item.id, result: result ?? this.#opts.voidResult ?? null };
    } catch (err) {
      return this.#failure(item.id, err, item.method);
    }
  }

  #onClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#idle);
    this.#life.abort(this.#opts.closeReason?.() ?? new Error("The connection closed"));
    this.#opts.onClose?.();
  }
}

function validId(id: unknown): id is JsonRpcId {
  return id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

const invalid = (id: JsonRpcId, why: string): Incoming => ({
  kind: "invalid",
  id,
  error: new JsonRpcError(INVALID_REQUEST, `Invalid Request: ${why}`),
});

/** Classify one JSON-RPC object (a single message, or one member of a batch). */
export function classify(msg: unknown): Incoming {
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) {
    return invalid(null, "a JSON-RPC message must be an object");
  }
  const m = msg as Record<string, unknown>;
  const hasId = "id" in m;
  if (typeof m.method !== "string") {
    // A response or a stray object from a client: nothing to answer unless it looks like a request.
    if (!hasId || "result" in m || "error" in m) return { kind: "ignore" };
    return invalid(validId(m.id) ? m.id : null, "method must be a string");
  }
  if (!hasId) return { kind: "notification", method: m.method, params: m.params };
  if (!validId(m.id)) return invalid(null, "id must be a string, a number or null");
  if (m.jsonrpc !== undefined && m.jsonrpc !== "2.0") return invalid(m.id, `jsonrpc must be "2.0"`);
  return { kind: "request", id: m.id, method: m.method, params: m.params };
}

/** The byte length of a text message, counted only as far as needed to compare with `max`. */
export function exceeds(data: string | ArrayBuffer | Blob, max: number): boolean {
  if (typeof data !== "string") return data instanceof Blob ? data.size > max : data.byteLength > max;
  if (data.length > max) return true; // every UTF-16 unit is at least one UTF-8 byte
  if (data.length * 3 <= max) return false;
  return new TextEncoder().encode(data).length > max;
}
