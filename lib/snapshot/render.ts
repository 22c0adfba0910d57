/**
 * The ARIA snapshot: the walker's records of one frame (and of the frames inside it) rendered
 * as Playwright-style YAML lines (`- role "name" [attr] [ref=@e1]`), in one of three tiers,
 * with depth and size bounds. Pure: no I/O.
 *
 * Tree format, beyond Playwright's:
 * - `- iframe "title" [frame=<frameId>] [origin=<origin>]:` carries the frame's id (usable as
 *   `frameId` in observe) and origin; its document is nested below it. Only documents of the
 *   observed frame's origin get refs; other origins (and opaque, sandboxed ones) are shown
 *   without refs. `[frame=unknown]` marks a frame Chromium did not report (yet).
 * - `[shadow=closed]` marks an element hosting a closed shadow root, whose content cannot be read.
 * - Refs of the main frame's documents read `@e<n>`, those of other frames `@f<k>e<n>`.
 * - A scroll container has a ref (`scrollable` when it has no role) and `[scroll=<from>-<to>/<total>]`: the
 *   CSS px it shows of its whole extent (`[scroll-x=…]` when it scrolls sideways), so an agent sees that more
 *   exists and how far to scroll.
 * - An editor whose text is formatted lists its paragraphs and formatting (`- strong: bold`) instead of a value.
 * - A ref's line carries its consequence tags before the ref (`consequenceTags`).
 */
import { PortholeError } from "../protocol/errors.ts";
import { credentialReason, sensitiveField } from "../policy/sensitive.ts";
import { canonicalOrigin } from "../policy/url.ts";
import { cleanText, quote, utf8Length, yamlText } from "./text.ts";
import { FLAG, INTERACTIVE_ROLE_LIST, type WalkNode, type WalkResult } from "./walker.ts";

export type Tier = "full" | "interactive" | "minimal";

/** One ref of a state: where it lives and what it was (the action's fingerprint compares it). */
export interface RefTarget {
  ref: string;
  frameId: string;
  /** Loader of the ref's frame when it was observed. */
  loaderId: string;
  /** The document registry's token and the element's number in it. */
  token: string;
  n: number;
  role: string;
  /** Chromium's accessible name, exactly. */
  name: string;
  /** The element is a `<select>`. */
  select?: true;
}

/** One frame's walk, ready to render. */
export interface FrameWalk {
  frameId: string;
  loaderId: string;
  origin: string;
  /** "" for the main frame's documents, `f<k>` for other frames. */
  refPrefix: string;
  /** Whether this document's actionable nodes get refs. */
  refs: boolean;
  result: WalkResult;
  /** Frame ids of the iframe elements passed to the walker, by index. */
  owners: string[];
  /** Indexes of `c` candidates that do host a closed shadow root. */
  closed: Set<number>;
}

export interface RenderOptions {
  tier: Tier;
  maxDepth: number;
  maxBytes: number;
  redact: (url: string) => string;
  /** Playwright's plain ARIA snapshot: no refs and no `/url` lines (BAP observe/ariaSnapshot). */
  plain?: boolean;
}

export interface Rendered {
  tree: string;
  /** Every line, before the size cap (what `since` compares), and whether the walk itself stopped early. */
  uncut: string;
  walkCut: boolean;
  /** The refs whose lines are in `tree` (refs cut off by the size cap are not actionable). */
  refs: RefTarget[];
  /** Every ref of the uncut lines. */
  allRefs: RefTarget[];
  /** The uncut lines themselves (pages and `find` are cut and searched on them, see pages.ts). */
  lines: Line[];
  /** Each line's UTF-8 size with its indentation and newline (paginate cuts on them). */
  lineBytes: number[];
  truncated: boolean;
  bytes: number;
}

export interface Line {
  depth: number;
  text: string;
  ref?: string;
  /** For `- text:` lines: the clean text, so a lone text child can move onto its parent's line. */
  plain?: string;
  /** The role and clean name shown (what `find` matches and names ancestors by). */
  role?: string;
  name?: string;
  /** A search walk's line that cannot match: it is there for a match's path or line (findLines skips it). */
  context?: true;
  /** A nameless wrapper's line (FLAG.wrapper): a path leaves it out, as the tree does around what it wraps. */
  wrapper?: true;
}

export interface TNode {
  w: WalkNode;
  fw: FrameWalk;
  kids: TNode[];
}

