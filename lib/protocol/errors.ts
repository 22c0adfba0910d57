/** One error family for every door (HTTP, BAP, MCP): a stable string code plus context. */

/**
 * BAP 0.9's numeric codes, with the retry advice BAP clients read from `data`: whether a retry may
 * help, how long to wait first, and what to do. Porthole's string codes map onto these in
 * ERROR_TABLE; the BAP door reads both from here and keeps no table of its own.
 */
export const BAP_CODES = {
  ParseError: {
    code: -32700,
    retryable: false,
    hint: "Send one JSON-RPC 2.0 object (or a batch array) per WebSocket message",
  },
  InvalidRequest: {
    code: -32600,
    retryable: false,
    hint: "Send a JSON-RPC 2.0 request object with a string method and a string or number id",
  },
  MethodNotFound: {
    code: -32601,
    retryable: false,
    hint: "Call a method of BAP 0.9.0; initialize returns the server's capabilities",
  },
  InvalidParams: {
    code: -32602,
    retryable: false,
    hint: "Fix the named parameter and send the request again",
  },
  InternalError: {
    code: -32603,
    retryable: false,
    retryAfterMs: 500,
    hint: "Retry once; if it persists, observe the page again",
  },
  ServerError: { code: -32000, retryable: true, retryAfterMs: 1000 },
  NotInitialized: { code: -32001, retryable: false, hint: "Call initialize first" },
  AlreadyInitialized: {
    code: -32002,
    retryable: false,
    hint: "The connection is already initialized; call shutdown before initializing again",
  },
  BrowserNotLaunched: { code: -32010, retryable: false, hint: "Call browser/launch first" },
  PageNotFound: {
    code: -32011,
    retryable: false,
    hint: "Call page/list for the current pages, or page/create",
  },
  ElementNotFound: {
    code: -32012,
    retryable: true,
    retryAfterMs: 500,
    hint: "Run agent/observe to refresh interactive elements, then retry with an updated selector",
  },
  ElementNotVisible: {
    code: -32013,
    retryable: true,
    retryAfterMs: 500,
    hint: "Scroll the element into view or wait until it is shown, then retry",
  },
  ElementNotEnabled: {
    code: -32014,
    retryable: true,
    retryAfterMs: 500,
    hint: "Wait until the element is enabled, then retry",
  },
  NavigationFailed: {
    code: -32015,
    retryable: true,
    retryAfterMs: 1000,
    hint: "Check the URL and that the site is reachable, then retry",
  },
  Timeout: { code: -32016, retryable: true, retryAfterMs: 0, hint: "Retry with a larger timeout" },
  TargetClosed: {
    code: -32017,
    retryable: false,
    retryAfterMs: 1000,
    hint: "Create a new page (or launch the browser again)",
  },
  SelectorAmbiguous: {
    code: -32020,
    retryable: false,
    hint: "Make the selector more specific (add a name, use testId or a ref from agent/observe)",
  },
  ActionFailed: {
    code: -32021,
    retryable: false,
    retryAfterMs: 500,
    hint: "Observe the page to see what happened before acting again",
  },
  ContextNotFound: { code: -32023, retryable: false, hint: "Call context/list for the existing contexts" },
  ResourceLimitExceeded: {
    code: -32024,
    retryable: false,
    retryAfterMs: 1000,
    hint: "Close pages or contexts you no longer need",
  },
  ApprovalDenied: { code: -32030, retryable: false },
  FrameNotFound: { code: -32040, retryable: false, hint: "Call frame/list for the page's frames" },
  DomainNotAllowed: {
    code: -32041,
    retryable: false,
    hint: "Use an http(s) URL that Porthole's policy allows",
  },
} as const satisfies Record<
  string,
  { code: number; retryable: boolean; retryAfterMs?: number; hint?: string }
>;

export type BapCodeName = keyof typeof BAP_CODES;

