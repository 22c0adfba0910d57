/** Calling an operation by name, the way a door other than HTTP does (BAP, MCP, the UI). */
import { parseInput } from "../protocol/validate.ts";
import type { SessionRegistry } from "../session/registry.ts";
import type { OpDef } from "./define.ts";
import { type NamedOp, type OpName, type OpOutput, OPS } from "./ops.ts";

export type { OpName, OpOutput };

// deno-lint-ignore no-explicit-any
const BY_NAME = new Map<string, OpDef<any, any>>(OPS.map((op) => [op.name, op]));

/** The operation called `name`, with its own input and output types; a missing one is a programming error. */
export function findOp<N extends OpName>(name: N): Extract<NamedOp, { name: N }> {
  const op = BY_NAME.get(name);
  if (!op) throw new Error(`lib/ops has no operation "${name}"`);
  return op as Extract<NamedOp, { name: N }>;
}

/** Validate `input` with the operation's own schema, then run it: its result has the operation's output type. */
export function callOp<N extends OpName>(
  registry: SessionRegistry,
  name: N,
  params: Record<string, string>,
  input: unknown,
  signal: AbortSignal,
): Promise<OpOutput<N>> {
  // deno-lint-ignore no-explicit-any
  const op: OpDef<any, any> = findOp(name);
  const parsed = op.input ? parseInput(op.input, input) : undefined;
  return op.run({ registry, params, input: parsed, signal });
}
