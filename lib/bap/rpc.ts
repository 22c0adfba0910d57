/** JSON-RPC 2.0 framing for BAP: reading one WebSocket message, and the shape of every answer. */
import { BAP, BapError, type WireError } from "../protocol/errors.ts";

export type RpcId = string | number | null;

export type Incoming =
  | { kind: "request"; id: RpcId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  | { kind: "invalid"; id: RpcId; error: BapError }
  | { kind: "ignore" };

export interface RpcResponse {
  jsonrpc: "2.0";
  id: RpcId;
  result?: unknown;
  error?: WireError;
}

export function success(id: RpcId, result: unknown): RpcResponse {
  // Void methods answer `{}`, never a missing or null result.
  return { jsonrpc: "2.0", id, result: result === undefined || result === null ? {} : result };
}

export function failure(id: RpcId, err: BapError): RpcResponse {
  return { jsonrpc: "2.0", id, error: err.toWire() };
}

/** Parse one message's text. Returns the JSON value, or a -32700 error. */
export function parseMessage(text: string): { value: unknown } | { error: BapError } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: new BapError(BAP.ParseError, `Parse error: ${(err as Error).message}`) };
  }
}

function validId(id: unknown): id is RpcId {
  return id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

const invalid = (id: RpcId, why: string): Incoming => ({
  kind: "invalid",
  id,
  error: new BapError(BAP.InvalidRequest, `Invalid Request: ${why}`),
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