/** Every error code Porthole emits, with its HTTP status, BAP code and default retryability. */
export const ERROR_TABLE = {
  invalid_params: { http: 400, bap: BAP_CODES.InvalidParams.code, retryable: false },
  unauthorized: { http: 401, bap: BAP_CODES.InvalidRequest.code, retryable: false },
  host_not_allowed: { http: 403, bap: BAP_CODES.InvalidRequest.code, retryable: false },
  request_origin_not_allowed: { http: 403, bap: BAP_CODES.InvalidRequest.code, retryable: false },
  not_found: { http: 404, bap: BAP_CODES.MethodNotFound.code, retryable: false },
  session_not_found: { http: 404, bap: BAP_CODES.PageNotFound.code, retryable: false },
  page_not_found: { http: 404, bap: BAP_CODES.PageNotFound.code, retryable: false },
  artifact_not_found: { http: 404, bap: BAP_CODES.PageNotFound.code, retryable: false },
  not_recorded: { http: 404, bap: BAP_CODES.PageNotFound.code, retryable: false },
  frame_not_found: { http: 404, bap: BAP_CODES.FrameNotFound.code, retryable: false },
  body_too_large: { http: 413, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: false },
  artifact_too_large: { http: 413, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: false },
  context_limit: { http: 429, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: true },
  page_limit: { http: 429, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: true },
  queue_full: { http: 429, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: true },
  artifact_limit: { http: 409, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: false },
  human_in_control: { http: 409, bap: BAP_CODES.ServerError.code, retryable: true },
  takeover_not_found: { http: 404, bap: BAP_CODES.InvalidParams.code, retryable: false },
  plan_mode: { http: 409, bap: BAP_CODES.ActionFailed.code, retryable: false },
  /** The operator's --session-budget of observation bytes is spent: observe and act are refused. */
  session_budget_exhausted: { http: 409, bap: BAP_CODES.ResourceLimitExceeded.code, retryable: false },
  /** reconcile: no action with this id is remembered in the session (the newest 64 are). */
  action_not_found: { http: 404, bap: BAP_CODES.InvalidParams.code, retryable: false },
  browser_not_installed: { http: 503, bap: BAP_CODES.BrowserNotLaunched.code, retryable: false },
  browser_disconnected: { http: 503, bap: BAP_CODES.TargetClosed.code, retryable: true },
  session_disposed: { http: 503, bap: BAP_CODES.TargetClosed.code, retryable: true },
  unknown_state: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  stale_state: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  /** `observe {cursor}` of a state that was consumed, replaced or invalidated: its pages are gone. */
  stale_cursor: { http: 409, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  target_changed: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  document_changed: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  element_detached: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  element_changed: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  element_not_found: { http: 200, bap: BAP_CODES.ElementNotFound.code, retryable: true },
  /** A locator names an element without a ref: not interactive, or outside the observed snapshot. */
  no_ref: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  element_not_visible: { http: 200, bap: BAP_CODES.ElementNotVisible.code, retryable: true },
  element_not_enabled: { http: 200, bap: BAP_CODES.ElementNotEnabled.code, retryable: true },
  element_not_editable: { http: 200, bap: BAP_CODES.ElementNotEnabled.code, retryable: true },
  obscured: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: true },
  focus_lost: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: true },
  selector_ambiguous: { http: 400, bap: BAP_CODES.SelectorAmbiguous.code, retryable: false },
  origin_mismatch: { http: 200, bap: BAP_CODES.DomainNotAllowed.code, retryable: false },
  frame_cross_origin: { http: 200, bap: BAP_CODES.DomainNotAllowed.code, retryable: false },
  sensitive_field: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  secret_not_allowed: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  origin_not_allowed: { http: 403, bap: BAP_CODES.DomainNotAllowed.code, retryable: false },
  scheme_not_allowed: { http: 400, bap: BAP_CODES.DomainNotAllowed.code, retryable: false },
  address_not_allowed: { http: 403, bap: BAP_CODES.DomainNotAllowed.code, retryable: false },
  navigation_blocked: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  popup_blocked: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  download_blocked: { http: 200, bap: BAP_CODES.ActionFailed.code, retryable: false },
  navigation_failed: { http: 502, bap: BAP_CODES.NavigationFailed.code, retryable: true },
  timeout: { http: 504, bap: BAP_CODES.Timeout.code, retryable: true },
  approval_denied: { http: 200, bap: BAP_CODES.ApprovalDenied.code, retryable: false },
  approval_timeout: { http: 200, bap: BAP_CODES.ApprovalDenied.code, retryable: false },
  observation_failed: { http: 200, bap: BAP_CODES.InternalError.code, retryable: true },
  page_unresponsive: { http: 503, bap: BAP_CODES.TargetClosed.code, retryable: false },
  accessibility_unavailable: { http: 503, bap: BAP_CODES.InternalError.code, retryable: true },
  snapshot_invalid: { http: 200, bap: BAP_CODES.InternalError.code, retryable: true },
  cancelled: { http: 499, bap: BAP_CODES.ServerError.code, retryable: true },
  internal: { http: 500, bap: BAP_CODES.InternalError.code, retryable: false },
} as const;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The wire shape of an error, the same inside HTTP error bodies and act results. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterMs?: number;
  recoveryHint?: string;
  details?: Record<string, unknown>;
}

