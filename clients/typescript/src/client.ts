/**
 * Porthole's TypeScript client: a thin layer over openapi-fetch, typed by `openapi.ts`, which is
 * generated from the server's /openapi.json. Every error answer is thrown as a PortholeError that
 * carries the error code; an act the server refused is a result (`execution`, `error`), not a throw.
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./openapi.ts";

export type { components, paths };
type Schemas = components["schemas"];
export type Observation = Schemas["Observation"];
export type ActResult = Schemas["ActResult"];
export type NavigateResult = Schemas["NavigateResult"];
export type SessionView = Schemas["SessionView"];
export type ErrorBody = Schemas["ErrorBody"];
export type SessionOptions = Schemas["SessionCreateInput"];
export type ObserveOptions = Schemas["ObserveInput"];
export type ActInput = Schemas["ActInput"];
export type ScreenshotOptions = Schemas["ScreenshotInput"];
/** What act takes besides the state it refers to. */
export type ActFields = Omit<ActInput, "stateId" | "targetId" | "action">;
/**
 * An act's result when it did not ask for `fresh: "changes"` or `"stateId"`: its fresh state is a whole
 * observation. With either the fresh state is lean (only what differs from the state acted on; with
 * `"stateId"` no tree or changes at all), and the next act goes on from the two put together:
 * `{ ...state, ...result.freshState }`.
 */
export type WholeActResult = Omit<ActResult, "freshState"> & { freshState?: Observation };

/** An error answer of the server: `code` names it (README: errors). */
export class PortholeError extends Error {
  readonly status: number;
  readonly code: ErrorBody["code"];
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly details: Record<string, unknown>;

  constructor(status: number, body: { error?: ErrorBody } | undefined) {
    const e = body?.error;
    super(`${e?.code ?? "internal"}: ${e?.message ?? `HTTP ${status}`}`);
    this.name = "PortholeError";
    this.status = status;
    this.code = e?.code ?? "internal";
    this.retryable = e?.retryable ?? false;
    this.retryAfterMs = e?.retryAfterMs;
    this.details = (e?.details ?? {}) as Record<string, unknown>;
  }
}

/** One server-sent event; `id` is null for a `dropped` notice. */
export interface PortholeEvent {
  id: number | null;
  type: string;
  data: { sessionId: string; time: string } & Record<string, unknown>;
}

// openapi-fetch answers { data } or { error, response }; this turns the second into a throw.
function unwrap<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.error !== undefined || !r.response.ok) {
    throw new PortholeError(r.response.status, r.error as { error?: ErrorBody });
  }
  return r.data as T;
}

export interface PortholeOptions {
  token?: string;
  fetch?: typeof globalThis.fetch;
}

export class Porthole {
  readonly url: string;
  /** The typed openapi-fetch client, for every route this class has no method for. */
  readonly api: Client<paths>;
  readonly #headers: Record<string, string>;

  constructor(url: string, options: PortholeOptions = {}) {
    this.url = url.replace(/\/+$/, "");
    this.#headers = options.token ? { authorization: `Bearer ${options.token}` } : {};
    this.api = createClient<paths>({ baseUrl: this.url, headers: this.#headers, fetch: options.fetch });
  }

  async health(): Promise<{ status: "ok"; version: string; porthole: string }> {
    return unwrap(await this.api.GET("/health"));
  }

  async createSession(options: SessionOptions = {}): Promise<Session> {
    return new Session(this, unwrap(await this.api.POST("/v1/sessions", { body: options })));
  }

  async sessions(): Promise<SessionView[]> {
    return unwrap(await this.api.GET("/v1/sessions")).sessions;
  }

  /** A raw authenticated request (artifacts' bytes, event streams). */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.url + path, { ...init, headers: { ...this.#headers, ...init.headers } });
    if (!res.ok) throw new PortholeError(res.status, await res.json().catch(() => undefined));
    return res;
  }
}

export class Session implements AsyncDisposable {
  readonly client: Porthole;
  readonly id: string;
  readonly view: SessionView;
  readonly #path: { params: { path: { sessionId: string } } };

  constructor(client: Porthole, view: SessionView) {
    this.client = client;
    this.id = view.sessionId;
    this.view = view;
    this.#path = { params: { path: { sessionId: view.sessionId } } };
  }

  async navigate(url: string, options: { observe?: boolean } = {}): Promise<NavigateResult> {
    const body = { url, observe: options.observe ?? false };
    return unwrap(await this.client.api.POST("/v1/sessions/{sessionId}/navigate", { ...this.#path, body }));
  }

  async observe(options: ObserveOptions = {}): Promise<Observation> {
    const r = await this.client.api.POST("/v1/sessions/{sessionId}/observe", {
      ...this.#path,
      body: options,
    });
    return unwrap(r);
  }

  /** One action on an observation; the result's `freshState` is the state for the next one. */
  act(
    state: Observation,
    action: ActInput["action"],
    fields: ActFields & { fresh: "changes" | "stateId" },
  ): Promise<ActResult>;
  act(state: Observation, action: ActInput["action"], fields?: ActFields): Promise<WholeActResult>;
  async act(state: Observation, action: ActInput["action"], fields: ActFields = {}): Promise<ActResult> {
    const body = { ...fields, stateId: state.stateId, targetId: state.targetId, action };
    return unwrap(await this.client.api.POST("/v1/sessions/{sessionId}/act", { ...this.#path, body }));
  }

  /** A screenshot: the artifact's description and its bytes. */
  async screenshot(options: ScreenshotOptions = {}) {
    const r = await this.client.api.POST("/v1/sessions/{sessionId}/screenshot", {
      ...this.#path,
      body: options,
    });
    const result = unwrap(r);
    const bytes = new Uint8Array(await (await this.client.fetch(result.artifact.href)).arrayBuffer());
    return { ...result, data: bytes };
  }

  /** The session's events (SSE) as they come, after `lastEventId` if given; ends when the session closes. */
  async *events(options: { lastEventId?: number; signal?: AbortSignal } = {}): AsyncGenerator<PortholeEvent> {
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
    const res = await this.client.fetch(`/v1/sessions/${this.id}/events`, {
      headers,
      signal: options.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        pending += value;
        let cut;
        while ((cut = pending.indexOf("\n\n")) >= 0) {
          const ev = parseEvent(pending.slice(0, cut));
          pending = pending.slice(cut + 2);
          if (ev) yield ev;
        }
      }
    } finally {
      // A reader that stops early (break, return) lets go of the stream.
      await reader.cancel().catch(() => {});
    }
  }

  async close(): Promise<void> {
    unwrap(await this.client.api.DELETE("/v1/sessions/{sessionId}", this.#path));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close().catch((e) => {
      if (!(e instanceof PortholeError && e.code === "session_not_found")) throw e;
    });
  }
}

function parseEvent(block: string): PortholeEvent | null {
  const fields: Record<string, string> = {};
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const at = line.indexOf(":");
    const name = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
    if (name === "data") data.push(value);
    else fields[name] = value;
  }
  if (!data.length) return null;
  return {
    id: fields.id ? Number(fields.id) : null,
    type: fields.event ?? "message",
    data: JSON.parse(data.join("\n")),
  };
}
