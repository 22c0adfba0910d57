/** An operation, defined once: the HTTP route, OpenAPI, BAP and MCP are generated from it. */
import type * as v from "valibot";
import type { SessionRegistry } from "../session/registry.ts";
import type { Session } from "../session/session.ts";

export interface OpContext<I> {
  registry: SessionRegistry;
  /** Path parameters (sessionId, pageId, …). */
  params: Record<string, string>;
  input: I;
  /** Ends when the client goes away. */
  signal: AbortSignal;
}

export interface OpDef<S extends v.GenericSchema | null = v.GenericSchema | null> {
  name: string;
  description: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** Body schema; null for operations without a body. */
  input: S;
  /** The success body's schema, for the OpenAPI document only. */
  output?: v.GenericSchema;
  /** Success status (200 unless said). */
  status?: number;
  run(ctx: OpContext<S extends v.GenericSchema ? v.InferOutput<S> : undefined>): Promise<unknown>;
}

export function defineOp<S extends v.GenericSchema | null>(op: OpDef<S>): OpDef<S> {
  return op;
}

/** An operation that runs in the named session's FIFO gate. */
export function inSession<I>(
  fn: (session: Session, input: I, signal: AbortSignal, params: Record<string, string>) => Promise<unknown>,
): (ctx: OpContext<I>) => Promise<unknown> {
  return ({ registry, params, input, signal }) => {
    const session = registry.get(params.sessionId);
    return session.run(signal, (sig) => fn(session, input, sig, params));
  };
}