/** Whether a node or any below it has something to say: a name, a ref, a value or text. */
function says(node: TNode): boolean {
  const w = node.w;
  if (w.n || w.ref !== undefined || w.v !== undefined || w.r === "text") return true;
  return node.kids.some(says);
}

/** An unnamed image or graphic with nothing to say below it (an icon): decoration. */
function decorative(node: TNode): boolean {
  return /^(image|img|graphics-\w+)$/.test(node.w.r) && !says(node);
}

const LANDMARKS = new Set([
  "banner",
  "complementary",
  "contentinfo",
  "form",
  "main",
  "navigation",
  "region",
  "search",
  "dialog",
  "alertdialog",
]);
/** Roles that are controls by nature, with a ref or not (a disabled button out of reach has none). */
const CONTROLS = new Set<string>(INTERACTIVE_ROLE_LIST);

/** Roles that only hold content: empty, unnamed and without a state, their line says nothing. */
const HOLLOW = new Set([
  "status",
  "log",
  "alert",
  "marquee",
  "timer",
  "note",
  "paragraph",
  "group",
  "list",
  "listitem",
  "generic",
  "article",
  "blockquote",
  "figure",
  "term",
  "definition",
  "tooltip",
  "none",
  "presentation",
]);
const FLAG_ORDER: [keyof typeof FLAG, string][] = [
  ["disabled", "disabled"],
  ["expanded", "expanded"],
  ["selected", "selected"],
  ["pressed", "pressed"],
  ["required", "required"],
  ["readonly", "readonly"],
  ["active", "active"],
];
const DISPLAY_ROLE: Record<string, string> = { Iframe: "iframe" };

function invalid(message: string): PortholeError {
  return new PortholeError("snapshot_invalid", `The snapshot was invalid: ${message}`, {
    recoveryHint: "Observe again",
  });
}

/** Rebuild the nesting of one frame's flat records, with child frames' documents under their iframes. */
export function frameTree(fw: FrameWalk, frames: Map<string, FrameWalk>, seen = new Set<string>()): TNode[] {
  if (seen.has(fw.frameId)) throw invalid(`frame ${fw.frameId} appears twice`);
  seen.add(fw.frameId);
  const roots: TNode[] = [];
  const stack: TNode[] = [];
  for (const w of fw.result.nodes) {
    const node: TNode = { w, fw, kids: [] };
    const parent = w.d > 0 ? stack[Math.min(w.d, stack.length) - 1] : undefined;
    (parent ? parent.kids : roots).push(node);
    stack.length = Math.min(w.d, stack.length);
    stack.push(node);
    if (w.fr !== undefined) {
      const child = w.fr >= 0 ? frames.get(fw.owners[w.fr]) : undefined;
      if (child) node.kids = frameTree(child, frames, seen);
    }
  }
  return roots;
}

function roleText(w: WalkNode, ref: boolean): string {
  if (ref && (w.r === "generic" || w.r === "")) return w.sc ? "scrollable" : "clickable";
  return DISPLAY_ROLE[w.r] ?? (w.r || "generic");
}

function attrs(w: WalkNode, fw: FrameWalk, frames: Map<string, FrameWalk>): string {
  let out = "";
  if (w.lv !== undefined && w.r === "heading") out += ` [level=${w.lv}]`;
  const f = w.f ?? 0;
  if (f & FLAG.mixed) out += " [checked=mixed]";
  else if (f & FLAG.checked) out += " [checked]";
  for (const [flag, label] of FLAG_ORDER) if (f & FLAG[flag]) out += ` [${label}]`;
  if (w.fr !== undefined) {
    const id = w.fr >= 0 ? fw.owners[w.fr] : undefined;
    const child = id ? frames.get(id) : undefined;
    out += ` [frame=${id ?? "unknown"}]`;
    if (child) out += ` [origin=${child.origin}]`;
  }
  if (w.c !== undefined && fw.closed.has(w.c)) out += " [shadow=closed]";
  if (w.sc) out += ` [scroll${w.sc.x ? "-x" : ""}=${w.sc.at}-${w.sc.at + w.sc.shown}/${w.sc.total}]`;
  return out;
}

/**
 * A ref's consequence tags and reach flags, read from the page's own semantics: what acting on
 * it would do (`[submits]`, `[navigates=same-origin|cross-origin]`, `[opens-popup]`,
 * `[downloads]`, `[credential]`) and whether it can be reached now (`[covered]`, `[offscreen]`).
 */
