/** What Porthole keeps about one page of a session, and how a fresh record starts. */
import type { PageDriver } from "../../driver/page_driver.ts";
import { newId } from "../../protocol/validate.ts";
import { RefBook } from "./ref_book.ts";
import { Diagnostics } from "./diagnostics.ts";
import { BlockedEffects } from "./effects.ts";
import type { Artifact } from "../../artifacts/store.ts";

export interface PageRecord {
  pageId: string;
  driver: PageDriver;
  generation: number;
  /** The origin `navigate` authorised for this page; null until one commits. */
  authorizedOrigin: string | null;
  refs: RefBook;
  title: string;
  diag: Diagnostics;
  /** Requests in flight, and when the network last changed: for `wait {loadState:"networkidle"}`. */
  inflight: number;
  networkChangedAt: number;
  /** Effects the policy blocked, for the action that caused them. */
  blocked: BlockedEffects;
  /**
   * The navigation Porthole itself is making, if any: its URL (without fragment) and the guard's
   * ids of its request and redirect hops. Only these may leave the page's authorised origin.
   */
  navigating: { url: string; hops: Set<string> } | null;
  /**
   * A popup adopted for an operator-allowed origin: the origins its own navigations may reach
   * (its opener's and the allowed ones); its authority follows it among them.
   */
  popupOrigins?: readonly string[];
  /** Where Porthole last left the mouse (viewport coordinates), when known. */
  mouse: { x: number; y: number } | null;
  /** Where the running action's pointer landed (viewport CSS pixels), for the timeline and the recording. */
  hit: { x: number; y: number } | null;
  /** Downloads stored as artifacts (--downloads artifacts), for the action that caused them. */
  downloads: Artifact[];
  /** Whether the renderer answers (page_health.ts): `hung` and `crashed` until navigate recovers it. */
  health: "ok" | "hung" | "crashed";
  /**
   * When an act's settle last saw the main frame's document quiet (performance.now()), while that document
   * is still the page's: the act's fresh capture right after it is not probed again (page_health.ts).
   */
  answeredAt: number | null;
}

/** A page no origin is authorised for yet, in the browser generation `generation`. */
export function newPageRecord(driver: PageDriver, generation: number): PageRecord {
  return {
    pageId: newId("p"),
    driver,
    generation,
    authorizedOrigin: null,
    refs: new RefBook(),
    title: "",
    diag: new Diagnostics(),
    inflight: 0,
    networkChangedAt: Date.now(),
    blocked: new BlockedEffects(),
    navigating: null,
    mouse: null,
    hit: null,
    downloads: [],
    health: "ok",
    answeredAt: null,
  };
}
