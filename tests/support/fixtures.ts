/**
 * Fixtures made for one test and disposed when it ends: `fixtureTest` runs a case on a fresh
 * fixture, and the fixtures most files start from (a Porthole with a session, and the same opened
 * at a site's page).
 */
import { type Config } from "../../lib/config.ts";
import { browserTest, disposing, type Json, type Pages, Porthole, Site } from "./harness.ts";

/**
 * A browser test whose fixture is made for it alone and disposed when it ends, as `await using`
 * would: for files whose every case starts from the same fixture.
 */
export function fixtureTest<T extends AsyncDisposable>(
  name: string,
  fixture: () => Promise<T>,
  body: (t: T) => void | Promise<void>,
): void {
  Deno.test(name, browserTest, async () => {
    await using t = await fixture();
    await body(t);
  });
}

/**
 * A site serving `pages`, a Porthole started with `patch`, and a session on it opened at the
 * site's "/" (`state`); all gone when the test ends.
 */
export async function openedPorthole(pages: Pages, patch?: (c: Config) => void) {
  const site = new Site(pages);
  let session: Awaited<ReturnType<typeof portholeSession>> | undefined;
  try {
    session = await portholeSession(patch);
    const state: Json = await session.ph.open(session.sid, site.url("/"));
    return disposing({ site, ph: session.ph, sid: session.sid, state }, session, site);
  } catch (e) {
    await session?.[Symbol.asyncDispose]();
    await site[Symbol.asyncDispose]();
    throw e;
  }
}

/** A Porthole started with `patch` and one session on it, both gone when the test ends. */
export async function portholeSession(patch?: (c: Config) => void) {
  const ph = await Porthole.start(patch);
  try {
    return disposing({ ph, sid: await ph.session() }, ph);
  } catch (e) {
    await ph[Symbol.asyncDispose]();
    throw e;
  }
}

/**
 * A site whose buttons make uncertain acts, for reconcile: `/go`'s button posts `/click` and
 * leaves for `/next`, which the server holds 1.5 s (an act with a shorter timeout answers without
 * an observation, and the navigation commits later); `/stay`'s button posts `/click` and holds the
 * renderer 1.5 s (the input is never acknowledged in time: dispatched_unknown). The server counts
 * the clicks, so a test sees that reconcile dispatched nothing.
 */
export function clickCountingSite(): { site: Site; clicks: () => number } {
  let clicks = 0;
  const site = new Site({
    "/go": `<!doctype html><title>Go</title>
      <button onclick="fetch('/click', {method: 'POST', keepalive: true}); location.href = '/next'">Go</button>`,
    "/stay": `<!doctype html><title>Stay</title>
      <button onclick="fetch('/click', {method: 'POST'}); const t = Date.now(); while (Date.now() - t < 1500) {}">Stay</button>`,
    "/click": () => {
      clicks++;
      return new Response("ok");
    },
    "/next": async () => {
      await new Promise((r) => setTimeout(r, 1500));
      return new Response("<!doctype html><title>Next</title><h1>Next</h1>", {
        headers: { "content-type": "text/html" },
      });
    },
  });
  return { site, clicks: () => clicks };
}