export function consequenceTags(w: WalkNode, fw: FrameWalk, originOf = canonicalOrigin): string {
  const f = w.f ?? 0;
  let out = "";
  if (f & FLAG.submits) out += " [submits]";
  if (w.u !== undefined && !(f & FLAG.download)) {
    const to = /^https?:/i.test(w.u) ? originOf(w.u) : "null";
    if (to !== "null") out += to === fw.origin ? " [navigates=same-origin]" : " [navigates=cross-origin]";
  }
  if (f & FLAG.popup) out += " [opens-popup]";
  if (f & FLAG.download) out += " [downloads]";
  if (w.fx && credentialReason({ ...w.fx, accessibleName: w.n ?? "" })) out += " [credential]";
  // A disabled control is refused as disabled before any hit test: a cover on it is not what stops it.
  if (f & FLAG.covered && !(f & FLAG.disabled)) out += " [covered]";
  if (f & FLAG.offscreen) out += " [offscreen]";
  return out;
}

/**
 * A link's `/url` line: a URL of the frame's own origin as its path from `/` (`/cart?item=[redacted]`;
 * the origin is the page's, and a `[navigates=same-origin]` tag says so too); any other URL whole.
 */
export function urlText(url: string, frameOrigin: string, originOf = canonicalOrigin): string {
  if (!/^https?:/i.test(url) || originOf(url) !== frameOrigin) return url;
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return path < 0 ? "/" : url.slice(path);
}

export function fieldValue(w: WalkNode): string | null {
  if (w.v === undefined || !w.fx) return null;
  return sensitiveField({ ...w.fx, accessibleName: w.n ?? "" }) ? null : cleanText(w.v);
}

