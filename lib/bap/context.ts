/** A BAP context (a Porthole session) and a page of one: what BAP's methods act on. */
import type { EventStream } from "../events/bus.ts";
import type { ObserveInput } from "../protocol/schemas.ts";
import type { Observation } from "../protocol/types.ts";
import type { ActHost } from "../session/act.ts";
import type { CookieHost } from "../session/cookies.ts";
import type { DialogHost } from "../session/dialogs.ts";
import type { EmulationHost } from "../session/emulation.ts";
import type { NavigationHost, PagesHost, ReadsHost } from "../session/hosts.ts";
import type { PageRecord } from "../session/page_record.ts";
import type { WatchOpsHost } from "../session/watch.ts";

/**
 * What BAP's handlers use of a Porthole session: the hosts of the core functions they call, its
 * gate, its events and its life. A `Session` is one; the door never names the class.
 */
export type BapSession =
  & ActHost
  & CookieHost
  & DialogHost
  & EmulationHost
  & NavigationHost
  & PagesHost
  & ReadsHost
  & WatchOpsHost
  & {
    run<T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
    observe(input: ObserveInput, signal: AbortSignal): Promise<Observation>;
    readonly events: EventStream;
    readonly disposed: boolean;
    /** plan: only observations and reads (see READ_ONLY_METHODS). */
    readonly mode: "execute" | "plan";
  };

export interface ContextEntry {
  id: string;
  session: BapSession;
  created: number;
  /** The options as given at creation (context/list echoes them). */
  options?: Record<string, unknown>;
}

export interface PageTarget {
  pageId: string;
  ctx: ContextEntry;
  session: BapSession;
  rec: PageRecord;
}
