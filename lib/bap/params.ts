/**
 * Reading BAP params the way the spec says: unknown members are ignored, `null` counts as
 * absent, and a member of the wrong type is -32602 naming it.
 */
import { invalidParams } from "./errors.ts";
import { MAX_TIMEOUT_MS } from "../protocol/timeouts.ts";

type Raw = Record<string, unknown>;

export class Params {
  readonly raw: Raw;
  readonly #path: string;

  constructor(raw: unknown, path = "") {
    if (raw === undefined || raw === null) raw = {};
    if (typeof raw !== "object" || Array.isArray(raw)) {
      throw invalidParams(path || "params", `${path || "params"} must be an object`);
    }
    this.raw = raw as Raw;
    this.#path = path;
  }

  name(key: string): string {
    return this.#path ? `${this.#path}.${key}` : key;
  }

  /** The member, with null as undefined. */
  get(key: string): unknown {
    const v = this.raw[key];
    return v === null ? undefined : v;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  #bad(key: string, what: string): never {
    throw invalidParams(this.name(key), `${this.name(key)} must be ${what}`);
  }

  str(key: string): string | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "string") this.#bad(key, "a string");
    return v;
  }

  reqStr(key: string): string {
    const v = this.str(key);
    if (v === undefined) throw invalidParams(this.name(key), `${this.name(key)} is required`);
    return v;
  }

  num(key: string, min = -Infinity, max = Infinity): number | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v)) this.#bad(key, "a number");
    if (v < min || v > max) this.#bad(key, `between ${min} and ${max}`);
    return v;
  }

  reqNum(key: string, min = -Infinity, max = Infinity): number {
    const v = this.num(key, min, max);
    if (v === undefined) throw invalidParams(this.name(key), `${this.name(key)} is required`);
    return v;
  }

  bool(key: string): boolean | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "boolean") this.#bad(key, "a boolean");
    return v;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (!values.includes(v as T)) this.#bad(key, `one of ${values.join(", ")}`);
    return v as T;
  }

  obj(key: string): Params | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (typeof v !== "object" || Array.isArray(v)) this.#bad(key, "an object");
    return new Params(v, this.name(key));
  }

  reqObj(key: string): Params {
    const v = this.obj(key);
    if (!v) throw invalidParams(this.name(key), `${this.name(key)} is required`);
    return v;
  }

  arr(key: string): unknown[] | undefined {
    const v = this.get(key);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) this.#bad(key, "an array");
    return v;
  }

  strings(key: string): string[] | undefined {
    const v = this.arr(key);
    if (v === undefined) return undefined;
    if (!v.every((x) => typeof x === "string")) this.#bad(key, "an array of strings");
    return v as string[];
  }
}

/** A timeout in ms from BAP params: absent or 0 → the default, otherwise 1..MAX_TIMEOUT_MS. */
export function timeoutOf(p: Params | undefined, key = "timeout", fallback = 30_000): number {
  const v = p?.num(key, 0, MAX_TIMEOUT_MS);
  return v === undefined || v === 0 ? fallback : Math.max(1, Math.round(v));
}
