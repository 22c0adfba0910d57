/**
 * `fill_form`: several fields of one observed state, in order, each as the single-field action
 * its element takes (fill or clear a text field, check or uncheck a checkbox, select options),
 * so every field passes exactly the checks that action makes. Which action a field takes is
 * decided from the observation alone, before anything is read from the page.
 */
import type { ActInput } from "../../protocol/schemas.ts";
import type { ErrorBody } from "../../protocol/errors.ts";
import { Stop } from "./params.ts";
import type { StateRecord } from "../core/states.ts";

const CHECKABLE = new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"]);

export type FormField = NonNullable<ActInput["fields"]>[number];

/** What happened to one field: done, nothing to do, refused or failed (with why), or never reached. */
export interface FieldOutcome {
  ref: string;
  action: ActInput["action"];
  outcome: "completed" | "noop" | "refused" | "failed" | "skipped";
  error?: ErrorBody;
}

const bad = (field: string, message: string) => new Stop("invalid_params", message, { field });

/** Step 3 for the form as a whole: only `fields` (and the options every action takes) go with it. */
export function checkForm(input: ActInput): FormField[] {
  if (!input.fields) throw bad("fields", `"fill_form" needs fields: [{ref, value}]`);
  for (const key of ["ref", "text", "secretRef", "values", "toRef", "url", "key", "files"] as const) {
    if (input[key] !== undefined) throw bad(key, `"fill_form" takes its fields in fields, not ${key}`);
  }
  return input.fields;
}

/** The single-field action of field `i`; a value its element cannot take is invalid_params. */
export function fieldAction(input: ActInput, state: StateRecord, f: FormField, i: number): ActInput {
  const base = {
    stateId: input.stateId,
    targetId: input.targetId,
    ref: f.ref,
    expectedOrigin: input.expectedOrigin,
    timeoutMs: input.timeoutMs,
  };
  const ref = state.refs.get(f.ref);
  if (!ref) throw bad(`fields.${i}.ref`, `${f.ref} is not a ref of state ${state.stateId}`);
  const what = `${f.ref} (${ref.role} "${ref.name}")`;
  if (CHECKABLE.has(ref.role)) {
    if (typeof f.value !== "boolean") throw bad(`fields.${i}.value`, `${what} takes true or false`);
    return { ...base, action: f.value ? "check" : "uncheck" };
  }
  if (ref.select || ref.role === "listbox") {
    if (typeof f.value === "boolean") {
      throw bad(`fields.${i}.value`, `${what} takes the value or label of an option`);
    }
    return { ...base, action: "select", values: Array.isArray(f.value) ? f.value : [f.value] };
  }
  if (typeof f.value !== "string") throw bad(`fields.${i}.value`, `${what} takes a text`);
  return f.value === "" ? { ...base, action: "clear" } : { ...base, action: "fill", text: f.value };
}
