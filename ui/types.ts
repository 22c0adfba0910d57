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

export interface Approval {
  approvalId: string;
  sessionId: string;
  action: string;
  origin: string;
  target?: string;
  description?: string;
  requestedAt: string;
  expiresAt: string;
}

export interface RefView {
  ref: string;
  role: string;
  name: string;
  bounds: { x: number; y: number; width: number; height: number } | null;
}

export interface CurrentState {
  current: boolean;
  stateId: string;
  pageId: string;
  url: string;
  origin: string;
  tree: string;
  truncated: boolean;
  refs: RefView[];
}

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
