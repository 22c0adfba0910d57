/**
 * Test fixtures: a real Porthole server on loopback (real Chromium behind it), pages served by
 * the tests themselves, and a small HTTP client that speaks to Porthole the way an agent does.
 * Use with `await using`, so a failing test never leaks a browser.
 */
import assert from "node:assert/strict";
import { type Config, defaultConfig } from "../../lib/config.ts";
import { type RunningServer, startServer } from "../../lib/server.ts";

export type Pages = Record<string, string | ((req: Request) => Response | Promise<Response>)>;

/** A web server on 127.0.0.1 with the given pages (path → HTML, or a handler). */
export class Site implements AsyncDisposable {
  readonly server: Deno.HttpServer<Deno.NetAddr>;
  readonly origin: string;
  readonly hits: string[] = [];

  constructor(pages: Pages, hostname = "127.0.0.1") {
    this.server = Deno.serve({ hostname, port: 0, onListen: () => {} }, async (req) => {
      const url = new URL(req.url);
      this.hits.push(url.pathname + url.search);
      const page = pages[url.pathname];
      if (page === undefined) {
        return new Response("<title>Not found</title><h1>Not found</h1>", {
          status: 404,
          headers: { "content-type": "text/html" },
        });
      }
      if (typeof page === "function") return await page(req);
      return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    this.origin = `http://${hostname}:${this.server.addr.port}`;
  }

  url(path: string): string {
    return this.origin + path;
  }

  async [Symbol.asyncDispose]() {
    await this.server.shutdown();
  }
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

// deno-lint-ignore no-explicit-any
export type Json = any;

/** A Porthole server in this process, with an agent-like client. */
export class Porthole implements AsyncDisposable {
  readonly server: RunningServer;
  readonly token: string | null;

  private constructor(server: RunningServer, token: string | null) {
    this.server = server;
    this.token = token;
  }

  static async start(patch: (c: Config) => void = () => {}): Promise<Porthole> {
    const config = defaultConfig();
    config.port = 0;
    config.logLevel = "warn";
    patch(config);
    return new Porthole(await startServer(config), config.token);
  }

  get url(): string {
    return this.server.url;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<Json>> {
    const h: Record<string, string> = { ...headers };
    if (this.token && !("authorization" in h)) h.authorization = `Bearer ${this.token}`;
    if (body !== undefined) h["content-type"] = "application/json";
    const res = await fetch(this.url + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as Json, headers: res.headers };
  }

  post(path: string, body?: unknown) {
    return this.request("POST", path, body ?? {});
  }

  /** Create a session; returns its id. */
  async session(body: unknown = {}): Promise<string> {
    const r = await this.post("/v1/sessions", body);
    if (r.status !== 201) throw new Error(`session create failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.sessionId;
  }

  /** Navigate and observe in one call; returns the observation. */
  async open(sid: string, url: string): Promise<Json> {
    const r = await this.post(`/v1/sessions/${sid}/navigate`, { url, observe: true });
    if (r.status !== 200) throw new Error(`navigate failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.state;
  }

  async observe(sid: string, body: unknown = {}): Promise<Json> {
    const r = await this.post(`/v1/sessions/${sid}/observe`, body);
    if (r.status !== 200) throw new Error(`observe failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /** Act on an observation; returns the act result (the HTTP status must be 200). */
  async act(sid: string, state: Json, action: Record<string, unknown>): Promise<Json> {
    const r = await this.post(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      ...action,
    });
    if (r.status !== 200) throw new Error(`act answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /** Act on the element of the first tree line matching `pattern` (its ref, as `refOf` finds it). */
  actOn(
    sid: string,
    state: Json,
    action: string,
    pattern: RegExp,
    rest: Record<string, unknown> = {},
  ): Promise<Json> {
    return this.act(sid, state, { action, ref: refOf(state, pattern), ...rest });
  }

  /** Read something from the page itself, through a fresh page-independent channel (CDP evaluate). */
  async pageEval(sid: string, expression: string): Promise<Json> {
    const session = this.server.registry.get(sid);
    const rec = session.pages.get(session.activePageId!)!;
    return await rec.driver.page.evaluate(expression);
  }

  /** The frames of the session's active page, straight from Chromium. */
  async frames(sid: string) {
    const session = this.server.registry.get(sid);
    return await session.pages.get(session.activePageId!)!.driver.frames();
  }

  /**
   * The frame id of the active page's child frame whose URL ends with `path`. `navigate` waits
   * for the page's own DOMContentLoaded, not its iframes', so the frame may still be on its way.
   */
  async frameOf(sid: string, path: string): Promise<string> {
    const find = async () =>
      (await this.frames(sid)).find((f) => f.parentId !== null && f.url.endsWith(path));
    return (await eventually(`a frame ${path}`, find, Boolean, 5_000))!.frameId;
  }

  async [Symbol.asyncDispose]() {
    await this.server.close();
  }
}

/** The ref of the first tree line matching `pattern` (e.g. /button "Pay"/). */
export function refOf(state: Json, pattern: RegExp): string {
  for (const line of String(state.tree).split("\n")) {
    if (pattern.test(line)) {
      const m = line.match(/\[ref=(@[^\]]+)\]/);
      if (m) return m[1];
    }
  }
  throw new Error(`no ref for ${pattern} in tree:\n${state.tree}`);
}

/** A tree has a line (trimmed of its indent) that matches `pattern` (e.g. /^- listitem: Apple$/). */
export function assertLine(tree: string, pattern: RegExp): void {
  const lines = tree.split("\n").map((l) => l.trim());
  if (!lines.some((l) => pattern.test(l))) throw new Error(`no line ${pattern} in:\n${tree}`);
}

/**
 * Poll `read` until `done` holds for its value (by default: until the value is truthy) and
 * return that value. For effects that arrive on their own time; never a timing assertion.
 */
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (true) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)?.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Wait until `expression` is true in the session's active page (read through CDP, not the API). */
export async function untilPage(ph: Porthole, sid: string, expression: string): Promise<void> {
  await eventually(`the page to reach ${expression}`, () => ph.pageEval(sid, expression).catch(() => false));
}

/** Every event the session published so far (its ring). */
export function eventsOf(ph: Porthole, sid: string): Json[] {
  const sub = ph.server.registry.get(sid).events.subscribe(0);
  const out: Json[] = [];
  for (let ev = sub.poll(); ev; ev = sub.poll()) out.push(ev);
  sub.close();
  return out;
}

/** An HTTP error reply with this status and error code. */
export function assertError(reply: Reply<Json>, status: number, code: string): void {
  if (reply.status !== status || reply.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

/** `fields`, disposed by disposing `parts` in order: a test's composite fixture (`await using`). */
export function disposing<T extends object>(fields: T, ...parts: AsyncDisposable[]): T & AsyncDisposable {
  return Object.assign(fields, {
    async [Symbol.asyncDispose]() {
      for (const part of parts) await part[Symbol.asyncDispose]();
    },
  });
}

/** An act result that ran to completion without error. */
export function assertCompleted(result: Json): void {
  assert.equal(result.error, undefined);
  assert.equal(result.execution, "completed");
}

/** An act result that ran to completion without error and captured a fresh observation. */
export function assertCaptured(result: Json): void {
  assertCompleted(result);
  assert.equal(result.observation, "captured");
}

/** An act result refused before any input reached the page, with this error code (and field). */
export function assertNotDispatched(result: Json, code: string, field?: string): void {
  assert.equal(result.execution, "not_dispatched");
  assert.equal(result.error.code, code);
  if (field !== undefined) assert.equal(result.error.details.field, field);
}

/** Deno.test options for tests that hold a server and a browser across awaits. */
export const browserTest = { sanitizeOps: false, sanitizeResources: false };

/**
 * A test's own session, deleted when the test ends (`await using`); `state` is the observation
 * of the page it was opened at, if it was given one.
 */
export type TestSession = { sid: string; state?: Json } & AsyncDisposable;

/**
 * One Porthole and one Chromium for a whole test file: a page kept open in its own session
 * (`keeper`) holds the browser between tests, and every test acts in a session of its own.
 * The file's last test should close `ph`; if it was filtered out, the browser is killed at exit.
 */
export async function sharedPorthole(patch?: (c: Config) => void) {
  const ph = await Porthole.start(patch);
  const keeper = await ph.session();
  await ph.post(`/v1/sessions/${keeper}/pages`);
  const browserPid = ph.server.registry.pool.stats().pid;
  globalThis.addEventListener("unload", () => {
    if (browserPid && ph.server.registry.pool.stats().running) Deno.kill(browserPid, "SIGKILL");
  });
  const session = async (url?: string): Promise<TestSession> => {
    const sid = await ph.session();
    const s = {
      sid,
      [Symbol.asyncDispose]: async () => void await ph.request("DELETE", `/v1/sessions/${sid}`),
    };
    if (url === undefined) return s;
    try {
      return { ...s, state: await ph.open(sid, url) };
    } catch (e) {
      await s[Symbol.asyncDispose]();
      throw e;
    }
  };
  return { ph, keeper, browserPid, session };
}
