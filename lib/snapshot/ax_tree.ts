/**
 * The ARIA snapshot: Chromium's accessibility tree rendered as Playwright-style YAML lines
 * (`- role "name" [attr] [ref=@e1]`), with refs on actionable nodes. Pure: no I/O.
 *
 * Everything taken from the page (names, text, values, link targets) is untrusted: it is
 * cleaned of anything a reader could take for a line break and written so that it can
 * never look like Porthole's own `[ref=…]` marker.
 */
import { PortholeError } from "../protocol/errors.ts";

/** The subset of a CDP `Accessibility.AXNode` the snapshot reads. */
export interface AXNodeLike {
  nodeId: string;
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  value?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  childIds?: string[];
  parentId?: string;
  backendDOMNodeId?: number;
  frameId?: string;
}

/** What the DOM says about nodes the AX tree does not: click handlers and pointer cursors. */
export interface DomHints {
  clickable: Set<number>;
  /** Nodes whose own cursor is `pointer` while their parent element's is not. */
  pointer: Set<number>;
  /** Link targets by backend node id (raw; redacted when rendered). */
  hrefs: Map<number, string>;
  /** Nodes whose values must never be shown (credential fields). */
  sensitive: Set<number>;
}

export interface RefTarget {
  ref: string;
  backendNodeId: number;
  role: string;
  /** Chromium's accessible name, exactly (the action's fingerprint compares it). */
  name: string;
}

export interface BuildOptions {
  maxDepth: number;
  maxBytes: number;
  /** Returns the ref of a backend node in this document, allocating one if needed. */
  refFor: (backendNodeId: number) => string;
  redact: (url: string) => string;
}

export interface BuiltSnapshot {
  tree: string;
  /** The refs whose lines are in `tree` (refs cut off by the size cap are not actionable). */
  refs: RefTarget[];
  truncated: boolean;
  bytes: number;
  title: string;
}

/** Roles that are actionable by nature. */
export const INTERACTIVE_ROLES = new Set([
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
  "textField",
  "TextField",
  "PopUpButton",
  "ToggleButton",
  "DisclosureTriangle",
  "gridcell",
  "columnheader",
  "rowheader",
]);

const TEXT_ROLES = new Set(["StaticText", "text"]);
/** Text-level roles that join the text run around them (a `<br>` reads as a space). */
const INLINE_BREAK = "LineBreak";
const SKIP_ROLES = new Set(["InlineTextBox", "ListMarker"]);
const TRANSPARENT_ROLES = new Set([
  "generic",
  "none",
  "presentation",
  "GenericContainer",
  "Section",
  "LabelText",
  "MenuListPopup",
]);
/** Roles that never get a ref of their own (a label is clickable only to forward to its control). */
const NEVER_REF = new Set(["LabelText", "RootWebArea", "WebArea", "Iframe"]);

/** Roles whose content is a value typed by the user. */
const FIELD_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton", "TextField", "textField"]);

const BOOLEAN_FLAGS = ["disabled", "expanded", "selected", "pressed", "required", "readonly"] as const;

/** Longest name, text or value shown on one line, in UTF-16 units (the rest becomes `…`). */
export const MAX_TEXT = 2000;

function str(x: unknown): string {
  return typeof x === "string" ? x : x === undefined || x === null ? "" : String(x);
}

function prop(node: AXNodeLike, name: string): unknown {
  return node.properties?.find((p) => p.name === name)?.value?.value;
}

