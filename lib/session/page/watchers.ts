/** What a page does on its own: dialogs, navigations, console, errors, network. */
import type { Protocol } from "devtools-protocol";
import { redactUrl } from "../../policy/url.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateRecord } from "../core/states.ts";
import { answerDialog, type DialogHost } from "./dialogs.ts";
import { emitNetwork } from "./network_events.ts";

/** What a page's watchers need of its session. */
export interface WatchHost extends DialogHost {
  /** The session's id: its network stream is keyed by the session. */
  readonly id: string;
  scrub(text: string): string;
  staleNotice(reason: string, predicate?: (s: StateRecord) => boolean): void;
}

/** How long the title read on a document's load may take before the load event goes out without it. */
const TITLE_MS = 1_000;

export function watchPage(session: WatchHost, rec: PageRecord, forget: () => void): void {
  const { driver } = rec;
  const pageId = rec.pageId;
  // Dialogs never hang an action: each is answered at once by the policy in force.
  driver.on(
    "Page.javascriptDialogOpening",
    (e: Protocol.Page.JavascriptDialogOpeningEvent) => answerDialog(session, rec, e),
  );
  driver.on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
    if (e.frame.parentId) return;
    session.staleNotice(
      "the page loaded a new document",
      (s) => s.pageId === pageId && s.loaderId !== e.frame.loaderId,
    );
    session.emit("navigation.committed", { pageId, url: redactUrl(e.frame.url), sameDocument: false });
  });
  driver.on("Page.lifecycleEvent", (e: Protocol.Page.LifecycleEventEvent) => {
    if (e.frameId !== driver.targetId) return;
    const state = e.name === "DOMContentLoaded" ? "domcontentloaded" : e.name === "load" ? "load" : null;
    if (!state) return;
    const url = driver.page.url();
    // The document's title as it loaded, read before the event goes out: whoever lists the session's
    // pages on this event (the web UI) sees the new document's title, not the one last observed. A
    // page that does not answer within TITLE_MS keeps its last known title.
    const main = { frameId: e.frameId, parentId: null, loaderId: e.loaderId, url, securityOrigin: "" };
    const read = driver.evaluate<unknown>(main, "document.title", AbortSignal.timeout(TITLE_MS));
    read.then((title) => {
      if (typeof title === "string") rec.title = session.scrub(title);
    }, () => {}).finally(() => session.emit("page.load", { pageId, state, url: redactUrl(url) }));
  });
  driver.on("Page.navigatedWithinDocument", (e: Protocol.Page.NavigatedWithinDocumentEvent) => {
    session.emit("navigation.committed", { pageId, url: redactUrl(e.url), sameDocument: true });
  });
  const page = driver.page;
  page.on("console", (msg) => {
    const loc = msg.location();
    const url = loc.url ? redactUrl(loc.url) : undefined;
    const text = session.scrub(msg.text());
    rec.diag.console(msg.type(), text, url, loc.lineNumber);
    session.emit("console", { pageId, level: msg.type(), text: text.slice(0, 1024), url });
  });
  page.on("pageerror", (err) => {
    const message = session.scrub(err instanceof Error ? err.message : String(err));
    rec.diag.error(message, redactUrl(page.url()));
    session.emit("page.error", { pageId, message: message.slice(0, 1024), url: redactUrl(page.url()) });
  });
  const moved = () => (rec.networkChangedAt = Date.now());
  // Network events name each request by an id of Porthole's own, the same for all three kinds.
  const ids = new WeakMap<object, string>();
  let next = 0;
  const idOf = (req: object) => {
    let id = ids.get(req);
    if (!id) ids.set(req, id = `${pageId}.${++next}`);
    return id;
  };
  page.on("request", (req) => {
    rec.inflight++;
    moved();
    emitNetwork(session, "network.request", {
      pageId,
      requestId: idOf(req),
      url: redactUrl(req.url()),
      method: req.method(),
      resourceType: req.resourceType(),
      hasPostData: req.hasPostData(),
    });
  });
  page.on("response", (res) => {
    emitNetwork(session, "network.response", {
      pageId,
      requestId: idOf(res.request()),
      url: redactUrl(res.url()),
      status: res.status(),
    });
  });
  page.on("requestfinished", (req) => {
    rec.inflight = Math.max(0, rec.inflight - 1);
    moved();
    rec.diag.network({
      method: req.method(),
      resourceType: req.resourceType(),
      status: req.response()?.status() ?? null,
      url: redactUrl(req.url()),
    });
  });
  page.on("requestfailed", (req) => {
    rec.inflight = Math.max(0, rec.inflight - 1);
    moved();
    emitNetwork(session, "network.failed", {
      pageId,
      requestId: idOf(req),
      url: redactUrl(req.url()),
      error: req.failure()?.errorText ?? "failed",
    });
    rec.diag.network({
      method: req.method(),
      resourceType: req.resourceType(),
      status: null,
      url: redactUrl(req.url()),
      failed: true,
    });
  });
  page.on("close", forget);
}
