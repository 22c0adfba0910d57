/** Approvals: listed and decided outside every session's FIFO gate (the action waits in it). */
import { ApprovalDecideResult, ApprovalListResult } from "../protocol/results_watch.ts";
import * as v from "valibot";
import { defineOp } from "./define.ts";

/** Body of POST /v1/approvals/{approvalId}. */
export const DecideInput = v.strictObject({
  decision: v.pipe(
    v.picklist(["approve", "deny"]),
    v.description("approve lets the action go on; deny refuses it"),
  ),
});

export const listApprovals = defineOp({
  name: "approval_list",
  description: "List actions waiting for a human decision",
  method: "GET",
  path: "/v1/approvals",
  input: null,
  output: ApprovalListResult,
  run: ({ registry }) => Promise.resolve({ approvals: registry.approvals.list() }),
});

export const decideApproval = defineOp({
  name: "approval_decide",
  description:
    "Approve or deny an action waiting for a decision; an approved action is checked again before it runs",
  method: "POST",
  path: "/v1/approvals/:approvalId",
  input: DecideInput,
  output: ApprovalDecideResult,
  run: ({ registry, params, input }) =>
    Promise.resolve({
      approval: registry.approvals.decide(params.approvalId, input.decision),
      decision: input.decision,
    }),
});
