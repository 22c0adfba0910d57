/**
 * The ARIA snapshot: Chromium's accessibility tree rendered as Playwright-style YAML lines
 * (`- role "name" [attr] [ref=@e1]`), with refs on actionable nodes. Pure: no I/O.
 */

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
const SKIP_ROLES = new Set(["InlineTextBox", "LineBreak"]);
const TRANSPARENT_ROLES = new Set(["generic", "none", "presentation", "GenericContainer", "Section", "LabelText"]);
/** Roles that never get a ref of their own (a label is clickable only to forward to its control). */
const NEVER_REF = new Set(["LabelText", "RootWebArea", "WebArea", "Iframe"]);

/** Roles whose content is a value typed by the user. */
const FIELD_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton", "TextField", "textField"]);

const BOOLEAN_FLAGS = ["disabled", "expanded", "selected", "pressed", "required", "readonly"] as const;

function str(x: unknown): string {
  return typeof x === "string" ? x : x === undefined || x === null ? "" : String(x);
}

function prop(node: AXNodeLike, name: string): unknown {
  return node.properties?.find((p) => p.name === name)?.value?.value;
}

function quote(text: string): string {
  return JSON.stringify(text);
}

/** Text on a YAML line: plain when safe, quoted otherwise. */
function yamlText(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean === "" || /^[\s\-?:,[\]{}#&*!|>'"%@`]|: | #|^(true|false|null|~|\d[\d.]*)$/i.test(clean)) {
    return quote(clean);
  }
  return clean;
}

function attrs(node: AXNodeLike, role: string): string[] {
  const out: string[] = [];
  if (role === "heading") {
    const level = prop(node, "level");
    if (level !== undefined) out.push(`level=${level}`);
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
}

/** Build the snapshot of one document from its AX nodes (root first, as CDP returns them). */
export function buildSnapshot(nodes: AXNodeLike[], hints: DomHints, opts: BuildOptions): BuiltSnapshot {
  const byId = new Map<string, AXNodeLike>();
  for (const n of nodes) byId.set(n.nodeId, n);
  const root = nodes.find((n) => !n.parentId || !byId.has(n.parentId)) ?? nodes[0];
  const lines: Line[] = [];
  const refs: RefTarget[] = [];
  const seenRefs = new Set<string>();
  const title = root ? str(root.name?.value) : "";

  const wantsRef = (node: AXNodeLike, role: string, refAncestor: boolean): boolean => {
    const id = node.backendDOMNodeId;
    if (id === undefined || NEVER_REF.has(role)) return false;
    if (INTERACTIVE_ROLES.has(role)) return true;
    if (prop(node, "focusable") === true && role !== "RootWebArea" && role !== "WebArea") return true;
    if (hints.clickable.has(id)) return true;
    if (hints.pointer.has(id) && !refAncestor) return true;
    return false;
  };

  const textOf = (node: AXNodeLike): string => str(node.name?.value);

  // Children after skipping ignored and transparent wrappers, keeping DOM order.
  const walk = (node: AXNodeLike, depth: number, refAncestor: boolean) => {
    for (const childId of node.childIds ?? []) {
      const child = byId.get(childId);
      if (child) emit(child, depth, refAncestor);
    }
  };

  const emit = (node: AXNodeLike, depth: number, refAncestor: boolean) => {
    let role = str(node.role?.value);
    if (SKIP_ROLES.has(role)) return;
    if (TEXT_ROLES.has(role)) {
      const text = textOf(node);
      if (text.trim() && depth < opts.maxDepth) lines.push({ depth, text: `- text: ${yamlText(text)}` });
      return;
    }
    const ref = !node.ignored && wantsRef(node, role, refAncestor);
    if (!ref && (node.ignored || TRANSPARENT_ROLES.has(role) || role === "")) {
      walk(node, depth, refAncestor);
      return;
    }
    if (depth >= opts.maxDepth) return;
    if (ref && TRANSPARENT_ROLES.has(role)) role = "clickable";
    const name = textOf(node);
    let head = `- ${role === "RootWebArea" ? "document" : role}`;
    if (name) head += ` ${quote(name.replace(/\s+/g, " ").trim())}`;
    for (const a of attrs(node, role)) head += ` [${a}]`;
    if (ref) {
      const id = node.backendDOMNodeId!;
      const r = opts.refFor(id);
      if (seenRefs.has(r)) throw new Error(`duplicate ref ${r}`);
      seenRefs.add(r);
      refs.push({ ref: r, backendNodeId: id, role, name });
      head += ` [ref=${r}]`;
    }
    const index = lines.push({ depth, text: head }) - 1;
    const id = node.backendDOMNodeId;
    if (FIELD_ROLES.has(role)) {
      // A field's text is its value, shown inline and never for credential fields.
      const value = str(node.value?.value);
      if (value !== "" && id !== undefined && !hints.sensitive.has(id)) lines[index].text += `: ${yamlText(value)}`;
      return;
    }
    walk(node, depth + 1, refAncestor || ref);
    const href = id !== undefined && role === "link" ? hints.hrefs.get(id) : undefined;
    let kids = lines.length - index - 1;
    if (kids === 1 && lines[index + 1].text.startsWith("- text: ")) {
      // A lone text child goes on the node's own line, unless it only repeats the name.
      const text = lines[index + 1].text.slice("- text: ".length);
      if (text === yamlText(name)) {
        lines.length = index + 1;
        kids = 0;
      } else if (!href) {
        lines.length = index + 1;
        lines[index].text += `: ${text}`;
        return;
      }
    }
    if (href && depth + 1 < opts.maxDepth) {
      lines.splice(index + 1, 0, { depth: depth + 1, text: `- /url: ${opts.redact(href)}` });
      kids++;
    }
    if (kids > 0) lines[index].text += ":";
  };

  if (root) {
    // The document root itself is not a line: depth 1 is what is directly under it.
    walk(root, 0, false);
  }
  return finish(lines, refs, title, opts.maxBytes);
}

/** Join lines and cut on whole UTF-8 lines at `maxBytes`, keeping only refs that survive. */
export function finish(lines: Line[], refs: RefTarget[], title: string, maxBytes: number): BuiltSnapshot {
  const enc = new TextEncoder();
  let bytes = 0;
  let out = "";
  let truncated = false;
  for (const line of lines) {
    const text = `${"  ".repeat(line.depth)}${line.text}\n`;
    const size = enc.encode(text).length;
    if (bytes + size > maxBytes) {
      truncated = true;
      break;
    }
    out += text;
    bytes += size;
  }
  const kept = truncated ? refs.filter((r) => out.includes(`[ref=${r.ref}]`)) : refs;
  return { tree: out, refs: kept, truncated, bytes, title };
}
