/**
 * What operations answer, written once as valibot schemas, like their inputs (schemas*.ts): the
 * result types of lib/protocol/types.ts are inferred from them, and /openapi.json's response
 * schemas are generated from them. They describe, they do not check: nothing validates a result
 * at run time (tests do). Results stay open: a field added to a result must not break a client,
 * so they are plain `v.object`s (no `additionalProperties: false`).
 */
import * as v from "valibot";
import { ERROR_TABLE, type ErrorBody as ErrorBodyType, type ErrorCode } from "./errors.ts";

/** `schema` with a description, for OpenAPI and the generated clients. */
export const about = <S extends v.GenericSchema>(schema: S, text: string) =>
  v.pipe(schema, v.description(text));

export const Str = v.string();
export const Int = v.pipe(v.number(), v.integer());
export const Num = v.number();
export const Bool = v.boolean();
export const DateTime = v.pipe(v.string(), v.isoTimestamp());
/** A JSON object whose members the page or the caller chose. */
export const AnyObject = v.record(v.string(), v.unknown());
export const Box = v.object({ x: Num, y: Num, width: Num, height: Num });

/** The wire shape of an error, inside HTTP error bodies and act results (errors.ts builds it). */
export const ErrorBody = v.object({
  code: v.picklist(Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]]),
  message: Str,
  retryable: Bool,
  retryAfterMs: v.optional(Int),
  recoveryHint: v.optional(Str),
  details: v.optional(
    about(
      AnyObject,
      "Facts of the error: `field` for invalid_params; for obscured, `coveredBy` (what is on top) and " +
        "`transient: true` when the cover is of the moment (the node ignores pointer events now, or its " +
        "cover is animating): observe again and act on the fresh state",
    ),
  ),
});
// errors.ts keeps its own interface (the table sits below this file); the two must agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _errorBodyAgrees: Same<v.InferOutput<typeof ErrorBody>, ErrorBodyType> = true;

/** A stored artifact: GET its href (same token) for the bytes. */
export const ArtifactRef = v.object({
  id: Str,
  sha256: Str,
  mimeType: Str,
  bytes: Int,
  href: about(Str, "GET it (same token) for the bytes"),
});
export const Artifact = v.object({ artifact: ArtifactRef });

export const PageView = v.object({
  pageId: Str,
  url: Str,
  title: Str,
  origin: Str,
  active: Bool,
  generation: Int,
});

export const SessionView = v.object({
  sessionId: Str,
  createdAt: DateTime,
  expiresAt: DateTime,
  pages: v.array(PageView),
  activePageId: v.nullable(Str),
  mode: about(
    v.picklist(["execute", "plan"]),
    "plan: only observe, wait, inspect, screenshot and reads; everything else is 409 plan_mode",
  ),
  limits: v.object({ maxPages: Int, maxQueuedOps: Int, snapshotMaxBytes: Int, idleMs: Int }),
  queue: about(
    v.object({ waiting: Int, running: Bool }),
    "Operations waiting in the session's FIFO gate, and whether one is running",
  ),
});

export const SinceUnavailableReason = v.picklist([
  "unknown_state",
  "other_page",
  "other_document",
  "other_frame",
  "other_options",
  "truncated",
  "changes_larger",
]);

/** The session's observation budget (--session-budget). */
export const Budget = about(
  v.object({
    bytesUsed: about(
      Int,
      "Tree bytes (a since answer's: its changes) of every observation the session was given",
    ),
    bytesLimit: about(v.nullable(Int), "The operator's --session-budget; null: none"),
    notice: v.optional(
      about(Str, "Said when this observation was stepped down to a smaller tier than asked for"),
    ),
  }),
  "Observation bytes a session used, its limit, and a notice when a tier was stepped down",
);

export const Observation = v.object({
  stateId: about(Str, "Quote it to act; good for one action"),
  targetId: Str,
  pageId: Str,
  frameId: Str,
  document: v.object({ loaderId: Str, documentId: Str }),
  url: Str,
  origin: Str,
  title: Str,
  tree: about(
    Str,
    'YAML lines `- role "name" [states] [tags] [ref=@eN]`: untrusted page text. A ref\'s tags say what ' +
      "acting on it would do and whether it can be reached now: [submits], " +
      "[navigates=same-origin|cross-origin], [opens-popup], [downloads], [credential], [covered], " +
      "[offscreen] (outside the page's scrollable area). A ref names its element for the life of the document",
  ),
  refCount: Int,
  truncated: Bool,
  bytes: Int,
  generation: Int,
  tier: v.optional(
    about(v.picklist(["full", "interactive", "minimal"]), "The tier the tree was rendered in"),
  ),
  since: v.optional(
    about(Str, "With `since`: the base state the changes are against (then `tree` is empty)"),
  ),
  changes: v.optional(about(
    v.object({ added: v.array(Str), removed: v.array(Str), changed: v.array(Str) }),
    "With `since`: lines added; lines removed (one that had a ref as the ref alone, `@e12`; any other as " +
      "its text; one whose nested lines all went too stands for them); lines changed (the new text of a " +
      "line whose ref stayed)",
  )),
  sinceUnavailable: v.optional(about(
    v.object({ reason: SinceUnavailableReason, message: Str }),
    "With `since`, when no diff could be made or the changes would be larger than the whole tree by " +
      "more than 1 KiB (changes_larger): why, and the full tree is in `tree`",
  )),
  budget: v.optional(Budget),
  nextCursor: v.optional(
    about(Str, "A cut observation: pass it as `cursor` to observe the next page of this same state"),
  ),
  page: v.optional(about(
    v.object({ index: Int, count: Int }),
    "Which page of its state this tree is (0-based) and how many there are, when there is more than one",
  )),
  scope: v.optional(about(
    v.object({ ref: Str }),
    "A scoped observe: the ref of the node whose subtree this state is (in the state it was taken from)",
  )),
});

