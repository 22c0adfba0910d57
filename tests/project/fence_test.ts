/**
 * The import fence: which part of Porthole may import which (the table in
 * docs/architecture.md). Pure: reads the source files, starts nothing. A new crossing fails; so
 * does a PENDING entry that no longer occurs, so the tables of known debts can only shrink.
 */
import assert from "node:assert/strict";
import {
  cycles,
  filesEndingIn,
  type Import,
  importsOf,
  packageOf,
  readSource,
  sourceFiles,
} from "./import_graph.ts";

/**
 * A part of the code: a folder of lib/, a room of the engine (`lib/session/act`), the engine's
 * composition (the files directly in `lib/session/`), a file directly in lib/, routes/, or main.ts.
 */
function partOf(path: string): string {
  if (path.startsWith("routes/")) return "routes";
  const parts = path.split("/");
  if (parts[0] === "lib" && parts[1] === "session" && parts.length > 3) return `lib/session/${parts[2]}`;
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : path;
}

/** What every room of the engine may use: the layers below it. */
const BELOW_ENGINE = [
  ...["lib/protocol", "lib/policy", "lib/snapshot", "lib/events", "lib/metrics", "lib/artifacts"],
  ...["lib/driver", "lib/config.ts", "lib/log.ts", "devtools-protocol"],
];

/**
 * The engine's rooms, bottom up: each may import the rooms before it and none after, so the rooms
 * form no cycle. `core` is the floor every room stands on (states, gate, deadlines, the page
 * record, the narrow hosts); `observe` never sees `act`; `watch` only listens (it may not import
 * `act` either: ROOMS_APART), and nothing but the composition imports it.
 */
export const ENGINE_ROOMS = ["core", "locate", "observe", "page", "act", "watch"] as const;

/** Rooms a later room still may not import: watching only listens, it never reaches into an action. */
const ROOMS_APART: Partial<Record<string, readonly string[]>> = { watch: ["act"] };

/** What each part may import besides itself, looking down only. Bare names are packages. */
export const MAY_IMPORT: Record<string, readonly string[]> = {
  "lib/protocol": ["valibot"],
  "lib/policy": ["lib/protocol"],
  "lib/snapshot": ["lib/protocol", "lib/policy"],
  "lib/events": ["lib/protocol"],
  "lib/metrics": [],
  // The bounded front reads and pipes bytes, JSON-RPC rides a WebSocket: nothing of Porthole's.
  "lib/net": [],
  "lib/artifacts": ["lib/protocol"],
  "lib/version.ts": [],
  "lib/config_file.ts": ["lib/protocol", "lib/policy", "valibot"],
  // A leaf of values, defaults and limits: the command line that fills it lives in lib/cli.
  "lib/config.ts": ["lib/config_file.ts"],
  "lib/log.ts": ["lib/config.ts", "lib/policy"],
  // The driver is handed its browser settings (config.ts is a leaf of values and defaults).
  "lib/driver": [
    "lib/protocol",
    "lib/policy",
    "lib/config.ts",
    "puppeteer-core",
    "devtools-protocol",
    // puppeteer's own WebSocket package, for the transport that batches writes (transport.ts).
    "ws",
    "node:",
  ],
  ...Object.fromEntries(
    ENGINE_ROOMS.map((room, i) => [
      `lib/session/${room}`,
      [
        ...BELOW_ENGINE,
        ...ENGINE_ROOMS.slice(0, i).filter((r) => !ROOMS_APART[room]?.includes(r)).map((r) =>
          `lib/session/${r}`
        ),
      ],
    ]),
  ),
  // The composition (session.ts, registry.ts, storage_state.ts) builds a session from every room.
  "lib/session": [...BELOW_ENGINE, ...ENGINE_ROOMS.map((r) => `lib/session/${r}`)],
  "lib/ops": ["lib/protocol", "lib/policy", "lib/session", "valibot"],
  "lib/mcp": [
    ...["lib/ops", "lib/session", "lib/protocol", "lib/policy", "lib/artifacts", "lib/config.ts"],
    ...["lib/log.ts", "lib/version.ts", "@modelcontextprotocol/sdk", "@valibot/to-json-schema", "valibot"],
    "node:",
  ],
  "lib/bap": [
    // The snapshot layer is pure (renderers, in-page script text): a door may present with it.
    ...["lib/ops", "lib/session", "lib/protocol", "lib/policy", "lib/snapshot", "lib/events"],
    ...["lib/artifacts", "lib/config.ts", "lib/net"],
    ...["lib/log.ts", "lib/version.ts", "valibot"],
  ],
  "routes": [
    ...["lib/ops", "lib/mcp", "lib/bap", "lib/session", "lib/protocol", "lib/policy", "lib/events"],
    ...["lib/metrics", "lib/config.ts", "lib/log.ts", "lib/version.ts", "hono"],
    ...["@modelcontextprotocol/sdk", "@valibot/to-json-schema"],
  ],
  // The command line: flags, variables, help and usage errors fill a config; its own tools
  // (doctor) start the browser as the pool does; `journal verify` checks a chain as the server writes it.
  "lib/cli": ["lib/config.ts", "lib/config_file.ts", "lib/driver", "lib/version.ts", "lib/protocol"],
  // The composition roots: the server wires the registry to the doors, main.ts is the CLI.
  "lib/server.ts": ["lib/config.ts", "lib/log.ts", "lib/version.ts", "lib/session", "lib/net", "routes"],
  "main.ts": [
    "lib/cli",
    "lib/config.ts",
    "lib/driver",
    "lib/server.ts",
    "lib/version.ts",
    "lib/mcp",
    "lib/log.ts",
  ],
};

