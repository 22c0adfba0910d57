/**
 * In-page functions of `locate` (locate.ts), run in Porthole's isolated world of a frame, where
 * page scripts can neither see nor patch them. Roles are read with the walker's own ROLE_OF,
 * so "role=button name=Save" means what the observation prints. Kept as source text: they run
 * in the page, not here.
 */
import { ROLE_OF } from "../../snapshot/walker.ts";

/**
 * The elements a locator matches, in document order (open shadow roots included): the element
 * itself when exactly one matches, otherwise the number of matches (all of them with `all`).
 */
export const MATCH = `function (sel) {
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
  const shown = (el) => typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true });
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
    case "role": {
      const roleOf = ${ROLE_OF};
      const want = sel.role.toLowerCase();
      // Hidden elements leave the accessibility tree, as they leave the observation.
      found = all.filter((el) => roleOf(el).toLowerCase() === want && shown(el) &&
        (sel.name === undefined || matches(el.computedName, sel.name, sel.exact)));
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
        const t = root.getElementById ? root.getElementById(id) : document.getElementById(id);
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
    case "coordinates": {
      // The point is in the top-level viewport; this frame may sit anywhere inside it.
      let ox = 0, oy = 0;
      try {
        for (let w = window; w.frameElement; w = w.parent) {
          const r = w.frameElement.getBoundingClientRect();
          ox += r.left + w.frameElement.clientLeft;
          oy += r.top + w.frameElement.clientTop;
        }
      } catch (_) {}
      let h = document.elementFromPoint(sel.x - ox, sel.y - oy);
      while (h && h.shadowRoot) {
        const inner = h.shadowRoot.elementFromPoint(sel.x - ox, sel.y - oy);
        if (!inner || inner === h) break;
        h = inner;
      }
      if (h) found = [h];
      break;
    }
  }
  if (sel.all) return found;
  return found.length === 1 ? found[0] : found.length;
}`;

/**
 * Of an element (\`this\`): the ref numbers the document registry with \`token\` gave it and its
 * ancestors (through shadow hosts), nearest first, whether it is rendered visibly, and whether
 * it holds a frame.
 */
export const REF_CHAIN = `function (token) {
  const reg = globalThis.__porthole;
  const chain = [];
  if (reg && reg.doc === document && reg.token === token) {
    for (let n = this; n && chain.length < 64; n = n.parentElement || (n.parentNode && n.parentNode.host) || null) {
      const k = reg.byEl.get(n);
      if (k !== undefined) chain.push(k);
    }
  }
  const style = getComputedStyle(this);
  const rect = this.getBoundingClientRect();
  const visible = this.isConnected && rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" &&
    (typeof this.checkVisibility !== "function" || this.checkVisibility({ visibilityProperty: true }));
  return { chain, visible, owner: this.localName === "iframe" || this.localName === "frame" };
}`;
