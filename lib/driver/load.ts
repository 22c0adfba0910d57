/**
 * puppeteer-core, loaded when the first browser starts or is attached: an idle sidecar that has
 * driven no page yet does not carry it (about a fifth of its memory). It loads while Chromium
 * starts, on the same two cores, so it loads as little as Porthole uses: puppeteer's connect-only
 * entry (the Node entry adds the launcher, the browser downloader and path-based file helpers,
 * none of which Porthole uses). The connection itself is Deno's own WebSocket (transport.ts); the
 * entry's Node transport loads only for a browser attached by its HTTP address.
 */
import type { PuppeteerNode } from "puppeteer-core";

let loaded: Promise<PuppeteerNode> | null = null;

export function loadPuppeteer(): Promise<PuppeteerNode> {
  return loaded ??= import("puppeteer-core/lib/puppeteer/puppeteer-core-browser.js")
    .then((m) => m.default as unknown as PuppeteerNode);
}
