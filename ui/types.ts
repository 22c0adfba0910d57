/** The shapes the UI reads from the API (a subset of lib/protocol/types.ts, as JSON). */

export interface PageView {
  pageId: string;
  url: string;
  title: string;
  origin: string | null;
  active: boolean;
}

export interface SessionView {
  sessionId: string;
  createdAt: string;
  pages: PageView[];
  activePageId: string | null;
  queue?: { waiting: number; running: boolean };
  /** A session of the test browser (its own registry), not an agent's. */
  test?: boolean;
}

// The server's own view types (lib/protocol/views.ts is plain shapes, safe to import here).
export type {
  ApprovalView as Approval,
  CurrentStateView as CurrentState,
  StateRefView as RefView,
} from "../lib/protocol/views.ts";

/** One server-sent event as the UI keeps it. */
export interface UiEvent {
  id: number;
  type: string;
  sessionId: string;
  time: string;
  data: Record<string, unknown>;
}

export interface Artifact {
  id: string;
  mimeType: string;
  bytes: number;
  href: string;
}
