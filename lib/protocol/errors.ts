/** One error family for every door (HTTP, BAP, MCP): a stable string code plus context. */

/** Every error code Porthole emits, with its HTTP status, BAP code and default retryability. */
export const ERROR_TABLE = {
  invalid_params: { http: 400, bap: -32602, retryable: false },
  unauthorized: { http: 401, bap: -32600, retryable: false },
  host_not_allowed: { http: 403, bap: -32600, retryable: false },
  request_origin_not_allowed: { http: 403, bap: -32600, retryable: false },
  not_found: { http: 404, bap: -32601, retryable: false },
  session_not_found: { http: 404, bap: -32011, retryable: false },
  page_not_found: { http: 404, bap: -32011, retryable: false },
  artifact_not_found: { http: 404, bap: -32011, retryable: false },
  frame_not_found: { http: 404, bap: -32040, retryable: false },
  body_too_large: { http: 413, bap: -32024, retryable: false },
  artifact_too_large: { http: 413, bap: -32024, retryable: false },
  context_limit: { http: 429, bap: -32024, retryable: true },
  page_limit: { http: 429, bap: -32024, retryable: true },
  queue_full: { http: 429, bap: -32024, retryable: true },
  artifact_limit: { http: 409, bap: -32024, retryable: false },
  browser_not_installed: { http: 503, bap: -32010, retryable: false },
  browser_disconnected: { http: 503, bap: -32017, retryable: true },
  session_disposed: { http: 503, bap: -32017, retryable: true },
  unknown_state: { http: 200, bap: -32012, retryable: true },
  stale_state: { http: 200, bap: -32012, retryable: true },
  target_changed: { http: 200, bap: -32012, retryable: true },
  document_changed: { http: 200, bap: -32012, retryable: true },
  element_detached: { http: 200, bap: -32012, retryable: true },
  element_changed: { http: 200, bap: -32012, retryable: true },
  element_not_visible: { http: 200, bap: -32013, retryable: true },
  element_not_enabled: { http: 200, bap: -32014, retryable: true },
  element_not_editable: { http: 200, bap: -32014, retryable: true },
  obscured: { http: 200, bap: -32021, retryable: true },
  focus_lost: { http: 200, bap: -32021, retryable: true },
  selector_ambiguous: { http: 400, bap: -32020, retryable: false },
  origin_mismatch: { http: 200, bap: -32041, retryable: false },
  frame_cross_origin: { http: 200, bap: -32041, retryable: false },
  sensitive_field: { http: 200, bap: -32021, retryable: false },
  secret_not_allowed: { http: 200, bap: -32021, retryable: false },
  origin_not_allowed: { http: 403, bap: -32041, retryable: false },
  scheme_not_allowed: { http: 400, bap: -32041, retryable: false },
  address_not_allowed: { http: 403, bap: -32041, retryable: false },
  navigation_blocked: { http: 200, bap: -32021, retryable: false },
  popup_blocked: { http: 200, bap: -32021, retryable: false },
  download_blocked: { http: 200, bap: -32021, retryable: false },
  navigation_failed: { http: 502, bap: -32015, retryable: true },
  timeout: { http: 504, bap: -32016, retryable: true },
  approval_denied: { http: 200, bap: -32030, retryable: false },
  approval_timeout: { http: 200, bap: -32030, retryable: false },
  observation_failed: { http: 200, bap: -32603, retryable: true },
  accessibility_unavailable: { http: 503, bap: -32603, retryable: true },
  snapshot_invalid: { http: 200, bap: -32603, retryable: true },
  internal: { http: 500, bap: -32603, retryable: false },
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
  browser_not_installed: "Run `porthole browser install`, or pass --chromium PATH",
  browser_disconnected: "Navigate or observe again; that starts a fresh browser",
  unknown_state: "Observe again and act on the stateId it returns",
  stale_state: "Observe again and act on the stateId it returns",
  target_changed: "Observe the active page again",
  document_changed: "The page loaded a new document; observe again",
  element_detached: "Observe again; the node is gone from the document",
  element_changed: "Observe again; the node changed since the observation",
  context_limit: "Close an idle session (DELETE /v1/sessions/{id}) or retry later",
  queue_full: "Wait for queued operations of this session to finish",
  page_limit: "Close a page of this session first",
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

/** The one error class of Porthole. Everything a door shows to a client is one of these. */
export class PortholeError extends Error {
  readonly code: ErrorCode;
  readonly extras: ErrorExtras;
  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.name = "PortholeError";
    this.code = code;
    this.extras = extras;
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

/** Normalise anything thrown into a PortholeError; unknown throwables become `internal`. */
export function toPortholeError(err: unknown): PortholeError {
  if (err instanceof PortholeError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new PortholeError("internal", `Internal error: ${message}`);
}