/** Imports refused even where the part they belong to is allowed (the more precise rule wins). */
export const NEVER: Record<string, readonly string[]> = {
  // BAP is a door over the operations: no session class, no driver, no raw CDP.
  "lib/bap": ["lib/session/session.ts", "lib/driver", "devtools-protocol", "puppeteer-core"],
};

/** Crossings that are known debts: file → forbidden import. Only shrinks (empty today). */
export const PENDING: readonly (readonly [string, string])[] = [];

/** Files in import cycles today, in code their owners are rewriting. Only shrinks. */
export const PENDING_CYCLES: readonly string[] = [];

/**
 * Session parts that still name the whole `Session` type instead of a narrow host, in files
 * their owners are editing. Only shrinks.
 */
export const PENDING_WHOLE_SESSION: readonly string[] = [];

/** Who may hold the `Session` class as a value (construct it, test `instanceof`). */
const SESSION_VALUE_PARTS = new Set(["lib/ops", "lib/mcp", "lib/bap", "routes", "lib/server.ts", "main.ts"]);
const SESSION_VALUE_FILES = new Set(["lib/session/registry.ts"]);

const FILES = [...sourceFiles("lib", "routes"), "main.ts"];
const IMPORTS = new Map(FILES.map((f) => [f, importsOf(f)]));

/** The rule an import is judged by: its part, or its package for a bare specifier. */
function target(i: Import): string {
  return i.to.startsWith("lib/") || i.to.startsWith("routes/") ? partOf(i.to) : packageOf(i.to);
}

/** A rule names a part, a file, a package, or a folder whose parts it takes whole (`lib/session`). */
const matches = (rule: string, i: Import) =>
  rule === target(i) || rule === i.to || target(i).startsWith(`${rule}/`);

export function crossings(): [string, string][] {
  const found = new Set<string>();
  for (const [file, imports] of IMPORTS) {
    const part = partOf(file);
    const may = MAY_IMPORT[part];
    assert.ok(may, `${file} belongs to ${part}, which the fence table does not know: add it`);
    for (const i of imports) {
      if (partOf(i.to) === part && !NEVER[part]?.some((r) => matches(r, i))) continue;
      const refused = NEVER[part]?.some((r) => matches(r, i)) || !may.some((r) => matches(r, i));
      if (refused) found.add(JSON.stringify([file, i.to]));
    }
  }
  return [...found].map((s) => JSON.parse(s));
}

Deno.test("every relative import names a file that exists (the fence reads the real graph)", () => {
  for (const [file, imports] of IMPORTS) {
    for (const i of imports) {
      if (!i.to.startsWith("lib/") && !i.to.startsWith("routes/")) continue;
      assert.ok(FILES.includes(i.to) || readSource(i.to) !== "", `${file} imports ${i.to}`);
    }
  }
});

Deno.test("no part imports what the fence table does not allow it, except the PENDING crossings", () => {
  const pending = new Set(PENDING.map((p) => JSON.stringify(p)));
  const found = crossings();
  const fresh = found.filter((c) => !pending.has(JSON.stringify(c)));
  assert.deepEqual(fresh, [], "new crossings of the import fence (file → import)");
  const now = new Set(found.map((c) => JSON.stringify(c)));
  const gone = PENDING.filter((p) => !now.has(JSON.stringify(p)));
  assert.deepEqual(gone, [], "PENDING entries that no longer occur: remove them from the table");
});

Deno.test("lib/config.ts is a leaf of values: it imports types only, and parses no command line", () => {
  const values = IMPORTS.get("lib/config.ts")!.filter((i) => !i.typeOnly).map((i) => i.to);
  assert.deepEqual(values, [], "lib/config.ts imports values; flags and variables are read in lib/cli");
  assert.ok(
    !/\bDeno\.args\b|\bUsageError\b/.test(readSource("lib/config.ts")),
    "lib/config.ts parses arguments",
  );
});

Deno.test("only lib/driver/ imports puppeteer-core; routes/ never reach the driver or raw CDP", () => {
  for (const [file, imports] of IMPORTS) {
    for (const i of imports) {
      if (packageOf(i.to) === "puppeteer-core") {
        assert.ok(file.startsWith("lib/driver/"), `${file} imports puppeteer-core`);
      }
      if (file.startsWith("routes/")) {
        assert.ok(
          !["puppeteer-core", "devtools-protocol"].includes(packageOf(i.to)) &&
            !i.to.startsWith("lib/driver/"),
          `${file} imports ${i.to}`,
        );
      }
    }
  }
});

