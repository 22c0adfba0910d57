/**
 * Porthole as an agent sees it: JSON over real HTTP on loopback. Each call is timed from
 * before the request is sent until its body is parsed.
 */

import type { ActResult, Observation } from "../lib/protocol/types.ts";

/** This agent never asks for `fresh: "changes"`: its acts' fresh states are whole. */
type WholeActResult = Omit<ActResult, "freshState"> & { freshState?: Observation };

const TIMEOUT_MS = 15_000;

export class Agent {
  readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  async #post<T>(path: string, body: unknown): Promise<{ ms: number; status: number; body: T }> {
    const t0 = performance.now();
    const res = await fetch(this.base + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const parsed = await res.json() as T;
    return { ms: performance.now() - t0, status: res.status, body: parsed };
  }

  async health(): Promise<number> {
    const t0 = performance.now();
    const res = await fetch(this.base + "/health", { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.json();
    return performance.now() - t0;
  }

  async session(): Promise<string> {
    const r = await this.#post<{ sessionId: string }>("/v1/sessions", {});
    if (r.status !== 201) {
      throw new Error(`POST /v1/sessions answered ${r.status}: ${JSON.stringify(r.body)}`);
    }
    return r.body.sessionId;
  }

  async open(sid: string, url: string): Promise<Observation> {
    const r = await this.#post<{ state?: Observation }>(`/v1/sessions/${sid}/navigate`, {
      url,
      observe: true,
    });
    if (r.status !== 200 || !r.body.state) {
      throw new Error(`navigate answered ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`);
    }
    return r.body.state;
  }

  async observe(sid: string): Promise<{ ms: number; state: Observation }> {
    const r = await this.#post<Observation>(`/v1/sessions/${sid}/observe`, {});
    if (r.status !== 200) {
      throw new Error(`observe answered ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`);
    }
    return { ms: r.ms, state: r.body };
  }

  /** Click a ref of `state`; the result must be completed and carry a fresh state. */
  async click(sid: string, state: Observation, ref: string): Promise<{ ms: number; state: Observation }> {
    const r = await this.#post<WholeActResult>(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref,
    });
    const result = r.body;
    if (r.status !== 200 || result.execution !== "completed" || !result.freshState) {
      throw new Error(`act answered ${r.status}: ${JSON.stringify(result).slice(0, 500)}`);
    }
    return { ms: r.ms, state: result.freshState };
  }

  /** Any act on `state` (`body`: the action and its parameters); it must complete with a fresh state. */
  async act(sid: string, state: Observation, body: Record<string, unknown>): Promise<Observation> {
    const r = await this.#post<WholeActResult>(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      ...body,
    });
    const result = r.body;
    if (r.status !== 200 || result.execution !== "completed" || result.error || !result.freshState) {
      throw new Error(`${body.action} answered ${r.status}: ${JSON.stringify(result).slice(0, 500)}`);
    }
    return result.freshState;
  }

  /** One `fill_form` act by ref; every field must complete and a fresh state come back. */
  async fillForm(
    sid: string,
    state: Observation,
    fields: { ref: string; value: string | boolean }[],
  ): Promise<{ ms: number; state: Observation }> {
    const r = await this.#post<WholeActResult>(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "fill_form",
      fields,
    });
    const result = r.body;
    if (r.status !== 200 || result.execution !== "completed" || result.error || !result.freshState) {
      throw new Error(`fill_form answered ${r.status}: ${JSON.stringify(result).slice(0, 500)}`);
    }
    return { ms: r.ms, state: result.freshState };
  }

  async deleteSession(sid: string): Promise<void> {
    const res = await fetch(`${this.base}/v1/sessions/${sid}`, {
      method: "DELETE",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
  }
}

/** The ref of the tree line for the button named `name`. */
export function buttonRef(state: Observation, name: string): string {
  return refOf(state, "button", name);
}

/** The ref of the one link of a page of the soak's loop ("Next" on the first page, "Back" on the second). */
export function loopLinkRef(state: Observation): string {
  return refOf(state, "link", state.tree.includes('link "Next"') ? "Next" : "Back");
}

/** The ref of the tree line for the `role` named `name`. */
export function refOf(state: Observation, role: string, name: string): string {
  const line = state.tree.split("\n").find((l) => l.includes(`${role} "${name}"`));
  const ref = line?.match(/\[ref=(@[^\]]+)\]/)?.[1];
  if (!ref) throw new Error(`No ref for ${role} "${name}" in the tree:\n${state.tree}`);
  return ref;
}
