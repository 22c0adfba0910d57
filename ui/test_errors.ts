/** The test browser's errors as a person reads them: the seed's status mapping, then the server's message. */
import { ApiError } from "./api.ts";

export function readable(e: unknown): string {
  if (!(e instanceof ApiError)) return String((e as Error)?.message ?? e);
  const why = e.status === 429
    ? "The test browser is at capacity"
    : e.status === 503
    ? "The test browser is not available"
    : e.status === 409
    ? "That conflicts with the session's state"
    : e.status === 400
    ? "Invalid input"
    : e.status === 404
    ? "Not found"
    : `Error ${e.status}`;
  return `${why}: ${e.message} (${e.code}, HTTP ${e.status})`;
}
