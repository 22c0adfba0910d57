/**
 * The narrow views of a session that its parts are written against, so that none of them
 * depends on the whole `Session` class. `Session` satisfies each of them.
 */
import type { ContextLease } from "../../driver/pool.ts";
import type { FrameInfo } from "../../driver/page_driver.ts";
import type { CreateSessionInput, NavigateInput, ObserveInput } from "../../protocol/schemas.ts";
import type { NavigateResult, Observation } from "../../protocol/types.ts";
import type { PageRecord } from "./page_record.ts";
import type { StateAuthority } from "./states.ts";
import type { ArtifactStore } from "../../artifacts/store.ts";
import type { ObservationBudget } from "./budget.ts";

/** The session's pages, and opening and closing them. */
export interface PagesHost {
  readonly id: string;
  readonly pages: ReadonlyMap<string, PageRecord>;
  readonly activePageId: string | null;
  page(pageId?: string): PageRecord;
  openPage(signal?: AbortSignal): Promise<PageRecord>;
  closePage(pageId: string): Promise<void>;
  activate(pageId: string): PageRecord;
}

/** Where the session's pages may go. */
export interface DestinationHost {
  readonly options: CreateSessionInput;
  checkDestination(url: string, allowed?: readonly string[]): URL | null;
}

/** Porthole's own navigations and the origin authority they pass. */
export interface NavigationHost extends DestinationHost {
  ownNavigation(rec: PageRecord, url: string): void;
  authorizeCommit(rec: PageRecord, committed: FrameInfo | null): Promise<void>;
  navigate(input: NavigateInput, signal: AbortSignal): Promise<NavigateResult>;
  captureFresh(rec: PageRecord, frameId: string, signal: AbortSignal, like?: FreshLike): Promise<Observation>;
}

/**
 * A walk of a whole frame the page already answered (the walker's `quietFirst`: an act's settle check
 * walks the page once quiet, act/settle.ts), with the options it was sent with, as `wholeWalkOptions`
 * (observe/capture.ts) gives them. The capture uses it in place of its own walk only when it would have
 * sent exactly those options to that frame, with no frame inside it: otherwise it walks as always.
 */
export interface Prewalk {
  /** JSON of the walker's options it was sent with. */
  options: string;
  /** The walker's answer (WALK_FORMAT). */
  value: string;
}

/** How a fresh capture is taken: like the state acted on, and what its agent reads of it. */
export interface FreshLike {
  tier?: ObserveInput["tier"];
  maxDepth?: number;
  since?: string;
  unread?: boolean;
  prewalk?: Prewalk | null;
}

/** The browser context the session leases, when the browser is up. */
export interface LeaseHost {
  readonly lease: ContextLease | null;
}

/** The session's life: its end aborts `signal`. */
export interface LifeHost {
  readonly signal: AbortSignal;
}

/** Operations that never recover a lost browser refuse at once when it is gone. */
export interface BrowserHost {
  assertBrowser(): void;
}

/** What reading a page needs: the page, the states its reads publish or name, the store, the scrubber. */
export interface ReadsHost {
  page(pageId?: string): PageRecord;
  scrub(text: string): string;
  readonly states: StateAuthority;
  readonly artifacts: ArtifactStore;
  /** A listing is an observation: its bytes are counted, and a spent budget refuses it. */
  readonly budget: Pick<ObservationBudget, "assertRoom" | "charge" | "view">;
}
