/**
 * The read-only views the server answers for people watching (approvals, the current state with its
 * refs' boxes): plain JSON shapes, shared by the routes and the web UI, which is a browser program
 * and imports nothing else of the server.
 */

/** An action waiting for a person's decision. */
export interface ApprovalView {
  approvalId: string;
  sessionId: string;
  /** The page the action would run on, its URL (redacted) and title. */
  pageId: string;
  url: string;
  title: string;
  action: string;
  origin: string;
  target?: string;
  /** The element the action targets, its role and accessible name apart (the `target` text joins them). */
  element?: { role: string; name: string };
  description?: string;
  requestedAt: string;
  expiresAt: string;
  /** Once decided: who decided ("api" for HTTP and the UI, "bap", "mcp-elicitation", or "timeout"). */
  decidedBy?: string;
}

export interface StateRefView {
  ref: string;
  role: string;
  name: string;
  /** CSS pixels in the top-level viewport; null when the element has no box or is in a subframe. */
  bounds: { x: number; y: number; width: number; height: number } | null;
}

export interface CurrentStateView {
  stateId: string;
  pageId: string;
  frameId: string;
  url: string;
  origin: string;
  tree: string;
  truncated: boolean;
  /** Whether it is still the session's current state (not yet consumed, replaced or invalidated). */
  current: boolean;
  refs: StateRefView[];
}
