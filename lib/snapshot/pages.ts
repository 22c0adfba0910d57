/**
 * An observation past the size cap: its rendered lines cut into pages, and searched by `find`.
 * Pure: lines in, page ends and matches out.
 *
 * Pages are cut on whole subtrees: a line goes onto a page with all its descendants whenever
 * they fit within the cap; only a subtree larger than the cap is split, between its children (its
 * own line closes the page it starts on, its children follow). Every line is on exactly one page,
 * in order, so following the pages repeats and skips nothing. A single line larger than the cap
 * (a text run of thousands of characters) is a page of its own.
 */
import type { Line } from "./render.ts";

/** One page of the uncut text: where it ends (in characters), its size and its refs. */
export interface PageCut {
  end: number;
  bytes: number;
  refs: number;
}

const enc = new TextEncoder();

export const lineString = (line: Line) => `${"  ".repeat(line.depth)}${line.text}\n`;

/**
 * Cut the lines (whose joined text is the uncut tree) into pages of at most `maxBytes`; `lineBytes`,
 * each line's UTF-8 size as render's `finish` measured it, saves measuring them again.
 */
export function paginate(lines: readonly Line[], maxBytes: number, lineBytes?: readonly number[]): PageCut[] {
  const n = lines.length;
  const chars = new Array<number>(n);
  const bytes = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const line = lines[i];
    chars[i] = 2 * line.depth + line.text.length + 1;
    bytes[i] = lineBytes ? lineBytes[i] : enc.encode(lineString(line)).length;
  }
  // Where each line's subtree ends, and its size: a line's subtree is it and the deeper lines after it.
  const end = new Array<number>(n);
  const size = new Array<number>(n);
  const open: number[] = [];
  const close = (at: number) => {
    const i = open.pop()!;
    end[i] = at;
  };
  for (let i = 0; i < n; i++) {
    while (open.length && lines[open[open.length - 1]].depth >= lines[i].depth) close(i);
    open.push(i);
  }
  while (open.length) close(n);
  const prefix = [0];
  for (let i = 0; i < n; i++) prefix.push(prefix[i] + bytes[i]);
  for (let i = 0; i < n; i++) size[i] = prefix[end[i]] - prefix[i];

  const pages: PageCut[] = [];
  let cur: PageCut = { end: 0, bytes: 0, refs: 0 };
  let at = 0;
  const add = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      cur.bytes += bytes[i];
      cur.end += chars[i];
      if (lines[i].ref) cur.refs++;
    }
    at = to;
  };
  const breakPage = () => {
    if (cur.bytes === 0) return;
    pages.push(cur);
    cur = { end: cur.end, bytes: 0, refs: 0 };
  };
  const place = (from: number, to: number) => {
    let k = from;
    while (k < to) {
      const e = end[k];
      if (cur.bytes + size[k] <= maxBytes) {
        add(k, e);
      } else if (size[k] <= maxBytes) {
        breakPage();
        add(k, e);
      } else {
        if (cur.bytes + bytes[k] > maxBytes) breakPage();
        add(k, k + 1);
        place(k + 1, e);
      }
      k = e;
    }
  };
  place(0, n);
  if (at !== n) throw new Error("paginate: lines left over");
  if (cur.bytes > 0 || pages.length === 0) pages.push(cur);
  return pages;
}

export interface FindQuery {
  text?: string;
  role?: string;
  name?: string;
}

export interface FoundLine {
  /** The line as shown, without indentation. */
  line: string;
  ref?: string;
  /**
   * The ancestors' roles and names, outermost first: `main > list "Items" > listitem`; a nameless wrapper
   * that only a listener makes actionable is not one of them.
   */
  path: string;
}

const label = (line: Line) => `${line.role ?? "text"}${line.name ? ` ${JSON.stringify(line.name)}` : ""}`;

/** The lines matching every given criterion (text and name: any case, anywhere), in order, up to `limit`. */
export function findLines(
  lines: readonly Line[],
  q: FindQuery,
  limit: number,
): { found: FoundLine[]; total: number } {
  const text = q.text?.toLowerCase();
  const name = q.name?.toLowerCase();
  const found: FoundLine[] = [];
  const stack: Line[] = [];
  let total = 0;
  for (const line of lines) {
    stack.length = Math.min(stack.length, line.depth);
    const isText = line.plain !== undefined;
    const role = isText ? "text" : line.role;
    const hit = role !== undefined && !line.context &&
      (q.role === undefined || role === q.role) &&
      (name === undefined || (line.name ?? "").toLowerCase().includes(name)) &&
      (text === undefined || line.text.replace(/ \[ref=@[a-z0-9]+\]/, "").toLowerCase().includes(text));
    if (hit) {
      total++;
      if (found.length < limit) {
        found.push({
          line: line.text,
          ...(line.ref ? { ref: line.ref } : {}),
          path: stack.filter((l) => !l.wrapper).map(label).join(" > "),
        });
      }
    }
    stack.push(line);
  }
  return { found, total };
}
