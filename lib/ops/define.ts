/**
 * An operation, defined once: its input and output schemas, its route and its `run`. The HTTP
 * route, OpenAPI (requests and responses), BAP's mappings and MCP's tools are made from it.
 */
import type * as v from "valibot";
import type { SessionRegistry } from "../session/registry.ts";
import type { Session } from "../session/session.ts";
import { refuseInPlanMode } from "../policy/plan_mode.ts";
import type { Approver } from "../session/act/approvals.ts";

export interface OpContext<I> {
  registry: SessionRegistry;
  /** Path parameters (sessionId, pageId, …). */
  params: Record<string, string>;
  input: I;
  /** Ends when the client goes away. */
  signal: AbortSignal;
  /** The door's way to ask its client's user, should an approval rule hold an action. */
  approver?: Approver;
}

/** What an operation's `run` answers: its output schema's type (`unknown` for no JSON body). */
export type OutputOf<O> = O extends v.GenericSchema ? v.InferOutput<O> : unknown;

export interface OpDef<
  S extends v.GenericSchema | null = v.GenericSchema | null,
  O extends v.GenericSchema | null = v.GenericSchema | null,
  N extends string = string,
> {
  name: N;
  description: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** Body schema; null for operations without a body. */
  input: S;
  /**
   * The result's schema (lib/protocol/results*.ts): the result type and OpenAPI's response. null
   * for no JSON body (204, or an artifact's bytes). It describes; nothing checks a result with it.
   */
  output: O;
  /** Success status (200 unless said). */
  status?: number;
  /**
   * Changes nothing in the session's pages or context (observe, wait, inspect, screenshot,
   * reads): the only operations on a session's contents that run in plan mode.
   */
  readOnly?: boolean;
  run(ctx: OpContext<S extends v.GenericSchema ? v.InferOutput<S> : undefined>): Promise<OutputOf<O>>;
}

/**
 * Operations on what a session holds (paths below /v1/sessions/:sessionId/) run in plan mode
 * only when read-only; the session itself (get, delete, its mode) stays the operator's.
 */
export function defineOp<
  const N extends string,
  S extends v.GenericSchema | null,
  O extends v.GenericSchema | null,
>(op: OpDef<S, O, N>): OpDef<S, O, N> {
  if (op.readOnly || !op.path.startsWith("/v1/sessions/:sessionId/")) return op;
  const run = op.run;
  return {
    ...op,
    run: (ctx) => {
      refuseInPlanMode(ctx.registry.get(ctx.params.sessionId), op.name, { operation: op.name });
      return run(ctx);
    },
  };
}

/** An operation that runs in the named session's FIFO gate. */
export function inSession<I, R>(
  fn: (session: Session, input: I, signal: AbortSignal, params: Record<string, string>) => Promise<R>,
): (ctx: OpContext<I>) => Promise<R> {
  return ({ registry, params, input, signal }) => {
    const session = registry.get(params.sessionId);
    return session.run(signal, (sig) => fn(session, input, sig, params));
  };
}
