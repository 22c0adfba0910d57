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
    labelText: el.labels && el.labels.length
      ? [...el.labels].map((l) => l.textContent || "").join(" ").trim().slice(0, 1024) : null,
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

/** The elements with ref numbers `ns` of the document whose registry has `token` (null where gone). */
export const ELEMENTS_BY_NUMBER = `function (token, ns) {
  const reg = globalThis.__porthole;
  const ok = reg && reg.doc === document && reg.token === token;
  return ns.map((n) => {
    const ref = ok ? reg.byN.get(n) : undefined;
    const el = ref && ref.deref();
    return el && el.isConnected ? el : null;
  });
}`;

/**
 * What BAP's agent/observe lists of each element of `this` (an array from ELEMENTS_BY_NUMBER),
 * given its core role and name: its facts, its box in viewport pixels, and its selectors, the
 * primary one and the alternatives in the seed's order (testId, role+name, css #id, text, css
 * path). Null for an element that is gone or has no box.
 */
export const DESCRIBE_ELEMENTS = `function (items) {
  const facts = ${FIELD_FACTS};
  const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
  const cssPath = (el) => {
    const steps = [];
    for (let n = el; n && n.nodeType === 1 && n !== document.body && n !== document.documentElement; n = n.parentElement) {
      if (n.id) { steps.unshift("#" + CSS.escape(n.id)); break; }
      let step = n.localName;
      const p = n.parentElement;
      if (p) {
        const same = [...p.children].filter((c) => c.localName === n.localName);
        if (same.length > 1) step += ":nth-of-type(" + (same.indexOf(n) + 1) + ")";
      }
      steps.unshift(step);
    }
    return steps.join(" > ");
  };
  const escId = (id) => id.replace(/[^A-Za-z0-9_-]/g, "\\\\$&");
  return this.map((el, i) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return null;
    const { role, name } = items[i];
    const tag = el.localName;
    const type = tag === "input" ? (el.getAttribute("type") || "text").toLowerCase() : null;
    const testId = el.getAttribute("data-testid") || undefined;
    const ariaLabel = el.getAttribute("aria-label") || undefined;
    const nameAttr = el.getAttribute("name") || undefined;
    const text = norm(tag === "input" && ["button", "submit", "reset"].includes(type) ? el.value : el.textContent);
    const path = cssPath(el);
    const all = [];
    if (testId) all.push({ type: "testId", value: testId });
    if (name && (ariaLabel || role !== tag)) all.push({ type: "role", role, name, exact: true });
    if (el.id) all.push({ type: "css", value: "#" + escId(el.id) });
    if (text && text.length < 50) all.push({ type: "text", value: text, exact: true });
    all.push({ type: "css", value: path });
    let primary;
    if (testId) primary = all[0];
    else if (ariaLabel && name) primary = { type: "role", role, name, exact: true };
    else if (text && text.length < 50) primary = { type: "text", value: text, exact: true };
    else if (el.id) primary = { type: "css", value: "#" + escId(el.id) };
    else if (nameAttr) primary = { type: "css", value: '[name="' + nameAttr.replace(/["\\\\]/g, "\\\\$&") + '"]' };
    else primary = { type: "css", value: path };
    const seen = new Set([JSON.stringify(primary)]);
    const alternatives = all.filter((s) => {
      const k = JSON.stringify(s);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return {
      tagName: tag,
      roleAttr: el.getAttribute("role"),
      type,
      ariaLabel,
      text,
      value: ["input", "textarea", "select"].includes(tag) && typeof el.value === "string" ? el.value : undefined,
      editableAttr: el.hasAttribute("contenteditable"),
      onclick: el.hasAttribute("onclick"),
      focused: document.activeElement === el,
      disabled: el.disabled === true,
      inSelect: tag === "option" && !!el.closest("select"),
      bounds: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) },
      cssPath: path,
      selector: primary,
      alternatives,
      facts: facts.call(el),
    };
  });
}`;