Deno.test("no import cycle in lib/ or routes/, type imports included, except PENDING_CYCLES", () => {
  const graph = new Map([...IMPORTS].map(([f, imports]) => [f, imports.map((i) => i.to)]));
  const inCycles = cycles(graph).flat();
  const allowed = new Set(PENDING_CYCLES);
  const cycle = cycles(graph).filter((c) => c.some((f) => !allowed.has(f)));
  assert.deepEqual(cycle, [], "new import cycles");
  const gone = PENDING_CYCLES.filter((f) => !inCycles.includes(f));
  assert.deepEqual(gone, [], "PENDING_CYCLES files no longer in a cycle: remove them from the table");
});

Deno.test("only lib/ops, the doors and the composition roots import the Session class as a value", () => {
  for (const [file, imports] of IMPORTS) {
    if (SESSION_VALUE_PARTS.has(partOf(file)) || SESSION_VALUE_FILES.has(file)) continue;
    for (const i of imports) {
      if (i.to !== "lib/session/session.ts" || i.typeOnly) continue;
      const value = i.whole || i.names.some((n) => /^Session\b/.test(n));
      assert.ok(!value, `${file} imports Session as a value; import type, or the narrow host it needs`);
    }
  }
});

Deno.test("lib/protocol imports nothing of Porthole's; lib/snapshot and lib/policy do no I/O", () => {
  for (const [file, imports] of IMPORTS) {
    if (file.startsWith("lib/protocol/")) {
      for (const i of imports) assert.ok(!i.to.startsWith("lib/") || i.to.startsWith("lib/protocol/"), file);
    }
  }
  // The environment lookup of the secret store is a default argument, injectable in tests.
  const io = /\bDeno\.(?!env\.get\b)\w+|\bfetch\(|\bnew WebSocket\(|\bXMLHttpRequest\b/;
  for (const file of FILES.filter((f) => /^lib\/(snapshot|policy)\//.test(f))) {
    const text = readSource(file);
    assert.ok(!io.test(text), `${file} does I/O: ${text.match(io)?.[0]}`);
  }
});

Deno.test("inside lib/session only the registry imports session.ts; the parts take narrow hosts", () => {
  const whole = FILES.filter((f) =>
    f.startsWith("lib/session/") && f !== "lib/session/registry.ts" &&
    IMPORTS.get(f)!.some((i) => i.to === "lib/session/session.ts")
  );
  const fresh = whole.filter((f) => !PENDING_WHOLE_SESSION.includes(f));
  assert.deepEqual(fresh, [], "session parts that import session.ts: give them the narrow host they need");
  const gone = PENDING_WHOLE_SESSION.filter((f) => !whole.includes(f));
  assert.deepEqual(gone, [], "PENDING_WHOLE_SESSION files that no longer import session.ts: remove them");
});

Deno.test("lib/bap sends no CDP, holds no in-page script and touches no puppeteer object", () => {
  const RAW = [
    [/\.driver\.(send|cdp|page|callOn|resolve|evaluate|world)\b/, "a page driver's CDP or puppeteer member"],
    [/=\s*`function\b/, "an in-page script"],
  ] as const;
  const found: string[] = [];
  for (const file of FILES.filter((f) => f.startsWith("lib/bap/"))) {
    const text = readSource(file);
    for (const [pattern, what] of RAW) if (pattern.test(text)) found.push(`${file}: ${what}`);
  }
  assert.deepEqual(found, [], "the BAP door calls core functions and operations for these");
});

Deno.test("every test lives under tests/, in the folder of the room it specifies", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const astray: string[] = [];
  const visit = (dir: string) => {
    for (const e of Deno.readDirSync(root + dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) visit(path);
      else if (/_test\.tsx?$/.test(path) && !path.startsWith("build/container/")) astray.push(path);
    }
  };
  for (const dir of ["lib", "routes", "build", "ui"]) visit(dir);
  assert.deepEqual(astray, [], "test files outside tests/: move them to tests/<room>/");
});

/** What the web UI (ui/, a browser program bundled on its own) may import besides its own files. */
export const UI_MAY_IMPORT: readonly string[] = ["lib/protocol/types.ts", "lib/protocol/views.ts", "preact"];

Deno.test("ui/ imports only its own files, preact, and the result types of lib/protocol (types only)", () => {
  const found: string[] = [];
  for (const file of filesEndingIn([".ts", ".tsx"], ["ui"])) {
    for (const i of importsOf(file)) {
      if (i.to.startsWith("ui/")) continue;
      const allowed = UI_MAY_IMPORT.some((r) => r === i.to || r === packageOf(i.to));
      // The server's code must not reach the bundle: lib/protocol is imported for its types alone.
      const erased = !i.to.startsWith("lib/") || i.typeOnly;
      if (!allowed || !erased) found.push(`${file} → ${i.to}${i.typeOnly ? "" : " (as a value)"}`);
    }
  }
  assert.deepEqual(found, [], "ui/ imports outside its fence");
  assert.ok(
    importsOf("ui/x.ts", 'import { Observation } from "../lib/protocol/types.ts";').every((i) => !i.typeOnly),
    "a value import of lib/protocol is seen as one",
  );
});
