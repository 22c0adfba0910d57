/**
 * The shapes the UI reads from the API: the server's own result types (lib/protocol, inferred from
 * its result schemas; type imports only, so nothing of the server is bundled), and the UI's own.
 */
import type { SessionView as ProtocolSessionView } from "../lib/protocol/types.ts";

export type { ArtifactRef as Artifact, PageView } from "../lib/protocol/types.ts";
export type {
  ApprovalView as Approval,
  CurrentStateView as CurrentState,
  StateRefView as RefView,
} from "../lib/protocol/views.ts";

/** A session as GET /v1/sessions answers it; `test` marks one of the test browser (its own registry). */
export type SessionView = ProtocolSessionView & { test?: boolean };

/** One server-sent event as the UI keeps it. */
export interface UiEvent {
  id: number;
  type: string;
  sessionId: string;
  time: string;
  data: Record<string, unknown>;
}