/** Render the observed frame (and the frames inside it) as snapshot lines. */
export function render(root: FrameWalk, frames: Map<string, FrameWalk>, opts: RenderOptions): Rendered {
  const lines: Line[] = [];
  const refs: RefTarget[] = [];
  const seenRefs = new Set<string>();
  const { tier } = opts;
  // A link's origin depends only on its scheme and authority: parsed once per authority, not once per link.
  const origins = new Map<string, string>();
  const originOf = (url: string) => {
    const key = /^https?:\/\/[^/?#\\]*/i.exec(url)?.[0];
    if (key === undefined) return canonicalOrigin(url);
    let o = origins.get(key);
    if (o === undefined) origins.set(key, o = canonicalOrigin(url));
    return o;
  };

  const pushText = (w: WalkNode, fw: FrameWalk, depth: number) => {
    const plain = cleanText(w.t ?? "");
    if (!plain || depth >= opts.maxDepth) return;
    const line: Line = { depth, text: `- text: ${yamlText(plain)}`, plain };
    if (fw.result.find && !w.m) line.context = true;
    lines.push(line);
  };

  const shown = (node: TNode, ref: boolean): boolean => {
    const w = node.w;
    if (tier === "full") return true;
    if (ref) return true;
    if (tier === "minimal") return false;
    return w.r === "heading" || LANDMARKS.has(w.r) || w.fr !== undefined ||
      (w.c !== undefined && node.fw.closed.has(w.c));
  };

  const emitAll = (nodes: TNode[], depth: number) => {
    for (const node of nodes) emit(node, depth);
  };

  /** `choice`: an option of a `<select>`, a choice of the control's, shown in every tier. */
  const emit = (node: TNode, depth: number, choice = false) => {
    const { w, fw } = node;
    if (w.r === "text") {
      if (tier === "full") pushText(w, fw, depth);
      return;
    }
    const hasRef = !opts.plain && fw.refs && w.ref !== undefined;
    if (
      !(choice || shown(node, hasRef)) || (w.c !== undefined && !fw.closed.has(w.c) && !hasRef) ||
      // A nameless row group (a table's head or body) only groups rows, which say what they are.
      (w.r === "rowgroup" && !hasRef && !w.n)
    ) {
      emitAll(node.kids, depth);
      return;
    }
    if (tier === "minimal") depth = 0;
    if (depth >= opts.maxDepth) return;
    const name = cleanText(w.n ?? "");
    let text = `- ${roleText(w, hasRef)}`;
    if (name) text += ` ${quote(name)}`;
    const shownAttrs = attrs(w, fw, frames);
    text += shownAttrs;
    const line: Line = { depth, text, role: roleText(w, hasRef), name };
    if (fw.result.find && !w.m) line.context = true;
    if (hasRef) {
      const ref = `@${fw.refPrefix}e${w.ref}`;
      if (seenRefs.has(ref)) throw invalid(`duplicate ref ${ref}`);
      seenRefs.add(ref);
      refs.push({
        ref,
        frameId: fw.frameId,
        loaderId: fw.loaderId,
        token: fw.result.token,
        n: w.ref!,
        role: w.r,
        name: w.n ?? "",
        ...(w.sel ? { select: true as const } : {}),
      });
      line.ref = ref;
      line.text += `${consequenceTags(w, fw, originOf)} [ref=${ref}]`;
    }
    const index = lines.push(line) - 1;
    if (w.v !== undefined) {
      const value = fieldValue(w);
      if (!(w.rich && value)) {
        if (value) line.text += `: ${yamlText(value)}`;
        return;
      }
    }
    // An icon inside a named control says nothing its name does not: it is left out.
    const inner = !w.sel && (hasRef || CONTROLS.has(w.r)) && name
      ? node.kids.filter((k) => !decorative(k))
      : node.kids;
    for (const kid of inner) emit(kid, depth + 1, w.sel === 1);
    if (tier === "minimal") return;
    const wrapper = hasRef && !name && ((w.f ?? 0) & FLAG.wrapper) !== 0;
    if (wrapper) line.wrapper = true;
    if (wrapper && !w.a && wrapsOnly(lines, index)) {
      // A nameless wrapper around actionable children and nothing else (a custom element's host around
      // its button, a listener's box around a field, a pager's row of buttons) or around the page's
      // landmarks (an app's root that listens for every click): its children's refs act for it, their
      // clicks reaching its listener, and its line and ref go.
      lines.splice(index, 1);
      for (let i = index; i < lines.length; i++) lines[i].depth--;
      const at = refs.findIndex((r) => r.ref === line.ref);
      if (at >= 0) refs.splice(at, 1);
      seenRefs.delete(line.ref!);
      return;
    }
    if (tier === "interactive" && !hasRef && LANDMARKS.has(w.r) && lines.length === index + 1) {
      // A landmark places actionable nodes; with none inside it is left out.
      lines.length = index;
      return;
    }
    // A link within the document ("#") loads nothing: no target to show.
    const href = tier === "full" && w.r === "link" && !opts.plain && w.u !== "#" ? w.u : undefined;
    if (
      name && !fw.result.find && node.kids.length > 1 &&
      node.kids.some((k) => k.w.r === "text" && cleanText(k.w.t ?? "") === name)
    ) {
      // A text beside other lines that says the node's name again (a column header's label beside its resize
      // handle) goes: the name says it.
      for (let i = lines.length - 1; i > index; i--) {
        if (lines[i].depth === depth + 1 && lines[i].plain === name) lines.splice(i, 1);
      }
    }
    if (w.r === "row" && !fw.result.find) {
      // Cells with nothing to say after a row's last word (a calendar's filler days) hold no column's place.
      for (let last = lines[lines.length - 1]; lines.length > index + 1 && blankCell(last, depth + 1);) {
        lines.pop();
        last = lines[lines.length - 1];
      }
    }
    let kids = lines.length - index - 1;
    const lone = kids === 1 ? lines[index + 1] : undefined;
    if (!hasRef && name && !fw.result.find && namedByOnlyChild(lines, index, name)) {
      // A container named by its one actionable child (a heading around its link) leaves the name to that child.
      line.text = `- ${line.role}${shownAttrs}`;
    } else if (
      w.r === "row" && name && !fw.result.find && lone?.plain === undefined && spells(lines, index, name)
    ) {
      // A row named by its cells (Chromium's name from content) says each of them again: its cells say it once.
      line.text = line.text.replace(`- row ${quote(name)}`, "- row");
    }
    // A search walk's ancestor lacks most of its subtree: a child of it never moves onto its line.
    if (lone?.plain !== undefined && !w.a) {
      // A lone text child goes on the node's own line, unless it only repeats the name or its first letters (a
      // calendar's "S" under "Sunday").
      if (lone.plain === name || abbreviates(lone.plain, name)) {
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
        text: `- /url: ${yamlText(cleanText(urlText(opts.redact(href), fw.origin, originOf)))}`,
      });
      kids++;
    }
    if (kids > 0) line.text += ":";
    else if (
      !hasRef && HOLLOW.has(w.r) && line.text === `- ${w.r}` && !opts.plain && !fw.result.find && !says(node)
    ) {
      // A container with nothing in it, no name and no state (a live region waiting for its first message, an
      // empty paragraph) says nothing: its line goes, and comes back in `changes` once it holds something.
      lines.length = index;
    }
  };

  emitAll(frameTree(root, frames), 0);
  const done = finish(lines, refs, opts.maxBytes);
  done.walkCut = root.result.cut || [...frames.values()].some((f) => f.result.cut);
  if (done.walkCut) done.truncated = true;
  return done;
}

