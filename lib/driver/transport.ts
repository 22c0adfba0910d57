/**
 * The WebSocket to Chromium, as puppeteer's own transport makes it (the `ws` package over Node's
 * sockets), with one difference: the CDP messages sent in one turn of the event loop go out in one
 * socket write. Each write is a system call that wakes Chromium's I/O thread; with several sessions
 * on two shared cores those wake-ups, not the bytes, were where the sidecar's main thread spent most
 * of its time (a fifth to a third of it in `writev`). Messages keep their order and none waits longer
 * than the current turn's microtasks.
 */
import WebSocket from "ws";
import type { ConnectionTransport } from "puppeteer-core";

/** Largest message accepted from the browser, as puppeteer's transport has it. */
const MAX_PAYLOAD = 256 * 1024 * 1024;

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** What Porthole uses of a `ws` WebSocket (the package ships no types). */
interface Socket {
  readonly _socket?: Corkable;
  addEventListener(event: string, fn: (e: { data?: unknown }) => void, options?: { once: boolean }): void;
  send(message: string): void;
  close(): void;
}

export class BatchedTransport implements ConnectionTransport {
  readonly #ws: Socket;
  #corked: Corkable | null = null;
  onmessage?: (message: string) => void;
  onclose?: () => void;

  private constructor(ws: Socket) {
    this.#ws = ws;
    ws.addEventListener("message", (e) => this.onmessage?.(e.data as string));
    ws.addEventListener("close", () => this.onclose?.());
    ws.addEventListener("error", () => {}); // a failure closes the socket: `onclose` says it
  }

  static create(url: string): Promise<BatchedTransport> {
    return new Promise((resolve, reject) => {
      const ws: Socket = new WebSocket(url, [], {
        followRedirects: true,
        perMessageDeflate: false,
        allowSynchronousEvents: false,
        maxPayload: MAX_PAYLOAD,
      });
      ws.addEventListener("open", () => resolve(new BatchedTransport(ws)), { once: true });
      ws.addEventListener("error", reject, { once: true });
    });
  }

  send(message: string): void {
    const socket = this.#ws._socket;
    if (socket && !this.#corked) {
      this.#corked = socket;
      socket.cork();
      queueMicrotask(() => {
        this.#corked = null;
        socket.uncork();
      });
    }
    this.#ws.send(message);
  }

  close(): void {
    this.#ws.close();
  }
}
