/** What a BAP method handler gets, and the handler's shape: the door's one calling convention. */
import type { SessionRegistry } from "../session/registry.ts";
import type { Params } from "./params.ts";
import type { BapState } from "./state.ts";

export interface Call {
  /** The connection's event subscriptions (events/subscribe adds to them). */
  subscriptions: Set<string>;
  state: BapState;
  registry: SessionRegistry;
  signal: AbortSignal;
  /** Run another method of the table as a standalone request would (agent/act steps, fusions). */
  invoke(method: string, params: unknown): Promise<unknown>;
}

export type Handler = (call: Call, params: Params) => Promise<unknown>;