export interface ErrorExtras {
  retryable?: boolean;
  retryAfterMs?: number;
  recoveryHint?: string;
  details?: Record<string, unknown>;
}

const DEFAULT_HINTS: Partial<Record<ErrorCode, string>> = {
  session_not_found: "Create a session with POST /v1/sessions first",
  not_recorded: "Create the session with record: true (or start Porthole with --record) to record it",
  browser_not_installed: "Run `porthole browser install`, or pass --chromium PATH",
  browser_disconnected: "Navigate or observe again; that starts a fresh browser",
  unknown_state: "Observe again and act on the stateId it returns",
  stale_state: "Observe again and act on the stateId it returns",
  stale_cursor: "Observe again: a cursor pages only the current state, and this one was used or replaced",
  target_changed: "Observe the active page again",
  document_changed: "The page loaded a new document; observe again",
  element_detached: "Observe again; the node is gone from the document",
  element_changed: "Observe again; the node changed since the observation",
  session_budget_exhausted: "Start a new session; this one has used its observation bytes",
  action_not_found: "Pass the actionId of one of the session's recent act results",
  context_limit: "Close an idle session (DELETE /v1/sessions/{id}) or retry later",
  queue_full: "Wait for queued operations of this session to finish",
  page_limit: "Close a page of this session first",
  human_in_control:
    "A person is in control of this session: wait for the takeover.ended event on GET /v1/sessions/{id}/events, then observe again",
  takeover_not_found: "Take control again (POST /v1/sessions/{id}/takeover); that takeover has ended",
  plan_mode:
    "The session is in plan mode: observe, wait, inspect and read only; the operator can switch it to execute",
  cancelled: "The client went away before the operation ended; send it again",
  page_unresponsive: "Navigate the page (it gets a fresh renderer and keeps its id), or close it",
};

/**
 * Codes whose table status is 200 live inside act results. When one ends a whole request
 * instead (an observe that could not capture, say), the response still needs an error status.
 */
const ROUTE_STATUS: Partial<Record<ErrorCode, number>> = {
  observation_failed: 503,
  snapshot_invalid: 503,
  origin_mismatch: 403,
  frame_cross_origin: 403,
  sensitive_field: 403,
  secret_not_allowed: 403,
  approval_denied: 403,
  approval_timeout: 403,
};

/** The HTTP status for an error response with this code; state conflicts are 409. */
export function routeStatus(code: ErrorCode): number {
  const http: number = ERROR_TABLE[code].http;
  return http >= 400 ? http : ROUTE_STATUS[code] ?? 409;
}

/** An error with a code and its extras: Porthole's (a string code) and a door's (BAP's numbers). */
export class CodedError<C, X> extends Error {
  readonly code: C;
  readonly extras: X;
  constructor(code: C, message: string, extras: X) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.extras = extras;
  }
}

/** The one error class of Porthole. Everything a door shows to a client is one of these. */
export class PortholeError extends CodedError<ErrorCode, ErrorExtras> {
  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}) {
    super(code, message, extras);
  }
  /** The HTTP status of this error when it ends a request (never 200: see `routeStatus`). */
  get status(): number {
    return routeStatus(this.code);
  }
  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.extras);
  }
}

/** Build an error body with the table's defaults filled in. */
export function errorBody(code: ErrorCode, message: string, extras: ErrorExtras = {}): ErrorBody {
  const body: ErrorBody = {
    code,
    message,
    retryable: extras.retryable ?? ERROR_TABLE[code].retryable,
  };
  if (extras.retryAfterMs !== undefined) body.retryAfterMs = extras.retryAfterMs;
  const hint = extras.recoveryHint ?? DEFAULT_HINTS[code];
  if (hint) body.recoveryHint = hint;
  if (extras.details) body.details = extras.details;
  return body;
}

