/**
 * The DevTools connection to Chromium over Deno's own WebSocket. puppeteer-core, run under Deno,
 * would otherwise pick its Node transport (the `ws` package over Node-compatible sockets), whose
 * per-message frame writes cost more of the sidecar's event loop than anything Porthole itself
 * does once several sessions act at once; the native WebSocket frames and writes off the
 * JavaScript thread.
 */
import type { ConnectionTransport } from "puppeteer-core";

export class NativeTransport implements ConnectionTransport {
  readonly #ws: WebSocket;
  onmessage?: (message: string) => void;
  onclose?: () => void;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener("message", (e) => this.onmessage?.(e.data as string));
    ws.addEventListener("close", () => this.onclose?.());
  }

  /** Open the connection to `url` (a `ws://` DevTools endpoint); rejects when it cannot be opened. */
  static open(url: string, timeoutMs = 30_000): Promise<NativeTransport> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => {
        ws.close();
        reject(new Error(`No WebSocket connection to ${url} within ${timeoutMs} ms`));
      }, timeoutMs);
      ws.addEventListener("open", () => {
        clearTimeout(timer);
        resolve(new NativeTransport(ws));
      }, { once: true });
      ws.addEventListener("error", (e) => {
        clearTimeout(timer);
        reject(new Error((e as ErrorEvent).message || `Cannot open a WebSocket to ${url}`));
      }, { once: true });
    });
  }

  send(message: string): void {
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(message);
  }

  close(): void {
    this.#ws.close();
  }
}