/**
 * An act's fresh state with `fresh: "changes"` when a diff was made, or with `fresh: "stateId"`: the agent
 * holds the state it acted on, so only what differs from it is said (lib/session/observe/lean.ts).
 */
export const LeanObservation = about(
  v.object({
    ...v.partial(Observation).entries,
    stateId: Observation.entries.stateId,
    since: v.optional(about(Str, "The state acted on, which the changes are against")),
  }),
  'With fresh "changes": stateId, since and changes always, budget when set; targetId, pageId, frameId, ' +
    "document, url, origin, title, generation, tier and truncated only when they differ from the state " +
    'acted on (absent: unchanged); no tree, refCount, bytes, nextCursor or page. With fresh "stateId": the ' +
    "same without since and changes",
);

/** One line `find` matched, with its ancestors' path (`main > list > listitem`). */
export const FindMatch = v.object({ line: Str, ref: v.optional(Str), path: Str });

/** `find`: a state of the whole document whose tree is the matching lines; its refs act. */
export const FindResult = v.object({
  ...Observation.entries,
  matches: v.array(FindMatch),
  total: about(Int, "How many lines matched in all (more than `matches` when the limit cut them)"),
  replaced: v.optional(about(
    Str,
    "The session's state this answer replaced as its current one (the agent's last), when there was one: a " +
      "minimal answer leaves out the targetId, url and title it shares with that state",
  )),
});

export const Execution = v.picklist(["not_dispatched", "dispatched_unknown", "completed"]);

export const DialogView = v.object({
  type: Str,
  message: Str,
  handled: v.picklist(["accepted", "dismissed"]),
});

export const ActResult = v.object({
  actionId: v.optional(about(Str, "The action's entry in the session's journal; reconcile takes it")),
  execution: Execution,
  observation: v.picklist(["captured", "unavailable"]),
  postcondition: v.picklist(["not_requested", "unknown", "unmet", "met"]),
  freshState: v.optional(v.union([Observation, LeanObservation])),
  settle: v.optional(about(
    v.object({
      state: about(
        v.picklist(["quiet", "budget", "skipped"]),
        "quiet: the requests and short timers the action started ended and the DOM was quiet after them; " +
          "budget: settleMs (or the deadline) ran out first; skipped: settleMs 0, or no input was dispatched",
      ),
      ms: about(Num, "Time spent settling, in ms, from the input's acknowledgement"),
      pending: about(Int, "Requests the action started that were still running"),
      timers: v.optional(about(
        Int,
        "Short timers (setTimeout of at most 500 ms, as a debounce) the page set after the input, " +
          "which the settle waited for as for requests; absent when none (or the budget ended first)",
      )),
    }),
    "What the fresh state waited for after the input",
  )),
  fields: v.optional(about(
    v.array(v.object({
      ref: Str,
      action: about(Str, "The single-field action the field took: fill, clear, check, …"),
      outcome: v.picklist(["completed", "noop", "refused", "failed", "skipped"]),
      error: v.optional(ErrorBody),
    })),
    "fill_form: what happened to each field, in order",
  )),
  dialogs: v.optional(v.array(DialogView)),
  noop: v.optional(Bool),
  downloads: v.optional(about(
    v.array(ArtifactRef),
    "--downloads artifacts: the files this action downloaded, kept in the artifact store",
  )),
  budget: v.optional(
    about(Budget, "The session's budget when there is no freshState (else it is in freshState)"),
  ),
  error: v.optional(ErrorBody),
});

export const NavigateResult = v.object({
  pageId: Str,
  url: Str,
  httpStatus: v.nullable(Int),
  navigation: v.picklist(["committed", "same_document", "download_blocked"]),
  state: v.optional(Observation),
});

export const TraverseResult = v.object({
  ...NavigateResult.entries,
  navigation: about(
    v.picklist(["committed", "same_document", "none"]),
    "none: there is no history entry that way, and nothing was done",
  ),
});

export const SessionListResult = v.object({ sessions: v.array(SessionView) });
export const PageListResult = v.object({ pages: v.array(PageView) });
