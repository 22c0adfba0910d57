/**
 * An action by locators for any door: the core's `actOnLocators`, auto-wait included, as one
 * observation of the action histogram (the act operation's), or a trial, which only locates
 * and is no action.
 */
import { meteredAct } from "./ops.ts";
import type { ActWaitHost } from "../session/act/wait.ts";
import {
  actOnLocators,
  type LocatorNames,
  type LocatorsEnd,
  type LocatorSpec,
  type TrialSpec,
  tryLocators,
} from "../session/act/locators.ts";
import type { DurationHistogram } from "./metered.ts";

/**
 * Act on `spec` in the page's frame, or with `trial` (or no action in `spec`) only locate; the
 * histogram's outcome is the execution, or the code of the error the client gets.
 */
export function actByLocators(
  registry: { readonly metrics: { readonly actions: DurationHistogram } },
  session: ActWaitHost,
  page: { pageId: string; frameId?: string },
  spec: LocatorSpec | TrialSpec,
  o: { timeoutMs: number; names: LocatorNames; trial?: boolean },
  signal: AbortSignal,
): Promise<LocatorsEnd> {
  if (o.trial || !("action" in spec)) return tryLocators(session, page, spec, o.names, signal);
  return meteredAct(
    registry,
    spec.action,
    (r) => r.ok ? r.result!.execution : r.error.code,
    () => actOnLocators(session, page, spec, o.timeoutMs, o.names, signal),
  );
}
