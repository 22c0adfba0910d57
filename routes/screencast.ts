/**
 * `GET /v1/sessions/{sessionId}/pages/{pageId}/screencast`: a page's live frames as server-sent
 * events, for the UI's live view. Each `frame` event is JSON {data (base64 JPEG), deviceWidth,
 * deviceHeight, timestamp}. The stream is pulled: a reader that falls behind gets the newest frame
 * next and skips the ones in between, so memory stays flat whatever the reader does.
 */
import type { Context } from "hono";
import type { SessionRegistry } from "../lib/session/registry.ts";
import {
  MAX_FPS,
  refreshScreencast,
  type ScreencastFrame,
  watchScreencast,
} from "../lib/session/watch/screencast.ts";

/** Events after which the page may show something new that the cast did not send. */
const CHANGES = new Set(["action.finished", "navigation.committed", "page.load", "dialog.opened"]);

const KEEPALIVE_MS = 15_000;
/** How often the stream checks that its page and session still exist. */
const ALIVE_CHECK_MS = 1_000;

export function screencastHandler(registry: SessionRegistry) {
  return (c: Context): Response => {
    const session = registry.get(c.req.param("sessionId") ?? "");
    session.assertBrowser();
    const pageId = c.req.param("pageId") ?? "";
    const rec = session.page(pageId);
    const alive = () => !session.disposed && session.pages.get(pageId) === rec;
    const changes = session.events.subscribe();
    (async () => {
      for await (const ev of changes) {
        if (CHANGES.has(ev.type) && (ev.data as { pageId?: string }).pageId === pageId) {
          refreshScreencast(rec.driver);
        }
      }
    })().catch(() => {});
    return frameStream(rec.driver, alive, c.req.raw.signal, () => changes.close());
  };
}

function frameStream(
  driver: Parameters<typeof watchScreencast>[0],
  alive: () => boolean,
  signal: AbortSignal,
  onEnd: () => void,
): Response {
  const enc = new TextEncoder();
  let latest: ScreencastFrame | null = null;
  let wake: (() => void) | null = null;
  let done = false;
  let sentAt = 0;
  const unwatch = watchScreencast(driver, (f) => {
    latest = f;
    wake?.();
  });
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(check);
    unwatch();
    onEnd();
    wake?.();
  };
  const check = setInterval(() => alive() || finish(), ALIVE_CHECK_MS);
  signal.addEventListener("abort", finish, { once: true });
  const body = new ReadableStream<Uint8Array>({
    start(ctrl) {
      ctrl.enqueue(enc.encode(": porthole screencast\n\n"));
    },
    async pull(ctrl) {
      // Pace the stream: frames that arrive meanwhile replace one another.
      const gap = 1000 / MAX_FPS - (performance.now() - sentAt);
      if (gap > 0) await new Promise((r) => setTimeout(r, gap));
      if (!latest && !done) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((r) => {
          wake = r;
          timer = setTimeout(r, KEEPALIVE_MS);
        });
        clearTimeout(timer);
        wake = null;
      }
      if (done) {
        ctrl.enqueue(enc.encode("event: end\ndata: {}\n\n"));
        ctrl.close();
        return;
      }
      const frame = latest;
      latest = null;
      sentAt = performance.now();
      ctrl.enqueue(
        enc.encode(frame ? `event: frame\ndata: ${JSON.stringify(frame)}\n\n` : ": keep-alive\n\n"),
      );
    },
    cancel: finish,
  }, { highWaterMark: 0 });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
