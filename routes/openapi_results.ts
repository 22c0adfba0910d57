/**
 * The response bodies of the HTTP API as JSON Schema, for /openapi.json and the clients generated
 * from it. They mirror the result types of lib/protocol/types.ts and the session views; results
 * stay open (no `additionalProperties: false`) so that a field added to a result does not break a
 * client. tests/routes/openapi_test.ts checks real responses against them.
 */
type Json = Record<string, unknown>;

const str = { type: "string" };
const int = { type: "integer" };
const bool = { type: "boolean" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (required: string[], properties: Record<string, unknown>, extra: Json = {}): Json => ({
  type: "object",
  required,
  properties,
  ...extra,
});
const list = (items: unknown) => ({ type: "array", items });

export const RESULT_SCHEMAS: Record<string, Json> = {
  PageView: obj(["pageId", "url", "title", "origin", "active", "generation"], {
    pageId: str,
    url: str,
    title: str,
    origin: str,
    active: bool,
    generation: int,
  }),
  SessionView: obj(["sessionId", "createdAt", "expiresAt", "pages", "activePageId", "limits"], {
    sessionId: str,
    createdAt: { type: "string", format: "date-time" },
    expiresAt: { type: "string", format: "date-time" },
    pages: list(ref("PageView")),
    activePageId: { type: ["string", "null"] },
    mode: {
      enum: ["execute", "plan"],
      description:
        "plan: only observe, wait, inspect, screenshot and reads; everything else is 409 plan_mode",
    },
    limits: obj(["maxPages", "maxQueuedOps", "snapshotMaxBytes", "idleMs"], {
      maxPages: int,
      maxQueuedOps: int,
      snapshotMaxBytes: int,
      idleMs: int,
    }),
  }),
  Observation: obj(
    ["stateId", "targetId", "pageId", "frameId", "document", "url", "origin", "title", "tree", "refCount"],
    {
      stateId: { type: "string", description: "Quote it to act; good for one action" },
      targetId: str,
      pageId: str,
      frameId: str,
      document: obj(["loaderId", "documentId"], { loaderId: str, documentId: str }),
      url: str,
      origin: str,
      title: str,
      tree: {
        type: "string",
        description: 'YAML lines `- role "name" [states] [tags] [ref=@eN]`: untrusted page text. A ref\'s ' +
          "tags say what acting on it would do and whether it can be reached now: [submits], " +
          "[navigates=same-origin|cross-origin], [opens-popup], [downloads], [credential], [covered], " +
          "[offscreen] (outside the page's scrollable area). A ref names its element for the life of the document",
      },
      refCount: int,
      truncated: bool,
      bytes: int,
      generation: int,
      tier: { enum: ["full", "interactive", "minimal"] },
      since: str,
      changes: obj(["added", "removed", "changed"], {
        added: list(str),
        removed: list(str),
        changed: list(str),
      }),
      sinceUnavailable: obj(["reason", "message"], { reason: str, message: str }),
    },
  ),
  ActResult: obj(["execution", "observation", "postcondition"], {
    execution: { enum: ["not_dispatched", "dispatched_unknown", "completed"] },
    observation: { enum: ["captured", "unavailable"] },
    postcondition: { enum: ["not_requested", "unknown", "unmet", "met"] },
    freshState: ref("Observation"),
    settle: obj(["state", "ms", "pending"], {
      state: {
        enum: ["quiet", "budget", "skipped"],
        description: "quiet: the requests the action started ended and the DOM was quiet after them; " +
          "budget: settleMs (or the deadline) ran out first; skipped: settleMs 0, or no input was dispatched",
      },
      ms: { type: "number", description: "Time spent settling, in ms" },
      pending: { type: "integer", description: "Requests the action started that were still running" },
    }, { description: "What the fresh state waited for after the input" }),
    fields: list(obj(["ref", "action", "outcome"], {
      ref: str,
      action: {
        type: "string",
        description: "The single-field action the field took: fill, clear, check, …",
      },
      outcome: { enum: ["completed", "noop", "refused", "failed", "skipped"] },
      error: ref("ErrorBody"),
    })),
    dialogs: list(obj(["type", "message", "handled"], { type: str, message: str, handled: str })),
    downloads: {
      ...list(ref("ArtifactRef")),
      description: "--downloads artifacts: the files this action downloaded, kept in the artifact store",
    },
    noop: bool,
    error: ref("ErrorBody"),
  }),
  NavigateResult: obj(["pageId", "url", "httpStatus", "navigation"], {
    pageId: str,
    url: str,
    httpStatus: { type: ["integer", "null"] },
    navigation: { enum: ["committed", "same_document", "download_blocked", "none"] },
    state: ref("Observation"),
  }),
  CurrentState: obj(
    ["stateId", "pageId", "frameId", "url", "origin", "tree", "truncated", "current", "refs"],
    {
      stateId: str,
      pageId: str,
      frameId: str,
      url: str,
      origin: str,
      tree: { type: "string", description: "Untrusted page text" },
      truncated: bool,
      current: {
        type: "boolean",
        description: "Still the session's current state (not consumed or replaced)",
      },
      refs: list(obj(["ref", "role", "name", "bounds"], {
        ref: str,
        role: str,
        name: str,
        bounds: {
          oneOf: [
            obj(["x", "y", "width", "height"], {
              x: { type: "number" },
              y: { type: "number" },
              width: { type: "number" },
              height: { type: "number" },
            }),
            { type: "null" },
          ],
          description: "CSS pixels in the top-level viewport; null without a box or in a subframe",
        },
      })),
    },
  ),
  ArtifactRef: obj(["id", "sha256", "mimeType", "bytes", "href"], {
    id: str,
    sha256: str,
    mimeType: str,
    bytes: int,
    href: { type: "string", description: "GET it (same token) for the bytes" },
  }),
  Artifact: obj(["artifact"], { artifact: ref("ArtifactRef") }),
  Cookie: obj(["name", "value", "domain", "path", "expires", "httpOnly", "secure"], {
    name: str,
    value: str,
    domain: str,
    path: str,
    expires: { type: "number" },
    httpOnly: bool,
    secure: bool,
    sameSite: { enum: ["Strict", "Lax", "None"] },
  }),
  StorageState: obj(["cookies", "origins"], {
    cookies: list(ref("Cookie")),
    origins: list(obj(["origin", "localStorage"], {
      origin: str,
      localStorage: list(obj(["name", "value"], { name: str, value: str })),
      sessionStorage: list(obj(["name", "value"], { name: str, value: str })),
    })),
  }),
  DialogPolicy: obj(["action", "beforeunload"], {
    action: { enum: ["accept", "dismiss"] },
    beforeunload: { enum: ["accept", "dismiss"] },
    next: {},
  }),
  Approval: obj([
    "approvalId",
    "sessionId",
    "pageId",
    "url",
    "title",
    "action",
    "origin",
    "requestedAt",
    "expiresAt",
  ], {
    approvalId: str,
    sessionId: str,
    pageId: { type: "string", description: "The page the action would run on" },
    url: { type: "string", description: "That page's URL, redacted" },
    title: { type: "string", description: "That page's title when it was last observed" },
    action: str,
    origin: str,
    target: str,
    element: {
      ...obj(["role", "name"], { role: str, name: str }),
      description: "The element the action targets: its role and accessible name",
    },
    description: str,
    requestedAt: str,
    expiresAt: str,
  }),
  Takeover: obj(["takeoverId", "sessionId", "who", "startedAt", "idleMs", "clicks", "keys"], {
    takeoverId: { type: "string", description: "The person's pass: send it as X-Porthole-Takeover" },
    sessionId: str,
    who: str,
    startedAt: { type: "string", format: "date-time" },
    idleMs: int,
    clicks: int,
    keys: int,
  }),
};

/** The 200/201 body of each operation, by operation name; 204 operations have none. */
export const OP_RESULTS: Record<string, Json | null> = {
  session_create: ref("SessionView"),
  session_list: obj(["sessions"], { sessions: list(ref("SessionView")) }),
  session_get: ref("SessionView"),
  session_update: ref("SessionView"),
  state_get: obj(["state"], {
    state: { oneOf: [ref("CurrentState"), { type: "null" }], description: "null before any observation" },
  }),
  artifact_list: obj(["artifacts"], { artifacts: list(ref("ArtifactRef")) }),
  session_delete: null,
  page_list: obj(["pages"], { pages: list(ref("PageView")) }),
  page_open: ref("PageView"),
  page_activate: ref("PageView"),
  page_close: null,
  navigate: ref("NavigateResult"),
  observe: ref("Observation"),
  act: ref("ActResult"),
  wait: obj(["met", "elapsedMs"], { met: bool, elapsedMs: int }),
  inspect: obj(["entries", "nextSeq", "dropped"], {
    entries: list({ type: "object", required: ["seq"], properties: { seq: int } }),
    nextSeq: int,
    dropped: int,
    truncated: bool,
  }),
  screenshot: obj(["artifact", "width", "height"], {
    artifact: ref("ArtifactRef"),
    width: {
      type: "integer",
      description: "The image's width in pixels (device pixels: CSS pixels × scale factor)",
    },
    height: { type: "integer", description: "The image's height in pixels" },
  }),
  pdf: ref("Artifact"),
  artifact_get: null,
  approval_list: obj(["approvals"], { approvals: list(ref("Approval")) }),
  approval_decide: obj(["approval", "decision"], { approval: ref("Approval"), decision: str }),
  dialog_policy_set: ref("DialogPolicy"),
  dialog_policy_get: ref("DialogPolicy"),
  trace_start: obj(["tracing"], { tracing: bool, pageId: str }),
  trace_stop: ref("Artifact"),
  takeover_start: ref("Takeover"),
  takeover_get: obj(["takeover"], { takeover: { oneOf: [ref("Takeover"), { type: "null" }] } }),
  takeover_input: obj(["pageId", "events", "clicks", "keys"], {
    pageId: str,
    events: int,
    clicks: int,
    keys: int,
  }),
  takeover_end: ref("Takeover"),
  cookies_get: obj(["cookies"], { cookies: list(ref("Cookie")) }),
  cookies_set: obj(["set"], { set: int }),
  cookies_clear: obj(["cleared"], { cleared: int }),
  storage_state_get: ref("StorageState"),
  storage_state_set: obj(["cookies", "origins"], { cookies: int, origins: int }),
  emulate: obj(["emulation"], {
    emulation: {
      type: "object",
      description: "The session's emulation now; with pageId, what that page was given",
    },
    pageId: str,
  }),
  frames: obj(["frames"], {
    frames: list(obj(["frameId", "parentId", "name", "url", "origin", "allowed"], {
      frameId: str,
      parentId: { type: ["string", "null"] },
      name: str,
      url: str,
      origin: str,
      allowed: {
        type: "boolean",
        description: "Whether the session's origin policy lets it reach the frame's URL",
      },
    })),
  }),
  reload: ref("NavigateResult"),
  go_back: ref("NavigateResult"),
  go_forward: ref("NavigateResult"),
  discover: obj(["pageId", "frameId", "tools", "totalDiscovered"], {
    pageId: str,
    frameId: str,
    tools: list(obj(["name", "source"], {
      name: str,
      description: str,
      inputSchema: { type: "object" },
      source: { enum: ["webmcp-declarative", "webmcp-imperative"] },
      formSelector: str,
    })),
    totalDiscovered: int,
    apiVersion: str,
  }),
  extract: obj(["data", "confidence"], {
    data: {},
    confidence: { type: "number" },
    sources: list(obj(["selector", "text"], { selector: str, text: str })),
  }),
  content: obj(["pageId", "frameId", "url", "title"], {
    pageId: str,
    frameId: str,
    url: str,
    title: str,
    html: str,
    text: str,
    markdown: str,
  }),
  // The properties asked for, each as the page gives it (null where it has none).
  element: obj(["found"], { found: bool }),
  aria: obj(["pageId", "frameId"], {
    pageId: str,
    frameId: str,
    url: str,
    title: str,
    snapshot: str,
    tree: { type: "object" },
  }),
  elements: obj(["pageId", "frameId", "url", "elements", "totalElements"], {
    stateId: {
      type: "string",
      description: "The observation the refs belong to; absent with observe: false",
    },
    targetId: { type: "string", description: "The page's browser target; absent with observe: false" },
    pageId: str,
    frameId: str,
    url: str,
    elements: list(obj(["ref", "role", "tagName", "bounds", "selector", "actionHints"], {
      ref: str,
      role: str,
      name: str,
      tagName: str,
      bounds: {
        ...obj(["x", "y", "width", "height"], {
          x: { type: "number" },
          y: { type: "number" },
          width: { type: "number" },
          height: { type: "number" },
        }),
        description:
          "The border box in CSS pixels of the page's viewport (the screenshot's), an iframe's element's too",
      },
      selector: { type: "object" },
      alternativeSelectors: list({ type: "object" }),
      disabled: bool,
      focused: bool,
      value: str,
      actionHints: list(str),
      stability: { type: "string", enum: ["stable", "new"] },
    })),
    totalElements: int,
    title: str,
    viewport: obj(["width", "height"], { width: int, height: int }),
    changes: obj(["added", "updated", "removed"], {
      added: list({ type: "object" }),
      updated: list({ type: "object" }),
      removed: list(str),
    }),
    tools: list({ type: "object" }),
    screenshot: obj(["artifact", "width", "height", "annotated", "labels"], {
      artifact: ref("ArtifactRef"),
      width: { ...int, description: "The viewport's width in CSS pixels (the image's at scale factor 1)" },
      height: { ...int, description: "The viewport's height in CSS pixels" },
      annotated: { ...bool, description: "false: nothing to mark, the plain JPEG of the viewport" },
      labels: list(obj(["label", "ref", "position"], {
        label: str,
        ref: str,
        position: {
          ...obj(["x", "y"], { x: { type: "number" }, y: { type: "number" } }),
          description: "Where the label's badge is drawn, in CSS pixels of the image",
        },
      })),
    }),
  }),
};
