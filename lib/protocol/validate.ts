/** Turn a valibot failure into an `invalid_params` error naming the failing field. */
import * as v from "valibot";
import { PortholeError } from "./errors.ts";

type Issue = v.BaseIssue<unknown>;

function invalid(field: string, message: string, extra: Record<string, unknown> = {}): PortholeError {
  return new PortholeError("invalid_params", `Invalid ${field}: ${message}`, {
    details: { field, issue: message, ...extra },
  });
}

/** Validate a request body; `undefined` (no body at all) counts as `{}`. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // valibot's object schemas accept arrays; a body (or params) is always a JSON object.
  if (Array.isArray(input)) throw invalid("(body)", "the body must be a JSON object, got an array");
  if (input === null) throw invalid("(body)", "the body must be a JSON object, got null");
  const result = v.safeParse(schema, input === undefined ? {} : input);
  if (result.success) return result.output;
  const { issue, path } = rootCause(result.issues);
  const field = path.length ? path.join(".") : "(body)";
  if (isUnknownKey(issue)) {
    const near = closest(path.at(-1)!, keysAt(schema, path.slice(0, -1)));
    const message = `unknown field "${field}"` + (near ? ` (did you mean "${near}"?)` : "");
    throw invalid(field, message, near ? { suggestion: near } : {});
  }
  throw invalid(field, describe(issue, field));
}

function isUnknownKey(issue: Issue): boolean {
  return issue.type.endsWith("object") && issue.expected === "never";
}

/**
 * The issue to report, with its full path. A typo (an unknown key) explains the missing field
 * next to it, so it goes first; a union's own issue is replaced by the deepest one of its options.
 */
export function rootCause(issues: readonly Issue[], prefix: string[] = []): { issue: Issue; path: string[] } {
  const pick = issues.find(isUnknownKey) ?? issues[0];
  const path = [...prefix, ...(pick.path ?? []).map((p) => String(p.key))];
  const nested = pick.type === "union" ? pick.issues?.filter((i) => i.path?.length) : undefined;
  if (nested?.length) return rootCause(nested, path);
  return { issue: pick, path };
}

function describe(issue: Issue, field: string): string {
  if (field === "(body)") return `the body must be a JSON object, got ${issue.received}`;
  if (issue.received === "undefined") return `${field} is required`;
  return issue.message;
}

// deno-lint-ignore no-explicit-any
type AnySchema = any;

function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  while (s && s.wrapped) s = s.wrapped;
  return s;
}

/** The keys an object schema accepts at `path` (through optional, union and array). */
function keysAt(schema: AnySchema, path: string[]): string[] {
  let options: AnySchema[] = [unwrap(schema)];
  for (const key of path) {
    options = options.flatMap((s) => s?.options?.map(unwrap) ?? [s]).flatMap((s) => {
      if (s?.entries?.[key]) return [unwrap(s.entries[key])];
      if (s?.item && /^\d+$/.test(key)) return [unwrap(s.item)];
      return [];
    });
  }
  return options.flatMap((s) => s?.options?.map(unwrap) ?? [s]).flatMap((s) => Object.keys(s?.entries ?? {}));
}

/** A known key that differs from `key` only in case or by at most two edits. */
function closest(key: string, known: string[]): string | null {
  const lower = key.toLowerCase();
  const same = known.find((k) => k.toLowerCase() === lower);
  if (same) return same;
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** A new id with a prefix: opaque, unguessable. */
export { newId } from "./ids.ts";
