/** The operator's configuration file (`--config FILE`): secrets and approval rules, never via the API. */
import * as v from "valibot";
import { HarFile, type HarReplayEntry } from "./protocol/har.ts";
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
  /** Record every session (frames and timeline), as `--record` does. */
  record: v.optional(v.boolean()),
  /** Network record and replay, as `--har-record`, `--har-replay` and `--har-not-found` do. */
  har: v.optional(v.strictObject({
    record: v.optional(v.pipe(v.string(), v.minLength(1))),
    replay: v.optional(v.pipe(v.string(), v.minLength(1))),
    notFound: v.optional(v.picklist(["abort", "fallthrough-denied"])),
  })),
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
  record?: boolean;
  har?: HarSettings;
}

/** A HAR read for replay: where it came from and its entries. */
export interface HarReplay {
  file: string;
  entries: HarReplayEntry[];
}

/** Network record and replay, operator-only: from the config file, overridden by the flags. */
export interface HarSettings {
  /** One HAR per session is written here when the session closes. */
  recordDir?: string;
  /** Every request of every session is answered from this HAR; nothing reaches the network. */
  replay?: HarReplay;
  /** A request the HAR has no entry for: failed at once, or let through to a network that refuses it. */
  notFound?: "abort" | "fallthrough-denied";
}

/** Read a HAR for `--har-replay`; errors name the file and the failing member. */
export function loadHarFile(path: string, flag = "--har-replay"): HarReplay {
  let raw: unknown;
  try {
    raw = JSON.parse(Deno.readTextFileSync(path));
  } catch (err) {
    throw new Error(`cannot read ${flag} ${path}: ${(err as Error).message}`);
  }
  const r = v.safeParse(HarFile, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new Error(`${flag} ${path}: ${v.getDotPath(issue) ?? "(file)"}: ${issue.message}`);
  }
  return { file: path, entries: r.output.log.entries };
}

/** Make sure `--har-record`'s directory exists (created when missing). */
export function harRecordDir(path: string, flag = "--har-record"): string {
  try {
    Deno.mkdirSync(path, { recursive: true });
  } catch (err) {
    throw new Error(`${flag} ${path}: ${(err as Error).message}`);
  }
  return path;
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
  const har = r.output.har;
  return {
    secrets,
    approvals: r.output.approvals ?? [],
    popupOrigins: r.output.popupOrigins ?? [],
    record: r.output.record,
    har: har && {
      recordDir: har.record === undefined
        ? undefined
        : harRecordDir(har.record, `--config ${path}: har.record`),
      replay: har.replay === undefined ? undefined : loadHarFile(har.replay, `--config ${path}: har.replay`),
      notFound: har.notFound,
    },
  };
}
