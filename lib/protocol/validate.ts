/** Turn a valibot failure into an `invalid_params` error naming the failing field. */
import * as v from "valibot";
import { PortholeError } from "./errors.ts";

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = v.getDotPath(issue) ?? fieldOfUnknownKey(issue) ?? "(body)";
  const message = describe(issue, field);
  throw new PortholeError("invalid_params", `Invalid ${field}: ${message}`, {
    details: { field, issue: message },
  });
}

function describe(issue: v.BaseIssue<unknown>, field: string): string {
  if (!issue.path?.length) return `the body must be a JSON object, got ${issue.received}`;
  if (issue.type === "strict_object" && issue.expected === "never") return `unknown field "${field}"`;
  if (issue.received === "undefined") return `${field} is required`;
  return issue.message;
}

function fieldOfUnknownKey(issue: v.BaseIssue<unknown>): string | undefined {
  const path = issue.path?.map((p) => String(p.key));
  return path?.length ? path.join(".") : undefined;
}

/** A new id with a prefix: opaque, unguessable. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  const text = Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 14);
  return `${prefix}_${text}`;
}