// Every character some reader treats as a line or record break (C0, DEL, C1 incl. NEL,
// U+2028/2029), so page text can never start a line of its own.
// deno-lint-ignore no-control-regex
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Page text made safe for one line: well-formed, no breaks, whitespace collapsed, bounded. */
export function cleanText(text: string): string {
  let out = text.toWellFormed().replace(BREAKING, " ").replace(/\s+/g, " ").trim();
  if (out.length > MAX_TEXT) {
    let cut = MAX_TEXT;
    const last = out.charCodeAt(cut - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut--;
    out = out.slice(0, cut) + "…";
  }
  return out;
}

/** A `[` that would open something looking like Porthole's ref marker. */
const REF_LOOKALIKE = /\[(?=\s*ref)/gi;

/** A JSON (and YAML) double-quoted string of clean text that cannot pass for a ref marker. */
function quote(clean: string): string {
  return JSON.stringify(clean).replace(REF_LOOKALIKE, "\\u005b");
}

/** Clean text as a YAML value: plain when that reads the same, quoted otherwise. */
export function yamlText(clean: string): string {
  if (
    clean === "" ||
    /^[\-?:,[\]{}#&*!|>'"%@`]|: | #|:$|\[\s*ref/i.test(clean) ||
    /^(true|false|yes|no|on|off|null|~|[-+]?(\.?\d[\d._]*([eE][-+]?\d+)?|0x[\da-f]+|\.inf|\.nan))$/i.test(
      clean,
    )
  ) {
    return quote(clean);
  }
  return clean;
}

function attrs(node: AXNodeLike, role: string): string[] {
  const out: string[] = [];
  if (role === "heading") {
    const level = prop(node, "level");
    if (typeof level === "number") out.push(`level=${level}`);
  }
  const checked = prop(node, "checked");
  if (checked === "true" || checked === true) out.push("checked");
  else if (checked === "mixed") out.push("checked=mixed");
  for (const flag of BOOLEAN_FLAGS) {
    const value = prop(node, flag);
    if (value === true || value === "true") out.push(flag);
  }
  return out;
}

interface Line {
  depth: number;
  text: string;
  /** The ref this line carries. */
  ref?: string;
  /** For `- text:` lines: the clean text, so a lone text child can move onto its parent's line. */
  plain?: string;
}

function invalid(message: string): PortholeError {
  return new PortholeError("snapshot_invalid", `The snapshot was invalid: ${message}`, {
    recoveryHint: "Observe again",
  });
}

/** Build the snapshot of one document from its AX nodes (root first, as CDP returns them). */
export function buildSnapshot(nodes: AXNodeLike[], hints: DomHints, opts: BuildOptions): BuiltSnapshot {
  const byId = new Map<string, AXNodeLike>();
  for (const n of nodes) byId.set(n.nodeId, n);
  const root = nodes.find((n) => !n.parentId || !byId.has(n.parentId)) ?? nodes[0];
  const lines: Line[] = [];
  const refs: RefTarget[] = [];
  const seenRefs = new Map<string, number>();
  const visited = new Set<string>();
  const title = root ? cleanText(str(root.name?.value)) : "";

  const wantsRef = (node: AXNodeLike, role: string, refAncestor: boolean): boolean => {
    const id = node.backendDOMNodeId;
    if (id === undefined || NEVER_REF.has(role)) return false;
    if (INTERACTIVE_ROLES.has(role)) return true;
    if (prop(node, "focusable") === true) return true;
    if (hints.clickable.has(id)) return true;
    // A pointer cursor marks a click target, but not again inside one that already has a ref.
    if (hints.pointer.has(id) && !refAncestor) return true;
    return false;
  };

  const pushText = (raw: string, depth: number) => {
    const plain = cleanText(raw);
    if (plain && depth < opts.maxDepth) lines.push({ depth, text: `- text: ${yamlText(plain)}`, plain });
  };

  // Children in DOM order; adjacent text siblings (and `<br>`s between them) form one text line.
  const walk = (node: AXNodeLike, depth: number, refAncestor: boolean) => {
    let run: string | null = null;
    for (const childId of node.childIds ?? []) {
      const child = byId.get(childId);
      if (!child) continue;
      const role = str(child.role?.value);
      if (!child.ignored && (TEXT_ROLES.has(role) || role === INLINE_BREAK)) {
        run = (run ?? "") + str(child.name?.value);
        continue;
      }
      if (run !== null) pushText(run, depth);
      run = null;
      emit(child, depth, refAncestor);
    }
    if (run !== null) pushText(run, depth);
  };

  const emit = (node: AXNodeLike, depth: number, refAncestor: boolean) => {
    if (visited.has(node.nodeId)) throw invalid(`AX node ${node.nodeId} appears twice in the tree`);
    visited.add(node.nodeId);
    let role = str(node.role?.value);
    if (SKIP_ROLES.has(role)) return;
    if (TEXT_ROLES.has(role) || role === INLINE_BREAK) {
      if (!node.ignored) pushText(str(node.name?.value), depth);
      return;
    }
    const ref = !node.ignored && wantsRef(node, role, refAncestor);
    if (!ref && (node.ignored || TRANSPARENT_ROLES.has(role) || role === "")) {
      walk(node, depth, refAncestor);
      return;
    }
    if (depth >= opts.maxDepth) return;
    if (ref && TRANSPARENT_ROLES.has(role)) role = "clickable";
    const rawName = str(node.name?.value);
    const name = cleanText(rawName);
    const id = node.backendDOMNodeId;
    let head = `- ${role}`;
    if (name) head += ` ${quote(name)}`;
    for (const a of attrs(node, role)) head += ` [${a}]`;
    const line: Line = { depth, text: head };
    if (ref) {
      const r = opts.refFor(id!);
      const other = seenRefs.get(r);
      if (other !== undefined) throw invalid(`duplicate ref ${r} (nodes ${other} and ${id})`);
      seenRefs.set(r, id!);
      refs.push({ ref: r, backendNodeId: id!, role, name: rawName });
      line.ref = r;
      line.text += ` [ref=${r}]`;
    }
    const index = lines.push(line) - 1;
    if (FIELD_ROLES.has(role)) {
      // A field's text is its value, shown inline and never for credential fields. A
      // `<select>` shows its options instead, the chosen one marked [selected].
      const sensitive = id !== undefined && hints.sensitive.has(id);
      if (sensitive) return;
      const listed = role === "combobox" &&
        (node.childIds ?? []).some((c) => str(byId.get(c)?.role?.value) === "MenuListPopup");
      if (!listed) {
        const value = cleanText(str(node.value?.value));
        if (value !== "") line.text += `: ${yamlText(value)}`;
        return;
      }
    }
    walk(node, depth + 1, refAncestor || ref);
    const href = id !== undefined && role === "link" ? hints.hrefs.get(id) : undefined;
    let kids = lines.length - index - 1;
    const lone = kids === 1 ? lines[index + 1] : undefined;
    if (lone?.plain !== undefined) {
      // A lone text child goes on the node's own line, unless it only repeats the name.
      if (lone.plain === name) {
        lines.length = index + 1;
        kids = 0;
      } else if (!href) {
        lines.length = index + 1;
        line.text += `: ${yamlText(lone.plain)}`;
        return;
      }
    }
    if (href && depth + 1 < opts.maxDepth) {
      lines.splice(index + 1, 0, {
        depth: depth + 1,
        text: `- /url: ${yamlText(cleanText(opts.redact(href)))}`,
      });
      kids++;
    }
    if (kids > 0) line.text += ":";
  };

  if (root) {
    // The document root itself is not a line: depth 1 is what is directly under it.
    visited.add(root.nodeId);
    walk(root, 0, false);
  }
  return finish(lines, refs, title, opts.maxBytes);
}

/** Join lines and cut on whole UTF-8 lines at `maxBytes`, keeping only refs whose lines survive. */
export function finish(lines: Line[], refs: RefTarget[], title: string, maxBytes: number): BuiltSnapshot {
  const enc = new TextEncoder();
  let bytes = 0;
  let out = "";
  let truncated = false;
  const kept = new Set<string>();
  for (const line of lines) {
    const text = `${"  ".repeat(line.depth)}${line.text}\n`;
    const size = enc.encode(text).length;
    if (bytes + size > maxBytes) {
      truncated = true;
      break;
    }
    out += text;
    bytes += size;
    if (line.ref) kept.add(line.ref);
  }
  return { tree: out, refs: refs.filter((r) => kept.has(r.ref)), truncated, bytes, title };
}
