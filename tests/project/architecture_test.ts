/**
 * docs/architecture.md is the map of the code: every path it names must exist, so a moved or
 * renamed file fails here until the map follows it. Pure: reads files, starts nothing.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { basename, join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const DOC = Deno.readTextFileSync(join(ROOT, "docs/architecture.md"));

/** Every file name in the tree, for the names the map gives without their folder. */
function baseNames(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const e of Deno.readDirSync(join(ROOT, dir))) {
      if (e.isDirectory && !e.name.startsWith(".") && e.name !== "node_modules") visit(join(dir, e.name));
      else if (e.isFile) names.add(e.name);
    }
  };
  for (const e of Deno.readDirSync(ROOT)) if (e.isFile) names.add(e.name);
  for (const dir of ["lib", "routes", "tests", "build", "ui", "bench", "clients"]) visit(dir);
  return names;
}

/** Code spans that name a path: `lib/x.ts`, `tests/`, `gate.ts` (no globs, braces or words). */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  return spans.filter((s) =>
    /^[\w.][\w./-]*$/.test(s) && !s.includes("*") &&
    (/\.(ts|tsx|md|json)$/.test(s) || /^(lib|routes|tests|ui|build)\//.test(s))
  );
}

Deno.test("every path docs/architecture.md names exists", () => {
  const names = baseNames();
  const missing = namedPaths(DOC).filter((p) =>
    p.includes("/") ? !existsSync(join(ROOT, p)) : !names.has(basename(p))
  );
  assert.deepEqual([...new Set(missing)], [], "paths in docs/architecture.md that do not exist");
});

Deno.test("the map has a paragraph for every room of the engine", () => {
  const rooms = [...Deno.readDirSync(join(ROOT, "lib/session"))].filter((e) => e.isDirectory).map((e) =>
    e.name
  );
  assert.ok(rooms.length >= 6, `rooms: ${rooms}`);
  for (const room of rooms) {
    assert.ok(DOC.includes(`**\`${room}/\`**`), `no paragraph for lib/session/${room}/`);
  }
});
