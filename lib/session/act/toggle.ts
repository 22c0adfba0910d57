/**
 * `check` and `uncheck`: checkboxes, radio buttons and switches, native or ARIA. One already in
 * the wanted state is left alone (`noop`); otherwise it is clicked like any button, so the page's
 * own handlers decide what a click means.
 */
import type { PageDriver } from "../../driver/page_driver.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { Stop } from "./params.ts";

interface ToggleState {
  kind: "checkbox" | "radio" | null;
  checked: boolean | "mixed";
}

/** The node's kind and checked state; a label speaks for the control it labels. */
const TOGGLE_STATE = `function () {
  let el = this;
  if (el.localName === "label" && el.control) el = el.control;
  if (el.localName === "input" && (el.type === "checkbox" || el.type === "radio")) {
    return { kind: el.type, checked: el.indeterminate ? "mixed" : el.checked };
  }
  const role = (el.getAttribute("role") || "").trim().split(/\\s+/)[0];
  const kind = ["checkbox", "switch", "menuitemcheckbox"].includes(role) ? "checkbox"
    : ["radio", "menuitemradio"].includes(role) ? "radio" : null;
  const aria = el.getAttribute("aria-checked");
  return { kind, checked: aria === "mixed" ? "mixed" : aria === "true" };
}`;

/** Whether the toggle is already in the wanted state; refuses nodes that are no toggles. */
export async function toggleIsNoop(
  driver: PageDriver,
  objectId: string,
  ref: RefTarget,
  action: "check" | "uncheck",
  signal: AbortSignal,
): Promise<boolean> {
  const state = await driver.callOn<ToggleState>(objectId, TOGGLE_STATE, [], signal);
  const what = `${ref.ref} (${ref.role} "${ref.name}")`;
  if (!state.kind) {
    throw new Stop(
      "invalid_params",
      `${what} is not a checkbox, radio button or switch; "${action}" needs one`,
      {
        field: "ref",
      },
    );
  }
  const want = action === "check";
  if (state.kind === "radio" && !want && state.checked === true) {
    throw new Stop(
      "invalid_params",
      `${what} is a radio button: it cannot be unchecked, only another option of its group checked`,
      { field: "ref" },
    );
  }
  return state.checked === want;
}