/**
 * What CDP and puppeteer say when the browser, a target or its session went away under a
 * command. Whatever the door, such a failure is the contract's `browser_disconnected`, never a 500.
 */
const BROWSER_GONE =
  /Target closed|Session closed|detached|Connection closed|Browser target is not found|No target with given id|Target crashed|WebSocket is not open|Browser has been closed|browser has disconnected|Navigating frame was detached/i;

/** Whether a driver failure means the browser or the page's target is gone. */
export function isBrowserGone(message: string): boolean {
  return BROWSER_GONE.test(message);
}

/** Normalise anything thrown into a PortholeError; unknown throwables become `internal`. */
export function toPortholeError(err: unknown): PortholeError {
  if (err instanceof PortholeError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // The client went away (its request's signal): the operation was cancelled, not broken.
  if (err instanceof DOMException && err.name === "AbortError") {
    return new PortholeError("cancelled", "The operation was cancelled: its client went away");
  }
  if (isBrowserGone(message)) {
    return new PortholeError("browser_disconnected", `The page or browser went away: ${message}`);
  }
  return new PortholeError("internal", `Internal error: ${message}`);
}

// BAP's numeric errors, made from the table above: the BAP door only throws and sends them.

/** The seed's error codes by name (the numbers and their retry advice live in BAP_CODES). */
export const BAP = Object.fromEntries(
  Object.entries(BAP_CODES).map(([name, row]) => [name, row.code]),
) as { readonly [K in BapCodeName]: (typeof BAP_CODES)[K]["code"] };

type BapRow = { code: number; retryable: boolean; retryAfterMs?: number; hint?: string };
const BY_NUMBER = new Map<number, BapRow>(Object.values(BAP_CODES).map((row) => [row.code, row]));

export interface BapErrorOptions {
  retryable?: boolean;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
  recoveryHint?: string;
  /** True when the request ended before anything was sent to the page (agent/act may retry). */
  notDispatched?: boolean;
}

/** The wire `data` of an error. Members without a value are omitted, never null. */
export interface BapErrorData {
  retryable: boolean;
  retryAfterMs?: number;
  details: Record<string, unknown>;
  recoveryHint?: string;
}

export interface WireError {
  code: number;
  message: string;
  data: BapErrorData;
}

export class BapError extends CodedError<number, BapErrorOptions> {
  constructor(code: number, message: string, opts: BapErrorOptions = {}) {
    super(code, message, opts);
  }

  get retryable(): boolean {
    return this.extras.retryable ?? BY_NUMBER.get(this.code)?.retryable ?? false;
  }

  get notDispatched(): boolean {
    return this.extras.notDispatched ?? false;
  }

  toWire(): WireError {
    const data: BapErrorData = { retryable: this.retryable, details: this.extras.details ?? {} };
    if (data.retryable) {
      data.retryAfterMs = this.extras.retryAfterMs ?? BY_NUMBER.get(this.code)?.retryAfterMs ?? 500;
    }
    const hint = this.extras.recoveryHint ?? BY_NUMBER.get(this.code)?.hint;
    if (hint) data.recoveryHint = hint;
    return { code: this.code, message: this.message, data };
  }
}

/** A -32602 naming the parameter. */
export function invalidParams(field: string, message: string): BapError {
  return new BapError(BAP.InvalidParams, message, { details: { field }, notDispatched: true });
}

/** A Porthole error as a BAP error: the number comes from the shared table, `reason` keeps the name. */
export function fromPorthole(err: PortholeError, opts: BapErrorOptions = {}): BapError {
  const code: number = ERROR_TABLE[err.code].bap;
  const body = err.toBody();
  return new BapError(code, err.message, {
    retryable: body.retryable,
    retryAfterMs: body.retryAfterMs,
    recoveryHint: body.recoveryHint,
    details: { ...body.details, reason: err.code },
    ...opts,
  });
}

/** Anything thrown, as a BAP error. */
export function toBapError(err: unknown): BapError {
  if (err instanceof BapError) return err;
  if (err instanceof PortholeError) return fromPorthole(err);
  if (err instanceof Error && err.name === "TimeoutError") {
    return new BapError(BAP.Timeout, err.message);
  }
  return fromPorthole(toPortholeError(err));
}
