import { CLIP, FIELD_FACTS, HIT_TEST, IS_VISIBLE } from "../../snapshot/page_lib.ts";

/**
 * Functions Porthole runs in its own isolated world of a frame, with `this` bound to the
 * element an action targets. Kept as source text: they run in the page, not here.
 */

export { FIELD_FACTS, HIT_TEST } from "../../snapshot/page_lib.ts";

/**
 * Facts about the target element; `doc` is the observed document node. With `hitTest`, a click
 * point already in the viewport is hit-tested in the same round trip, looking through `ignore`
 * (a drag's dragged node) when given.
 */
export const ELEMENT_INFO = `function (doc, hitTest, at, ignore) {
  const el = this;
  const root = el.getRootNode({ composed: true });
  const connected = el.isConnected && root === document;
  // A node resolved through its document's registry is of that document; doc, when given, says it again.
  const sameDocument = doc === null || doc === document;
  if (!connected || el.nodeType !== 1) return { connected, sameDocument };
  const tag = el.localName;
  const rect = el.getBoundingClientRect();
  const visible = (${IS_VISIBLE}).call(el);
  const disabled = el.matches(":disabled") || !!el.closest('[aria-disabled="true"]') || !!el.closest("[inert]");
  const textTypes = ["", "text", "search", "url", "tel", "email", "password", "number"];
  const valueTypes = ["date", "time", "datetime-local", "month", "week", "range", "color"];
  const type = tag === "input" ? el.type : null;
  const isTextInput = tag === "input" && textTypes.includes((el.getAttribute("type") || "").toLowerCase());
  const valueKind = tag === "input" && valueTypes.includes(type) ? type : null;
  const editable = (isTextInput || valueKind || tag === "textarea") ? !el.readOnly && !disabled : el.isContentEditable;
  let ox = 0, oy = 0, w = window, framesOk = true;
  try {
    while (w.frameElement) {
      const fe = w.frameElement;
      const fr = fe.getBoundingClientRect();
      const cs = w.parent.getComputedStyle(fe);
      ox += fr.left + fe.clientLeft + parseFloat(cs.paddingLeft);
      oy += fr.top + fe.clientTop + parseFloat(cs.paddingTop);
      w = w.parent;
    }
  } catch (_) { framesOk = false; }
  // at: a point from the box's top-left corner, else the box's center.
  const x = rect.left + (at ? at.x : rect.width / 2), y = rect.top + (at ? at.y : rect.height / 2);
  // Clipped by an ancestor's overflow: a box a person scrolls is scrolled to show it, as the
  // viewport is; one that hides its overflow shows it never (clipped).
  const clip = visible ? (${CLIP}).call(el) : null;
  const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && clip !== "scroll";
  // Clipped while it or an ancestor is carried by an animation (a carousel's slide on its way in).
  let moving = false;
  if (clip === "hidden") {
    const targets = new Set(document.getAnimations().filter((a) => a.playState === "running" && a.effect &&
      a.effect.target).map((a) => a.effect.target));
    for (let n = el; n && !moving; n = n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host)) {
      moving = targets.has(n);
    }
  }
  return {
    connected, sameDocument, visible, enabled: !disabled, editable, valueKind, framesOk,
    checked: typeof el.checked === "boolean" ? el.checked : null,
    downloadLink: !!el.closest("a[download], area[download]"),
    point: { x, y, inView, topX: x + ox, topY: y + oy },
    box: { width: rect.width, height: rect.height },
    clipped: clip === "hidden",
    moving,
    hit: hitTest && inView && visible && clip !== "hidden" ? (${HIT_TEST}).call(el, x, y, ignore) : null,
    facts: (${FIELD_FACTS}).call(el),
  };
}`;

/** Whether focus (through open shadow roots) is on this element or inside it (editable hosts). */
export const HAS_FOCUS = `function () {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a === this || (this.isContentEditable && this.contains(a));
}`;

export const FOCUS = `function () { this.focus({ preventScroll: true }); }`;

/** Select the whole content of a text field or editable element, so the next input replaces it. */
export const SELECT_ALL = `function () {
  if (typeof this.select === "function") { this.select(); return; }
  const range = document.createRange();
  range.selectNodeContents(this);
  const sel = this.ownerDocument.getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
}`;

/** The focused element (through open shadow roots) when it takes text, else null: for `press` without a ref. */
export const FOCUSED_FIELD = `function () {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return null;
  const takesText = a.localName === "textarea" || a.isContentEditable ||
    (a.localName === "input" && !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image", "hidden"]
      .includes((a.getAttribute("type") || "").toLowerCase()));
  return takesText ? a : null;
}`;

/** The postcondition: exact textContent of the single match of a selector. */
export const EXPECT_TEXT = `function (selector) {
  const all = document.querySelectorAll(selector);
  if (all.length !== 1) return { count: all.length };
  return { count: 1, text: all[0].textContent };
}`;

/**
 * Set the value of a date, time, range or color input the way its picker does, then fire input
 * and change. Run in Porthole's world, the assignment uses the element's own setter, never a
 * property a page script put on the node (a framework's value tracker sees a real change).
 */
export const SET_VALUE = `function (value) {
  this.value = value;
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return this.value;
}`;

/** Whether this input would keep `value` as given (a detached twin of the same type is asked). */
export const VALUE_ACCEPTED = `function (value) {
  const el = this;
  const probe = document.createElement("input");
  probe.type = el.type;
  for (const name of ["min", "max", "step"]) if (el.hasAttribute(name)) probe.setAttribute(name, el.getAttribute(name));
  probe.value = value;
  return probe.value === (el.type === "color" ? value.toLowerCase() : value);
}`;

/**
 * Put a text field's or an editor's caret after its last character; false where no script can
 * (an email or number input has no selection API: the End key moves its caret).
 */
export const CARET_TO_END = `function () {
  if (this.isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(this);
    range.collapse(false);
    const sel = this.ownerDocument.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    return true;
  }
  if (typeof this.value !== "string" || typeof this.setSelectionRange !== "function") return false;
  try { this.setSelectionRange(this.value.length, this.value.length); return true; } catch (_) { return false; }
}`;
