/**
 * BAP test fixtures: a connection with a launched browser (and a page), used with `await using`.
 * Kept apart from `bap_client.ts`, which speaks only the wire protocol and knows nothing of
 * Porthole; these fixtures read the page itself through the server's registry to check effects.
 */
import { type Pages, Porthole, Site } from "./harness.ts";
import assert from "node:assert/strict";
import { BapClient, type Json, type RpcError, wsUrl } from "./bap_client.ts";

/** A page fixture: the client itself, with the page it created and a way to read that page. */
export type BapPage = BapClient & {
  readonly pageId: string;
  /** Run a script in the page itself (a page-independent CDP evaluate, not a BAP call). */
  run(code: string): Promise<Json>;
};

export interface BapPageOptions {
  /** `browser/launch` params. */
  launch?: Json;
  /** `initialize` params. */
  init?: Json;
  /** Create the page blank, then `page/navigate` to the URL (instead of `page/create { url }`). */
  navigate?: boolean;
}

/** Connect, initialize and `browser/launch`. */
export async function bapLaunched(ph: Porthole, opts: BapPageOptions = {}): Promise<BapClient> {
  const c = await BapClient.connect(wsUrl(ph.url), opts.init);
  await c.call("browser/launch", opts.launch ?? {});
  return c;
}

/** Connect, initialize, `browser/launch` and `page/create` (at `url`, if given). */
export async function bapPage(ph: Porthole, url?: string, opts: BapPageOptions = {}): Promise<BapPage> {
  const c = await bapLaunched(ph, opts);
  const page = await c.call("page/create", url === undefined || opts.navigate ? {} : { url });
  if (url !== undefined && opts.navigate) await c.call("page/navigate", { url });
  return Object.assign(c, { pageId: page.id as string, run: (code: string) => pageEval(ph, page.id, code) });
}

/** Read something from a page itself, found among the server's sessions by its BAP page id. */
export async function pageEval(ph: Porthole, pageId: string, expression: string): Promise<Json> {
  for (const s of ph.server.registry.list()) {
    const rec = s.pages.get(pageId);
    if (rec) return await rec.driver.page.evaluate(expression);
  }
  throw new Error(`no page ${pageId}`);
}

/**
 * A test file's site and Porthole, both closed when the file's process unloads (its tests
 * share them; each test opens its own connection).
 */
export async function siteAndPorthole(
  pages: Pages,
  patch?: Parameters<typeof Porthole.start>[0],
): Promise<{ site: Site; ph: Porthole }> {
  const site = new Site(pages);
  const ph = await Porthole.start(patch);
  globalThis.addEventListener("unload", () => {
    ph.server.close();
    site.server.shutdown();
  });
  return { site, ph };
}

/** One property of the element `css` matches, read back through BAP's `observe/element`. */
export async function elementProperty(c: BapClient, css: string, property = "text"): Promise<Json> {
  const el = await c.call("observe/element", {
    selector: { type: "css", value: css },
    properties: [property],
  });
  return el[property];
}

/** A BAP error with this code and retry advice. */
export function assertRpcError(e: RpcError, code: number, retryable: boolean): void {
  assert.equal(e.code, code, e.message);
  assert.equal(e.data?.retryable, retryable, e.message);
}
