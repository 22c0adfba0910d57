/** Every operation of the HTTP API. */
import {
  ActResult,
  Artifact,
  FindResult,
  NavigateResult,
  Observation,
  PageListResult,
  PageView,
  SessionListResult,
  SessionView,
} from "../protocol/results.ts";
import { InspectResult, ScreenshotResult, WaitResult } from "../protocol/results_watch.ts";
import {
  ActInput,
  CreateSessionInput,
  EmptyInput,
  FindInput,
  NavigateInput,
  ObserveInput,
  UpdateSessionInput,
} from "../protocol/schemas.ts";
import { act } from "../session/act/act.ts";
import { openPageWith } from "../session/page/open.ts";
import { PageOpenInput } from "../protocol/schemas_context.ts";
import { createSessionWithState } from "../session/storage_state.ts";
import { InspectInput, PdfInput, ScreenshotInput, WaitInput } from "../protocol/schemas_watch.ts";
import { inspect, pdf, screenshot, waitFor } from "../session/watch/watch.ts";
import { defineOp, inSession, type OpDef, type OutputOf } from "./define.ts";
import { decideApproval, listApprovals } from "./approval_ops.ts";
import { DIALOG_OPS } from "./dialog_ops.ts";
import { TRACE_OPS } from "./trace_ops.ts";
import { type DurationHistogram, metered } from "./metered.ts";
import { CONTEXT_OPS } from "./context_ops.ts";
import { PAGE_OPS } from "./page_ops.ts";
import { OBSERVE_OPS } from "./observe_ops.ts";
import { TAKEOVER_OPS } from "./takeover_ops.ts";
import { testBrowserOps } from "./test_browser_ops.ts";
import { WATCH_OPS } from "./watch_ops.ts";
import { JOURNAL_OPS } from "./journal_ops.ts";

const createSession = defineOp({
  name: "session_create",
  description: "Create a session: an isolated, temporary browser context",
  method: "POST",
  path: "/v1/sessions",
  input: CreateSessionInput,
  output: SessionView,
  status: 201,
  run: ({ registry, input, signal }) => createSessionWithState(registry, input, signal),
});

const listSessions = defineOp({
  name: "session_list",
  description: "List open sessions",
  method: "GET",
  path: "/v1/sessions",
  input: null,
  output: SessionListResult,
  run: ({ registry }) => Promise.resolve({ sessions: registry.list().map((s) => s.view()) }),
});

const getSession = defineOp({
  name: "session_get",
  description: "Describe one session",
  method: "GET",
  path: "/v1/sessions/:sessionId",
  input: null,
  output: SessionView,
  run: ({ registry, params }) => Promise.resolve(registry.get(params.sessionId).view()),
});

const updateSession = defineOp({
  name: "session_update",
  description:
    "Change a session's mode: execute, or plan (observe, wait, inspect, screenshot and reads only)",
  method: "POST",
  path: "/v1/sessions/:sessionId",
  input: UpdateSessionInput,
  output: SessionView,
  run: ({ registry, params, input }) => {
    const session = registry.get(params.sessionId);
    if (session.mode !== input.mode) {
      session.mode = input.mode;
      session.emit("session.mode", { mode: input.mode });
    }
    return Promise.resolve(session.view());
  },
});

const deleteSession = defineOp({
  name: "session_delete",
  description: "Close a session: cancels queued and running operations, then releases its context",
  method: "DELETE",
  path: "/v1/sessions/:sessionId",
  input: null,
  output: null,
  status: 204,
  run: async ({ registry, params }) => {
    await registry.close(params.sessionId);
    return null;
  },
});

const listPages = defineOp({
  name: "page_list",
  readOnly: true,
  description: "List the session's pages",
  method: "GET",
  path: "/v1/sessions/:sessionId/pages",
  input: null,
  output: PageListResult,
  run: ({ registry, params }) => Promise.resolve({ pages: registry.get(params.sessionId).pageViews() }),
});

const openPage = defineOp({
  name: "page_open",
  description: "Open a page (about:blank, or at `url`, checked as navigate does) and make it active",
  method: "POST",
  path: "/v1/sessions/:sessionId/pages",
  input: PageOpenInput,
  output: PageView,
  status: 201,
  run: inSession(async (s, input, sig) => s.pageView(await openPageWith(s, input, sig))),
});

const activatePage = defineOp({
  name: "page_activate",
  description: "Make a page the session's active page",
  method: "POST",
  path: "/v1/sessions/:sessionId/pages/:pageId/activate",
  input: EmptyInput,
  output: PageView,
  run: inSession((s, _input, _sig, params) => Promise.resolve(s.pageView(s.activate(params.pageId)))),
});

const closePage = defineOp({
  name: "page_close",
  description: "Close a page",
  method: "DELETE",
  path: "/v1/sessions/:sessionId/pages/:pageId",
  input: null,
  output: null,
  status: 204,
  run: inSession(async (s, _input, _sig, params) => {
    await s.closePage(params.pageId);
    return null;
  }),
});

const navigate = defineOp({
  name: "navigate",
  description:
    "Navigate a page to an http(s) URL and wait for its DOMContentLoaded and short load timers; authorises the " +
    "origin on commit",
  method: "POST",
  path: "/v1/sessions/:sessionId/navigate",
  input: NavigateInput,
  output: NavigateResult,
  run: inSession((s, input, sig) => s.navigate(input, sig)),
});

