/**
 * What a BAP method gets, and the one table shape of the door: a method is its params schema and
 * a run, or a core operation with a params transform and a result transform (`viaOp`). Results
 * the mappings share are `asIs` and `pick`; `catching` and `naming` handle a method's errors.
 */
import type * as v from "valibot";
import { callOp, findOp, type OpName, type OpOutput } from "../ops/call.ts";
import { entriesOf } from "../protocol/loose.ts";
import type { SessionRegistry } from "../session/registry.ts";
import { type BapError, toBapError } from "../protocol/errors.ts";
import type { BapState } from "./state.ts";
import type { BapSession, PageTarget } from "./context.ts";

export interface Call {
  /** The method this call runs. */
  method: string;
  /** The connection's event subscriptions (events/subscribe adds to them). */
  subscriptions: Set<string>;
  state: BapState;
  registry: SessionRegistry;
  signal: AbortSignal;
  /** Run another method of the table as a standalone request would (agent/act steps, fusions). */
  invoke(method: string, params: unknown): Promise<unknown>;
}

export interface Method {
  params: v.GenericSchema;
  /** The core operation a `viaOp` method is, and how its params become that operation's input. */
  op?: { name: OpName; input(p: unknown, call: Call, page: PageTarget | null): Record<string, unknown> };
  // deno-lint-ignore no-explicit-any
  run(call: Call, p: any): Promise<unknown>;
}

export function method<S extends v.GenericSchema>(
  params: S,
  run: (call: Call, p: v.InferOutput<S>) => Promise<unknown>,
): Method {
  return { params, run };
}

/** Which of the page's ids an operation's input takes (`pageId`, `frameId`). */
function pageKeys(op: OpName): { pageId: boolean; frameId: boolean } {
  const input = findOp(op).input;
  const keys = input ? Object.keys(entriesOf(input)) : [];
  return { pageId: keys.includes("pageId"), frameId: keys.includes("frameId") };
}

/**
 * A method that is one core operation, in the session of a page when its params have `pageId`
 * (that page, else the active one), else of the context (`contextId`, else the default one). On
 * a page, the operation's input gets the page's `pageId` and the frame frame/switch selected as
 * `frameId`, where it takes them; `input` gives the rest.
 */
export function viaOp<S extends v.GenericSchema, N extends OpName>(
  params: S,
  op: N,
  input: (p: v.InferOutput<S>, call: Call, page: PageTarget | null) => Record<string, unknown> = (p) =>
    p as Record<string, unknown>,
  result: (r: OpOutput<N>, call: Call, session: BapSession, p: v.InferOutput<S>) => unknown = () => ({}),
): Method {
  const onPage = Object.hasOwn(entriesOf(params), "pageId");
  const takes = onPage ? pageKeys(op) : { pageId: false, frameId: false };
  const body = (p: v.InferOutput<S>, call: Call, page: PageTarget | null) => {
    const frameId = page && takes.frameId ? call.state.frames.get(page.pageId) : undefined;
    return {
      ...input(p, call, page),
      ...takes.pageId ? { pageId: page!.pageId } : {},
      ...frameId ? { frameId } : {},
    };
  };
  const run = method(params, async (call, p) => {
    const page = onPage ? call.state.target((p as { pageId?: string }).pageId) : null;
    const session = page?.session ?? call.state.context((p as { contextId?: string }).contextId).session;
    try {
      const ids = { sessionId: session.id, ...page ? { pageId: page.pageId } : {} };
      const r = await callOp(call.registry, op, ids, body(p, call, page), call.signal);
      return await result(r, call, session, p);
    } catch (err) {
      throw page && takes.frameId ? call.state.frameGone(page.pageId, err) : toBapError(err);
    }
  });
  return { ...run, op: { name: op, input: body as NonNullable<Method["op"]>["input"] } };
}

/** `err`, naming the member the client sent (`rename` of the core's input member). */
function renameField(err: BapError, rename: (field: string) => string): BapError {
  const details = err.extras?.details ?? {};
  const from = details.field;
  if (typeof from !== "string") return err;
  details.field = rename(from);
  err.message = err.message.replace(from, details.field as string);
  return err;
}

/** The core's `locator` (and its members, `locator.ref`) is the `selector` a BAP client sent. */
export const asSelector = (field: string) => field.replace(/^locator(?=\.|$)/, "selector");

/** `m`, its errors (BAP errors) handled by `handle`: thrown again as others, or answered with a result. */
export const catching = (m: Method, handle: (err: BapError, call: Call) => unknown): Method => ({
  ...m,
  run: (call, p) => m.run(call, p).catch((err) => handle(err, call)),
});

/** `m`, its errors naming the members the client sent. */
export const naming = (m: Method, rename: (field: string) => string): Method =>
  catching(m, (err) => Promise.reject(renameField(err, rename)));

/** A result that is the operation's own. */
export const asIs = (r: unknown) => r;

/** A result of the operation's members `keys`. */
export const pick = (...keys: string[]) => (r: Record<string, unknown>) =>
  Object.fromEntries(keys.map((k) => [k, r[k]]));
