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
import { CLIP, FIELD_FACTS, HIT_TEST, MUTATION_QUIET, SETTLE_DISARM } from "./page_lib.ts";

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
  /** Link target, absolute and raw (redacted when rendered); "#" for a link within the document. */
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
  /** A search walk (`find`): this record may match; the others only give its line and its ancestors. */
  m?: 1;
  /** A search walk: an ancestor kept for the path only (its other descendants are left out). */
  a?: 1;
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
  /** A search walk: only the records that may match, their subtrees and their ancestors. */
  find?: true;
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
  /** Search the document while walking it (see WalkSearch). */
  find?: WalkSearch;
}

/**
 * A search done during the walk: the walker keeps only the records whose line may match (marked
 * `m`), each with its subtree (what its rendered line depends on) and its ancestors (its path),
 * and reads the costly parts (names, reach) only of those. The test is a necessary condition of
 * `findLines` (pages.ts), which then decides exactly on the rendered lines: `role` is the role
 * shown, `name` and `text` are `searchCore` of the query, matched against the same core of every
 * form the line may take (the parts only Porthole decides, such as the credential tag or a hidden
 * value, are tried both ways). Refs are given exactly as in a walk without search.
 */
export interface WalkSearch {
  role?: string;
  name?: string;
  text?: string;
  /** The render's depth bound: deeper lines are not shown. */
  maxDepth: number;
}

/**
 * The letters and digits of a text, in lower case: what a line and a query are compared on in the
 * page. Deleting the same characters from both keeps a substring a substring, so a line whose core
 * lacks the query's core cannot contain the query. (Final sigma is folded: its case depends on context.)
 */
export const SEARCH_CORE =
  `(s) => s.toLowerCase().replace(/[^\\p{L}\\p{N}]/gu, "").replace(/\u03c2/g, "\u03c3")`;

/** SEARCH_CORE here. */
export const searchCore = (s: string) =>
  s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "").replace(/\u03c2/g, "\u03c3");

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
  /**
   * No scroll shows it: its box lies outside the page's scrollable area, or an ancestor that hides
   * its overflow clips it away (a carousel's slide outside its viewport).
   */
  offscreen: 8192,
  /**
   * A ref for a click listener, a pointer cursor or a focus only a script gives: no role, tab stop,
   * scroll or drag handle of its own. Nameless, around actionable children alone or the page's
   * landmarks, the tree leaves it out (render.ts).
   */
  wrapper: 16384,
} as const;

/** Cursors that say an element can be dragged. */
const GRAB_CURSORS = ["grab", "grabbing", "move"];

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
 * time and color inputs are textboxes, `summary` a button, an editing host a textbox); a `canvas`
 * without a role of its own is a `canvas`, as Chromium's accessibility tree says, so that the
 * tree tells an agent that what it draws is not text (only its fallback content is). Chromium's
 * internal names never leave it: `label` has no role, and only `Iframe` and `LineBreak` remain
 * as markers the walker consumes (an iframe renders as `iframe`, a line break as a space).
 */
