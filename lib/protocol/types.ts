/** Result shapes shared by every door. */
import type { ErrorBody } from "./errors.ts";

export interface Observation {
  stateId: string;
  targetId: string;
  pageId: string;
  frameId: string;
  document: { loaderId: string; documentId: string };
  url: string;
  origin: string;
  title: string;
  tree: string;
  refCount: number;
  truncated: boolean;
  bytes: number;
  generation: number;
  /** The tier the tree was rendered in. */
  tier?: "full" | "interactive" | "minimal";
  /** With `since`: the base state the changes are against (then `tree` is empty). */
  since?: string;
  /** With `since`: lines added, removed, and changed (the new text of a line whose ref stayed). */
  changes?: { added: string[]; removed: string[]; changed: string[] };
  /** With `since`, when no diff could be made: why, and the full tree is in `tree`. */
  sinceUnavailable?: { reason: SinceUnavailableReason; message: string };
  /** A cut observation: pass it as `cursor` to observe the next page of this same state. */
  nextCursor?: string;
  /** Which page of its state this tree is (0-based) and how many there are, when there is more than one. */
  page?: { index: number; count: number };
  /** A scoped observe: the ref of the node whose subtree this state is (in the state it was taken from). */
  scope?: { ref: string };
}

/** One line `find` matched, with its ancestors' path (`main > list > listitem`). */
export interface FindMatch {
  line: string;
  ref?: string;
  path: string;
}

/** `find`: a state of the whole document whose tree is the matching lines; its refs act. */
export interface FindResult extends Observation {
  matches: FindMatch[];
  /** How many lines matched in all (more than `matches` when the limit cut them). */
  total: number;
}

export type SinceUnavailableReason =
  | "unknown_state"
  | "other_page"
  | "other_document"
  | "other_frame"
  | "other_options"
  | "truncated";

export interface PageView {
  pageId: string;
  url: string;
  title: string;
  origin: string;
  active: boolean;
  generation: number;
}

export interface SessionView {
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  pages: PageView[];
  activePageId: string | null;
  /** execute, or plan (observe, wait, inspect, screenshot and reads only). */
  mode: "execute" | "plan";
  limits: { maxPages: number; maxQueuedOps: number; snapshotMaxBytes: number; idleMs: number };
  /** Operations waiting in the session's FIFO gate, and whether one is running. */
  queue: { waiting: number; running: boolean };
}

export type Execution = "not_dispatched" | "dispatched_unknown" | "completed";

export interface DialogView {
  type: string;
  message: string;
  handled: "accepted" | "dismissed";
}

export interface ActResult {
  execution: Execution;
  observation: "captured" | "unavailable";
  postcondition: "not_requested" | "unknown" | "unmet" | "met";
  freshState?: Observation;
  /** What the fresh state waited for after the input: see lib/session/act/settle.ts. */
  settle?: { state: "quiet" | "budget" | "skipped"; ms: number; pending: number };
  /** fill_form: what happened to each field, in order. */
  fields?: { ref: string; action: string; outcome: string; error?: ErrorBody }[];
  dialogs?: DialogView[];
  noop?: boolean;
  /** Files the action downloaded into the session's artifact store (--downloads artifacts). */
  downloads?: { id: string; sha256: string; mimeType: string; bytes: number; href: string }[];
  error?: ErrorBody;
}

export interface NavigateResult {
  pageId: string;
  url: string;
  httpStatus: number | null;
  navigation: "committed" | "same_document" | "download_blocked";
  state?: Observation;
}

/** A cookie of a session's context (Playwright's storageState cookie shape). */
export interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

export interface StorageItem {
  name: string;
  value: string;
}

export interface OriginStorage {
  origin: string;
  localStorage: StorageItem[];
  /** Only when asked for (BAP): sessionStorage belongs to one tab and is not carried over. */
  sessionStorage?: StorageItem[];
}

/** Cookies and localStorage, in the shape Playwright's `storageState` uses. */
export interface StorageState {
  cookies: Cookie[];
  origins: OriginStorage[];
}

export interface FrameView {
  frameId: string;
  /** null for the main frame. */
  parentId: string | null;
  name: string;
  /** Redacted, as every URL Porthole emits. */
  url: string;
  origin: string;
  /** Whether the session's origin policy lets it reach the frame's URL. */
  allowed: boolean;
}

export interface TraverseResult {
  pageId: string;
  url: string;
  httpStatus: number | null;
  /** `none`: there is no history entry that way, and nothing was done. */
  navigation: "committed" | "same_document" | "none";
  state?: Observation;
}

/** One actionable element of `POST …/elements`. Names and selectors come from the page: untrusted. */
export interface ListedElement {
  ref: string;
  role: string;
  name?: string;
  tagName: string;
  /** The border box in the page's viewport (the screenshot's), for an iframe's element too. */
  bounds: { x: number; y: number; width: number; height: number };
  /** The primary selector, then the others in the seed's order (testId, role, label, …, css). */
  selector: Record<string, unknown>;
  alternativeSelectors?: Record<string, unknown>[];
  disabled?: boolean;
  focused?: boolean;
  /** A field's value; "[REDACTED]" for a credential field. */
  value?: string;
  /** What the element takes: clickable, editable, selectable, checkable, … */
  actionHints: string[];
  /** Against the page's previous listing (input `stability`). */
  stability?: "stable" | "new";
}

export interface ElementsResult {
  /** The observation the refs belong to: the session's current state, good for one action (absent with observe: false). */
  stateId?: string;
  /** The page's browser target, which act checks with the stateId. */
  targetId?: string;
  pageId: string;
  frameId: string;
  url: string;
  elements: ListedElement[];
  /** How many there were before `roles` and `maxElements`. */
  totalElements: number;
  title?: string;
  viewport?: { width: number; height: number };
  /** Since the page's previous listing (input `changes`); removed lists refs. */
  changes?: { added: ListedElement[]; updated: ListedElement[]; removed: string[] };
  tools?: DiscoverResult["tools"];
  screenshot?: {
    artifact: { id: string; sha256: string; mimeType: string; bytes: number; href: string };
    /** The image's size in pixels (the viewport's). */
    width: number;
    height: number;
    annotated: boolean;
    /** Each numbered box's label, its element's ref and where the badge is drawn (CSS pixels). */
    labels: { label: string; ref: string; position: { x: number; y: number } }[];
  };
}

export interface DiscoverResult {
  pageId: string;
  frameId: string;
  /** Page-declared, bounded (names 256, descriptions 4096 characters): untrusted page content. */
  tools: {
    name: string;
    description?: string;
    inputSchema?: Record<string, unknown>;
    source: "webmcp-declarative" | "webmcp-imperative";
    formSelector?: string;
  }[];
  totalDiscovered: number;
  apiVersion?: string;
}

export interface ExtractResult {
  data: unknown;
  confidence: number;
  sources?: { selector: string; text: string }[];
}