/** Whether `text` is the first letters of the word `name` (`Tu` of `Tuesday`), a short form it says nothing beside. */
function abbreviates(text: string, name: string): boolean {
  return text.length < name.length && !/\s/.test(name) && name.toLowerCase().startsWith(text.toLowerCase());
}

/** Whether a line at `depth` is a bare cell: no name, state, ref or text (nor lines below it: it is the last one). */
function blankCell(line: Line, depth: number): boolean {
  return line.depth === depth && (line.text === "- cell" || line.text === "- gridcell") &&
    line.ref === undefined;
}

/**
 * Whether `name` is what the child lines of `index` say, in order and but for white space: each child's
 * name, or its text, or else what its own children say.
 */
function spells(lines: Line[], index: number, name: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, "");
  const said: string[] = [];
  const end = subtreeEnd(lines, index);
  const say = (at: number, stop: number) => {
    if (at >= stop) return;
    const depth = lines[at].depth;
    for (let i = at; i < stop; i++) {
      const line = lines[i];
      if (line.depth !== depth) continue;
      const own = line.name || line.plain;
      if (own) said.push(own);
      else say(i + 1, subtreeEnd(lines, i));
    }
  };
  say(index + 1, end);
  return squash(said.join("")) === squash(name);
}

/** The end of the subtree of line `index`: the first line after it that is not nested under it. */
function subtreeEnd(lines: Line[], index: number): number {
  let end = index + 1;
  while (end < lines.length && lines[end].depth > lines[index].depth) end++;
  return end;
}

/** Whether the lines after `index` are one child subtree whose head carries a ref and the name `name`. */
function namedByOnlyChild(lines: Line[], index: number, name: string): boolean {
  return lines[index + 1]?.name === name && onlyChildWithRef(lines, index);
}

/** Page landmarks: a nameless wrapper around one is the page's frame, not a target. */
const PAGE_LANDMARKS = new Set(["main", "banner", "contentinfo", "navigation"]);

/**
 * Whether the lines after `index`, the subtree of its line, are child subtrees whose heads all carry a
 * ref, or hold a page landmark.
 */
function wrapsOnly(lines: Line[], index: number): boolean {
  const depth = lines[index].depth;
  let children = 0;
  let refs = true;
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.role !== undefined && PAGE_LANDMARKS.has(line.role)) return true;
    if (line.depth !== depth + 1) continue;
    children++;
    if (line.ref === undefined) refs = false;
  }
  return children > 0 && refs;
}

/** Whether the lines after `index` are one child subtree whose head carries a ref. */
function onlyChildWithRef(lines: Line[], index: number): boolean {
  return lines[index + 1]?.ref !== undefined && subtreeEnd(lines, index + 1) === lines.length;
}

/** Indentation by depth, made once. */
const INDENT: string[] = [];

/** Join lines and cut on whole UTF-8 lines at `maxBytes`, keeping only refs whose lines survive. */
export function finish(lines: Line[], refs: RefTarget[], maxBytes: number): Rendered {
  let bytes = 0;
  let uncut = "";
  let treeEnd = 0;
  let truncated = false;
  const kept = new Set<string>();
  const lineBytes = new Array<number>(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    uncut += (INDENT[line.depth] ??= "  ".repeat(line.depth)) + line.text + "\n";
    // Indentation and newline are ASCII: one byte a character.
    const size = lineBytes[i] = 2 * line.depth + utf8Length(line.text) + 1;
    if (truncated) continue;
    if (bytes + size > maxBytes) {
      truncated = true;
      continue;
    }
    treeEnd = uncut.length;
    bytes += size;
    if (line.ref) kept.add(line.ref);
  }
  return {
    tree: uncut.slice(0, treeEnd),
    uncut,
    walkCut: false,
    refs: refs.filter((r) => kept.has(r.ref)),
    allRefs: refs,
    lines,
    lineBytes,
    truncated,
    bytes,
  };
}
