/**
 * In-page functions for BAP selectors, run in Porthole's isolated world of a frame (page
 * scripts cannot see or patch them). Kept as source text: they run in the page, not here.
 */

/**
 * Find the elements a selector matches, in document order (open shadow roots included).
 * Returns the element when exactly one matches, otherwise the number of matches.
 */
export const FIND = `function (sel) {
  const norm = (s) => String(s == null ? "" : s).replace(/\\s+/g, " ").trim();
  const matches = (text, want, exact) => exact
    ? norm(text) === norm(want)
    : norm(text).toLowerCase().includes(norm(want).toLowerCase());
  const roots = [document];
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      all.push(el);
      if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
    }
  };
  walk(document);
  const SKIP = new Set(["script", "style", "noscript", "template", "head", "title", "meta", "link"]);
  const skipped = (el) => { for (let n = el; n; n = n.parentElement) if (SKIP.has(n.localName)) return true; return false; };
  let found = [];
  switch (sel.type) {
    case "css": {
      const seen = new Set();
      for (const root of roots) for (const el of root.querySelectorAll(sel.value)) {
        if (!seen.has(el)) { seen.add(el); found.push(el); }
      }
      break;
    }
    case "xpath": {
      const r = document.evaluate(sel.value, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      for (let i = 0; i < r.snapshotLength; i++) {
        const n = r.snapshotItem(i);
        if (n && n.nodeType === 1) found.push(n);
      }
      break;
    }
    case "testId":
      found = all.filter((el) => el.getAttribute("data-testid") === sel.value);
      break;
    case "placeholder":
      found = all.filter((el) => el.hasAttribute("placeholder") && matches(el.getAttribute("placeholder"), sel.value, sel.exact));
      break;
    case "label": {
      const textOf = (ids, root) => ids.split(/\\s+/).map((id) => {
        const t = (root.getElementById ? root.getElementById(id) : document.getElementById(id));
        return t ? t.textContent : "";
      }).join(" ");
      found = all.filter((el) => {
        const names = [];
        if (el.hasAttribute("aria-label")) names.push(el.getAttribute("aria-label"));
        if (el.hasAttribute("aria-labelledby")) names.push(textOf(el.getAttribute("aria-labelledby"), el.getRootNode()));
        if (el.labels) for (const l of el.labels) names.push(l.textContent);
        return names.some((n) => matches(n, sel.value, sel.exact));
      });
      break;
    }
    case "text": {
      const own = (el) => el.localName === "input" && ["button", "submit", "reset"].includes((el.type || "").toLowerCase())
        ? el.value : el.textContent;
      const hit = (el) => !skipped(el) && matches(own(el), sel.value, sel.exact);
      // The smallest elements holding the text: not those whose child element holds it too.
      found = all.filter((el) => hit(el) && ![...el.children].some(hit));
      break;
    }
  }
  return found.length === 1 ? found[0] : found.length;
}`;

/** The element and its ancestors (through shadow hosts), nearest first. */
export const ANCESTORS = `function () {
  const out = [];
  for (let n = this; n && out.length < 64; n = n.parentElement || (n.parentNode && n.parentNode.host) || null) out.push(n);
  return out;
}`;

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

/** The Porthole snapshot ref number of this element or its nearest ancestor that has one. */
export const SNAPSHOT_NUMBERS = `function () {
  const reg = globalThis.__porthole;
  if (!reg || reg.doc !== document || !reg.byEl) return null;
  const chain = [];
  for (let n = this; n && chain.length < 64; n = n.parentElement || (n.parentNode && n.parentNode.host) || null) {
    const k = reg.byEl.get(n);
    if (k !== undefined) chain.push(k);
  }
  return { token: reg.token, chain };
}`;
