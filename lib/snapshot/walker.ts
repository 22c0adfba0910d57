/**
 * The in-page walker: Porthole reads a document in its own isolated world (page scripts can
 * neither reach nor patch it), taking roles and names from Chromium itself through
 * `Element.computedRole` / `Element.computedName` (blink feature `ComputedAccessibilityInfo`).
 * One call per frame returns a compact, flat list of what the snapshot shows; the rendering
 * into lines happens in Porthole (render.ts), where it is pure and unit-tested.
 *
 * Refs live in a per-document registry in the isolated world: an element keeps its number for
 * the life of its document and a number is never given to another element, so refs are stable
 * across observations and an action resolves a ref in the frame it came from (RESOLVE_REF).
 *
 * Kept as source text: it runs in the page, not here.
 */
import type { FieldFacts } from "../policy/sensitive.ts";
import { FIELD_FACTS, HIT_TEST, SETTLE_DISARM } from "./page_lib.ts";

/** One record of the walk, in document (flat tree) order; `d` is the emitted nesting level. */
export interface WalkNode {
  d: number;
  /** Chromium's computed role (`text` for a text run). */
  r: string;
  /** Chromium's computed accessible name. */
  n?: string;
  /** Text of a text run. */
  t?: string;
  /** Ref number in the document's registry, when the node is actionable. */
  ref?: number;
  /** State flags, see FLAG. */
  f?: number;
  /** Heading level. */
  lv?: number;
  /** Current value of a text field (credential fields are decided by Porthole, see render.ts). */
  v?: string;
  /** Facts of a field for the credential rule (page_lib.ts FIELD_FACTS). */
  fx?: FieldFacts;
  /** Link target, absolute and raw (redacted when rendered). */
  u?: string;
  /** An iframe: index into the frame owners passed to the walker (-1: not known). */
  fr?: number;
  /** A custom element without an open shadow root: index into the registry's `closed` candidates. */
  c?: number;
  /** A `<select>` (fill_form picks its options rather than typing). */
  sel?: 1;
  /**
   * A scroll container: its scroll offset, visible extent and whole extent in CSS px, along the
   * axis it scrolls (y when it scrolls both ways; `x` set when that axis is x).
   */
  sc?: { at: number; shown: number; total: number; x?: 1 };
  /** An editor (`contenteditable`) with formatted text: its children are walked too, formatting kept. */
  rich?: 1;
}

export interface WalkResult {
  /** Identifies the document's ref registry; a new token means refs started again. */
  token: string;
  /** The next ref number the registry will give. */
  next: number;
  /** The document's own origin (`null` for opaque ones such as sandboxed frames). */
  origin: string;
  title: string;
  /** The walk stopped early because the tree would be far over the size cap. */
  cut: boolean;
  nodes: WalkNode[];
  /** Whether listeners recorded by the document-start script were read. */
  recorder: boolean;
  /** Whether this document's actionable nodes got refs. */
  refs: boolean;
}

export interface WalkOptions {
  tier: "full" | "interactive" | "minimal";
  /** Stop once the estimated size is this many bytes (a multiple of the cap). */
  budget: number;
  /** Give refs only when the document's origin is this one ("*": always). */
  refsIf: string;
  /** Lowest ref number to give next (Porthole's high-water mark for this document). */
  floor: number;
  /** The first frame-owner argument is instead the element to walk from (itself included). */
  root?: boolean;
}

export const FLAG = {
  disabled: 1,
  checked: 2,
  mixed: 4,
  selected: 8,
  expanded: 16,
  pressed: 32,
  required: 64,
  readonly: 128,
  /** The focused element (through shadow roots). */
  active: 256,
  // Consequences, read of refs only: what acting on the element would do, by the page's own markup.
  /** A form's submitter (a submit button or input with a form owner). */
  submits: 512,
  /** Opens another window: a link's or a submitter's target is `_blank` or a name no frame here has. */
  popup: 1024,
  /** A link with `download`: following it downloads. */
  download: 2048,
  /** Something else is on top of its click point (the act's own hit test: it would be `obscured`). */
  covered: 4096,
  /** Its box lies outside the page's scrollable area: no scrolling of the page shows it. */
  offscreen: 8192,
} as const;

