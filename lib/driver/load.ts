/**
 * puppeteer-core, loaded when the first browser starts or is attached: an idle sidecar that has
 * driven no page yet does not carry it (about a fifth of its memory). It loads while Chromium
 * starts, on the same two cores, so it loads as little as Porthole uses: puppeteer's connect-only
 * entry (the Node entry adds the launcher, the browser downloader and path-based file helpers,
 * none of which Porthole uses) and, beside it, the WebSocket transport that entry would otherwise
 * import only inside connect, after Chromium is up.
 */
import type { PuppeteerNode } from "puppeteer-core";

let loaded: Promise<PuppeteerNode> | null = null;

export function loadPuppeteer(): Promise<PuppeteerNode> {
  return loaded ??= Promise.all([
    import("puppeteer-core/lib/puppeteer/puppeteer-core-browser.js"),
    import("puppeteer-core/lib/puppeteer/node/NodeWebSocketTransport.js"),
  ]).then(([m]) => m.default as unknown as PuppeteerNode);
}
