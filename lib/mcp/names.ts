/**
 * MCP speaks snake_case (seed 000), the core camelCase. These helpers translate at the door:
 * argument keys in, result keys out, JSON Schema property names, and field names quoted in
 * descriptions and error messages.
 */
import { PortholeError } from "../protocol/errors.ts";

type Json = Record<string, unknown>;

/** `timeoutMs` → `timeout_ms`. */
export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
}

/** `timeout_ms` → `timeoutMs`. */
export function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every key of every object in `value`, snake_cased; values are left as they are. */
export function toSnake(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnake);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), toSnake(v)]));
}

/**
 * MCP arguments → an operation's input. A camelCase key is not a second spelling of the
 * field: it is refused like any unknown field, naming the snake_case one.
 */
export function fromSnake(value: unknown, path: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v, i) => fromSnake(v, [...path, String(i)]));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const field = [...path, k].join(".");
    if (/[A-Z]/.test(k)) {
      throw new PortholeError(
        "invalid_params",
        `Invalid ${field}: unknown field "${field}" (did you mean "${snake(k)}"?)`,
        { details: { field, suggestion: snake(k) } },
      );
    }
    out[camel(k)] = fromSnake(v, [...path, k]);
  }
  return out;
}

/**
 * Field names quoted in prose (`stateId`, `files.0.mimeType`) rewritten as the MCP client
 * knows them. Only names in `known` change, so words such as `textContent` stay intact.
 */
export function snakeText(text: string, known: ReadonlySet<string>): string {
  return text.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => known.has(word) ? snake(word) : word);
}

/** A JSON Schema with its property names, `required` lists and descriptions in snake_case. */
export function snakeSchema(schema: unknown, known: ReadonlySet<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => snakeSchema(s, known));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "properties" && isObject(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [snake(p), snakeSchema(s, known)]));
    } else if (k === "required" && Array.isArray(v)) {
      out[k] = v.map((p) => snake(String(p)));
    } else if (k === "description" && typeof v === "string") {
      out[k] = snakeText(v, known);
    } else {
      out[k] = snakeSchema(v, known);
    }
  }
  return out;
}

// deno-lint-ignore no-explicit-any
type AnySchema = any;

/** The field names a valibot schema accepts, at any depth (for `snakeText`). */
export function fieldNames(schema: AnySchema, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== "object") return into;
  for (const [k, v] of Object.entries(schema.entries ?? {})) {
    into.add(k);
    fieldNames(v, into);
  }
  fieldNames(schema.wrapped, into);
  fieldNames(schema.item, into);
  for (const option of schema.options ?? []) fieldNames(option, into);
  return into;
}
