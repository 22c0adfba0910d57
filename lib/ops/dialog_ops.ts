/**
 * The session's dialog policy. It is set and read without passing the session's FIFO gate: a
 * dialog is answered while the action that opened it still runs, so the policy must never wait
 * behind that action.
 */
import { DialogPolicy } from "../protocol/results_watch.ts";
import { DialogPolicyInput } from "../protocol/schemas.ts";
import { dialogPolicy, setDialogPolicy } from "../session/page/dialogs.ts";
import { defineOp } from "./define.ts";

export const setDialogPolicyOp = defineOp({
  name: "dialog_policy_set",
  description: "Set how JavaScript dialogs (alert, confirm, prompt, beforeunload) are answered: " +
    "accept or dismiss, the text a prompt gets, or (once) only the next dialog. Takes effect at once, " +
    "also for a running action; the default dismisses alert/confirm/prompt and accepts beforeunload",
  method: "POST",
  path: "/v1/sessions/:sessionId/dialog-policy",
  input: DialogPolicyInput,
  output: DialogPolicy,
  run: ({ registry, params, input }) =>
    Promise.resolve(setDialogPolicy(registry.get(params.sessionId), input)),
});

export const getDialogPolicyOp = defineOp({
  name: "dialog_policy_get",
  readOnly: true,
  description: "How the session answers JavaScript dialogs, and the one-shot answer armed for the next one",
  method: "GET",
  path: "/v1/sessions/:sessionId/dialog-policy",
  input: null,
  output: DialogPolicy,
  run: ({ registry, params }) => Promise.resolve(dialogPolicy(registry.get(params.sessionId))),
});

/** The operations of this file, for lib/ops/ops.ts. */
export const DIALOG_OPS = [setDialogPolicyOp, getDialogPolicyOp];
