/** The operator's configuration file (`--config FILE`): secrets and approval rules, never via the API. */
import * as v from "valibot";
import type { ApprovalRule } from "./policy/approval_rules.ts";
import { type SecretSpec, SecretStore } from "./policy/secrets.ts";

const OriginPattern = v.pipe(
  v.string(),
  v.regex(
    /^https?:\/\/(\*\.)?[^/?#@\s]+$/,
    "must be an origin like https://example.com or https://*.example.com",
  ),
);

export const ConfigFile = v.strictObject({
  secrets: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,64}$/, "secret names are 1-64 of A-Z a-z 0-9 _ . -")),
      v.strictObject({
        value: v.optional(v.pipe(v.string(), v.minLength(1))),
        env: v.optional(v.pipe(v.string(), v.minLength(1))),
        origins: v.pipe(v.array(OriginPattern), v.minLength(1)),
      }),
    ),
  ),
  /** Origins a page of a session may open a popup to, adopted with its own authority (sign-in windows). */
  popupOrigins: v.optional(v.array(OriginPattern)),
  approvals: v.optional(v.array(v.strictObject({
    actions: v.optional(v.array(v.string())),
    origins: v.optional(v.array(OriginPattern)),
    consequences: v.optional(v.array(v.picklist(["submit", "delete", "purchase"]))),
    timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(3_600_000))),
    description: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }))),
});

export interface Operator {
  secrets: Record<string, SecretSpec>;
  approvals: ApprovalRule[];
  popupOrigins?: string[];
}

/** Read and validate the file; errors name the file and the failing field. */
export function loadConfigFile(path: string): Operator {
  let raw: unknown;
  try {
    raw = JSON.parse(Deno.readTextFileSync(path));
  } catch (err) {
    throw new Error(`cannot read --config ${path}: ${(err as Error).message}`);
  }
  const r = v.safeParse(ConfigFile, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new Error(`--config ${path}: ${v.getDotPath(issue) ?? "(file)"}: ${issue.message}`);
  }
  const secrets = r.output.secrets ?? {};
  try {
    new SecretStore(secrets); // every secret must have its value now, not at first use
  } catch (err) {
    throw new Error(`--config ${path}: ${(err as Error).message}`);
  }
  return { secrets, approvals: r.output.approvals ?? [], popupOrigins: r.output.popupOrigins ?? [] };
}