export const ROLE_OF = `(el) => {
  const r = el.computedRole;
  const t = el.localName;
  if (t === "input" && !r && /^(date|time|datetime-local|month|week|color)$/.test(el.type)) return "textbox";
  if ((!r || r === "generic") && el.isContentEditable && !el.hasAttribute("role") &&
    !(el.parentElement && el.parentElement.isContentEditable)) return "textbox";
  if (r && !(r === "generic" && t === "canvas")) return r;
  if (t === "canvas") return "canvas";
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

/**
 * The walker's answer as text (`(head, nodes) => string`, run in the page; parseWalk reads it): a first
 * line of JSON with the walk's facts (WalkResult without `nodes`), then a line per record, its fields
 * separated by tabs. First the nesting level, then the role, or for a text run `'` and its text, or `=`
 * when the text is its parent's name. Then each field the record has, a letter and its value: `n`
 * name, `#` ref, `f` flags, `l` heading level, `v` value, `x` field facts (JSON), `u` link target (its
 * path when it is on the document's origin), `F` frame owner, `c` closed candidate, `S` scroll
 * (`at,shown,total` and `,x` sideways), and the marks `s` (select), `h` (rich), `m` (may match) and `a`
 * (ancestor). In a text value a backslash, tab and newline read `\\`, `\t`, `\n`.
 */
export const WALK_FORMAT = `(head, nodes) => {
  const esc = (s) => /[\\\\\\t\\n]/.test(s)
    ? s.replace(/[\\\\\\t\\n]/g, (c) => c === "\\\\" ? "\\\\\\\\" : c === "\\t" ? "\\\\t" : "\\\\n") : s;
  let text = JSON.stringify(head);
  // Repeats cost bytes: a text that is its parent's name reads "=", a link on the document's origin its path.
  const sameOrigin = head.origin !== "null" ? head.origin + "/" : null;
  const named = [];
  for (const k of nodes) {
    text += "\\n" + k.d;
    if (k.r === "text") text += k.d > 0 && named[k.d - 1] === k.t ? "\\t=" : "\\t'" + esc(k.t);
    else {
      named[k.d] = k.n;
      text += "\\t" + k.r;
      if (k.n !== undefined) text += "\\tn" + esc(k.n);
    }
    if (k.ref !== undefined) text += "\\t#" + k.ref;
    if (k.f !== undefined) text += "\\tf" + k.f;
    if (k.lv !== undefined) text += "\\tl" + k.lv;
    if (k.v !== undefined) text += "\\tv" + esc(k.v);
    if (k.fx !== undefined) text += "\\tx" + esc(JSON.stringify(k.fx));
    if (k.u !== undefined) {
      text += "\\tu" + (sameOrigin && k.u.startsWith(sameOrigin) ? esc(k.u.slice(sameOrigin.length - 1)) : esc(k.u));
    }
    if (k.fr !== undefined) text += "\\tF" + k.fr;
    if (k.c !== undefined) text += "\\tc" + k.c;
    if (k.sel) text += "\\ts";
    if (k.sc) text += "\\tS" + k.sc.at + "," + k.sc.shown + "," + k.sc.total + (k.sc.x ? ",x" : "");
    if (k.rich) text += "\\th";
    if (k.m) text += "\\tm";
    if (k.a) text += "\\ta";
  }
  return text;
}`;

/**
 * The walker: `function (opts, ...frameOwners)` (with `opts.root`: `(opts, root, ...frameOwners)`), returning a
 * WalkResult as text in WALK_FORMAT (parseWalk reads it).
 *
 * With `opts.quietFirst` (MUTATION_QUIET's arguments), it is an action's settle check and the fresh
 * observation's walk in one call, one round trip to the renderer instead of two (act/settle.ts): it
 * resolves with the check's answer, and with `walk`, the walk of the options without `quietFirst`, when
 * the DOM was quiet. A check that keeps its observer (the early one) does not walk when the page began a
 * request or a navigation since the arm (session/page/request_marks.ts tells it): the wait for that
 * request follows, and its observer must see the render. The walker is the function every observation of
 * the document already sent, kept in Porthole's world by number (driver/page_functions.ts): the check
 * costs no source.
 */
export const WALKER = `function (opts, ...frameOwners) {
  if (opts.quietFirst) {
    return (async () => {
      const q = await (${MUTATION_QUIET})(...opts.quietFirst);
      const kept = globalThis.__portholeSettle;
      if (!q.quiet || (kept && kept.requests)) return q;
      const rest = { ...opts };
      delete rest.quietFirst;
      try {
        q.walk = walk(rest, ...frameOwners);
      } catch {
        // The capture walks again, and says why it could not.
      }
      return q;
    })();
  }
  return walk(opts, ...frameOwners);

  function walk(opts, ...frameOwners) {
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
  const GRAB = new Set(${JSON.stringify(GRAB_CURSORS)});
  const INLINE = new Set(["generic", "none", "presentation", "", "emphasis", "strong", "code", "deletion",
    "insertion", "subscript", "superscript", "mark", "time"]);
  const FIELDS = new Set(["textbox", "searchbox", "combobox", "spinbutton", "slider"]);
  // Inline roles that carry meaning inside an editor (a bold word must be seen bold there).
  const FORMATTING = new Set(["emphasis", "strong", "code", "deletion", "insertion", "subscript", "superscript",
    "mark"]);
  const FORMATTED = "strong, b, em, i, code, mark, del, s, ins, u, sub, sup";
  const scrollOf = (el, tag, st) => {
    if (tag === "html" || tag === "body") return null;
    // The overflow first: an element's extent is a layout read, costly on every element of a large page.
    const scrolls = (overflow) => overflow === "auto" || overflow === "scroll" || overflow === "overlay";
    if (scrolls(st.overflowY) && el.scrollHeight > el.clientHeight + 1) {
      return { at: Math.round(el.scrollTop), shown: el.clientHeight, total: el.scrollHeight };
    }
    if (scrolls(st.overflowX) && el.scrollWidth > el.clientWidth + 1) {
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
  // A search walk (WalkSearch): the element of each record, and the records that may match with their subtree ends.
  const F = opts.find || null;
  const core = ${SEARCH_CORE};
  const els = [];
  const cands = [];
  const done = new Map();
  const qRole = F ? F.role : undefined;
  const qName = F ? F.name : undefined;
  // A query with the escape of a ref lookalike (quote in text.ts) is not narrowed by text.
  const qText = F && F.text !== undefined && !F.text.includes("u005b") ? F.text : undefined;
  const needName = !F || F.name !== undefined || qText !== undefined;
  const record = (node, el) => {
    out.push(node);
    if (F) els.push(el);
    return out.length - 1;
  };
  const shownRole = (r, ref, sc) => ref && (r === "generic" || r === "") ? (sc ? "scrollable" : "clickable")
    : r === "Iframe" ? "iframe" : (r || "generic");

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
    if (!kept || F) return;
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
    const i = record(node, null);
    cost(node, tier === "full");
    if (F && (qRole === undefined || qRole === "text") && qName === undefined &&
      (qText === undefined || ("text" + core(node.t)).includes(qText))) cands.push([i, i + 1]);
  };
  const attr = (el, name) => el.getAttribute(name);
  const flags = (el, role, tag) => {
    // An element without attributes that is no form control, option or summary has no state but focus.
    if (!el.hasAttributes() && typeof el.disabled !== "boolean" && tag !== "input" && tag !== "option" &&
      tag !== "summary") return el === active ? 256 : 0;
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
  const clipOf = ${CLIP};
  // What acting on a ref would do, and whether it can be reached: the same box and hit test as the act's.
  const consequences = (el, tag, st) => markup(el, tag) | reach(el, st);
  const markup = (el, tag) => {
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
    return f;
  };
  // The page's scroll offset, viewport and scrollable extent: read once per walk (the walk scrolls nothing),
  // not once per ref (each read is a layout check of its own).
  let view = null;
  // The clipping facts of the ancestors the refs share (CLIP), read once per walk.
  const clipCache = new Map();
  const viewOf = () => {
    if (view) return view;
    const se = document.scrollingElement || document.documentElement;
    return view = { sx: scrollX, sy: scrollY, iw: innerWidth, ih: innerHeight,
      w: Math.max(se.scrollWidth, innerWidth), h: Math.max(se.scrollHeight, innerHeight) };
  };
  const reach = (el, st) => {
    let f = 0;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return f;
    const v = viewOf();
    const x = rect.left + v.sx, y = rect.top + v.sy;
    // Clipped by an ancestor's overflow: out of reach when no scroll shows it; when scrolling
    // that box shows it, as reachable as a node below the fold (the act scrolls it into view),
    // even where the box's scroll has put it outside the page's own extent (a list scrolled down).
    const clip = clipOf.call(el, clipCache, rect, st);
    if (clip) return clip === "hidden" ? f | 8192 : f;
    if (x + rect.width <= 0 || y + rect.height <= 0 || x >= v.w || y >= v.h) return f | 8192;
    const cx = rect.left + rect.width / 2, cy = rect.top + rect.height / 2;
    // Only a click point inside the viewport is hit-tested (elementFromPoint sees nothing outside it).
    if (cx >= 0 && cy >= 0 && cx < v.iw && cy < v.ih && !hitTest.call(el, cx, cy, null).ok) f |= 4096;
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
  // Elements Chromium gives the generic role whatever their place, when they carry no attribute (a role,
  // tabindex or contenteditable would change it): their role needs no asking, a sixth of the walk.
  const PLAIN = new Set(["div", "span", "b", "i", "u", "small", "font"]);
  // HTML elements whose role Chromium takes from the tag alone when they carry no role attribute, wherever
  // they are (inside a presentational table, a button, an editor or another widget alike): a link with an
  // href, and a list item unless its parent has a role of its own (a presentational list makes it none) or
  // it is slotted (its parent in the flat tree is another). Asking for these was a quarter of a list's walk.
  // The same holds for an article (a news page's stories), a quotation, a figure, a separator, a term and its
  // definition, and the grouping elements: their roles do not depend on their place or their name.
  const KNOWN = new Map([["button", "button"], ["ul", "list"], ["ol", "list"], ["menu", "list"],
    ["p", "paragraph"], ["h1", "heading"], ["h2", "heading"], ["h3", "heading"], ["h4", "heading"],
    ["h5", "heading"], ["h6", "heading"], ["nav", "navigation"], ["main", "main"], ["strong", "strong"],
    ["em", "emphasis"], ["code", "code"], ["article", "article"], ["blockquote", "blockquote"],
    ["figure", "figure"], ["hr", "separator"], ["dt", "term"], ["dd", "definition"], ["fieldset", "group"],
    ["address", "group"], ["details", "group"], ["hgroup", "group"], ["search", "search"]]);
  const knownRole = (el, tag) => {
    if (el.namespaceURI !== "http://www.w3.org/1999/xhtml" || el.hasAttribute("role")) return undefined;
    if (tag === "a") return el.hasAttribute("href") ? "link" : undefined;
    if (tag === "li") {
      const p = el.parentElement;
      return p && !p.hasAttribute("role") && !el.assignedSlot ? "listitem" : undefined;
    }
    return KNOWN.get(tag);
  };
  // Roles Chromium names only from the author's aria-label, aria-labelledby or title, unless the element can
  // take focus; one that can gets a ref, and is asked. Without a ref and those attributes the name is empty,
  // and asking Chromium for it each time was a tenth of the walk of a list or an article.
  const AUTHOR_NAMED = new Set(["paragraph", "listitem", "list", "main", "navigation", "banner", "contentinfo",
    "complementary", "article"]);
  const nameOf = (el, role, ref, st) => {
    const quick = !ref && AUTHOR_NAMED.has(role) && !el.hasAttribute("aria-label") &&
      !el.hasAttribute("aria-labelledby") && !el.hasAttribute("title");
    if (quick) return "";
    const text = st ? textName(el, role, st) : null;
    return text === null ? el.computedName : text;
  };
  // A link, button or heading of the tag's own role named by its text alone: Chromium's name is that text
  // with its white space collapsed, when nothing else can take part (an author's label, a <label> of a
  // button, a shadow root, generated content, a text transform, preserved white space, characters whose
  // place in a name is Chromium's to decide). Asking for those names was a sixth of an article's walk.
  const FROM_TEXT = new Set(["link", "button", "heading"]);
  const EDGE_SPACE = /^[ \\t\\n\\r\\f]|[ \\t\\n\\r\\f]$/;
  const ODD_TEXT = /[^\\x20-\\x7e\\t\\n\\r\\f\\u00a1-\\u00ac\\u00ae-\\u024f]/;
  const textName = (el, role, st) => {
    if (!FROM_TEXT.has(role) || el.shadowRoot || el.namespaceURI !== "http://www.w3.org/1999/xhtml" ||
      el.hasAttribute("role") || el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ||
      el.hasAttribute("title") || (el.labels && el.labels.length) || st.textTransform !== "none" ||
      (st.whiteSpaceCollapse || "collapse") !== "collapse" || st.content !== "normal") return null;
    const only = el.firstChild;
    if (role === "heading" && only && only === el.lastChild && only.nodeType === 1) {
      // A heading around one link (a headline): the link's name is the heading's, when the link is named by its
      // text alone and shown, and no style sheet rule could give the heading generated content of its own.
      if (only.localName !== "a" || !only.hasAttribute("href") || only.hasAttribute("aria-hidden")) return null;
      const cs = getComputedStyle(only);
      if (cs.display === "none" || cs.visibility !== "visible") return null;
      const inner = textName(only, "link", cs);
      return inner !== null && !mayGenerate(el) ? inner : null;
    }
    let text = "";
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.data;
      else if (c.nodeType !== 8) return null;
    }
    // White space at either end is the layout's to keep or drop (a space before the next word stays).
    if (!text || ODD_TEXT.test(text) || EDGE_SPACE.test(text)) return null;
    text = text.replace(/[ \\t\\n\\r\\f]+/g, " ");
    if (mayGenerate(el)) {
      const before = getComputedStyle(el, "::before").content, after = getComputedStyle(el, "::after").content;
      if ((before !== "none" && before !== "normal") || (after !== "none" && after !== "normal")) return null;
    }
    return text;
  };
  // Generated content (::before, ::after) takes part in a name. Asking each element's pseudo styles costs what
  // asking its name does, so the document's style sheets are read once a walk for the rules that could give
  // any: an element of the document that matches none of their selectors has none. Sheets that cannot be
  // read (another origin's), too many rules, a selector that does not parse once its pseudo-element is cut,
  // and elements in shadow trees (their sheets are not read) leave each element to be asked.
  let pseudoRules;
  const pseudoSelector = () => {
    if (pseudoRules !== undefined) return pseudoRules;
    const bases = [];
    let seen = 0;
    const read = (rules) => {
      for (const r of rules) {
        if (++seen > 20000) throw new Error("too many rules");
        const sel = r.selectorText;
        if (typeof sel === "string" && /before|after/i.test(sel)) {
          const base = sel.replace(/::?(?:before|after)\\b/gi, "");
          // Another pseudo-element left in (::part, ::slotted, ...) would match no element: unknown.
          if (/::|:first-l/i.test(base) || bases.push(base) > 256) throw new Error("unknown");
        }
        if (r.styleSheet) read(r.styleSheet.cssRules);
        if (r.cssRules) read(r.cssRules);
      }
    };
    try {
      for (const sheet of document.styleSheets) read(sheet.cssRules);
      for (const sheet of document.adoptedStyleSheets || []) read(sheet.cssRules);
      const list = bases.join(", ");
      if (list) document.createDocumentFragment().querySelector(list);
      pseudoRules = list;
    } catch {
      pseudoRules = null;
    }
    return pseudoRules;
  };
  const mayGenerate = (el) => {
    if (el.getRootNode() !== document) return true;
    const list = pseudoSelector();
    return list === null || (list !== "" && el.matches(list));
  };
  // A link's target (undefined without one); "#" for one within this document (its URL up to the
  // fragment is the document's): following it moves within the page, as a menu's href="#" items, and
  // loads nothing.
  const here = location.href.split("#")[0];
  const target = (el) => {
    const href = el.href;
    if (typeof href !== "string" || !href) return undefined;
    const i = href.indexOf("#");
    return i >= 0 && href.slice(0, i) === here ? "#" : href;
  };
  // A label whose text is the name of the field it labels, shown on the field's own line: its text is
  // said there once (\`- textbox "Email"\`, not \`- text: Email\` beside it).
  const squash = (t) => t.replace(/\\s+/g, " ").trim();
  const echoes = (label) => {
    const c = label.control;
    if (!c || c.closest("[inert], [aria-hidden=true]")) return false;
    if (!c.checkVisibility({ visibilityProperty: true })) return false;
    const text = squash(label.textContent);
    return text !== "" && text === squash(c.computedName || "");
  };
  const focusable = (el) =>
    el.tabIndex >= 0 || el.hasAttribute("tabindex") || (el.isContentEditable &&
      !(el.parentElement && el.parentElement.isContentEditable));
  // A focus guard: an empty element with no area, focusable only so that a dialog or a grid can catch the
  // focus that leaves it (MUI's sentinels, ag-Grid's tab guards). Nobody can click it or type into it.
  const focusGuard = (el) => {
    if (el.firstChild || el.isContentEditable) return false;
    const r = el.getBoundingClientRect();
    return r.width === 0 || r.height === 0;
  };

  // An element with no role, scroll, editing or drag handle of its own: a listener, a cursor or a focus is all that
  // could make it actionable.
  const bare = (el, role, sc, st) => (role === "generic" || role === "none" || role === "") && !sc &&
    !el.isContentEditable && attr(el, "draggable") !== "true" && !GRAB.has(st.cursor);
  // One that only a listener or a cursor makes actionable: not even a focus of its own.
  const listenerOnly = (el, role, sc, st) => bare(el, role, sc, st) && !el.hasAttribute("tabindex");
  // Whether an element lies under the click point of an actionable ancestor (its box's centre): a click on the
  // ancestor reaches the element's listener (a column header's sortable label), so the ancestor's ref acts for it.
  const holdsClick = (el, ancestor) => {
    const a = ancestor.getBoundingClientRect(), r = el.getBoundingClientRect();
    const x = a.left + a.width / 2, y = a.top + a.height / 2;
    return r.width > 0 && r.height > 0 && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  };
  // An element no pointer can reach (\`pointer-events: none\`, or clipped to nothing as a native control a library
  // replaced and hid from sight: Tom Select's and Select2's \`<select>\`) and no key can focus (out of the tab
  // order): a calendar's filler day, kept only to hold its column. Nothing can click, hover or type into it.
  const untouchable = (el, st) => el.tabIndex < 0 && !el.isContentEditable &&
    (st.pointerEvents === "none" || st.clipPath === "inset(50%)" ||
      (st.clip === "rect(0px, 0px, 0px, 0px)" && (st.position === "absolute" || st.position === "fixed")));

  const visitChild = (child, d, run, ctx, closedDetails) => {
    if (child.nodeType === 3) {
      if (ctx.visible && !ctx.mute) run.text += child.data;
    } else if (child.nodeType === 1) {
      if (closedDetails && child.localName !== "summary") return;
      visit(child, d, run, ctx);
    }
  };
  const visitChildren = (el, tag, d, run, ctx) => {
    const closedDetails = tag === "details" && !el.open;
    if (tag === "slot" && !el.shadowRoot) {
      const assigned = el.assignedNodes({ flatten: true });
      if (assigned.length) {
        for (const child of assigned) {
          if (cut) return;
          visitChild(child, d, run, ctx, closedDetails);
        }
        return;
      }
    }
    // Sibling links rather than a live NodeList: the cheaper walk of the same children, in the same order.
    for (let child = (el.shadowRoot || el).firstChild; child; child = child.nextSibling) {
      if (cut) return;
      visitChild(child, d, run, ctx, closedDetails);
    }
  };

  // The text test: the query's core in the core of some form the record's line may take (render.ts).
  const TEXT_FORMS = 64;
  const textMay = (i) => {
    const node = out[i];
    const f = node.f || 0;
    const slots = [];
    const one = (s) => slots.push([core(s)]);
    const maybe = (...s) => slots.push(["", ...s.map(core)]);
    const roles = [shownRole(node.r, node.ref, node.sc), shownRole(node.r, 0, node.sc)];
    slots.push(roles[0] === roles[1] ? [core(roles[0])] : roles.map(core));
    one(node.n || "");
    let known = node.lv !== undefined && node.r === "heading" ? "level " + node.lv : "";
    known += f & 4 ? " checked mixed" : f & 2 ? " checked" : "";
    const LABELS = [[1, "disabled"], [16, "expanded"], [8, "selected"], [32, "pressed"], [64, "required"],
      [128, "readonly"], [256, "active"]];
    for (const [bit, label] of LABELS) if (f & bit) known += " " + label;
    one(known);
    if (node.c !== undefined) maybe("shadow closed");
    if (node.sc) one("scroll " + node.sc.at + " " + (node.sc.at + node.sc.shown) + " " + node.sc.total);
    if (node.ref !== undefined) {
      if (f & 512) maybe("submits");
      if (node.u !== undefined && !(f & 2048)) maybe("navigates same origin", "navigates cross origin");
      if (f & 1024) maybe("opens popup");
      if (f & 2048) maybe("downloads");
      if (node.fx) maybe("credential");
      if (f & 4096 || done.get(i) !== 3) maybe("covered");
      if (f & 8192 || done.get(i) !== 3) maybe("offscreen");
    }
    // What follows the line: the field's value (unless hidden), or a lone text child (no other line beside it).
    const after = [];
    if (node.v !== undefined) after.push(node.v);
    if (node.v === undefined || node.rich) {
      let end = i + 1;
      while (end < out.length && out[end].d > node.d) end++;
      let lines = 0;
      const texts = [];
      for (let j = i + 1; j < end && lines === 0; j++) {
        const k = out[j];
        if (k.r === "text") texts.push(k.t);
        else if (k.d < F.maxDepth && !(k.c !== undefined && k.ref === undefined)) lines++;
      }
      if (lines === 0) after.push(...texts);
    }
    if (after.length) maybe(...after);
    let forms = 1;
    for (const s of slots) forms *= s.length;
    if (forms > TEXT_FORMS) return true;
    const walk = (k, acc) => {
      if (k === slots.length) return acc.includes(qText);
      for (const s of slots[k]) if (walk(k + 1, acc + s)) return true;
      return false;
    };
    return walk(0, "");
  };
  // What only a record that may match needs: its name (1), its states, link target and markup consequences (2), and
  // whether a ref can be reached (3: the costly hit test). Its ancestors and subtree need only the name.
  const complete = (i, level) => {
    const el = els[i];
    if (!el) return;
    const node = out[i];
    const at = done.get(i) || 0;
    if (at >= level) return;
    done.set(i, level);
    if (at < 1) {
      const name = nameOf(el, node.r, node.ref);
      if (name) node.n = name;
    }
    if (level < 2) return;
    let f = node.f || 0;
    if (at < 2) {
      f |= flags(el, node.r, el.localName) | (node.ref !== undefined ? markup(el, el.localName) : 0);
      const u = node.r === "link" ? target(el) : undefined;
      if (u !== undefined) node.u = u;
    }
    if (level === 3 && node.ref !== undefined) f |= reach(el);
    if (f) node.f = f;
  };
  const test = (i) => {
    const node = out[i];
    if (node.r === "Iframe") {
      cands.push([i, out.length]);
      return;
    }
    if (qRole !== undefined && qRole !== shownRole(node.r, node.ref, node.sc) && qRole !== shownRole(node.r, 0, node.sc)) {
      return;
    }
    complete(i, 1);
    if (qName !== undefined && !core(node.n || "").includes(qName)) return;
    complete(i, 2);
    if (qText !== undefined && !textMay(i)) return;
    complete(i, 3);
    cands.push([i, out.length]);
  };

  const visit = (el, d, run, parent) => {
    const i = visitElement(el, d, run, parent);
    if (F && i >= 0) test(i);
  };

  const visitElement = (el, d, run, parent) => {
    if (seen.has(el)) throw new Error("an element was reached twice");
    seen.add(el);
    if (el.inert || attr(el, "aria-hidden") === "true") return -1;
    if (modal && !parent.inModal && el !== modal && !el.contains(modal)) return -1;
    const tag = el.localName;
    const st = getComputedStyle(el);
    if (st.display === "none") return -1;
    const visible = st.visibility === "visible";
    // The style is kept, not its cursor: most elements never need it read (a ref, or inside one).
    const ctx = { visible, style: st, refAncestor: parent.refAncestor, owner: parent.owner,
      inModal: parent.inModal || el === modal, rich: parent.rich,
      mute: parent.mute || (tag === "label" && echoes(el)) };
    if (!visible) {
      visitChildren(el, tag, d, run, ctx);
      return -1;
    }
    const plain = !el.hasAttributes() && PLAIN.has(tag) && !el.isContentEditable;
    let role = plain ? "generic" : knownRole(el, tag) || roleOf(el);
    if (role === "LineBreak") {
      run.text += " ";
      return -1;
    }
    let ref = 0;
    // A scroll container is actionable: scroll takes its ref (a virtual list's rows exist only once scrolled to).
    const sc = scrollOf(el, tag, st);
    if (opts.refs && tag !== "html" && tag !== "body" && tag !== "label" && role !== "Iframe" &&
      (INTERACTIVE.has(role) || (focusable(el) && !focusGuard(el)) || handles(el) || sc ||
        (!parent.refAncestor && st.cursor === "pointer" && (!parent.style || parent.style.cursor !== "pointer")) ||
        // A grab cursor of its own marks a drag handle, even when a parent's listener drags it
        // (a sortable list that sets \`draggable\` on pointer down): drag takes its ref.
        (GRAB.has(st.cursor) && (!parent.style || parent.style.cursor !== st.cursor)))) {
      // A ref's role is the one its action's fingerprint reads again: Chromium's own.
      const own = plain ? roleOf(el) : role;
      // No ref where no pointer or key can act, nor where the nearest actionable ancestor's click acts through it.
      const through = parent.owner && listenerOnly(el, own, sc, st) && holdsClick(el, parent.owner);
      if (!(untouchable(el, st) && !sc) && !through) {
        ref = refFor(el);
        role = own;
      }
    }
    // A wrapper's ref: a listener, a pointer cursor or a focus only a script gives (tabindex -1, as a
    // popup's paper) is all that makes it actionable.
    const wrapper = ref && el.tabIndex < 0 && bare(el, role, sc, st);
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
      return -1;
    }
    flush(run, d);
    const node = { d, r: role };
    // A search reads names only where the role may match (the others only if kept, see complete).
    const lazy = F && (!needName ||
      (qRole !== undefined && qRole !== shownRole(role, ref, sc) && qRole !== shownRole(role, 0, sc)));
    if (!lazy) {
      const name = nameOf(el, role, ref, st);
      if (name) node.n = name;
    }
    if (ref) {
      node.ref = ref;
      ctx.refAncestor = true;
      // Its click reaches a listener-only element under its click point, unless it is such an element itself.
      ctx.owner = listenerOnly(el, role, sc, st) ? null : el;
    }
    if (closedHost) {
      node.c = reg.closed.length;
      reg.closed.push(el);
    }
    if (role === "heading") {
      const level = Number(attr(el, "aria-level")) || (/^h[1-6]$/.test(tag) ? Number(tag[1]) : 2);
      node.lv = level;
    }
    const f = (F ? 0 : flags(el, role, tag) | (ref ? consequences(el, tag, st) : 0)) | (wrapper ? ${FLAG.wrapper} : 0);
    if (f) node.f = f;
    if (sc) node.sc = sc;
    // A search reads a link's target only where its line may match (complete): the others show no /url.
    const u = !F && role === "link" ? target(el) : undefined;
    if (u !== undefined) node.u = u;
    const index = record(node, el);
    if (F && !lazy) done.set(index, 1);
    cost(node, tier === "full" || ref > 0 || (tier === "interactive" && LANDMARKS.has(role)));
    if (role === "Iframe") {
      node.fr = frameOwners.indexOf(el);
      return index;
    }
    if (FIELDS.has(role) && (tag === "input" || tag === "textarea")) {
      node.v = String(el.value).slice(0, MAX_TEXT);
      node.fx = fieldFacts.call(el);
      return index;
    }
    if (role === "textbox" && el.isContentEditable) {
      node.v = String(el.innerText).slice(0, MAX_TEXT);
      node.fx = fieldFacts.call(el);
      if (!el.querySelector(FORMATTED)) return index;
      // Formatted text: its paragraphs and formatting are walked as well (render shows them instead of the value).
      node.rich = 1;
      ctx.rich = true;
    }
    if (VALUED.has(tag) && (tag === "meter" || el.hasAttribute("value"))) {
      node.v = String(el.value);
      node.fx = fieldFacts.call(el);
      return index;
    }
    if (tag === "select") {
      node.sel = 1;
      // A drop-down's options are drawn by the browser, outside the page: nothing can click them (select takes
      // the drop-down's ref and the options' values or labels). A list box's options are in the page.
      const listed = el.multiple || el.size > 1;
      for (const opt of el.options) {
        if (cut) return index;
        const o = { d: d + 1, r: "option", n: opt.computedName || opt.label };
        if (opts.refs && listed) o.ref = refFor(opt);
        if (opt.selected) o.f = 8;
        if (opt.disabled) o.f = (o.f || 0) | 1;
        const at = record(o, null);
        cost(o, true);
        if (F) test(at);
      }
      return index;
    }
    const inner = { text: "" };
    visitChildren(el, tag, d + 1, inner, ctx);
    flush(inner, d + 1);
    return index;
  };

  const run = { text: "" };
  if (start) {
    visit(start, 0, run, { visible: true, style: null, refAncestor: false, owner: null, inModal: false, rich: false });
  }
  flush(run, 0);
  let nodes = out;
  if (F) {
    // Keep what may match, with its subtree and its ancestors; the kept elements are read in full.
    const keep = new Uint8Array(out.length);
    for (const [i, end] of cands) {
      keep[i] = 1;
      for (let j = i + 1; j < end; j++) if (!keep[j]) keep[j] = 2;
    }
    // A text that may be its parent's only line moves onto the parent's line (or goes, when it repeats the
    // name): such a parent is kept whole, so the render decides as on the whole tree.
    const lineSure = (k) => k.r !== "text" && k.d < F.maxDepth && !(k.c !== undefined && k.ref === undefined);
    const parents = [];
    for (let j = 0; j < out.length; j++) {
      while (parents.length && out[parents[parents.length - 1]].d >= out[j].d) parents.pop();
      const p = parents[parents.length - 1];
      if (keep[j] === 1 && out[j].r === "text" && p !== undefined && keep[p] !== 1) {
        let end = p + 1, sure = 0;
        while (sure === 0 && end < out.length && out[end].d > out[p].d) if (lineSure(out[end++])) sure++;
        if (sure === 0) {
          keep[p] = 2;
          for (let k = p + 1; k < end; k++) if (!keep[k]) keep[k] = 2;
        }
      }
      parents.push(j);
    }
    const up = new Uint8Array(out.length);
    const stack = [];
    for (let j = 0; j < out.length; j++) {
      while (stack.length && out[stack[stack.length - 1]].d >= out[j].d) stack.pop();
      if (keep[j] && !up[j]) {
        up[j] = 1;
        for (let k = stack.length - 1; k >= 0 && !up[stack[k]]; k--) {
          up[stack[k]] = 1;
          if (!keep[stack[k]]) keep[stack[k]] = 3;
        }
      }
      stack.push(j);
    }
    nodes = [];
    for (let j = 0; j < out.length; j++) {
      if (!keep[j]) continue;
      complete(j, keep[j] === 1 ? 3 : 1);
      if (keep[j] === 1) out[j].m = 1;
      else if (keep[j] === 3) out[j].a = 1;
      nodes.push(out[j]);
    }
  }
  // One string, not an object: CDP's returnByValue builds a protocol value node by node, while a string
  // crosses as one value. Not JSON either: DevTools escapes each of its quotes again on the way out, and
  // the bytes that cross are most of an observation's time (WALK_FORMAT).
  return (${WALK_FORMAT})({
    token: reg.token, next: reg.next, origin: self.origin, title: document.title, cut, recorder,
    refs: opts.refs, ...(F ? { find: true } : {}),
  }, nodes);
  }
}`;

/** The walker's answer (WALK_FORMAT) as a WalkResult. */
export function parseWalk(text: string): WalkResult {
  const lines = text.split("\n");
  const head = JSON.parse(lines[0]) as Omit<WalkResult, "nodes">;
  const nodes: WalkNode[] = new Array(lines.length - 1);
  // The name of the last record at each level: a text that repeats its parent's reads "=".
  const named: (string | undefined)[] = [];
  const origin = head.origin !== "null" ? head.origin : "";
  for (let i = 1; i < lines.length; i++) {
    const fields = lines[i].split("\t");
    const d = Number(fields[0]);
    const kind = fields[1];
    let node: WalkNode;
    if (kind === "=") node = { d, r: "text", t: named[d - 1] ?? "" };
    else if (kind[0] === "'") node = { d, r: "text", t: unescapeField(kind.slice(1)) };
    else node = { d, r: kind };
    for (let j = 2; j < fields.length; j++) {
      const f = fields[j];
      const value = f.slice(1);
      switch (f[0]) {
        case "n":
          node.n = unescapeField(value);
          break;
        case "#":
          node.ref = Number(value);
          break;
        case "f":
          node.f = Number(value);
          break;
        case "l":
          node.lv = Number(value);
          break;
        case "v":
          node.v = unescapeField(value);
          break;
        case "x":
          node.fx = JSON.parse(unescapeField(value));
          break;
        case "u":
          node.u = value[0] === "/" ? origin + unescapeField(value) : unescapeField(value);
          break;
        case "F":
          node.fr = Number(value);
          break;
        case "c":
          node.c = Number(value);
          break;
        case "s":
          node.sel = 1;
          break;
        case "S": {
          const [at, shown, total, x] = value.split(",");
          node.sc = {
            at: Number(at),
            shown: Number(shown),
            total: Number(total),
            ...(x ? { x: 1 as const } : {}),
          };
          break;
        }
        case "h":
          node.rich = 1;
          break;
        case "m":
          node.m = 1;
          break;
        case "a":
          node.a = 1;
          break;
        default:
          throw new Error(`The walk's record ${i} has an unknown field: ${f.slice(0, 20)}`);
      }
    }
    if (node.r !== "text") named[d] = node.n;
    nodes[i - 1] = node;
  }
  return { ...head, nodes };
}

const unescapeField = (s: string) =>
  s.includes("\\") ? s.replace(/\\(.)/g, (_, c: string) => c === "t" ? "\t" : c === "n" ? "\n" : c) : s;
