/**
 * One BAP connection over a JSON-RPC peer (lib/net/json_rpc.ts, which owns framing, the size
 * bound and the idle timeout): the lifecycle (`initialize`, `shutdown`), dispatch to METHODS,
 * subscriptions, and parking its state on disconnect.
 */
import { prefetchAfter } from "./prefetch.ts";
import * as v from "valibot";
import type { SessionRegistry } from "../session/registry.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../version.ts";
import { log } from "../log.ts";
import { BAP, BapError, toBapError } from "../protocol/errors.ts";
import { JsonRpcError, JsonRpcPeer } from "../net/json_rpc.ts";
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
  sessionId: string | null = null;
  readonly subscriptions = new Set<string>();
  /** Set by `initialize`, until shutdown, a newer connection or the socket's end. */
  state: BapState | null = null;
  readonly #rpc: JsonRpcPeer;

  constructor(socket: WebSocket, readonly host: BapHost) {
    this.#rpc = new JsonRpcPeer(socket, {
      ...host.config, // maxMessageBytes, idleMs
      handle: async (method, params) => {
        const result = await this.call(method, params);
        if (this.state) prefetchAfter(this.state, method, params, result);
        return result;
      },
      // The transport's -32700 and -32600 are BAP's numbers too; BAP adds its retry advice. An
      // internal error is logged unless the connection is gone.
      toError: (err, method) => {
        const e = toBapError(err instanceof JsonRpcError ? new BapError(err.code, err.message) : err);
        if (e.code === BAP.InternalError && !this.signal.aborted) {
          log("warn", "bap internal error", { method, message: e.message });
        }
        return e.toWire();
      },
      // Void methods answer `{}`, never a missing or null result.
      voidResult: {},
      closeReason: () => new BapError(BAP.TargetClosed, "The connection closed"),
      onClose: () => this.#onClosed(),
    });
  }

  get signal(): AbortSignal {
    return this.#rpc.signal;
  }

  /** A notification of a subscription topic, sent only when subscribed. */
  notify = (method: string, params: Record<string, unknown>, topic: string | null): void => {
    if (topic === null || this.subscriptions.has(topic)) this.#rpc.notify(method, params);
  };

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
    this.#rpc.close(4001, "Session replaced by newer connection");
    return state;
  }

  /** The socket's end: a state with a session id and a browser is parked, any other is closed. */
  #onClosed(): void {
    const state = this.#detach();
    if (!state) return;
    if (this.sessionId && state.browser) this.host.dormant.park(this.sessionId, state);
    else state.closeAll().catch(() => {});
  }
}
