/**
 * A person's takeover of an agent session, as operations: take control, forward input, read
 * who holds it, hand back. The takeover id is the person's pass: it is in the reply to whoever
 * took control and in no event, and the person's other calls carry it (see `admitPerson`).
 */
import { TakeoverGetResult, TakeoverInputResult, TakeoverView } from "../protocol/results_watch.ts";
import { TakeoverInput, TakeoverStartInput } from "../protocol/schemas_takeover.ts";
import type { SessionRegistry } from "../session/registry.ts";
import { currentTakeover, endTakeover, startTakeover, takeoverById } from "../session/watch/takeover.ts";
import { forwardInput } from "../session/watch/takeover_input.ts";
import { defineOp, type OpContext } from "./define.ts";

/** The HTTP header that marks a call as the person's during a takeover. */
export const TAKEOVER_HEADER = "x-porthole-takeover";

/**
 * The calls of this request are the person's: the session's gate admits them while that
 * takeover holds it. A takeover id that is not in control is refused (takeover_not_found),
 * except on a `read` while nobody holds the session: a UI's read sent just as its person
 * handed back needs no pass, and runs as any read does.
 */
export function admitPerson(
  registry: SessionRegistry,
  sessionId: string,
  takeoverId: string,
  signal: AbortSignal,
  read = false,
): void {
  const session = registry.get(sessionId);
  if (read && !currentTakeover(session)) return;
  takeoverById(session, takeoverId).admit(signal);
}

/** The session and the takeover the path names, its person admitted to the session's gate. */
function admitted({ registry, params, signal }: OpContext<unknown>) {
  const session = registry.get(params.sessionId);
  const tk = takeoverById(session, params.takeoverId);
  tk.admit(signal);
  return { session, tk };
}

const takeoverStart = defineOp({
  name: "takeover_start",
  description: "A person takes control of the session: the agent's operations are refused with 409 " +
    "human_in_control until it is handed back; the reply's takeoverId is the person's pass",
  method: "POST",
  path: "/v1/sessions/:sessionId/takeover",
  input: TakeoverStartInput,
  output: TakeoverView,
  status: 201,
  run: async ({ registry, params, input, signal }) => {
    const session = registry.get(params.sessionId);
    session.assertBrowser();
    return (await startTakeover(session, input.who, input.idleMs, signal)).view();
  },
});

const takeoverGet = defineOp({
  name: "takeover_get",
  readOnly: true,
  description: "Who is in control of the session, if a person is (without the takeover id)",
  method: "GET",
  path: "/v1/sessions/:sessionId/takeover",
  input: null,
  output: TakeoverGetResult,
  run: ({ registry, params }) => {
    const tk = currentTakeover(registry.get(params.sessionId));
    if (!tk) return Promise.resolve({ takeover: null });
    const { takeoverId: _pass, ...view } = tk.view();
    return Promise.resolve({ takeover: view });
  },
});

const takeoverInput = defineOp({
  name: "takeover_input",
  description: "Forward the person's pointer, wheel and keyboard input to a page as real input, in order; " +
    "the timeline records it (keystrokes into credential fields as counts only)",
  method: "POST",
  path: "/v1/sessions/:sessionId/takeover/:takeoverId/input",
  input: TakeoverInput,
  output: TakeoverInputResult,
  run: (ctx) => {
    const { session, tk } = admitted(ctx);
    return session.run(ctx.signal, async (sig) => {
      tk.touch();
      const rec = session.page(ctx.input.pageId);
      const done = await forwardInput(rec, ctx.input.events, tk.pointer, sig, (ev) => {
        session.emit("takeover.input", ev);
      });
      tk.clicks += done.clicks;
      tk.keys += done.keys;
      return { pageId: rec.pageId, ...done };
    });
  },
});

const takeoverEnd = defineOp({
  name: "takeover_end",
  description:
    "Hand the session back to the agent: emits takeover.ended and makes the current state stale, " +
    "so the agent observes afresh",
  method: "DELETE",
  path: "/v1/sessions/:sessionId/takeover/:takeoverId",
  input: null,
  output: TakeoverView,
  run: (ctx) => endTakeover(admitted(ctx).tk, ctx.signal),
});

export const TAKEOVER_OPS = [takeoverStart, takeoverGet, takeoverInput, takeoverEnd];
