/** Input schemas of every operation: the one source for routes, BAP, MCP and OpenAPI. */
import * as v from "valibot";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "./timeouts.ts";
import { StorageStateInput } from "./schemas_storage.ts";
import { SESSION_EMULATION } from "./schemas_emulation.ts";
import { Referer } from "./referer.ts";
import { LocatorSchema } from "./locator.ts";

/** 1..MAX_TIMEOUT_MS; 0 or absent selects the default. */
const TIMEOUT_RANGE = `timeoutMs must be between 1 and ${MAX_TIMEOUT_MS} (0 selects the default)`;
export const TimeoutMs = v.pipe(
  v.number(),
  v.integer("timeoutMs must be an integer"),
  v.minValue(0, TIMEOUT_RANGE),
  v.maxValue(MAX_TIMEOUT_MS, TIMEOUT_RANGE),
  v.description(`0 or absent: ${DEFAULT_TIMEOUT_MS}`),
);

const Id = (what: string) => v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description(what));

export const Viewport = v.strictObject({
  width: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(7680)),
  height: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(4320)),
});

function isTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: id });
    return id !== "";
  } catch {
    return false;
  }
}

/** A User-Agent string: one line of at most 1024 characters. */
export const UserAgent = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(1024),
  // deno-lint-ignore no-control-regex
  v.regex(/^[^\x00-\x1f\x7f]*$/, "userAgent cannot contain control characters"),
);

/** Body of POST /v1/sessions. */
/** execute: every operation; plan: only observe, wait, inspect, screenshot and reads. */
const SessionMode = v.pipe(
  v.picklist(["execute", "plan"]),
  v.description(
    "execute (default): every operation; plan: only observe, wait, inspect, screenshot and reads, " +
      "everything else is 409 plan_mode",
  ),
);

export const CreateSessionInput = v.strictObject({
  viewport: v.optional(Viewport),
  userAgent: v.optional(v.pipe(UserAgent, v.description("User-Agent string for every page of the session"))),
  locale: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "not a BCP 47 locale"),
      v.description("BCP 47 locale, e.g. de-DE"),
    ),
  ),
  timezoneId: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(64),
      v.check(isTimeZone, "not an IANA time zone (examples: UTC, Europe/Berlin)"),
      v.description("IANA time zone, e.g. Europe/Berlin"),
    ),
  ),
  allowedOrigins: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.regex(
            /^https?:\/\/(\*\.)?[^/?#@\s]+$/,
            "must be an origin like https://example.com or https://*.example.com",
          ),
        ),
      ),
      v.maxLength(256),
    ),
  ),
  storageState: v.optional(StorageStateInput),
  mode: v.optional(SessionMode),
  record: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "Record the session: its pages' frames (2 a second at most) and its timeline events, read with GET /v1/sessions/:sessionId/recording",
      ),
    ),
  ),
  ...SESSION_EMULATION,
});
export type CreateSessionInput = v.InferOutput<typeof CreateSessionInput>;

/** A change of a session's settings by the operator's client. */
export const UpdateSessionInput = v.strictObject({ mode: SessionMode });
export type UpdateSessionInput = v.InferOutput<typeof UpdateSessionInput>;

/** Options of an observation. */
export const ObserveInput = v.strictObject({
  pageId: v.optional(Id("Page to observe; default: the session's active page")),
  frameId: v.optional(Id("Exact frame to observe; never falls back to its parent")),
  tier: v.optional(
    v.pipe(
      v.picklist(["full", "interactive", "minimal"]),
      v.description(
        "full (default): the whole tree; interactive: actionable nodes with the headings, landmarks " +
          "and frames that place them; minimal: one line per actionable node. Refs are the same in every tier",
      ),
    ),
  ),
  maxDepth: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(20),
      v.description("Tree levels, 1..20 (default 12)"),
    ),
  ),
  since: v.optional(
    Id("An earlier stateId of the same document: answer only the changes against it (else the full tree)"),
  ),
  cursor: v.optional(
    Id("nextCursor of a cut observation: the next page of that same state (alone, or with its pageId)"),
  ),
  ref: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^@(f\d+)?e\d+$/, "must be a ref such as @e5"),
      v.description("A ref of the current state: observe only the subtree under it, as a new state"),
    ),
  ),
  locator: v.optional(
    v.pipe(LocatorSchema, v.description("One element: observe only the subtree under it, as a new state")),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ObserveInput = v.InferOutput<typeof ObserveInput>;

/** The observe fields that page or scope a state: an act's fresh state or a navigate takes none. */
export const OBSERVE_SCOPE_FIELDS = ["cursor", "ref", "locator"] as const;

/** Body of POST /v1/sessions/{sid}/find. */
export const FindInput = v.strictObject({
  pageId: v.optional(Id("Page to search; default: the session's active page")),
  frameId: v.optional(Id("Exact frame to search; default: the main frame")),
  text: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(1000), v.description("Text in the line (any case)")),
  ),
  role: v.optional(
    v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.description("Exact role, e.g. button or row")),
  ),
  name: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(1000),
      v.description("Text in the accessible name (any case)"),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(200),
      v.description("Matches to answer, 1..200 (default 20)"),
    ),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type FindInput = v.InferOutput<typeof FindInput>;

