/**
 * The in-page script library every door shares (HTTP act, MCP, BAP observe and agent/observe,
 * the walker): what a field says for the credential rule (policy/sensitive.ts), what an element
 * reports about itself, and the hit test. Run in Porthole's isolated world with `this` bound to
 * the element. Kept as source text: they run in the page, not here.
 */

/** What the DOM says about a field, for the credential rule (FieldFacts without the accessible name). */
export const FIELD_FACTS = `function () {
  const el = this;
  const tag = el.localName;
  const type = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null;
  const labelledby = el.getAttribute("aria-labelledby");
  const root = el.getRootNode();
  const labelledbyUnresolved = !!labelledby && labelledby.trim().split(/\\s+/).some((id) =>
    !(root.getElementById ? root.getElementById(id) : document.getElementById(id)));
  return {
    tag, type, autocomplete: el.getAttribute("autocomplete"), name: el.getAttribute("name"), id: el.id || null,
    placeholder: el.getAttribute("placeholder"), ariaLabel: el.getAttribute("aria-label"), labelledbyUnresolved,
    dataSensitive: el.hasAttribute("data-sensitive"),
  };
}`;

/**
 * Whether the click point (frame coordinates) reaches this element or a descendant. A point on
 * a label of this element counts too: a click there activates the element, as for a checkbox
 * drawn by its label over a visually hidden input.
 */
export const HIT_TEST = `function (x, y) {
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return { ok: false, hit: "nothing" };
  for (let n = hit; n; n = n.parentNode || n.host) {
    if (n === this) return { ok: true };
    if (n.localName === "label" && n.control === this) return { ok: true };
  }
  const label = hit.localName + (hit.id ? "#" + hit.id : "") +
    (typeof hit.className === "string" && hit.className ? "." + hit.className.trim().split(/\\s+/).slice(0, 2).join(".") : "");
  return { ok: false, hit: label };
}`;

/** Whether an element is rendered: a box, not hidden (the same test for every door). */
export const IS_VISIBLE = `function () {
  const el = this;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden" &&
    (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
}`;

/** Requested properties of an element (observe/element); `sensitive` redacts its value. */
export const ELEMENT_PROPS = `function (props, sensitive) {
  const el = this;
  const out = { found: true };
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  for (const p of props) {
    if (p === "visible") out.visible = (${IS_VISIBLE}).call(el);
    else if (p === "enabled") out.enabled = !(el.matches(":disabled") || !!el.closest('[aria-disabled="true"]'));
    else if (p === "checked") {
      if (typeof el.checked === "boolean" && el.localName === "input" && ["checkbox", "radio"].includes(el.type)) out.checked = el.checked;
      else if (el.hasAttribute("aria-checked")) out.checked = el.getAttribute("aria-checked") === "true";
    }
    else if (p === "text") out.text = (el.innerText !== undefined ? el.innerText : el.textContent) || "";
    else if (p === "value") {
      if ("value" in el && typeof el.value === "string") out.value = sensitive ? "[REDACTED]" : el.value;
    }
    else if (p === "boundingBox") {
      if (rect.width > 0 || rect.height > 0) out.boundingBox = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }
    else if (p === "attributes") {
      out.attributes = {};
      for (const a of el.attributes) out.attributes[a.name] = sensitive && a.name === "value" ? "[REDACTED]" : a.value;
    }
    else if (p === "computedStyle") {
      out.computedStyle = {};
      for (let i = 0; i < style.length; i++) out.computedStyle[style[i]] = style.getPropertyValue(style[i]);
    }
  }
  return out;
}`;
