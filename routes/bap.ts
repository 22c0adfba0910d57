/**
 * BAP over WebSocket at the root path: the upgrade sits behind the door's Host and Origin
 * checks; a missing or wrong token completes the upgrade and closes with 1008, as BAP says.
 * A plain `GET /` answers 426 with a pointer to the HTTP API and the UI.
 */
import type { Context } from "hono";
import type { SessionRegistry } from "../lib/session/registry.ts";
import { type BapHost, Connection } from "../lib/bap/connection.ts";
import { DormantStore } from "../lib/bap/dormant.ts";
import { guard } from "./middleware.ts";
import { sameToken } from "../lib/policy/token.ts";

/** The handler of `GET /`. */
export function bapHandler(registry: SessionRegistry, selfOrigin: () => string) {
  const config = registry.config;
  const host: BapHost = {
    registry,
    dormant: new DormantStore(config.bap.dormantTtlMs),
    config: { ...config.bap, idleMs: config.sessionIdleMs },
  };
  const fullGuard = guard(config, selfOrigin);
  const doorOnly = guard({ ...config, token: null }, selfOrigin);
  const check = async (c: Context, mw: typeof fullGuard): Promise<Response | null> => {
    let passed = false;
    const res = await mw(c, () => {
      passed = true;
      return Promise.resolve();
    });
    return passed ? null : (res as Response);
  };

  return async (c: Context): Promise<Response> => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      const refused = await check(c, fullGuard);
      if (refused) return refused;
      return c.text(
        "WebSocket connection required: this is Porthole's BAP endpoint (JSON-RPC 2.0 over WebSocket). " +
          "The HTTP API is under /v1 (see /openapi.json), the web UI at /ui.\n",
        426,
        { upgrade: "websocket" },
      );
    }
    const refused = await check(c, doorOnly);
    if (refused) return refused;
    const given = c.req.query("token") ?? c.req.header("x-bap-token") ??
      c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
    const { socket, response } = Deno.upgradeWebSocket(c.req.raw);
    if (config.token && (!given || !sameToken(given, config.token))) {
      socket.onopen = () => socket.close(1008, "Unauthorized: invalid or missing token");
      return response;
    }
    new Connection(socket, host);
    return response;
  };
}