/** How long a navigation waits after the load for what the document's loading set in motion. */
export const LoadSettleMs = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.maxValue(10_000),
  v.description(
    "ms to wait after the load for the short timers the document's loading set (default 1500; 0: none)",
  ),
);

/** Body of POST /v1/sessions/{sid}/navigate. */
export const NavigateInput = v.strictObject({
  url: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(8192),
    v.description("Absolute http(s) URL or about:blank"),
  ),
  pageId: v.optional(Id("Page to navigate; default: the active page (one is created if none)")),
  waitUntil: v.optional(v.picklist(["domcontentloaded", "load", "networkidle"])),
  settleMs: v.optional(LoadSettleMs),
  timeoutMs: v.optional(TimeoutMs),
  observe: v.optional(
    v.union([v.boolean(), v.omit(ObserveInput, ["pageId", "timeoutMs", ...OBSERVE_SCOPE_FIELDS])]),
  ),
  referer: v.optional(Referer),
});
export type NavigateInput = v.InferOutput<typeof NavigateInput>;

/** A scroll or drag distance in CSS px. */
const Delta = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(-1e6),
  v.maxValue(1e6),
  v.description("scroll or drag by, in px"),
);

export const ACTIONS = [
  "click",
  "dblclick",
  "hover",
  "type",
  "fill",
  "clear",
  "press",
  "select",
  "check",
  "uncheck",
  "scroll",
  "upload",
  "drag",
  "navigate",
  "fill_form",
] as const;
export type ActionName = (typeof ACTIONS)[number];

/** Bounds of `upload`: per file, and for all files of one action (decoded bytes). */
export const UPLOAD_FILE_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_TOTAL_MAX_BYTES = 32 * 1024 * 1024;

/** Decoded size of a base64 text, without decoding it. */
function base64Bytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor(text.length * 3 / 4) - padding;
}

/** Standard, padded base64; checked without a backtracking pattern (buffers are megabytes). */
function isBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}

const UploadFile = v.strictObject({
  name: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(255),
    // deno-lint-ignore no-control-regex
    v.check((n) => !/[/\\\x00-\x1f]/.test(n) && n !== "." && n !== "..", "must be a file name, not a path"),
    v.description("File name the page sees"),
  ),
  mimeType: v.pipe(
    v.string(),
    v.maxLength(255),
    v.description("Media type, e.g. text/csv"),
  ),
  buffer: v.pipe(
    v.string(),
    v.check(isBase64, "must be base64 (RFC 4648, padded)"),
    v.check((b) => base64Bytes(b) <= UPLOAD_FILE_MAX_BYTES, "a file may hold at most 8 MiB"),
    v.description("base64, at most 8 MiB decoded"),
  ),
});

/** How JavaScript dialogs are answered: accept or dismiss, and the text a prompt gets. */
const DialogAnswer = {
  promptText: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(4096),
      v.description("What an accepted prompt() returns"),
    ),
  ),
  beforeunload: v.optional(
    v.pipe(
      v.picklist(["accept", "dismiss"]),
      v.description("beforeunload: accept leaves (default), dismiss stays"),
    ),
  ),
};

/** A point of the viewport, in CSS px (act checks that it lies inside). */
const Coordinate = v.pipe(v.number(), v.finite(), v.minValue(0));

/** An offset inside an element, in CSS px. */
const Offset = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000));

/** One field of `fill_form`: a ref and what it should hold. */
const FormField = v.strictObject({
  ref: v.pipe(v.string(), v.maxLength(64)),
  value: v.pipe(
    v.union([
      v.pipe(v.string(), v.maxLength(65536)),
      v.boolean(),
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(4096))), v.maxLength(256)),
    ]),
    v.description('text ("" clears), true/false, or options'),
  ),
});

