/** Calling an operation by name, the way a door other than HTTP does (BAP, MCP, the UI). */
import { parseInput } from "../protocol/validate.ts";
import type { SessionRegistry } from "../session/registry.ts";
import type { OpDef } from "./define.ts";
import { OPS } from "./ops.ts";

// deno-lint-ignore no-explicit-any
const BY_NAME = new Map<string, OpDef<any>>(OPS.map((op) => [op.name, op]));

/** The operation called `name`; a missing one is a programming error. */
// deno-lint-ignore no-explicit-any
export function findOp(name: string): OpDef<any> {
  const op = BY_NAME.get(name);
  if (!op) throw new Error(`lib/ops has no operation "${name}"`);
  return op;
}

/** Validate `input` with the operation's own schema, then run it. */
export function callOp<T = unknown>(
  registry: SessionRegistry,
  name: string,
  params: Record<string, string>,
  input: unknown,
  signal: AbortSignal,
): Promise<T> {
  const op = findOp(name);
  const parsed = op.input ? parseInput(op.input, input) : undefined;
  return op.run({ registry, params, input: parsed, signal }) as Promise<T>;
}