const observe = defineOp({
  name: "observe",
  readOnly: true,
  description: "Observe a page as an ARIA snapshot with refs; the returned stateId is good for one action",
  method: "POST",
  path: "/v1/sessions/:sessionId/observe",
  input: ObserveInput,
  output: Observation,
  run: ({ registry, params, input, signal }) => {
    const s = registry.get(params.sessionId);
    return metered(
      registry.metrics.observes,
      {},
      () => "captured",
      () => s.run(signal, (sig) => s.observe(input, sig)),
    );
  },
});

const find = defineOp({
  name: "find",
  readOnly: true,
  description:
    "Find lines of the whole document (every page) by text, role or name, each with its ancestors' path; " +
    "the answer is a new state whose refs act like an observation's",
  method: "POST",
  path: "/v1/sessions/:sessionId/find",
  input: FindInput,
  output: FindResult,
  run: ({ registry, params, input, signal }) => {
    const s = registry.get(params.sessionId);
    return metered(
      registry.metrics.observes,
      {},
      () => "captured",
      () => s.run(signal, (sig) => s.find(input, sig)),
    );
  },
});

const actOp = defineOp({
  name: "act",
  description:
    "Act once on an observed state by ref; the state is consumed. The result says whether input was dispatched, " +
    "whether a fresh state was captured, and whether `expect` held. Nothing is retried: observe before acting again",
  method: "POST",
  path: "/v1/sessions/:sessionId/act",
  input: ActInput,
  output: ActResult,
  run: ({ registry, params, input, signal, approver }) => {
    const s = registry.get(params.sessionId);
    s.assertBrowser();
    s.budget.assertActRoom();
    return meteredAct(
      registry,
      input.action,
      (r) => r.error?.code ?? r.execution,
      () => s.run(signal, (sig) => act(s, input, sig, approver)),
    );
  },
});

/**
 * The action histogram around one action of any door (the act operation; a BAP action with its
 * auto-wait): labelled with the action and its outcome, the act's error code or execution.
 */
export function meteredAct<T>(
  registry: { readonly metrics: { readonly actions: DurationHistogram } },
  action: string,
  outcome: (result: T) => string,
  work: () => Promise<T>,
): Promise<T> {
  return metered(registry.metrics.actions, { action }, outcome, work);
}

const wait = defineOp({
  name: "wait",
  readOnly: true,
  description:
    "Wait for one condition (text, textGone, url substring, loadState, or timeMs); {met:false} on timeout",
  method: "POST",
  path: "/v1/sessions/:sessionId/wait",
  input: WaitInput,
  output: WaitResult,
  run: inSession(waitFor),
});

const inspectOp = defineOp({
  name: "inspect",
  readOnly: true,
  description: "Read a page's console, errors or network entries (latest 256 each), paged by afterSeq",
  method: "POST",
  path: "/v1/sessions/:sessionId/inspect",
  input: InspectInput,
  output: InspectResult,
  run: inSession((s, input) => Promise.resolve(inspect(s, input))),
});

const screenshotOp = defineOp({
  name: "screenshot",
  readOnly: true,
  description:
    "Screenshot the viewport, the full page, or one element by ref (JPEG by default) into the session's store",
  method: "POST",
  path: "/v1/sessions/:sessionId/screenshot",
  input: ScreenshotInput,
  output: ScreenshotResult,
  run: inSession(screenshot),
});

const pdfOp = defineOp({
  name: "pdf",
  readOnly: true,
  description: "Print the page to PDF into the session's store",
  method: "POST",
  path: "/v1/sessions/:sessionId/pdf",
  input: PdfInput,
  output: Artifact,
  run: inSession(pdf),
});

const artifactGet = defineOp({
  name: "artifact_get",
  readOnly: true,
  description: "The bytes of an artifact, with its Content-Type",
  method: "GET",
  path: "/v1/sessions/:sessionId/artifacts/:artifactId",
  input: null,
  output: null,
  run: ({ registry, params }) => {
    const s = registry.get(params.sessionId);
    const item = s.artifacts.get(params.artifactId);
    return Promise.resolve(
      new Response(item.data as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": item.mimeType,
          "etag": `"${params.artifactId}"`,
          "cache-control": "private, max-age=31536000, immutable",
          "x-content-type-options": "nosniff",
          // A download is the page's file: saved by whoever fetches it, never rendered.
          ...(item.attachment ? { "content-disposition": 'attachment; filename="download"' } : {}),
        },
      }),
    );
  },
});

/** The agent's operations, each with its own types (see `OpName`, `OpOutput`). */
const AGENT_OPS = [
  createSession,
  listSessions,
  getSession,
  updateSession,
  deleteSession,
  listPages,
  openPage,
  activatePage,
  closePage,
  navigate,
  observe,
  find,
  actOp,
  wait,
  inspectOp,
  screenshotOp,
  pdfOp,
  artifactGet,
  listApprovals,
  decideApproval,
  ...DIALOG_OPS,
  ...TRACE_OPS,
  ...CONTEXT_OPS,
  ...PAGE_OPS,
  ...OBSERVE_OPS,
  ...WATCH_OPS,
  ...JOURNAL_OPS,
];

/** One of the operations a door calls by name. */
export type NamedOp = (typeof AGENT_OPS)[number] | (typeof TAKEOVER_OPS)[number];
export type OpName = NamedOp["name"];
/** What the operation called `N` answers (its output schema's type). */
export type OpOutput<N extends OpName> = OutputOf<Extract<NamedOp, { name: N }>["output"]>;

/** Every operation: the agent's, a person's takeover, and the test browser's (the agent's on a second registry). */
// deno-lint-ignore no-explicit-any
export const OPS: OpDef<any, any>[] = [...AGENT_OPS, ...TAKEOVER_OPS, ...testBrowserOps(AGENT_OPS)];
