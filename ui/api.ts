/** The UI's one way to call Porthole's HTTP API: same origin, the login cookie, JSON in and out. */

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** Listeners told when a call answers 401, so the app can show how to log in. */
const unauthorized = new Set<() => void>();
export const onUnauthorized = (fn: () => void) => {
  unauthorized.add(fn);
  return () => unauthorized.delete(fn);
};

/**
 * The takeover passes this browser holds, by session: while a person holds a session, the UI's
 * own calls on it carry the pass, so the gate lets them through (the agent's are refused).
 */
const passes = new Map<string, string>();
export const holdPass = (sessionId: string, takeoverId: string | null) =>
  takeoverId ? passes.set(sessionId, takeoverId) : passes.delete(sessionId);
export const passOf = (sessionId: string): string | null => passes.get(sessionId) ?? null;

function passFor(path: string): Record<string, string> {
  // The takeover routes name their takeover themselves; reading who holds it needs no pass.
  const m = /^\/v1\/sessions\/([^/?]+)([^?]*)/.exec(path);
  const pass = m && !m[2].startsWith("/takeover") && passes.get(decodeURIComponent(m[1]));
  return pass ? { "x-porthole-takeover": pass } : {};
}

export async function api<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { ...passFor(path), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const json = await res.json().catch(() => ({}));
  if (!res.ok) {
    if (res.status === 401) unauthorized.forEach((fn) => fn());
    const e = json?.error ?? {};
    throw new ApiError(res.status, e.code ?? "error", e.message ?? `HTTP ${res.status}`);
  }
  return json as T;
}

let openapi: Promise<string[]> | null = null;

/**
 * Whether this server has a route under `prefix` (OpenAPI path syntax), for panels whose routes
 * another part of Porthole adds. Read from /openapi.json, so probing never logs a failed request.
 */
export function hasRoute(prefix: string): Promise<boolean> {
  openapi ??= api<{ paths: Record<string, unknown> }>("GET", "/openapi.json").then((d) =>
    Object.keys(d.paths)
  );
  return openapi.then((paths) => paths.some((p) => p.startsWith(prefix)), () => false);
}
