/**
 * The action journal's shape and its chain: each entry carries the hash of the one before it and
 * its own, SHA-256 over the entry's canonical JSON (keys sorted at every level, no whitespace, the
 * `hash` field left out). Pure: the server writes with it, `porthole journal verify` checks with it.
 */

import type * as v from "valibot";
import type * as J from "./results_journal.ts";

/** What an entry records. */
export type JournalKind = v.InferOutput<typeof J.JournalKind>;
export type JournalEntry = v.InferOutput<typeof J.JournalEntry>;

/** The chain's start: the prevHash of the first entry ever written. */
export const GENESIS = "0".repeat(64);

/** The journal as exported: `anchor` is the hash of the last entry dropped past the bound (GENESIS if none). */
export type JournalExport = v.InferOutput<typeof J.JournalExport>;

/** JSON with object keys sorted at every level and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
}

/** The hash an entry must carry: SHA-256 (lowercase hex) of its canonical JSON without `hash`. */
export async function entryHash(entry: Omit<JournalEntry, "hash"> & { hash?: string }): Promise<string> {
  const { hash: _, ...rest } = entry;
  const bytes = new TextEncoder().encode(canonicalJson(rest));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export type VerifyResult =
  | { ok: true; entries: number }
  | { ok: false; entries: number; index: number; seq?: number; actionId?: string; reason: string };

/**
 * Check a chain: entry i's prevHash is entry i-1's hash (the anchor for the first), and its hash is
 * its content's. The answer names the first broken entry (1-based `index` in the file's entries).
 */
export async function verifyChain(anchor: string, entries: unknown[]): Promise<VerifyResult> {
  let prev = anchor;
  for (const [i, raw] of entries.entries()) {
    const e = raw as Partial<JournalEntry>;
    const broken = (reason: string): VerifyResult => ({
      ok: false,
      entries: entries.length,
      index: i + 1,
      seq: typeof e?.seq === "number" ? e.seq : undefined,
      actionId: typeof e?.actionId === "string" ? e.actionId : undefined,
      reason,
    });
    if (!e || typeof e !== "object" || Array.isArray(e)) return broken("it is not a JSON object");
    if (typeof e.hash !== "string") return broken("it has no hash");
    if (e.prevHash !== prev) return broken("its prevHash is not the hash of the entry before it");
    if (await entryHash(e as JournalEntry) !== e.hash) return broken("its hash does not match its content");
    prev = e.hash;
  }
  return { ok: true, entries: entries.length };
}

/**
 * Read an exported journal, JSON (`JournalExport`) or JSONL (a header line with every field but
 * `entries`, then one entry per line), and check its chain. A line that is not JSON is the broken entry.
 */
export async function verifyJournalText(text: string): Promise<VerifyResult & { sessionId?: string }> {
  const trimmed = text.trim();
  let header: Partial<JournalExport>;
  let entries: unknown[];
  const lines = trimmed.split("\n");
  try {
    header = JSON.parse(lines[0]);
  } catch {
    // One JSON document spread over lines, or nothing readable at all.
    try {
      header = JSON.parse(trimmed);
    } catch {
      return {
        ok: false,
        entries: 0,
        index: 0,
        reason: "the file is neither a journal's JSON nor its JSONL",
      };
    }
  }
  if (Array.isArray(header.entries)) {
    entries = header.entries;
  } else {
    entries = [];
    for (const [i, line] of lines.slice(1).entries()) {
      try {
        entries.push(JSON.parse(line));
      } catch {
        const got = await verifyChain(header.anchor ?? GENESIS, entries);
        if (!got.ok) return { ...got, sessionId: header.sessionId };
        return { ok: false, entries: lines.length - 1, index: i + 1, reason: "the line is not JSON" };
      }
    }
  }
  if (header.format !== "porthole-journal") {
    return {
      ok: false,
      entries: entries.length,
      index: 0,
      reason: "the header does not say porthole-journal",
    };
  }
  return { ...await verifyChain(header.anchor ?? GENESIS, entries), sessionId: header.sessionId };
}

/** An export as JSONL: the header (every field but the entries), then one entry per line. */
export function journalJsonl(j: JournalExport): string {
  const { entries, ...header } = j;
  return [header, ...entries].map(canonicalJson).join("\n") + "\n";
}
