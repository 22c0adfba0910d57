/**
 * `select`: options of a `<select>` (single or multiple) chosen by value or label. The options
 * are resolved before dispatch, so a value that matches nothing is refused with the list of
 * what the select offers; dispatch then selects them the way the browser's own picker does.
 */
import type { PageDriver } from "../../driver/page_driver.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { Stop } from "./params.ts";

type Resolved =
  | { ok: true; indexes: number[] }
  | { ok: false; why: "not_select" | "single" | "none" | "disabled"; value?: string; options?: Offered[] };

interface Offered {
  value: string;
  label: string;
  disabled?: boolean;
}

/** How many options an error lists. */
const LIST_MAX = 50;

/** The index of the option each value names: its value first, else its label (trimmed text). */
const RESOLVE_OPTIONS = `function (values, listMax) {
  const el = this;
  if (el.localName !== "select") return { ok: false, why: "not_select" };
  const options = [...el.options];
  const label = (o) => (o.label || o.textContent || "").replace(/\\s+/g, " ").trim();
  const offered = () => options.slice(0, listMax).map((o) => ({ value: o.value, label: label(o), disabled: o.disabled || undefined }));
  if (!el.multiple && values.length !== 1) return { ok: false, why: "single", options: offered() };
  const indexes = [];
  for (const value of values) {
    const o = options.find((o) => o.value === value) || options.find((o) => label(o) === value.replace(/\\s+/g, " ").trim());
    if (!o) return { ok: false, why: "none", value, options: offered() };
    if (o.disabled || (o.parentElement && o.parentElement.localName === "optgroup" && o.parentElement.disabled)) {
      return { ok: false, why: "disabled", value };
    }
    if (!indexes.includes(o.index)) indexes.push(o.index);
  }
  return { ok: true, indexes };
}`;

/** Step 4: the indexes of the options `values` name, or a refusal that lists the options. */
export async function optionIndexes(
  driver: PageDriver,
  objectId: string,
  ref: RefTarget,
  values: string[],
  signal: AbortSignal,
): Promise<number[]> {
  const r = await driver.callOn<Resolved>(objectId, RESOLVE_OPTIONS, [values, LIST_MAX], signal);
  if (r.ok) return r.indexes;
  // Option labels and values are the page's: they go in details, never in the message.
  const what = ref.ref;
  const element = { ref: ref.ref, role: ref.role, name: ref.name };
  const details = { field: "values", options: r.options, ...element };
  switch (r.why) {
    case "not_select":
      throw new Stop("invalid_params", `${what} is not a <select>; click its options instead`, {
        ...element,
        field: "ref",
      });
    case "single":
      throw new Stop(
        "invalid_params",
        `${what} takes exactly one value; details.options lists them`,
        details,
      );
    case "none":
      throw new Stop(
        "invalid_params",
        `No option of ${what} has that value or label; details.options lists them`,
        { ...details, value: r.value!.slice(0, 200) },
      );
    case "disabled":
      throw new Stop("element_not_enabled", `That option of ${what} is disabled`, {
        ...element,
        value: r.value!.slice(0, 200),
      });
  }
}

/**
 * Select exactly these options and fire input and change, as the browser's picker does. Focus
 * goes to the select first, as a user's click would put it there.
 */
const SELECT_OPTIONS = `function (indexes) {
  this.focus({ preventScroll: true });
  for (const o of this.options) o.selected = indexes.includes(o.index);
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return [...this.selectedOptions].map((o) => o.index);
}`;

/** Step 5: select the resolved options. */
export async function selectOptions(
  driver: PageDriver,
  objectId: string,
  indexes: number[],
  signal: AbortSignal,
): Promise<void> {
  await driver.callOn<number[]>(objectId, SELECT_OPTIONS, [indexes], signal);
}
