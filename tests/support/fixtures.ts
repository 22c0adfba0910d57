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
