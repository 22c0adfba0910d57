/**
 * How an action stops: its own file, so the approval desk (which the registry holds from the
 * start) can throw it without loading the parameter checks and, with them, the input schemas.
 */
import type { ErrorCode } from "../../protocol/errors.ts";

/** An action stopped: the code and message become the result's error. */
export class Stop extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly recoveryHint?: string,
  ) {
    super(message);
  }
}
