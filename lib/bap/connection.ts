/**
 * One BAP WebSocket connection: JSON-RPC framing (batches, notifications, parse and request
 * errors answered without closing), the lifecycle (`initialize`, `shutdown`), the message size
 * bound (close 1009), the idle timeout (close 1008), and parking its state on disconnect.
 */
import * as v from "valibot";
import type { SessionRegistry } from "../session/registry.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../version.ts";
import { log } from "../log.ts";
import { BAP, BapError, toBapError } from "../protocol/errors.ts";
import { classify, exceeds, failure, parseMessage, type RpcResponse, success } from "./rpc.ts";
import { readParams } from "./schema.ts";
import { BapState } from "./state.ts";
import type { DormantStore, Holder } from "./dormant.ts";
import { capabilities, METHODS } from "./methods.ts";

const ONE_TO_256 = "must be 1..256 characters";
const Initialize = v.object({
  sessionId: v.optional(v.pipe(v.string(), v.minLength(1, ONE_TO_256), v.maxLength(256, ONE_TO_256))),
  capabilities: v.optional(v.object({ streaming: v.optional(v.unknown()) })),
});

export interface BapHost {
  registry: SessionRegistry;
  dormant: DormantStore;
  config: { maxMessageBytes: number; dormantTtlMs: number; idleMs: number };
}

export class Connection implements Holder {
  readonly socket: WebSocket;
  readonly host: BapHost;
  sessionId: string | null = null;
  readonly subscriptions = new Set<string>();
  /** Set by `initialize`, until shutdown, a newer connection or the socket's end. */
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
    try {
      if (this.socket.readyState <= WebSocket.OPEN) this.socket.close(code, reason);
    } catch { /* already closing */ }
    this.#onClosed();
  }

  #touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.close(1008, "Session expired: idle timeout"), this.host.config.idleMs);
    Deno.unrefTimer(this.#idle as unknown as number);
  }

  #send(message: unknown): void {
    try {
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    } catch { /* the socket went away */ }
  }

  /** A notification of a subscription topic, sent only when subscribed. */
  notify = (method: string, params: Record<string, unknown>, topic: string | null): void => {
    if (topic === null || this.subscriptions.has(topic)) this.#send({ jsonrpc: "2.0", method, params });
  };

  async #onMessage(data: string | ArrayBuffer | Blob): Promise<void> {
    if (this.#closed) return;
    const max = this.host.config.maxMessageBytes;
    if (exceeds(data, max)) return this.close(1009, `Message too big: the limit is ${max} bytes`);
    const text = typeof data === "string"
      ? data
      : new TextDecoder().decode(data instanceof Blob ? await data.arrayBuffer() : data);
    const parsed = parseMessage(text);
    if ("error" in parsed) return this.#send(failure(null, parsed.error));
    const value = parsed.value;
    if (!Array.isArray(value)) {
      const answer = await this.#handle(value);
      return answer ? this.#send(answer) : undefined;
    }
    if (!value.length) {
      return this.#send(failure(null, new BapError(BAP.InvalidRequest, "Invalid Request: empty batch")));
    }
    const answers = (await Promise.all(value.map((m) => this.#handle(m)))).filter((a) => a !== null);
    if (answers.length) this.#send(answers);
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
    const state = this.state;
    if (!state) throw new BapError(BAP.NotInitialized, "Server not initialized", { notDispatched: true });
    if (method === "shutdown") return (await this.#detach()?.closeAll(), {});
    if (method === "notifications/initialized") return {};
    const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (!handler) {
      throw new BapError(BAP.MethodNotFound, `Unknown method: ${method}`, {
        details: { method },
        notDispatched: true,
      });
    }
    const { subscriptions, signal, host: { registry } } = this;
    const invoke = (m: string, p: unknown) => this.call(m, p);
    return await handler.run(
      { method, subscriptions, state, registry, signal, invoke },
      readParams(handler.params, rawParams),
    );
  }

  #initialize(p: v.InferOutput<typeof Initialize>): Record<string, unknown> {
    if (this.state) throw new BapError(BAP.AlreadyInitialized, "Already initialized", { retryable: false });
    const sessionId = p.sessionId ?? null;
    this.state = (sessionId && this.host.dormant.claim(sessionId, this)) || new BapState(this.host.registry);
    this.state.notify = this.notify;
    this.sessionId = sessionId;
    return {
      protocolVersion: PROTOCOL_VERSION,
      serverInfo: { name: "porthole", version: PORTHOLE_VERSION },
      capabilities: capabilities(this.host.registry),
      dormantSessionTtl: Math.round(this.host.config.dormantTtlMs / 1000),
      ...(sessionId ? { sessionId } : {}),
    };
  }

  /** Let go of the state and the session id (shutdown, a newer connection, the socket's end). */
  #detach(): BapState | null {
    const state = this.state;
    this.state = null;
    this.subscriptions.clear();
    if (this.sessionId) this.host.dormant.release(this.sessionId, this);
    if (state) state.notify = null;
    return state;
  }

  /** A newer connection took this session id: hand over the state and close with 4001. */
  surrender(): BapState | null {
    const state = this.#detach();
    this.close(4001, "Session replaced by newer connection");
    return state;
  }

  #onClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#idle);
    this.#life.abort(new BapError(BAP.TargetClosed, "The connection closed"));
    const state = this.#detach();
    if (!state) return;
    if (this.sessionId && state.browser) this.host.dormant.park(this.sessionId, state);
    else state.closeAll().catch(() => {});
  }
}
