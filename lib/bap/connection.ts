/**
 * One BAP WebSocket connection: JSON-RPC framing (batches, notifications, parse and request
 * errors answered without closing), the lifecycle (`initialize`, `shutdown`), the message size
 * bound (close 1009), the idle timeout (close 1008), and parking its state on disconnect.
 */
import type { SessionRegistry } from "../session/registry.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../version.ts";
import { BAP, BapError, toBapError } from "./errors.ts";
import { classify, exceeds, failure, parseMessage, type RpcResponse, success } from "./rpc.ts";
import * as v from "valibot";
import { readParams } from "./schema.ts";
import { BapState } from "./state.ts";
import type { DormantStore, Holder } from "./dormant.ts";
import { capabilities, METHODS, READ_ONLY_METHODS } from "./methods.ts";
import { log } from "../log.ts";
import type { Call } from "./call.ts";

const Initialize = v.object({
  sessionId: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1, "must be 1..256 characters"),
      v.maxLength(256, "must be 1..256 characters"),
    ),
  ),
  capabilities: v.optional(v.object({ streaming: v.optional(v.unknown()) })),
});

export interface BapConfig {
  maxMessageBytes: number;
  dormantTtlMs: number;
  idleMs: number;
}

export interface BapHost {
  registry: SessionRegistry;
  dormant: DormantStore;
  config: BapConfig;
}

export class Connection implements Holder {
  readonly socket: WebSocket;
  readonly host: BapHost;
  initialized = false;
  sessionId: string | null = null;
  /** The client declared `capabilities.streaming: true`. */
  streaming = false;
  readonly subscriptions = new Set<string>();
  state: BapState | null = null;
  #life = new AbortController();
  #closed = false;
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(socket: WebSocket, host: BapHost) {
    this.socket = socket;
    this.host = host;
    socket.binaryType = "arraybuffer";
    socket.onmessage = (e) => this.#onMessage(e.data);
    socket.onclose = () => this.#onClosed();
    socket.onerror = () => {};
    this.#touch();
  }

  get signal(): AbortSignal {
    return this.#life.signal;
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      try {
        this.socket.close(code, reason);
      } catch { /* already closing */ }
    }
    this.#onClosed();
  }

  #touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.close(1008, "Session expired: idle timeout"), this.host.config.idleMs);
    Deno.unrefTimer(this.#idle as unknown as number);
  }

  #send(message: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch { /* the socket went away */ }
  }

  /** A notification of a subscription topic, sent only when subscribed. */
  notify = (method: string, params: Record<string, unknown>, topic: string | null): void => {
    if (topic !== null && !this.subscriptions.has(topic)) return;
    this.#send({ jsonrpc: "2.0", method, params });
  };

  async #onMessage(data: string | ArrayBuffer | Blob): Promise<void> {
    if (this.#closed) return;
    if (exceeds(data, this.host.config.maxMessageBytes)) {
      this.close(1009, `Message too big: the limit is ${this.host.config.maxMessageBytes} bytes`);
      return;
    }
    const text = typeof data === "string"
      ? data
      : new TextDecoder().decode(data instanceof Blob ? await data.arrayBuffer() : data);
    const parsed = parseMessage(text);
    if ("error" in parsed) return this.#send(failure(null, parsed.error));
    const value = parsed.value;
    if (Array.isArray(value)) {
      if (value.length === 0) {
        return this.#send(failure(null, new BapError(BAP.InvalidRequest, "Invalid Request: empty batch")));
      }
      const answers = await Promise.all(value.map((m) => this.#handle(m)));
      const out = answers.filter((a): a is RpcResponse => a !== null);
      if (out.length) this.#send(out);
      return;
    }
    const answer = await this.#handle(value);
    if (answer) this.#send(answer);
  }

  async #handle(message: unknown): Promise<RpcResponse | null> {
    const item = classify(message);
    if (item.kind === "ignore" || item.kind === "notification") return null;
    if (item.kind === "invalid") return failure(item.id, item.error);
    this.#touch();
    try {
      return success(item.id, await this.call(item.method, item.params));
    } catch (err) {
      const e = toBapError(err);
      if (e.code === BAP.InternalError && !this.signal.aborted) {
        log("warn", "bap internal error", { method: item.method, message: e.message });
      }
      return failure(item.id, e);
    }
  }

  /** The request pipeline: initialized?, known method?, then the handler. */
  async call(method: string, rawParams: unknown): Promise<unknown> {
    if (method === "initialize") return this.#initialize(readParams(Initialize, rawParams));
    if (!this.initialized || !this.state) {
      throw new BapError(BAP.NotInitialized, "Server not initialized", { notDispatched: true });
    }
    if (method === "shutdown") return await this.#shutdown();
    if (method === "notifications/initialized") return {};
    const handler = METHODS[method];
    if (!handler || !Object.hasOwn(METHODS, method)) {
      throw new BapError(BAP.MethodNotFound, `Unknown method: ${method}`, {
        details: { method },
        notDispatched: true,
      });
    }
    const call: Call = {
      method,
      readOnly: READ_ONLY_METHODS.has(method),
      subscriptions: this.subscriptions,
      state: this.state,
      registry: this.host.registry,
      signal: this.signal,
      invoke: (m, p) => this.call(m, p),
    };
    return await handler.run(call, readParams(handler.params, rawParams));
  }

  #initialize(p: v.InferOutput<typeof Initialize>): Record<string, unknown> {
    if (this.initialized) {
      throw new BapError(BAP.AlreadyInitialized, "Already initialized", { retryable: false });
    }
    const sessionId = p.sessionId;
    this.streaming = p.capabilities?.streaming === true;
    const restored = sessionId ? this.host.dormant.claim(sessionId, this) : null;
    this.state = restored ?? new BapState(this.host.registry);
    this.state.notify = this.notify;
    this.sessionId = sessionId ?? null;
    this.initialized = true;
    const result: Record<string, unknown> = {
      protocolVersion: PROTOCOL_VERSION,
      serverInfo: { name: "porthole", version: PORTHOLE_VERSION },
      capabilities: capabilities(this.host.registry),
      dormantSessionTtl: Math.round(this.host.config.dormantTtlMs / 1000),
    };
    if (sessionId) result.sessionId = sessionId;
    return result;
  }

  async #shutdown(): Promise<Record<string, never>> {
    const state = this.state;
    this.state = null;
    this.initialized = false;
    this.subscriptions.clear();
    if (this.sessionId) this.host.dormant.release(this.sessionId, this);
    this.sessionId = null;
    await state?.closeAll();
    return {};
  }

  /** A newer connection took this session id: hand over the state and close with 4001. */
  surrender(): BapState | null {
    const state = this.state;
    this.state = null;
    this.initialized = false;
    if (state) state.notify = null;
    this.close(4001, "Session replaced by newer connection");
    return state;
  }

  #onClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#idle);
    this.#life.abort(new BapError(BAP.TargetClosed, "The connection closed"));
    const state = this.state;
    this.state = null;
    if (this.sessionId) this.host.dormant.release(this.sessionId, this);
    if (!state) return;
    state.notify = null;
    if (this.sessionId && state.browser) this.host.dormant.park(this.sessionId, state);
    else state.closeAll().catch(() => {});
  }
}
