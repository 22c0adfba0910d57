/**
 * A person's control of one session from this browser: who holds it (read from the server and
 * kept live by the session's takeover.* events), taking and handing it back, and sending input.
 * Input is sent one batch at a time so the page receives it in the order the person made it.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, holdPass, passOf } from "./api.ts";

export interface Holder {
  who: string;
  startedAt: string;
  clicks: number;
  keys: number;
}

export type InputEvent = Record<string, unknown> & { type: "mouse" | "wheel" | "key" | "text" };

export interface Takeover {
  /** Who holds the session, if a person does (this browser or another). */
  holder: Holder | null;
  /** This browser holds it: its input is forwarded. */
  mine: boolean;
  error: string | null;
  take(who: string): Promise<void>;
  handBack(): Promise<void>;
  send(ev: InputEvent): void;
  /** Read who holds it again (on the session's takeover.* events). */
  refresh(): void;
}

export function useTakeover(sessionId: string, pageId: string | null): Takeover {
  const base = `/v1/sessions/${encodeURIComponent(sessionId)}/takeover`;
  const [holder, setHolder] = useState<Holder | null>(null);
  // Kept across views: the person still holds the session on the Timeline or Inspect view.
  const [pass, setPass] = useState<string | null>(() => passOf(sessionId));
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<InputEvent[]>([]);
  /** The batch loop that is sending, if one is: a hand-back waits for it. */
  const sending = useRef<Promise<void> | null>(null);
  // Reads of the holder may answer out of order (one sent on mount can outlive the hand-back's):
  // only the latest read, and none sent before a take or hand-back, may set it.
  const asked = useRef(0);

  const refresh = useCallback(() => {
    const mark = ++asked.current;
    api<{ takeover: Holder | null }>("GET", base).then((r) => {
      if (mark !== asked.current) return;
      setHolder(r.takeover);
      // Handed back on its own (idle) or by someone else: this browser's pass is gone too.
      if (!r.takeover) {
        holdPass(sessionId, null);
        setPass(null);
      }
    }, () => {});
  }, [base]);
  useEffect(() => {
    setPass(passOf(sessionId));
    refresh();
  }, [base]);

  const fail = (e: unknown) => setError(e instanceof ApiError ? `${e.message} (${e.code})` : String(e));

  const flush = useCallback((): Promise<void> => {
    if (sending.current || !pass) return sending.current ?? Promise.resolve();
    const loop = async () => {
      try {
        while (queue.current.length) {
          const events = queue.current.splice(0, 256);
          await api("POST", `${base}/${encodeURIComponent(pass)}/input`, {
            ...(pageId ? { pageId } : {}),
            events,
          }).catch(fail);
        }
      } finally {
        sending.current = null;
      }
    };
    return (sending.current = loop());
  }, [base, pass, pageId]);

  return {
    holder,
    mine: pass !== null,
    error,
    async take(who) {
      setError(null);
      asked.current++;
      try {
        const r = await api<Holder & { takeoverId: string }>("POST", base, { who });
        holdPass(sessionId, r.takeoverId);
        setPass(r.takeoverId);
        setHolder(r);
      } catch (e) {
        fail(e);
        refresh();
      }
    },
    async handBack() {
      if (!pass) return;
      setError(null);
      await flush();
      asked.current++;
      await api("DELETE", `${base}/${encodeURIComponent(pass)}`).catch(fail);
      // At once, not at the next render: the pass no longer admits anything.
      holdPass(sessionId, null);
      setPass(null);
      refresh();
    },
    send(ev) {
      queue.current.push(ev);
      queueMicrotask(flush);
    },
    refresh,
  };
}
