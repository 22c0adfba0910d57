/**
 * BAP errors: the seed's numeric codes with `data.retryable` always present, and the mapping
 * from Porthole's string codes, which is the one table of lib/protocol/errors.ts.
 */
import { ERROR_TABLE, type ErrorCode, PortholeError, toPortholeError } from "../protocol/errors.ts";

/** The seed's error codes. */
export const BAP = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerError: -32000,
  NotInitialized: -32001,
  AlreadyInitialized: -32002,
  BrowserNotLaunched: -32010,
  PageNotFound: -32011,
  ElementNotFound: -32012,
  ElementNotVisible: -32013,
  ElementNotEnabled: -32014,
  NavigationFailed: -32015,
  Timeout: -32016,
  TargetClosed: -32017,
  SelectorAmbiguous: -32020,
  ActionFailed: -32021,
  ContextNotFound: -32023,
  ResourceLimitExceeded: -32024,
  ApprovalDenied: -32030,
  FrameNotFound: -32040,
  DomainNotAllowed: -32041,
} as const;

/** Retryable by default, as the seed's table says. */
const RETRYABLE = new Set<number>([-32000, -32012, -32013, -32014, -32015, -32016]);

/** How long to wait before retrying, when a retryable error does not say. */
const RETRY_AFTER: Record<number, number> = {
  [-32000]: 1000,
  [-32012]: 500,
  [-32013]: 500,
  [-32014]: 500,
  [-32015]: 1000,
  [-32016]: 0,
  [-32017]: 1000,
  [-32021]: 500,
  [-32024]: 1000,
  [-32603]: 500,
};

const HINTS: Record<number, string> = {
  [-32700]: "Send one JSON-RPC 2.0 object (or a batch array) per WebSocket message",
  [-32600]: "Send a JSON-RPC 2.0 request object with a string method and a string or number id",
  [-32601]: "Call a method of BAP 0.9.0; initialize returns the server's capabilities",
  [-32602]: "Fix the named parameter and send the request again",
  [-32603]: "Retry once; if it persists, observe the page again",
  [-32001]: "Call initialize first",
  [-32002]: "The connection is already initialized; call shutdown before initializing again",
  [-32010]: "Call browser/launch first",
  [-32011]: "Call page/list for the current pages, or page/create",
  [-32012]: "Run agent/observe to refresh interactive elements, then retry with an updated selector",
  [-32013]: "Scroll the element into view or wait until it is shown, then retry",
  [-32014]: "Wait until the element is enabled, then retry",
  [-32015]: "Check the URL and that the site is reachable, then retry",
  [-32016]: "Retry with a larger timeout",
  [-32017]: "Create a new page (or launch the browser again)",
  [-32020]: "Make the selector more specific (add a name, use testId or a ref from agent/observe)",
  [-32021]: "Observe the page to see what happened before acting again",
  [-32023]: "Call context/list for the existing contexts",
  [-32024]: "Close pages or contexts you no longer need",
  [-32040]: "Call frame/list for the page's frames",
  [-32041]: "Use an http(s) URL that Porthole's policy allows",
};

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

export class BapError extends Error {
  readonly code: number;
  readonly opts: BapErrorOptions;
  constructor(code: number, message: string, opts: BapErrorOptions = {}) {
    super(message);
    this.name = "BapError";
    this.code = code;
    this.opts = opts;
  }

  get retryable(): boolean {
    return this.opts.retryable ?? RETRYABLE.has(this.code);
  }

  get notDispatched(): boolean {
    return this.opts.notDispatched ?? false;
  }

  toWire(): WireError {
    const data: BapErrorData = { retryable: this.retryable, details: this.opts.details ?? {} };
    if (data.retryable) data.retryAfterMs = this.opts.retryAfterMs ?? RETRY_AFTER[this.code] ?? 500;
    const hint = this.opts.recoveryHint ?? HINTS[this.code];
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
  const code: number = ERROR_TABLE[err.code as ErrorCode].bap;
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
