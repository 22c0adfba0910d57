/**
 * Names other modules import from here: the actionable roles and the shape of a ref. The
 * snapshot itself is read by the in-page walker (walker.ts) and rendered by render.ts.
 */
import { INTERACTIVE_ROLE_LIST } from "./walker.ts";

export type { RefTarget } from "./render.ts";

/** Roles that are actionable by nature. */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set(INTERACTIVE_ROLE_LIST);
