/** Redaction of URLs inside values Porthole returns (traces, extracted data). Pure. */
import { redactUrl } from "./url.ts";

/** Every string that is an http(s) URL, anywhere in `value`, redacted. */
export function redactDeep(value: unknown): unknown {
  if (typeof value === "string") return /^https?:\/\//i.test(value) ? redactUrl(value) : value;
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
    return out;
  }
  return value;
}
