/**
 * BAP params as valibot schemas, read the way the spec says: unknown members are ignored, `null`
 * counts as absent, and a bad member is -32602 naming it (`options.position.x`). Where a method
 * maps onto a core operation its schema is the operation's own, loosened and renamed (`loose`,
 * `renamed`), so a limit is written once.
 */
import * as v from "valibot";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";
import { invalidParams } from "../protocol/errors.ts";
import { rootCause } from "../protocol/validate.ts";

export { entriesOf, loose, picked, renamed } from "../protocol/loose.ts";

type Issue = v.BaseIssue<unknown>;

/** A BAP timeout in ms: absent or 0 is the default; fractions are rounded; at most MAX_TIMEOUT_MS. */
export const Timeout = v.pipe(
  v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_TIMEOUT_MS)), 0),
  v.transform((ms) => ms === 0 ? DEFAULT_TIMEOUT_MS : Math.max(1, Math.round(ms))),
);

/** A method that takes no params (any it is sent are ignored). */
export const None = v.object({});
export const PageId = v.optional(v.string());
/** An options object: absent is `{}`, so its members' defaults apply. */
export const Opts = <E extends v.ObjectEntries>(entries: E) =>
  v.optional(v.object(entries), {} as never) as unknown as v.GenericSchema<
    unknown,
    v.InferOutput<v.ObjectSchema<E, undefined>>
  >;
export const Flag = v.optional(v.boolean());
export const Str = v.optional(v.string());
export const Num = (min = -Infinity, max = Infinity) =>
  v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));
export const Whole = (min: number, max: number) => v.pipe(Num(min, max), v.integer());
/** A BAP selector is a core locator; a bad member is -32602 naming it (`selector.value`). */
export { LocatorSchema as SelectorSchema } from "../protocol/locator.ts";

/** BAP sends null for absent members: drop them from objects (arrays keep theirs). */
function withoutNulls(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(withoutNulls);
  if (x === null || typeof x !== "object") return x;
  return Object.fromEntries(
    Object.entries(x).flatMap(([k, y]) => y === null ? [] : [[k, withoutNulls(y)]]),
  );
}

/** Read params with a schema; a bad member is -32602 naming it (`prefix.member`). */
export function readParams<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  prefix = "",
): v.InferOutput<S> {
  const value = raw === undefined || raw === null ? {} : withoutNulls(raw);
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidParams(prefix || "params", `${prefix || "params"} must be an object`);
  }
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const { issue, path } = rootCause(r.issues, prefix ? [prefix] : []);
  const name = path.join(".") || "params";
  throw invalidParams(name, `${name} ${describe(issue)}`);
}

function describe(issue: Issue): string {
  if (issue.received === "undefined") return "is required";
  if (issue.type === "variant" || issue.type === "picklist" || issue.type === "literal") {
    const choices = issue.expected?.replace(/^\((.*)\)$/, "$1").replaceAll(" | ", ", ").replaceAll(`"`, "");
    return `must be one of ${choices}`;
  }
  if (issue.kind !== "validation") return `must be ${issue.expected}`;
  const limit = (issue as { requirement?: unknown }).requirement;
  if (issue.type === "min_value") return `must be at least ${limit}`;
  if (issue.type === "max_value") return `must be at most ${limit}`;
  return /^(must|is|contains) /.test(issue.message) ? issue.message : `is invalid: ${issue.message}`;
}
