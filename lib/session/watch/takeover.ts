/**
 * A person's takeover of a session (for a login, a 2FA step or a CAPTCHA): a hold on the
 * session's gate. While it is on, the agent's operations are refused with `human_in_control`
 * (409) whatever door they come through; only the person's calls run. The gate tells them apart
 * by the request a call arrives in: a door admits a request that carries the takeover id (HTTP:
 * the `X-Porthole-Takeover` header) by handing its signal to `admit`. Handing back invalidates
 * the current state, so the agent starts again from a fresh observation.
 */
import { PortholeError } from "../../protocol/errors.ts";
import { newId } from "../../protocol/validate.ts";
import type { GateHold } from "../core/gate.ts";
import type { FifoGate } from "../core/gate.ts";
import type { StateAuthority } from "../core/states.ts";
import type { Emit } from "../core/emit.ts";
import type { Pointer } from "./takeover_input.ts";

/** What a takeover needs of its session. */
export interface TakeoverHost {
  readonly id: string;
  readonly gate: FifoGate;
  readonly states: StateAuthority;
  readonly signal: AbortSignal;
  emit: Emit;
  run<T>(clientSignal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

export const DEFAULT_IDLE_MS = 300_000;

/** What the reply to the person (and GET …/takeover) says about a takeover. */
export interface TakeoverView {
  takeoverId: string;
  sessionId: string;
  who: string;
  startedAt: string;
  idleMs: number;
  clicks: number;
  keys: number;
}

export class Takeover implements GateHold {
  readonly takeoverId = newId("tk");
  readonly startedAt = new Date();
  clicks = 0;
  keys = 0;
  /** The person's mouse buttons held down (a drag spans input batches). */
  readonly pointer: Pointer = { button: null, buttons: 0, modifiers: new Set() };
  #passes = new WeakSet<AbortSignal>();
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly host: TakeoverHost, readonly who: string, readonly idleMs: number) {}

  admits(caller: AbortSignal | undefined): boolean {
    return caller !== undefined && this.#passes.has(caller);
  }

  refusal(): PortholeError {
    return new PortholeError(
      "human_in_control",
      `${this.who} has been in control of session ${this.host.id} since ${this.startedAt.toISOString()}`,
      { retryAfterMs: 1000, details: { who: this.who, since: this.startedAt.toISOString() } },
    );
  }

  /** The calls of this request are the person's. */
  admit(signal: AbortSignal): void {
    this.#passes.add(signal);
  }

  /** Input arrived: the idle clock starts again. */
  touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      const pass = new AbortController().signal;
      this.admit(pass);
      endTakeover(this, pass, "nobody gave input for too long").catch(() => {});
    }, this.idleMs);
  }

  stopClock(): void {
    clearTimeout(this.#idle);
  }

  view(): TakeoverView {
    return {
      takeoverId: this.takeoverId,
      sessionId: this.host.id,
      who: this.who,
      startedAt: this.startedAt.toISOString(),
      idleMs: this.idleMs,
      clicks: this.clicks,
      keys: this.keys,
    };
  }
}

/** The takeover holding the session's gate, if any. */
export function currentTakeover(host: Pick<TakeoverHost, "gate">): Takeover | null {
  const h = host.gate.holder;
  return h instanceof Takeover ? h : null;
}

/** The takeover with this id; one that has ended (or never was) is `takeover_not_found`. */
export function takeoverById(host: TakeoverHost, takeoverId: string): Takeover {
  const tk = currentTakeover(host);
  if (!tk || tk.takeoverId !== takeoverId) {
    throw new PortholeError(
      "takeover_not_found",
      `Takeover ${takeoverId} is not in control of session ${host.id}`,
    );
  }
  return tk;
}

/**
 * Take control: after the operation running now (it is a turn of the gate), the hold goes on
 * and every agent call behind it is refused. A second person is refused like the agent.
 */
export function startTakeover(
  host: TakeoverHost,
  who: string,
  idleMs: number | undefined,
  signal: AbortSignal,
): Promise<Takeover> {
  return host.run(signal, () => {
    const tk = new Takeover(host, who, idleMs ?? DEFAULT_IDLE_MS);
    host.gate.hold(tk);
    host.signal.addEventListener("abort", () => tk.stopClock(), { once: true });
    tk.touch();
    invalidate(host, `${who} took control`);
    host.emit("takeover.started", { who });
    return Promise.resolve(tk);
  });
}

/** Hand back: after the person's running call, the hold comes off and the current state is stale. */
export function endTakeover(tk: Takeover, pass: AbortSignal, reason = "handed back"): Promise<TakeoverView> {
  const host = tk.host;
  return host.run(pass, () => {
    if (host.gate.holder !== tk) return Promise.resolve(tk.view());
    tk.stopClock();
    host.gate.hold(null);
    invalidate(host, `${tk.who} had control`);
    const ms = Date.now() - tk.startedAt.getTime();
    host.emit("takeover.ended", { who: tk.who, reason, clicks: tk.clicks, keys: tk.keys, ms });
    return Promise.resolve(tk.view());
  });
}

/** The state observed before (or during) the takeover no longer describes the page. */
function invalidate(host: TakeoverHost, reason: string): void {
  const current = host.states.current;
  if (current && host.states.invalidate()) host.emit("state.stale", { stateId: current.stateId, reason });
}
