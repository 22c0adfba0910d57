/** The action hints of a listed element (BAP's `actionHints`), read from the facts the element list has. */
import type { RefElement } from "./ref_elements.ts";

const TEXT_INPUTS = new Set([
  "text",
  "search",
  "email",
  "url",
  "tel",
  "password",
  "number",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
]);

/** What an element can be asked to do: clickable, editable, selectable, checkable, submittable. */
export function actionHints(f: RefElement, role: string): string[] {
  const out: string[] = [];
  const tag = f.tagName;
  const clickable = tag === "a" || tag === "button" || f.onclick ||
    ["button", "link", "menuitem", "tab", "switch"].includes(role) ||
    (tag === "input" && ["button", "submit", "reset", "image"].includes(f.type ?? ""));
  if (clickable) out.push("clickable");
  if ((tag === "input" && TEXT_INPUTS.has(f.type ?? "text")) || tag === "textarea" || f.editableAttr) {
    out.push("editable");
  }
  if (tag === "select" || role === "listbox") out.push("selectable");
  if (
    ["checkbox", "radio", "switch"].includes(role) ||
    (tag === "input" && ["checkbox", "radio"].includes(f.type ?? ""))
  ) {
    out.push("checkable");
  }
  if (tag === "input" && f.type === "submit" || tag === "button" && f.type !== "button") {
    out.push("submittable");
  }
  return [...new Set(out)];
}
