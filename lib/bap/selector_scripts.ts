/**
 * In-page reads of one element for BAP (observe/element, agent/act conditions, drag points),
 * run in Porthole's isolated world of a frame (page scripts cannot see or patch them). Finding
 * elements is the core's (session/locate_script.ts). Kept as source text: they run in the page.
 */

/** Read requested properties of an element; values of credential fields are redacted. */
export const ELEMENT_PROPS = `function (props, sensitive) {
  const el = this;
  const out = { found: true };
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  const visible = rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" &&
    (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
  for (const p of props) {
    if (p === "visible") out.visible = visible;
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

/** Facts of a field for the credential-field rules (policy/sensitive.ts), plus `data-sensitive`. */
export const FIELD_FACTS = `function () {
  const el = this;
  const tag = el.localName;
  return {
    tag, type: tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null,
    autocomplete: el.getAttribute("autocomplete"), name: el.getAttribute("name"), id: el.id || null,
    placeholder: el.getAttribute("placeholder"), ariaLabel: el.getAttribute("aria-label"),
    dataSensitive: el.hasAttribute("data-sensitive"),
  };
}`;

/**
 * Whether an element can take pointer input now: connected, visible, enabled, its center (in
 * frame and top-level coordinates), and with `hitTest`, whether that point reaches it.
 */
export const ELEMENT_STATE = `function (hitTest) {
  const el = this;
  const connected = el.isConnected;
  if (!connected || el.nodeType !== 1) return { connected: false };
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  const visible = rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" &&
    (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
  const enabled = !(el.matches(":disabled") || !!el.closest('[aria-disabled="true"]') || !!el.closest("[inert]"));
  let ox = 0, oy = 0;
  try {
    for (let w = window; w.frameElement; w = w.parent) {
      const r = w.frameElement.getBoundingClientRect();
      ox += r.left + w.frameElement.clientLeft;
      oy += r.top + w.frameElement.clientTop;
    }
  } catch (_) {}
  const x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
  const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  let hit = null;
  if (hitTest && inView && visible) {
    let h = document.elementFromPoint(x, y);
    while (h && h.shadowRoot) { const inner = h.shadowRoot.elementFromPoint(x, y); if (!inner || inner === h) break; h = inner; }
    let ok = false;
    for (let n = h; n; n = n.parentNode || n.host) if (n === el) { ok = true; break; }
    hit = { ok, by: h ? h.localName + (h.id ? "#" + h.id : "") : "nothing" };
  }
  return { connected, visible, enabled, point: { x, y, inView, topX: x + ox, topY: y + oy }, hit };
}`;
