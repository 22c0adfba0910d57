/**
 * Approvals by MCP elicitation. When an operator's approval rule holds an action a tool call runs,
 * and the client declared the `elicitation` capability, its user is asked with `elicitation/create`
 * on the tool call's own stream: accept approves, decline (or cancel) denies. The request is listed
 * at GET /v1/approvals all the same, so the UI and the API may still answer first; without the
 * capability they are the only ones who do, as for every other door.
 */
// @ts-types="@modelcontextprotocol/sdk/server/index"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalView } from "../protocol/views.ts";
import type { Approver } from "../session/act/approvals.ts";

/** What `decidedBy` says of a decision the MCP client's user made. */
export const DECIDED_BY_ELICITATION = "mcp-elicitation";

/** Where an elicitation carries the approval as data, for clients that show more than the message. */
export const APPROVAL_META = "porthole/approval";

/** The approver of one tool call, or none when the client cannot be asked. */
export function elicitingApprover(server: Server, relatedRequestId: RequestId): Approver | undefined {
  if (!server.getClientCapabilities()?.elicitation?.form) return undefined;
  return {
    name: DECIDED_BY_ELICITATION,
    async decide(view, signal) {
      const result = await server.elicitInput(
        {
          mode: "form",
          message: approvalMessage(view),
          // Nothing to fill in: the answer is the user's accept or decline.
          requestedSchema: { type: "object", properties: {} },
          _meta: { [APPROVAL_META]: approvalData(view) },
        },
        // The desk's own deadline ends the asking (signal); the SDK's 60 s default must not come first.
        { relatedRequestId, signal, timeout: Math.max(1, Date.parse(view.expiresAt) - Date.now() + 1_000) },
      );
      return result.action === "accept" ? "approve" : "deny";
    },
  };
}

/** The approval as the user reads it: the action, its target, the page and its origin (all redacted). */
export function approvalMessage(view: ApprovalView): string {
  const target = view.target ? ` on ${view.target}` : "";
  const rule = view.description ? ` Rule: ${view.description}.` : "";
  return `Allow the ${view.action}${target} at ${view.origin} (page "${view.title}", ${view.url})?` +
    `${rule} Accept lets it run after every check is made again; decline refuses it.`;
}

function approvalData(view: ApprovalView): Record<string, unknown> {
  return {
    approval_id: view.approvalId,
    action: view.action,
    ...(view.element ? { target: view.element } : {}),
    page: { page_id: view.pageId, url: view.url, title: view.title },
    origin: view.origin,
    ...(view.description ? { description: view.description } : {}),
    expires_at: view.expiresAt,
  };
}
