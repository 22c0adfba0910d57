/**
 * Plan mode: a session that observes and reads only. What would act (an operation that is not
 * read-only, an action of any door) is refused, named as the client named it.
 */
import { PortholeError } from "../protocol/errors.ts";

/**
 * Refuse `what` (and the `details` that name it) when the session is in plan mode. A door may
 * check before a call queues in the session's gate; the core checks again where it acts.
 */
export function refuseInPlanMode(
  session: {
    readonly id: string;
    readonly mode: "execute" | "plan";
    /** Told of each refusal (the session's journal records it). */
    planRefused?(what: string, details: Record<string, unknown>): void;
  },
  what: string,
  details: Record<string, unknown>,
): void {
  if (session.mode !== "plan") return;
  session.planRefused?.(what, details);
  throw new PortholeError("plan_mode", `Session ${session.id} is in plan mode: ${what} is refused`, {
    details,
  });
}
