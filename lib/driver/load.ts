/**
 * puppeteer-core, loaded when the first browser starts or is attached: an idle sidecar that has
 * driven no page yet does not carry it (about a fifth of its memory). It loads while Chromium
 * starts, on the same two cores, so it loads as little as Porthole uses: puppeteer's connect-only
 * entry (the Node entry adds the launcher, the browser downloader and path-based file helpers,
 * none of which Porthole uses) and, beside it, Porthole's WebSocket transport (transport.ts).
 */
import type { PuppeteerNode } from "puppeteer-core";
import type { BatchedTransport } from "./transport.ts";

export interface Driver {
  puppeteer: PuppeteerNode;
  /** A WebSocket to Chromium that batches the writes of one turn (transport.ts). */
  transport(url: string): Promise<BatchedTransport>;
}

let loaded: Promise<Driver> | null = null;

export function loadDriver(): Promise<Driver> {
  return loaded ??= Promise.all([
    import("puppeteer-core/lib/puppeteer/puppeteer-core-browser.js"),
    import("./transport.ts"),
  ]).then(([m, t]) => ({
    puppeteer: m.default as unknown as PuppeteerNode,
    transport: (url) => t.BatchedTransport.create(url),
  }));
}