/** Roles that are actionable by nature. */
export const INTERACTIVE_ROLE_LIST = [
  "button",
  "link",
  "textbox",
  "searchbox",
  "checkbox",
  "radio",
  "switch",
  "combobox",
  "listbox",
  "option",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "tab",
  "slider",
  "spinbutton",
  "treeitem",
  "scrollbar",
  "gridcell",
];

/**
 * The role of an element as the walker and the action's fingerprint both read it: Chromium's
 * `computedRole`, completed the way HTML-AAM maps the controls Chromium leaves empty (date,
 * time and color inputs are textboxes, `summary` a button, an editing host a textbox). Chromium's
 * internal names never leave it: `label` has no role, and only `Iframe` and `LineBreak` remain
 * as markers the walker consumes (an iframe renders as `iframe`, a line break as a space).
 */
export const ROLE_OF = `(el) => {
  const r = el.computedRole;
  const t = el.localName;
  if (t === "input" && !r && /^(date|time|datetime-local|month|week|color)$/.test(el.type)) return "textbox";
  if ((!r || r === "generic") && el.isContentEditable && !el.hasAttribute("role") &&
    !(el.parentElement && el.parentElement.isContentEditable)) return "textbox";
  if (r) return r;
  return t === "summary" ? "button" : t === "iframe" || t === "frame" ? "Iframe" : t === "br" ? "LineBreak" : "";
}`;

/** The action's fresh fingerprint of a ref's element (`this`): Chromium's role and name now. */
export const FINGERPRINT = `function () {
  return { role: (${ROLE_OF})(this), name: this.computedName || "" };
}`;

/**
 * The element with ref number `n` of the document whose registry has `token`, or null when the
 * document was replaced, the element is gone, or it left the document.
 */
export const RESOLVE_REF = `function (token, n) {
  const reg = globalThis.__porthole;
  if (!reg || reg.doc !== document || reg.token !== token) return null;
  const ref = reg.byN.get(n);
  const el = ref && ref.deref();
  return el && el.isConnected ? el : null;
}`;

/** The document of the registry with `token`, or null (the action's document identity check). */
export const RESOLVE_DOCUMENT = `function (token) {
  const reg = globalThis.__porthole;
  return reg && reg.doc === document && reg.token === token ? document : null;
}`;

/** The custom elements of the last walk that may host a closed shadow root. */
export const CLOSED_CANDIDATES = `function () {
  const reg = globalThis.__porthole;
  return reg && reg.doc === document ? reg.closed : [];
}`;

