/** The door's own checks: Host (DNS rebinding), browser Origin, token, body size. */
import type { Context, MiddlewareHandler } from "hono";
import { errorBody, type ErrorCode, type ErrorExtras, PortholeError } from "../lib/protocol/errors.ts";
import { type Config, isLoopbackHost } from "../lib/config.ts";
import { sameToken } from "../lib/policy/token.ts";

export function errorResponse(c: Context, err: PortholeError): Response {
  const headers: Record<string, string> = {};
  if (err.extras.retryAfterMs !== undefined) {
    headers["Retry-After"] = String(Math.ceil(err.extras.retryAfterMs / 1000));
  }
  if (err.code === "unauthorized") headers["WWW-Authenticate"] = 'Bearer realm="porthole"';
  headers["x-porthole-error"] = err.code;
  return c.json({ error: err.toBody() }, err.status as 400, headers);
}

export function fail(c: Context, code: ErrorCode, message: string, extras?: ErrorExtras): Response {
  return errorResponse(c, new PortholeError(code, message, extras));
}

function hostOf(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  return h.split(":")[0];
}

/** How the web UI authenticates: its static shell needs no token, its browser shows a login cookie. */
export interface UiAuth {
  /** Paths that carry no data (the UI's shell and assets, the login link): no token needed. */
  open(path: string): boolean;
  /** Whether the request's Cookie header carries a UI login. */
  accepts(cookieHeader: string | undefined): boolean;
}

export function guard(config: Config, selfOrigin: () => string, ui?: UiAuth): MiddlewareHandler {
  const allowedHosts = new Set(config.allowedHosts.map((h) => h.toLowerCase()));
  const allowedOrigins = new Set(config.allowedRequestOrigins.map((o) => o.toLowerCase().replace(/\/$/, "")));
  return async (c, next) => {
    const host = hostOf(c.req.header("host") ?? "");
    if (!isLoopbackHost(host) && !allowedHosts.has(host) && host !== config.host.toLowerCase()) {
      return fail(
        c,
        "host_not_allowed",
        `Host "${host}" is not allowed; use a loopback address or --allowed-host`,
      );
    }
    const origin = c.req.header("origin");
    // CORS is off unless the operator named the origin with --allowed-origin.
    const cors = origin !== undefined && allowedOrigins.has(origin.toLowerCase());
    if (origin !== undefined) {
      const o = origin.toLowerCase();
      if (!cors && o !== selfOrigin()) {
        return fail(
          c,
          "request_origin_not_allowed",
          `Requests from the browser origin ${origin} are not allowed`,
        );
      }
      if (cors && c.req.method === "OPTIONS") {
        // A preflight carries no credentials: answer it before the token check.
        return c.body(null, 204, {
          "access-control-allow-origin": origin,
          "access-control-allow-methods": "GET, POST, DELETE",
          "access-control-allow-headers": "authorization, content-type, prefer, x-bap-token, last-event-id",
          "access-control-max-age": "600",
          "vary": "Origin",
        });
      }
    } else {
      // A page's no-cors request carries no Origin, but it does carry Sec-Fetch-Site.
      const site = c.req.header("sec-fetch-site");
      if (site && site !== "none" && site !== "same-origin") {
        return fail(c, "request_origin_not_allowed", "Requests made by web pages are not allowed");
      }
    }
    if (config.token && !ui?.open(c.req.path) && !ui?.accepts(c.req.header("cookie"))) {
      const auth = c.req.header("authorization");
      const given = auth?.match(/^Bearer\s+(.+)$/i)?.[1] ?? c.req.header("x-bap-token") ??
        c.req.query("token");
      if (!given || !sameToken(given, config.token)) {
        return fail(
          c,
          "unauthorized",
          "A valid token is required (Authorization: Bearer, X-BAP-Token, or ?token=)",
        );
      }
    }
    await next();
    if (cors) {
      c.res.headers.set("access-control-allow-origin", origin!);
      c.res.headers.append("vary", "Origin");
      c.res.headers.set("access-control-expose-headers", "preference-applied");
    }
  };
}

/** 413 for bodies over the limit, whether announced by Content-Length or streamed. */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const len = c.req.header("content-length");
    if (len !== undefined && Number(len) > maxBytes) {
      return fail(c, "body_too_large", `The body is ${len} bytes; the limit is ${maxBytes}`, {
        details: { maxBytes },
      });
    }
    await next();
  };
}

export { errorBody };
