/**
 * The web UI at `/ui`: a static shell and its two assets, built from `ui/` by build/ui.ts into
 * `ui_assets.gen.ts`, so the single bundle serves them offline. Every response carries a strict
 * CSP: scripts, styles and connections from this origin only, no inline code, no framing.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Config } from "../lib/config.ts";
import { sameToken } from "../lib/policy/token.ts";
import { fail, type UiAuth } from "./middleware.ts";
import { UI_COOKIE, type UiLogin } from "./ui_login.ts";

export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Live-view frames arrive as base64 JPEG and are shown as data: images.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The Preview panel's <iframe sandbox="allow-scripts">: http(s) pages only (no data:, blob: or
  // javascript: frames a script could build); the sandbox gives them an opaque origin.
  "frame-src http: https:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Porthole</title>
<link rel="stylesheet" href="/ui/app.css">
<script type="module" src="/ui/app.js"></script>
</head>
<body><div id="app"></div></body>
</html>
`;

const hashOf = async (text: string) => {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `"${Array.from(new Uint8Array(d).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
};

function asset(c: Context, body: string, type: string, etag: Promise<string>) {
  return etag.then((tag) => {
    const headers = {
      "content-type": type,
      "content-security-policy": UI_CSP,
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
      "etag": tag,
    };
    if (c.req.header("if-none-match") === tag) return c.body(null, 304, headers);
    return c.body(body, 200, headers);
  });
}

/** The paths the token check lets through: they hold no data, and the login checks for itself. */
export function uiAuth(login: UiLogin): UiAuth {
  return {
    open: (path) =>
      path === "/ui" || path === "/ui/" || path === "/ui/app.js" || path === "/ui/app.css" ||
      path === "/ui/login",
    accepts: (cookie) => login.accepts(cookie),
  };
}

/** The UI's script and styles with their tags, loaded with the first request for either. */
let bundle: Promise<{ js: string; css: string; tags: { js: Promise<string>; css: Promise<string> } }> | null =
  null;
const assets = () =>
  bundle ??= import("./ui_assets.gen.ts").then(({ UI_JS, UI_CSS }) => ({
    js: UI_JS,
    css: UI_CSS,
    tags: { js: hashOf(UI_JS), css: hashOf(UI_CSS) },
  }), (err) => {
    bundle = null;
    throw err;
  });

export function uiRoutes(config: Config, login: UiLogin): Hono {
  const app = new Hono();
  const shellTag = hashOf(SHELL);
  app.get("/ui", (c) => asset(c, SHELL, "text/html; charset=utf-8", shellTag));
  app.get("/ui/", (c) => c.redirect("/ui", 301));
  app.get("/ui/app.js", async (c) => {
    const a = await assets();
    return asset(c, a.js, "text/javascript; charset=utf-8", a.tags.js);
  });
  app.get("/ui/app.css", async (c) => {
    const a = await assets();
    return asset(c, a.css, "text/css; charset=utf-8", a.tags.css);
  });
  app.get("/ui/login", (c) => {
    if (!config.token) return c.redirect("/ui", 302);
    const code = c.req.query("code");
    const auth = c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1] ??
      c.req.header("x-bap-token") ?? c.req.query("token");
    const value = code !== undefined
      ? login.redeem(code)
      : auth && sameToken(auth, config.token)
      ? login.open()
      : null;
    if (!value) {
      return fail(c, "unauthorized", "This login link is not valid or was already used", {
        recoveryHint: "Open /ui/login?token=<token>, or restart Porthole for a new link",
      });
    }
    c.header("set-cookie", `${UI_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/`);
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.redirect("/ui", 303);
  });
  return app;
}
