/**
 * A session's storage state in the shape Playwright's `storageState` uses (cookies, and each
 * origin's localStorage), so a login can be kept between runs; and a session created from one.
 * localStorage of an origin is written by a temporary page that navigates there through the
 * same navigation and origin policy as any page (online even in a session emulating offline: it
 * is Porthole's page, not one the client sees).
 */
import { PortholeError } from "../protocol/errors.ts";
import type { CreateSessionInput } from "../protocol/schemas.ts";
import type { OriginStorage, SessionView, StorageItem, StorageState } from "../protocol/types.ts";
import type { SessionRegistry } from "./registry.ts";
import type { NavigationHost, PagesHost } from "./core/hosts.ts";
import { type CookieInput, getCookies, setCookies } from "./page/cookies.ts";
import { emulatePage, type SessionEmulation } from "./page/emulation.ts";

export interface StorageStateInput {
  cookies?: CookieInput[];
  origins?: { origin: string; localStorage?: StorageItem[] }[];
}

const READ_STORAGE = `({
  origin: location.origin,
  localStorage: Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name) })),
  sessionStorage: Object.keys(sessionStorage).map((name) => ({ name, value: sessionStorage.getItem(name) })),
})`;

/** Cookies of the context and the localStorage of every origin an open page shows. */
export async function exportStorageState(
  session: PagesHost & NavigationHost,
  signal: AbortSignal,
  opts: { sessionStorage?: boolean } = {},
): Promise<StorageState> {
  const cookies = await getCookies(session, signal);
  const origins = new Map<string, OriginStorage>();
  for (const rec of session.pages.values()) {
    if (rec.driver.closed) continue;
    const main = (await rec.driver.frames(signal).catch(() => [])).find((f) => f.parentId === null);
    if (!main || !/^https?:/.test(main.url)) continue;
    const s = await rec.driver.evaluate<OriginStorage>(main, READ_STORAGE, signal).catch(() => null);
    if (!s || origins.has(s.origin)) continue;
    if (!opts.sessionStorage) delete s.sessionStorage;
    origins.set(s.origin, s);
  }
  return { cookies, origins: [...origins.values()] };
}

/** Write a storage state: every cookie and origin is checked against the policy first. */
export async function importStorageState(
  session: PagesHost & NavigationHost & { readonly emulation?: SessionEmulation },
  state: StorageStateInput,
  signal: AbortSignal,
  field = "state",
): Promise<void> {
  const at = (rest: string) => field ? `${field}.${rest}` : rest;
  const origins = state.origins ?? [];
  origins.forEach((o, i) => {
    try {
      session.checkDestination(o.origin);
    } catch (err) {
      if (!(err instanceof PortholeError)) throw err;
      throw new PortholeError(err.code, `${at(`origins.${i}.origin`)}: ${err.message}`, {
        details: { ...err.extras.details, field: at(`origins.${i}.origin`) },
      });
    }
  });
  await setCookies(session, state.cookies ?? [], signal, at("cookies"));
  const active = session.activePageId;
  try {
    for (const o of origins) {
      if (!o.localStorage?.length) continue;
      const rec = await session.openPage(signal);
      try {
        if (session.emulation?.offline) await emulatePage(rec.driver, { offline: false }, signal);
        await session.navigate({ url: o.origin, pageId: rec.pageId, waitUntil: "domcontentloaded" }, signal);
        const main = (await rec.driver.frames(signal)).find((f) => f.parentId === null)!;
        const items = JSON.stringify(o.localStorage.map((it) => [it.name, it.value]));
        await rec.driver.evaluate(
          main,
          `(() => { for (const [k, v] of ${items}) localStorage.setItem(k, v); })()`,
          signal,
        );
      } finally {
        await session.closePage(rec.pageId).catch(() => {});
      }
    }
  } finally {
    if (active && session.pages.has(active)) session.activate(active);
  }
}

/** The part of a new session that taking a saved storage state needs. */
type SeedHost = Parameters<typeof importStorageState>[0] & {
  readonly id: string;
  run<T>(signal: AbortSignal, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
};

/**
 * A new session takes a saved storage state as its context starts, before any page of its own and
 * whatever its mode (plan mode refuses only the storage_state_set operation). On failure the
 * session is closed; a bad value is named under `field`.
 */
export async function seedStorageState(
  registry: Pick<SessionRegistry, "close">,
  session: SeedHost,
  state: StorageStateInput | undefined,
  signal: AbortSignal,
  field = "storageState",
): Promise<void> {
  if (!state) return;
  try {
    await session.run(signal, (sig) => importStorageState(session, state, sig, field));
  } catch (err) {
    await registry.close(session.id).catch(() => {});
    throw err;
  }
}

/** POST /v1/sessions: a session, with a saved storage state applied as its context starts. */
export async function createSessionWithState(
  registry: SessionRegistry,
  input: CreateSessionInput,
  signal: AbortSignal,
): Promise<SessionView> {
  const { storageState, ...options } = input;
  const session = registry.create(options);
  await seedStorageState(registry, session, storageState, signal);
  return session.view();
}
