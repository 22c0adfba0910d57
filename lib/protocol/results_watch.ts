/**
 * The results of watching a session: wait, inspect, screenshots and PDFs, traces, the current
 * state, artifacts, and what people decide (approvals, dialog policy, takeover).
 */
import * as v from "valibot";
import { JournalEntry } from "./results_journal.ts";
import { about, ArtifactRef, Bool, Box, DateTime, Int, Str } from "./results.ts";

export const WaitResult = v.object({ met: Bool, elapsedMs: Int });

export const InspectResult = v.object({
  entries: about(
    v.array(v.object({ seq: Int })),
    "Console, error or network entries (with their own fields), oldest first",
  ),
  nextSeq: Int,
  dropped: Int,
  truncated: v.optional(Bool),
});

export const ScreenshotResult = v.object({
  artifact: ArtifactRef,
  width: about(Int, "The image's width in pixels (device pixels: CSS pixels × scale factor)"),
  height: about(Int, "The image's height in pixels"),
});

export const TraceStartResult = v.object({ tracing: Bool, pageId: Str });
export const TraceStopResult = v.object({
  artifact: about(v.nullable(ArtifactRef), "The trace; null when Chromium gave none"),
});

export const ArtifactListResult = v.object({ artifacts: v.array(ArtifactRef) });

export const StateRefView = v.object({
  ref: Str,
  role: Str,
  name: Str,
  bounds: about(
    v.nullable(Box),
    "CSS pixels in the top-level viewport; null without a box or in a subframe",
  ),
});

export const CurrentStateView = v.object({
  stateId: Str,
  pageId: Str,
  frameId: Str,
  url: Str,
  origin: Str,
  tree: about(Str, "Untrusted page text"),
  truncated: Bool,
  current: about(Bool, "Still the session's current state (not consumed, replaced or invalidated)"),
  refs: v.array(StateRefView),
});

export const StateGetResult = v.object({
  state: about(v.nullable(CurrentStateView), "null before any observation"),
});

/** An action waiting for a person's decision. */
export const ApprovalView = v.object({
  approvalId: Str,
  sessionId: Str,
  pageId: about(Str, "The page the action would run on"),
  url: about(Str, "That page's URL, redacted"),
  title: about(Str, "That page's title when it was last observed"),
  action: Str,
  origin: Str,
  target: v.optional(Str),
  element: v.optional(about(
    v.object({ role: Str, name: Str }),
    "The element the action targets: its role and accessible name (the `target` text joins them)",
  )),
  description: v.optional(Str),
  requestedAt: Str,
  expiresAt: Str,
  decidedBy: v.optional(about(
    Str,
    'Once decided, who decided: "api" (HTTP and the UI), "bap", "mcp-elicitation", or "timeout"',
  )),
});

export const ApprovalListResult = v.object({ approvals: v.array(ApprovalView) });
export const ApprovalDecideResult = v.object({ approval: ApprovalView, decision: Str });

const Answer = v.picklist(["accept", "dismiss"]);

export const DialogPolicy = v.object({
  action: Answer,
  beforeunload: Answer,
  promptText: v.optional(Str),
  next: about(
    v.nullable(
      v.object({ action: v.optional(Answer), promptText: v.optional(Str), beforeunload: v.optional(Answer) }),
    ),
    "A one-shot answer armed for the next dialog, if any",
  ),
});

export const TakeoverView = v.object({
  takeoverId: about(Str, "The person's pass: send it as X-Porthole-Takeover"),
  sessionId: Str,
  who: Str,
  startedAt: DateTime,
  idleMs: Int,
  clicks: Int,
  keys: Int,
});

/** Who holds the session; the takeover id, the person's pass, is not told to others. */
export const TakeoverGetResult = v.object({ takeover: v.nullable(v.omit(TakeoverView, ["takeoverId"])) });
export const TakeoverInputResult = v.object({ pageId: Str, events: Int, clicks: Int, keys: Int });

/** A session's recording (GET …/recording): frames, timeline events and journal, within their bounds. */
export const RecordingResult = v.object({
  format: v.literal("porthole-recording/1"),
  sessionId: Str,
  startedAt: Str,
  endedAt: v.optional(about(Str, "Set once the session has closed")),
  limits: v.object({ fps: Int, maxBytes: Int, maxEvents: Int }),
  bytes: Int,
  dropped: about(
    v.object({ frames: Int, events: Int }),
    "Frames and events left out because a bound was reached",
  ),
  frames: v.array(v.object({
    t: about(Int, "Milliseconds since the epoch"),
    pageId: Str,
    width: about(Int, "The page's layout viewport in CSS pixels (the image may be larger)"),
    height: Int,
    jpeg: about(Str, "Base64 JPEG"),
  })),
  events: about(
    v.array(
      v.object({
        id: Int,
        type: Str,
        sessionId: Str,
        time: Str,
        data: v.unknown(),
        test: v.optional(v.literal(true)),
      }),
    ),
    "Timeline events, as GET /v1/sessions/{id}/events sends them",
  ),
  journal: about(v.array(JournalEntry), "The session's action journal, in chain order"),
});
