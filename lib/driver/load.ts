/**
 * puppeteer-core, loaded when the first browser starts or is attached: an idle sidecar that has
 * driven no page yet does not carry it (about a fifth of its memory).
 */
import type { PuppeteerNode } from "puppeteer-core";

let loaded: Promise<PuppeteerNode> | null = null;

export function loadPuppeteer(): Promise<PuppeteerNode> {
  return loaded ??= import("puppeteer-core").then((m) => m.default);
}
