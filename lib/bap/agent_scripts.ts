/** In-page functions for `agent/observe`, run in Porthole's isolated world of a frame. */

/** Interactive candidates in document order: rendered ones only (no display:none, hidden or empty box). */
export const CANDIDATES = `function () {
  const SEL = 'a[href], button, input:not([type="hidden"]), select, textarea, ' +
    '[role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="radio"], ' +
    '[role="switch"], [role="textbox"], [role="combobox"], [role="listbox"], [role="slider"], ' +
    '[contenteditable="true"], [contenteditable=""], [onclick], [tabindex]:not([tabindex="-1"])';
  return [...document.querySelectorAll(SEL)].filter((el) => {
    const s = getComputedStyle(el);
    if (s.display === "none" || s.visibility === "hidden") return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  });
}`;

/** Facts of each candidate (`this` is the array CANDIDATES returned). */
export const DESCRIBE = `function () {
  const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
  const roleOf = (el) => el.getAttribute("role") || el.localName;
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
  return this.map((el) => {
    const r = el.getBoundingClientRect();
    const parent = el.parentElement;
    let siblingIndex;
    if (parent) {
      const same = [...parent.children].filter((c) => roleOf(c) === roleOf(el));
      if (same.length >= 2) siblingIndex = same.indexOf(el);
    }
    const tag = el.localName;
    return {
      tagName: tag,
      roleAttr: el.getAttribute("role"),
      type: tag === "input" ? (el.getAttribute("type") || "text").toLowerCase() : null,
      testId: el.getAttribute("data-testid") || undefined,
      id: el.id || undefined,
      ariaLabel: el.getAttribute("aria-label") || undefined,
      nameAttr: el.getAttribute("name") || undefined,
      text: norm(tag === "input" && ["button", "submit", "reset"].includes((el.type || "").toLowerCase()) ? el.value : el.textContent),
      value: ["input", "textarea", "select"].includes(tag) && typeof el.value === "string" ? el.value : undefined,
      editableAttr: el.hasAttribute("contenteditable"),
      onclick: el.hasAttribute("onclick"),
      focused: document.activeElement === el,
      disabled: el.disabled === true,
      bounds: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) },
      parentRole: parent ? parent.getAttribute("role") || undefined : undefined,
      siblingIndex,
      cssPath: cssPath(el),
      facts: {
        tag, type: tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null,
        autocomplete: el.getAttribute("autocomplete"), name: el.getAttribute("name"), id: el.id || null,
        placeholder: el.getAttribute("placeholder"), ariaLabel: el.getAttribute("aria-label"),
      },
      dataSensitive: el.hasAttribute("data-sensitive"),
    };
  });
}`;

/** Draw Set-of-Marks boxes and badges in a closed shadow root over the page (removed by UNDRAW). */
export const DRAW = `function (marks, style) {
  const host = document.createElement("div");
  host.style.cssText = "position:fixed;inset:0;pointer-events:none;z-index:2147483647;opacity:" + style.opacity;
  const root = host.attachShadow({ mode: "closed" });
  for (const m of marks) {
    if (style.showBox) {
      const box = document.createElement("div");
      box.style.cssText = "position:fixed;box-sizing:border-box;left:" + m.x + "px;top:" + m.y + "px;width:" + m.w +
        "px;height:" + m.h + "px;border:" + style.boxWidth + "px " + style.boxStyle + " " + style.boxColor;
      root.appendChild(box);
    }
    const badge = document.createElement("div");
    badge.textContent = m.label;
    badge.style.cssText = "position:fixed;left:" + m.bx + "px;top:" + Math.max(0, m.by) + "px;min-width:" + style.size +
      "px;height:" + style.size + "px;line-height:" + style.size + "px;padding:0 3px;box-sizing:border-box;text-align:center;" +
      "background:" + style.badgeColor + ";color:" + style.textColor + ";font:" + style.font + ";white-space:nowrap";
    root.appendChild(badge);
  }
  document.documentElement.appendChild(host);
  globalThis.__portholeOverlay = host;
  return true;
}`;

export const UNDRAW = `function () {
  if (globalThis.__portholeOverlay) globalThis.__portholeOverlay.remove();
  globalThis.__portholeOverlay = undefined;
}`;
