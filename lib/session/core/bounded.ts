/** The frame of a core operation that reads or drives a page: its deadline, and what it ends with. */
import { driverError } from "../../driver/page_driver.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { deadline, effectiveTimeout } from "./deadline.ts";
import type { PageRecord } from "./page_record.ts";

/**
 * Run `fn` under the deadline of `timeoutMs` (0 or absent: the default). What it throws comes out
 * as a Porthole error: its own when it is one, the deadline's when that passed first, else the
 * driver's failure, described as `what`.
 */
export async function bounded<T>(
  timeoutMs: number | undefined,
  signal: AbortSignal,
  what: string,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const dl = deadline(effectiveTimeout(timeoutMs), signal);
  try {
    return await fn(dl.signal);
  } catch (err) {
    throw driverError(dl.signal.aborted && !(err instanceof PortholeError) ? dl.signal.reason : err, what);
  } finally {
    dl.dispose();
  }
}

/** `bounded` on the page an operation names (`pageId`, else the active page). */
export function onPageBounded<T>(
  session: { page(pageId?: string): PageRecord },
  input: { pageId?: string; timeoutMs?: number },
  signal: AbortSignal,
  what: string,
  fn: (rec: PageRecord, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return bounded(input.timeoutMs, signal, what, (sig) => fn(session.page(input.pageId), sig));
}