/** Body of POST /v1/sessions/{sid}/act. */
export const ActInput = v.strictObject({
  stateId: Id("The observation's stateId"),
  targetId: Id("That observation's targetId"),
  action: v.picklist(ACTIONS),
  ref: v.optional(
    v.pipe(v.string(), v.maxLength(64), v.description("A ref from that observation, e.g. @e3")),
  ),
  text: v.optional(v.pipe(v.string(), v.maxLength(65536))),
  secretRef: v.optional(v.pipe(v.string(), v.maxLength(128))),
  url: v.optional(v.pipe(v.string(), v.maxLength(8192))),
  key: v.optional(v.pipe(v.string(), v.maxLength(64))),
  values: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(4096))),
      v.maxLength(256),
      v.description("select: each option's value or label"),
    ),
  ),
  files: v.optional(
    v.pipe(
      v.array(UploadFile),
      v.maxLength(16),
      v.check(
        (files) => files.reduce((n, f) => n + base64Bytes(f.buffer), 0) <= UPLOAD_TOTAL_MAX_BYTES,
        "the files of one upload may hold at most 32 MiB together",
      ),
      v.description("upload: files for a file input; [] clears it"),
    ),
  ),
  toRef: v.optional(
    v.pipe(v.string(), v.maxLength(64), v.description("drag: a ref of the same observation to drop on")),
  ),
  deltaX: v.optional(Delta),
  deltaY: v.optional(Delta),
  direction: v.optional(
    v.pipe(
      v.picklist(["up", "down", "left", "right"]),
      v.description("scroll: which way"),
    ),
  ),
  amount: v.optional(
    v.pipe(
      v.union([v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e6)), v.literal("page")]),
      v.description('scroll: px or "page" (default)'),
    ),
  ),
  toPoint: v.optional(
    v.pipe(
      v.strictObject({ x: Coordinate, y: Coordinate }),
      v.description("drag: viewport point to drop on"),
    ),
  ),
  dialog: v.optional(
    v.pipe(
      v.strictObject({
        action: v.optional(
          v.pipe(v.picklist(["accept", "dismiss"]), v.description("For alert, confirm and prompt")),
        ),
        ...DialogAnswer,
      }),
      v.description(
        "Answers to this action's dialogs; unset: the session's policy",
      ),
    ),
  ),
  button: v.optional(
    v.pipe(
      v.picklist(["left", "right", "middle"]),
      v.description("click, dblclick: mouse button (default left)"),
    ),
  ),
  modifiers: v.optional(
    v.pipe(
      v.array(v.picklist(["Alt", "Control", "Meta", "Shift"])),
      v.maxLength(4),
      v.check((m) => new Set(m).size === m.length, "each modifier may be given once"),
      v.description("click, dblclick, press: keys held down"),
    ),
  ),
  position: v.optional(
    v.pipe(
      v.strictObject({ x: Offset, y: Offset }),
      v.description("click, dblclick, hover: px from the element's top-left (default center)"),
    ),
  ),
  clickCount: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(3),
      v.description("click: clicks in a row (default 1)"),
    ),
  ),
  delayMs: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(5000),
      v.description("ms a click's button stays down, or between typed keys"),
    ),
  ),
  clear: v.optional(v.pipe(v.boolean(), v.description("type: empty the field first"))),
  append: v.optional(
    v.pipe(
      v.boolean(),
      v.description("type: caret to the end first"),
    ),
  ),
  expect: v.optional(v.strictObject({
    selector: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
    text: v.pipe(v.string(), v.maxLength(65536)),
  })),
  expectedOrigin: v.optional(v.pipe(v.string(), v.maxLength(512))),
  fields: v.optional(
    v.pipe(
      v.array(FormField),
      v.minLength(1),
      v.maxLength(64),
      v.description("fill_form: in order; the first refusal stops"),
    ),
  ),
  settleMs: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(10_000),
      v.description("ms for the action's requests and DOM to settle (default 1500)"),
    ),
  ),
  fresh: v.optional(
    v.pipe(
      v.picklist(["tree", "changes", "stateId"]),
      v.description(
        "tree (default): freshState holds the whole tree; changes: only its changes against the state acted " +
          "on (as observe since), lean: only the fields that differ from that state's (absent: unchanged); " +
          "or the whole state and sinceUnavailable when the document changed; stateId: the fresh state is " +
          "captured and checked as always but not sent: its stateId and the fields that differ, no tree or " +
          "changes (observe since the state last read to see the page)",
      ),
    ),
  ),
  timeoutMs: v.optional(TimeoutMs),
});
export type ActInput = v.InferOutput<typeof ActInput>;

/** Body of page routes that take nothing. */
export const EmptyInput = v.strictObject({});

/** Body of POST /v1/sessions/{sid}/dialog-policy. */
export const DialogPolicyInput = v.strictObject({
  action: v.pipe(
    v.picklist(["accept", "dismiss"]),
    v.description("Answer to alert, confirm and prompt (the default policy dismisses them)"),
  ),
  ...DialogAnswer,
  once: v.optional(
    v.pipe(
      v.boolean(),
      v.description("Answer only the next dialog this way, then follow the standing policy"),
    ),
  ),
});
export type DialogPolicyInput = v.InferOutput<typeof DialogPolicyInput>;
