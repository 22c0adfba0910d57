/**
 * Why a locator names no one element, as the Porthole error every door reports (each code's BAP
 * number is in the one table), in the client's own words: messages quote the locator it sent.
 */
import type { Locator } from "../../protocol/locator.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { Located } from "./locate.ts";

export type LocateFailure = Exclude<Located, { ok: true }>;

/** What a locator names, as the client wrote it. */
export function describeLocator(sel: Locator): string {
  switch (sel.type) {
    case "ref":
      return sel.ref;
    case "role":
      return `role=${sel.role}${sel.name === undefined ? "" : ` name="${sel.name}"`}`;
    case "semantic":
      return `semantic "${sel.description}"`;
    case "coordinates":
      return `the element at (${sel.x}, ${sel.y})`;
    default:
      return `${sel.type} "${sel.value}"`;
  }
}

/** The error for `sel` (sent as `field`) naming no one element because of `r`. */
export function locateFailure(sel: Locator, r: LocateFailure, field = "locator"): PortholeError {
  const what = describeLocator(sel);
  const details = { selector: sel };
  switch (r.why) {
    case "invalid":
      return new PortholeError("invalid_params", `The selector is not valid: ${r.message}`, {
        details: { field },
      });
    case "ambiguous":
      return new PortholeError(
        "selector_ambiguous",
        `${what} matched ${r.count} elements; it must match exactly one`,
        {
          details: { ...details, count: r.count },
        },
      );
    case "not_found":
      return new PortholeError("element_not_found", `No element matches ${what}`, { details });
    case "unknown_ref":
      return new PortholeError("element_not_found", `${what} is not a ref of the page's current document`, {
        details,
        recoveryHint: "Observe again and use the refs it returns",
      });
    case "changed":
      return new PortholeError(
        "element_changed",
        `${what} was ${r.was.role} "${r.was.name}" and is now ${r.now.role} "${r.now.name}"; observe again`,
        { details },
      );
    case "not_visible":
      return new PortholeError("element_not_visible", `${what} is not visible`, { details });
    case "no_ref":
      return new PortholeError(
        "no_ref",
        `${what} is not an element Porthole can act on: it is not interactive, or outside the observed snapshot`,
        { details },
      );
  }
}
