/**
 * What every MCP tool is made of: the call's context, the tool's shape, and the one way a tool
 * runs its operation (the same `run` the HTTP route calls, through the session's FIFO gate). The
 * tools themselves are in tools_*.ts, by group; tools.ts lists them.
 */
import * as v from "valibot";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { findOp, type OpName, type OpOutput } from "../ops/call.ts";
import type { OpDef } from "../ops/define.ts";
import { ActInput, FindInput, NavigateInput, ObserveInput } from "../protocol/schemas.ts";
import { InspectInput, ScreenshotInput, WaitInput } from "../protocol/schemas_watch.ts";
import {
  CookiesGetInput,
  CookiesSetInput,
  StorageStateGetInput,
  StorageStateInput,
  TraverseInput,
} from "../protocol/schemas_context.ts";
import { PortholeError } from "../protocol/errors.ts";
import type { PageView } from "../protocol/types.ts";
import type { Session } from "../session/session.ts";
import type { Approver } from "../session/act/approvals.ts";
import type { SessionRegistry } from "../session/registry.ts";
import { fieldNames, snakeText, toSnake } from "./names.ts";
import { toolResult, untrusted } from "./present.ts";
import type { Rewording } from "./reword.ts";

export interface ToolCall {
  registry: SessionRegistry;
  session: Session;
  /** Ends when the client cancels the call or goes away. */
  signal: AbortSignal;
  /** Asks the client's user, should an approval rule hold an action (see elicit.ts). */
  approver?: Approver;
}

export interface McpTool {
  /** `browser_observe`; `--tools` also accepts the part after `browser_`. */
  name: string;
  title: string;
  description: string;
  /** The camelCase valibot schema the arguments are validated with, after renaming. */
  input: v.GenericSchema;
  /** Shorter field descriptions for tools/list, which stays within 10 KB (see reword.ts). */
  reword?: Rewording;
  annotations: ToolAnnotations;
  /** Offered only when `--tools` (or `?tools=`) names it: the default list stays small. */
  optIn?: boolean;
  call(ctx: ToolCall, input: Record<string, unknown>): Promise<CallToolResult>;
}

/** Run the operation `name` in the tool's session (the tool validated `input`): its result is typed by the operation. */
export function runOp<N extends OpName>(
  name: N,
  ctx: ToolCall,
  input: unknown,
  params: Record<string, string> = {},
): Promise<OpOutput<N>> {
  // deno-lint-ignore no-explicit-any
  const op: OpDef<any, any> = findOp(name);
  return op.run({
    registry: ctx.registry,
    params: { sessionId: ctx.session.id, ...params },
    input,
    signal: ctx.signal,
    approver: ctx.approver,
  });
}

/** A tool that answers the operation's result as it is, in snake_case. */
export const asIs = (op: OpName) => async (ctx: ToolCall, input: unknown) =>
  toolResult(toSnake(await runOp(op, ctx, input)) as Record<string, unknown>);

/** The inputs of the tools that gather several operations under one `action`. */
export const PageInput = v.strictObject({
  action: v.picklist(["list", "open", "activate", "close"]),
  pageId: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description("Page to activate or close")),
  ),
});

export const CookiesInput = v.strictObject({
  action: v.pipe(
    v.picklist(["get", "set", "clear"]),
    v.description("get or clear (optionally by urls), or set"),
  ),
  urls: CookiesGetInput.entries.urls,
  cookies: v.optional(CookiesSetInput.entries.cookies),
});

export const StorageInput = v.strictObject({
  action: v.pipe(v.picklist(["export", "import"]), v.description("export the state, or import `state`")),
  state: v.optional(StorageStateInput),
  ...StorageStateGetInput.entries,
});

export const HistoryInput = v.strictObject({
  action: v.pipe(v.picklist(["reload", "back", "forward"]), v.description("Where to go")),
  ...v.omit(TraverseInput, ["observe"]).entries,
});

/** Every field name the tools take, so prose can be rewritten in snake_case. */
export const FIELD_NAMES: ReadonlySet<string> = ([
  ActInput,
  ObserveInput,
  FindInput,
  NavigateInput,
  WaitInput,
  InspectInput,
  ScreenshotInput,
  PageInput,
  CookiesInput,
  StorageInput,
  HistoryInput,
  // The schemas of the tools that take an operation's input as it is.
  ...(["emulate", "frames", "discover", "extract", "elements"] as const).map((op) => findOp(op).input),
] as v.GenericSchema[]).reduce((all, schema) => fieldNames(schema, all), new Set<string>());

export const describe = (opName: OpName, guidance = "") =>
  (snakeText(findOp(opName).description, FIELD_NAMES) + ". " + guidance).trim();

export function pageView(p: PageView): Record<string, unknown> {
  return { ...toSnake(p) as Record<string, unknown>, title: untrusted(p.title) };
}

// Hints are left at the defaults MCP gives them (not read-only, destructive, not idempotent, open
// world): they are what every tool here is but the reads, and spelling them out cost 44 to 89
// bytes a tool of tools/list.
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true };
export const ACTS: ToolAnnotations = {};

export function needs(field: string, action: string): PortholeError {
  return new PortholeError("invalid_params", `Invalid ${field}: "${action}" needs ${field}`, {
    details: { field },
  });
}
