/**
 * The import graph of Porthole's own sources, read from the files themselves (no browser, no
 * module loading): who imports what, whether only for types, and the cycles.
 */

export interface Import {
  /** A path from the repository root (`lib/session/core/gate.ts`), or a bare package specifier. */
  to: string;
  /** `import type …` / `export type …`: erased at run time, still a dependency. */
  typeOnly: boolean;
  /** The names between the braces, with their own `type` markers (`type Foo`, `Bar`). */
  names: string[];
  /** `import * as x` or a default import: the module itself, as a value. */
  whole: boolean;
}

const ROOT = new URL("../..", import.meta.url).pathname;

const STATEMENT =
  /(?:^|\n)[ \t]*(import|export)[ \t]+(type[ \t]+)?([^"';]*?)[ \t\n]*from[ \t]+["']([^"']+)["']|(?:^|\n)[ \t]*import[ \t]+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every production `.ts` file under `dirs` (tests excluded), as paths from the root. */
export function sourceFiles(...dirs: string[]): string[] {
  return filesEndingIn([".ts"], dirs);
}

/** Every production file under `dirs` whose name ends in one of `endings` (tests excluded). */
export function filesEndingIn(endings: string[], dirs: string[]): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of Deno.readDirSync(ROOT + dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) visit(path);
      else if (endings.some((e) => path.endsWith(e)) && !/_test\.tsx?$/.test(path)) out.push(path);
    }
  };
  for (const d of dirs) visit(d);
  return out.sort();
}

export function readSource(path: string): string {
  return Deno.readTextFileSync(ROOT + path);
}

/** `../x/y.ts` seen from `from` as a root path; bare specifiers stay as they are. */
function resolve(from: string, spec: string): string {
  if (!spec.startsWith(".")) return spec;
  const parts = from.split("/").slice(0, -1);
  for (const s of spec.split("/")) {
    if (s === "..") parts.pop();
    else if (s !== ".") parts.push(s);
  }
  return parts.join("/");
}

export function importsOf(path: string, source = readSource(path)): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(STATEMENT)) {
    const spec = m[4] ?? m[5] ?? m[6];
    const clause = m[3] ?? "";
    const braces = clause.match(/\{([^}]*)\}/)?.[1] ?? "";
    out.push({
      to: resolve(path, spec),
      typeOnly: m[2] !== undefined,
      names: braces.split(",").map((n) => n.trim()).filter(Boolean),
      whole: m[6] !== undefined || /\*\s+as\s+\w+/.test(clause) || /^\s*\w+\s*(,|$)/.test(clause),
    });
  }
  return out;
}

/** The package a bare specifier names: `hono/streaming` → `hono`, `node:fs` → `node:`. */
export function packageOf(spec: string): string {
  if (spec.startsWith("node:")) return "node:";
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The strongly connected components of more than one file (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    // A file that imports itself is a cycle too.
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
