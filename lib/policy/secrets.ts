/**
 * Secrets by reference: the operator names secrets and the origins each may be typed on; an
 * agent refers to one by name (`secretRef`) and never sees its value. Values live only here.
 */
import { originAllowed } from "./url.ts";

export interface SecretSpec {
  /** The value itself, or the environment variable that holds it. */
  value?: string;
  env?: string;
  /** Origins (exact or `https://*.example.com`) the secret may be typed on. Required. */
  origins: string[];
}

export type SecretLookup = { value: string } | { error: string };

export class SecretStore {
  #values = new Map<string, { value: string; origins: string[] }>();

  constructor(specs: Record<string, SecretSpec> = {}, env: (k: string) => string | undefined = Deno.env.get) {
    for (const [name, spec] of Object.entries(specs)) {
      const value = spec.value ?? (spec.env ? env(spec.env) : undefined);
      if (value === undefined || value === "") {
        throw new Error(
          `secret "${name}": ${spec.env ? `environment variable ${spec.env} is not set` : "no value"}`,
        );
      }
      if (!spec.origins?.length) throw new Error(`secret "${name}" names no origins it may be used on`);
      this.#values.set(name, { value, origins: spec.origins });
    }
  }

  get names(): string[] {
    return [...this.#values.keys()];
  }

  /** The value of `name` for a page on `origin`, or why it may not be used there. */
  lookup(name: string, origin: string): SecretLookup {
    const secret = this.#values.get(name);
    if (!secret) return { error: `No secret named "${name}" is configured` };
    if (!originAllowed(origin, secret.origins) || origin === "null") {
      return { error: `The secret "${name}" may not be used on ${origin}` };
    }
    return { value: secret.value };
  }

  /** Replace every secret value in `text` (for anything that might echo page content back). */
  scrub(text: string): string {
    let out = text;
    for (const { value } of this.#values.values()) {
      if (value.length >= 4) out = out.split(value).join("[secret]");
    }
    return out;
  }
}
