/**
 * The record of a session: its action journal (also after it closed, for --journal-keep), and
 * reconcile, which observes what an uncertain action did without acting again.
 */
import { JournalGetInput, ReconcileInput } from "../protocol/schemas_journal.ts";
import { journalJsonl } from "../protocol/journal.ts";
import { reconcile } from "../session/act/reconcile.ts";
import { defineOp, inSession } from "./define.ts";
import { JournalExport, ReconcileResult } from "../protocol/results_journal.ts";

const journalGet = defineOp({
  name: "journal_get",
  description:
    "The session's action journal: one hash-chained entry per navigate, act, fill_form field, approval, " +
    "takeover, hand-back, plan-mode refusal and page open/close; format jsonl for one entry per line",
  method: "GET",
  path: "/v1/sessions/:sessionId/journal",
  input: JournalGetInput,
  output: JournalExport,
  readOnly: true,
  // Outside the gate: reading the record never waits behind the work it records.
  run: async ({ registry, params, input }) => {
    const journal = await registry.journal(params.sessionId);
    if (input.format !== "jsonl") return journal;
    // The HTTP door sends a Response as it is; the JSON form above is the operation's result.
    return new Response(journalJsonl(journal), {
      headers: { "content-type": "application/x-ndjson; charset=utf-8" },
    }) as never;
  },
});

const reconcileOp = defineOp({
  name: "reconcile",
  description:
    "After an act answered dispatched_unknown or without an observation: observe (never act) and report, as " +
    "yes/no/unknown with the reason, whether its navigation committed, the field holds what was typed, the " +
    "target is still there and the page made a request after the input; with a fresh state",
  method: "POST",
  path: "/v1/sessions/:sessionId/reconcile",
  input: ReconcileInput,
  output: ReconcileResult,
  readOnly: true,
  run: inSession((s, input, sig) => {
    s.assertBrowser();
    return reconcile(s, input, sig);
  }),
});

export const JOURNAL_OPS = [journalGet, reconcileOp];
