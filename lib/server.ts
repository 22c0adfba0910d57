/** Composition: config → registry → HTTP app → Deno.serve. */
import type { Config } from "./config.ts";
import { SessionRegistry } from "./session/registry.ts";
import { log, setLogLevel } from "./log.ts";
import { createApp } from "../routes/http.ts";
import { UiLogin } from "../routes/ui_login.ts";
import { SHED_ERROR } from "../routes/events.ts";

export interface RunningServer {
  url: string;
  port: number;
  registry: SessionRegistry;
  /** A one-time link that logs a browser in to the web UI; null when no token is set (the UI is open). */
  uiLoginLink: string | null;
  /** Drain briefly, close every session and Chromium, stop listening. */
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  setLogLevel(config.logLevel);
  const registry = new SessionRegistry(config);
  let origin = "";
  const uiLogin = new UiLogin();
  const app = createApp(registry, () => origin, uiLogin);
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: config.host,
    port: config.port,
    onListen: (addr) => listening.resolve(addr as Deno.NetAddr),
    onError: (err) => {
      // A shed SSE reader was already counted and logged where it was shed.
      if ((err as Error)?.name !== SHED_ERROR) console.error("porthole: request failed:", err);
      return new Response(
        JSON.stringify({ error: { code: "internal", message: "Internal error", retryable: false } }),
        {
          status: 500,
          headers: { "content-type": "application/json" },
        },
      );
    },
  }, app.fetch);
  const addr = await listening.promise;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const url = `http://${host}:${addr.port}`;
  origin = url;
  registry.addSelfPort(addr.port);
  let closing: Promise<void> | null = null;
  const uiLoginLink = config.token ? uiLogin.link(url) : null;
  // The one place a person learns it: stderr holds JSON lines only, so it is one of them.
  if (uiLoginLink) log("info", "web UI login link (one use)", { link: uiLoginLink });
  return {
    url,
    port: addr.port,
    registry,
    uiLoginLink,
    close: () =>
      closing ??= (async () => {
        await registry.shutdown();
        await Promise.race([server.shutdown(), new Promise((r) => setTimeout(r, 2000))]);
      })(),
  };
}
