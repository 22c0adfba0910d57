/** A BAP context (a Porthole session) and a page of one: what BAP's methods act on. */
import type { EventStream } from "../events/bus.ts";
import type { ActWaitHost } from "../session/act/wait.ts";
import type { NavigationHost, PagesHost, ReadsHost } from "../session/core/hosts.ts";
import type { PageRecord } from "../session/core/page_record.ts";
import type { PrefetchHost } from "../session/observe/prefetch.ts";

/**
 * What BAP's handlers use of a Porthole session: the host of the core's act-when-ready, its
 * pages, artifacts, gate (and how many wait there, for the prefetch), events and life. A
 * `Session` is one; the door never names the class.
 */
export type BapSession =
  & ActWaitHost
  & PagesHost
  & NavigationHost
  & Pick<ReadsHost, "artifacts">
  & PrefetchHost
  & {
    run<T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
    readonly events: EventStream;
    readonly disposed: boolean;
    browserVersion(): Promise<string>;
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
