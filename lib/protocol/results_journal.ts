/**
 * The record of a session as its operations answer it: the action journal (an export of its
 * hash chain, lib/protocol/journal.ts) and reconcile's evidence. Types are inferred in types.ts
 * and journal.ts; /openapi.json's responses are generated from these.
 */
import * as v from "valibot";
import { about, ErrorBody, Int, Observation, Str } from "./results.ts";

export const JournalKind = v.picklist([
  "navigate",
  "act",
  "field",
  "approval",
  "takeover",
  "handback",
  "plan_refusal",
  "page_open",
  "page_close",
]);

export const JournalEntry = v.object({
  seq: about(Int, "1, 2, 3… in the session; entries are only ever dropped from the front"),
  actionId: Str,
  time: Str,
  kind: JournalKind,
  pageId: v.optional(Str),
  stateId: v.optional(about(Str, "The state the action consumed (or named)")),
  action: v.optional(Str),
  of: v.optional(about(Str, "A fill_form field's entry: the form's own actionId")),
  field: v.optional(about(Int, "A fill_form field's entry: the field's index")),
  target: v.optional(about(
    v.object({ role: Str, name: Str }),
    "The element acted on, as the client saw it: never a value typed into it",
  )),
  outcome: v.optional(v.object({ execution: Str, observation: Str, postcondition: Str })),
  settle: v.optional(v.object({ state: Str, ms: v.number(), pending: Int })),
  error: v.optional(about(Str, "The error code of the answer, if any")),
  urlBefore: v.optional(about(Str, "The page's URL before, redacted")),
  urlAfter: v.optional(about(Str, "The page's URL after, redacted")),
  detail: v.optional(about(
    v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
    "Short facts of the entry's kind: an approval's decision, who took over, the refused operation",
  )),
  prevHash: about(Str, "The hash of the entry before (the anchor for the first kept)"),
  hash: about(Str, "SHA-256 (hex) of the entry's canonical JSON without hash"),
});

export const JournalExport = v.object({
  format: v.literal("porthole-journal"),
  version: v.literal(1),
  sessionId: Str,
  bound: about(Int, "Entries kept; past it the oldest are dropped"),
  dropped: Int,
  anchor: about(Str, "Hash of the last dropped entry (64 zeros if none)"),
  entries: v.array(JournalEntry),
});

/** One piece of reconcile's evidence: yes, no or unknown, and why. */
export const Evidence = v.object({ answer: v.picklist(["yes", "no", "unknown"]), reason: Str });

export const ReconcileResult = v.object({
  actionId: Str,
  action: Str,
  navigation: about(
    v.object({ ...Evidence.entries, url: v.optional(Str) }),
    "A navigation committed in the acted-on frame since (and the redacted URL it shows)",
  ),
  value: about(Evidence, "The target field's value now equals (type: contains) what was typed"),
  target: about(Evidence, "The target element is still connected in the document it was observed in"),
  request: about(
    v.object({ ...Evidence.entries, method: v.optional(Str), url: v.optional(Str) }),
    "The page made a request after the input (the first one's method and redacted URL)",
  ),
  observation: v.picklist(["captured", "unavailable"]),
  freshState: v.optional(Observation),
  error: v.optional(ErrorBody),
});
