/** Deadlines every door shares. */

/** The largest timeout any door accepts, in ms (HTTP `timeoutMs`, MCP `timeout_ms`, BAP `timeout`). */
export const MAX_TIMEOUT_MS = 60_000;
/** The deadline of an operation given no timeout (or 0). */
export const DEFAULT_TIMEOUT_MS = 30_000;