/** The walker: `function (opts, ...frameOwners)` (with `opts.root`: `(opts, root, ...frameOwners)`), returning a WalkResult. */
export const WALKER = `function (opts, ...frameOwners) {
  // An observation ends an action's settle: a DOM observer the settle left armed in this world
  // (its early answer was kept) stops here, without a command of its own (act/settle.ts).
  (${SETTLE_DISARM})();
  const start = opts.root ? frameOwners.shift() : document.documentElement;
  let reg = globalThis.__porthole;
  if (!reg || reg.doc !== document) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    reg = globalThis.__porthole = {
      doc: document, token: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""),
      next: 1, byEl: new WeakMap(), byN: new Map(), closed: [],
    };
  }
  if (!("computedRole" in Element.prototype)) throw new Error("ComputedAccessibilityInfo is not enabled");
  if (opts.floor > reg.next) reg.next = opts.floor;
  opts.refs = opts.refsIf === "*" || (opts.refsIf !== "null" && self.origin === opts.refsIf);
  reg.closed = [];
  const roleOf = ${ROLE_OF};
  const fieldFacts = ${FIELD_FACTS};
  const INTERACTIVE = new Set(${JSON.stringify(INTERACTIVE_ROLE_LIST)});
  const INLINE = new Set(["generic", "none", "presentation", "", "emphasis", "strong", "code", "deletion",
    "insertion", "subscript", "superscript", "mark", "time"]);
  const FIELDS = new Set(["textbox", "searchbox", "combobox", "spinbutton", "slider"]);
  // Inline roles that carry meaning inside an editor (a bold word must be seen bold there).
  const FORMATTING = new Set(["emphasis", "strong", "code", "deletion", "insertion", "subscript", "superscript",
    "mark"]);
  const FORMATTED = "strong, b, em, i, code, mark, del, s, ins, u, sub, sup";
  const scrollOf = (el, tag, st) => {
    if (tag === "html" || tag === "body") return null;
    const can = (overflow, size, client) => /auto|scroll|overlay/.test(overflow) && size > client + 1;
    if (can(st.overflowY, el.scrollHeight, el.clientHeight)) {
      return { at: Math.round(el.scrollTop), shown: el.clientHeight, total: el.scrollHeight };
    }
    if (can(st.overflowX, el.scrollWidth, el.clientWidth)) {
      return { at: Math.round(el.scrollLeft), shown: el.clientWidth, total: el.scrollWidth, x: 1 };
    }
    return null;
  };
  // Elements whose current value is their line's text: HTML-AAM's value of the control.
  const VALUED = new Set(["progress", "meter"]);
  const LANDMARKS = new Set(["banner", "complementary", "contentinfo", "form", "main", "navigation", "region",
    "search", "dialog", "alertdialog", "heading"]);
  const HANDLERS = ["onclick", "onmousedown", "onmouseup", "onpointerdown", "onpointerup", "ondblclick",
    "ondragstart", "ondrop", "ondragover"];
  const MAX_TEXT = 4000;

  // Elements whose click listeners the document-start script recorded (see listeners.ts).
  const listened = new Set();
  let recorder = false;
  const onMark = (e) => { recorder = true; const t = e.composedPath()[0]; if (t) listened.add(t); };
  const onHello = () => { recorder = true; };
  window.addEventListener("porthole:mark", onMark, true);
  window.addEventListener("porthole:hello", onHello, true);
  try { window.dispatchEvent(new Event("porthole:collect")); } finally {
    window.removeEventListener("porthole:mark", onMark, true);
    window.removeEventListener("porthole:hello", onHello, true);
  }

  // The focused element, through open shadow roots, only in the document that has the focus;
  // the document itself is not "active".
  let active = document.hasFocus() ? document.activeElement : null;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (active === document.body || active === document.documentElement) active = null;
  let modal = null;
  try { modal = document.querySelector(":modal"); } catch (_) { /* older engines */ }
  const out = [];
  const seen = new Set();
  let est = 0;
  let cut = false;
  const tier = opts.tier;

  const refFor = (el) => {
    let n = reg.byEl.get(el);
    if (!n) {
      n = reg.next++;
      reg.byEl.set(el, n);
      reg.byN.set(n, new WeakRef(el));
    }
    return n;
  };
  const cost = (node, kept) => {
    if (!kept) return;
    est += 2 * node.d + 8 + node.r.length + (node.n ? node.n.length + 3 : 0) + (node.t ? node.t.length : 0) +
      (node.ref ? 8 : 0);
    if (est > opts.budget) cut = true;
  };
  const flush = (run, d) => {
    if (run.text === "") return;
    const text = run.text;
    run.text = "";
    if (!/\\S/.test(text)) return;
    const node = { d, r: "text", t: text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text };
    out.push(node);
    cost(node, tier === "full");
  };
  const attr = (el, name) => el.getAttribute(name);
  const flags = (el, role, tag) => {
    let f = 0;
    if ((typeof el.disabled === "boolean" && el.matches(":disabled")) || attr(el, "aria-disabled") === "true") f |= 1;
    if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" ||
      role === "menuitemradio") {
      if (tag === "input") {
        if (el.indeterminate) f |= 4; else if (el.checked) f |= 2;
      } else {
        const c = attr(el, "aria-checked");
        if (c === "mixed") f |= 4; else if (c === "true") f |= 2;
      }
    }
    if (tag === "option" ? el.selected : attr(el, "aria-selected") === "true") f |= 8;
    if (tag === "summary" ? !!(el.parentElement && el.parentElement.localName === "details" && el.parentElement.open)
      : attr(el, "aria-expanded") === "true") f |= 16;
    if (attr(el, "aria-pressed") === "true") f |= 32;
    if (el.required === true || attr(el, "aria-required") === "true") f |= 64;
    if (FIELDS.has(role) && (el.readOnly === true || attr(el, "aria-readonly") === "true")) f |= 128;
    if (el === active) f |= 256;
    return f;
  };
  const TARGET_SELF = new Set(["", "_self", "_parent", "_top"]);
  const opensWindow = (target) => {
    const t = (target || "").trim().toLowerCase();
    if (TARGET_SELF.has(t)) return false;
    if (t === "_blank") return true;
    for (const e of document.getElementsByName(target.trim())) if (e.localName === "iframe" || e.localName === "frame") return false;
    return true;
  };
  const hitTest = ${HIT_TEST};
  // What acting on a ref would do, and whether it can be reached: the same box and hit test as the act's.
  const consequences = (el, tag) => {
    let f = 0;
    if (tag === "a" || tag === "area") {
      if (el.hasAttribute("href")) {
        if (el.hasAttribute("download")) f |= 2048;
        else if (opensWindow(attr(el, "target"))) f |= 1024;
      }
    } else if (el.form && ((tag === "button" && el.type === "submit") ||
      (tag === "input" && (el.type === "submit" || el.type === "image")))) {
      f |= 512;
      const target = el.hasAttribute("formtarget") ? attr(el, "formtarget") : el.form.getAttribute("target");
      if (opensWindow(target)) f |= 1024;
    }
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return f;
    const se = document.scrollingElement || document.documentElement;
    const x = rect.left + scrollX, y = rect.top + scrollY;
    if (x + rect.width <= 0 || y + rect.height <= 0 || x >= Math.max(se.scrollWidth, innerWidth) ||
      y >= Math.max(se.scrollHeight, innerHeight)) return f | 8192;
    const cx = rect.left + rect.width / 2, cy = rect.top + rect.height / 2;
    if (cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight && !hitTest.call(el, cx, cy, null).ok) f |= 4096;
    return f;
  };
  const handles = (el) => {
    if (listened.has(el)) return true;
    if (!el.hasAttributes()) return false;
    for (const h of HANDLERS) if (el.hasAttribute(h)) return true;
    // A drag handle is actionable (drag takes a ref) even with no click listener.
    if (el.getAttribute("draggable") === "true") return true;
    return false;
  };
  const focusable = (el) =>
    el.tabIndex >= 0 || el.hasAttribute("tabindex") || (el.isContentEditable &&
      !(el.parentElement && el.parentElement.isContentEditable));

  const childrenOf = (el, tag) => {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (tag === "slot") {
      const assigned = el.assignedNodes({ flatten: true });
      return assigned.length ? assigned : el.childNodes;
    }
    return el.childNodes;
  };

  const visitChildren = (el, tag, d, run, ctx) => {
    const closedDetails = tag === "details" && !el.open;
    for (const child of childrenOf(el, tag)) {
      if (cut) return;
      if (child.nodeType === 3) {
        if (ctx.visible) run.text += child.data;
      } else if (child.nodeType === 1) {
        if (closedDetails && child.localName !== "summary") continue;
        visit(child, d, run, ctx);
      }
    }
  };

  const visit = (el, d, run, parent) => {
    if (seen.has(el)) throw new Error("an element was reached twice");
    seen.add(el);
    if (el.inert || attr(el, "aria-hidden") === "true") return;
    if (modal && !parent.inModal && el !== modal && !el.contains(modal)) return;
    const tag = el.localName;
    const st = getComputedStyle(el);
    if (st.display === "none") return;
    const visible = st.visibility === "visible";
    const ctx = { visible, cursor: st.cursor, refAncestor: parent.refAncestor, inModal: parent.inModal || el === modal,
      rich: parent.rich };
    if (!visible) {
      visitChildren(el, tag, d, run, ctx);
      return;
    }
    const role = roleOf(el);
    if (role === "LineBreak") {
      run.text += " ";
      return;
    }
    let ref = 0;
    // A scroll container is actionable: scroll takes its ref (a virtual list's rows exist only once scrolled to).
    const sc = scrollOf(el, tag, st);
    if (opts.refs && tag !== "html" && tag !== "body" && tag !== "label" && role !== "Iframe" &&
      (INTERACTIVE.has(role) || focusable(el) || handles(el) || sc ||
        (st.cursor === "pointer" && parent.cursor !== "pointer" && !parent.refAncestor))) {
      ref = refFor(el);
    }
    const closedHost = tag.includes("-") && !el.shadowRoot;
    if (!ref && !closedHost && !sc && INLINE.has(role) && !(parent.rich && FORMATTING.has(role))) {
      // No line of its own: inline content joins the text around it, blocks break the text run.
      if (st.display.startsWith("inline")) {
        visitChildren(el, tag, d, run, ctx);
      } else {
        flush(run, d);
        visitChildren(el, tag, d, run, ctx);
        flush(run, d);
      }
      return;
    }
    flush(run, d);
    const node = { d, r: role };
    const name = el.computedName;
    if (name) node.n = name;
    if (ref) {
      node.ref = ref;
      ctx.refAncestor = true;
    }
    if (closedHost) {
      node.c = reg.closed.length;
      reg.closed.push(el);
    }
    if (role === "heading") {
      const level = Number(attr(el, "aria-level")) || (/^h[1-6]$/.test(tag) ? Number(tag[1]) : 2);
      node.lv = level;
    }
    const f = flags(el, role, tag) | (ref ? consequences(el, tag) : 0);
    if (f) node.f = f;
    if (sc) node.sc = sc;
    if (role === "link" && typeof el.href === "string" && el.href) node.u = el.href;
    out.push(node);
    cost(node, tier === "full" || ref > 0 || (tier === "interactive" && LANDMARKS.has(role)));
    if (role === "Iframe") {
      node.fr = frameOwners.indexOf(el);
      return;
    }
    if (FIELDS.has(role) && (tag === "input" || tag === "textarea")) {
      node.v = String(el.value).slice(0, MAX_TEXT);
      node.fx = fieldFacts.call(el);
      return;
    }
    if (role === "textbox" && el.isContentEditable) {
      node.v = String(el.innerText).slice(0, MAX_TEXT);
      node.fx = fieldFacts.call(el);
      if (!el.querySelector(FORMATTED)) return;
      // Formatted text: its paragraphs and formatting are walked as well (render shows them instead of the value).
      node.rich = 1;
      ctx.rich = true;
    }
    if (VALUED.has(tag) && (tag === "meter" || el.hasAttribute("value"))) {
      node.v = String(el.value);
      node.fx = fieldFacts.call(el);
      return;
    }
    if (tag === "select") {
      node.sel = 1;
      for (const opt of el.options) {
        if (cut) return;
        const o = { d: d + 1, r: "option", n: opt.computedName || opt.label };
        if (opts.refs) o.ref = refFor(opt);
        if (opt.selected) o.f = 8;
        if (opt.disabled) o.f = (o.f || 0) | 1;
        out.push(o);
        cost(o, true);
      }
      return;
    }
    const inner = { text: "" };
    visitChildren(el, tag, d + 1, inner, ctx);
    flush(inner, d + 1);
  };

  const run = { text: "" };
  if (start) {
    visit(start, 0, run, { visible: true, cursor: "auto", refAncestor: false, inModal: false, rich: false });
  }
  flush(run, 0);
  return {
    token: reg.token, next: reg.next, origin: self.origin, title: document.title, cut, nodes: out, recorder,
    refs: opts.refs,
  };
}`;
