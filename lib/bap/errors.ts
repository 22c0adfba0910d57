/**
 * BAP errors: the seed's numeric codes with `data.retryable` always present, and the mapping
 * from Porthole's string codes, which is the one table of lib/protocol/errors.ts.
 */
import {
  BAP_CODES,
  type BapCodeName,
  CodedError,
  ERROR_TABLE,
  type ErrorCode,
  PortholeError,
  toPortholeError,
} from "../protocol/errors.ts";

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
