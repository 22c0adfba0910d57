/**
 * `browser/*` and `context/*`. A launch takes a lease in Porthole's shared browser pool: its
 * default context is a Porthole session, as is every context/create. What a client sends by
 * default (a Chrome or Edge channel, a visible window, a profile folder) is mapped onto Porthole's
 * own headless Chromium and said so in the result's `notice`; what would change the shared browser,
 * its network path or the server's disk is refused, naming the field and the reason.
 */
import * as v from "valibot";
import { CreateSessionInput, UpdateSessionInput } from "../protocol/schemas.ts";
import { seedStorageState } from "../session/storage_state.ts";
import { type Call, type Method, method, viaOp } from "./call.ts";
import { BAP, BapError, invalidParams, toBapError } from "../protocol/errors.ts";
import { Flag, loose, Str } from "./schema.ts";

/** A new context id: eight random hex digits. */
const contextId = () => `ctx-${crypto.randomUUID().slice(0, 8)}`;

/** Chromium's release channels (Playwright's names): each is served by Porthole's own Chromium. */
const CHANNELS = [
  "chromium",
  "chrome",
  "chrome-beta",
  "chrome-dev",
  "chrome-canary",
  "msedge",
  "msedge-beta",
  "msedge-dev",
  "msedge-canary",
] as const;

const Launch = v.object({
  browser: v.optional(v.picklist(["chromium", "firefox", "webkit"]), "chromium"),
  channel: v.optional(v.picklist(CHANNELS)),
  headless: Flag,
  // No flags and an empty list of them are the same ask.
  args: v.optional(v.pipe(v.array(v.string()), v.transform((a) => a.length ? a : undefined))),
  userDataDir: Str,
  downloadsPath: v.optional(v.unknown()),
  cdpUrl: Str,
  proxy: v.optional(v.unknown()),
});
type Launch = v.InferOutput<typeof Launch>;

const USE_CHROMIUM = 'Send browser: "chromium" (or leave it out): Porthole drives Chromium only.';

/**
 * The fields a launch may not have, and the reason: each would change what the operator set up.
 * The browser is one process shared by every session, its traffic passes Porthole's network guard,
 * and nothing a client names is read from or written to the server's disk.
 */
const REFUSED: [keyof Launch, string][] = [
  [
    "args",
    "args are refused: the Chromium process is shared by every session, so its flags are the operator's " +
    "(a flag such as --no-sandbox or --disable-web-security would lift every session's isolation)",
  ],
  [
    "proxy",
    "proxy is refused: every request of every page passes Porthole's network guard, which applies the " +
    "address and origin policy; a client-chosen proxy would route the pages' traffic around it",
  ],
  [
    "downloadsPath",
    "downloadsPath is refused: a client does not choose paths on Porthole's disk; downloads are blocked " +
    "or kept in the session's artifact store (--downloads artifacts), never written to a folder",
  ],
];

/** What the launch mapped rather than did as asked: one sentence per field, or none. */
function notices(p: Launch, attached: boolean): string[] {
  const used = attached ? "the browser at cdpUrl is used" : "Porthole's own headless Chromium is used";
  const out: string[] = [];
  if (p.channel !== undefined && p.channel !== "chromium") {
    out.push(`channel "${p.channel}" is not launched: ${used}.`);
  }
  if (p.headless === false && !attached) {
    out.push("headless: false is mapped to headless: Porthole shows its pages at /ui (the live view).");
  }
  if (p.userDataDir !== undefined) {
    out.push(
      "userDataDir is not used: the context is temporary and starts empty; nothing is read from or " +
        "written to that folder.",
    );
  }
  return out;
}

async function launch(call: Call, p: Launch) {
  if (p.browser !== "chromium") {
    throw new BapError(
      BAP.InvalidParams,
      `browser: ${p.browser} is not available: Porthole drives Chromium only`,
      {
        details: { field: "browser", browser: p.browser },
        notDispatched: true,
        recoveryHint: USE_CHROMIUM,
      },
    );
  }
  for (const [field, why] of REFUSED) if (p[field] !== undefined) throw invalidParams(field, why);
  // Refused before the browser this connection holds is closed.
  const attached = p.cdpUrl !== undefined ? call.registry.foreignBrowser(p.cdpUrl) : null;
  const state = call.state;
  if (state.browser) await state.closeAll();
  state.attached = attached;
  const ctx = state.addContext(contextId(), {});
  let version = "";
  try {
    // The lease: the default context's session takes its browser context, opening no page.
    version = await ctx.session.run(call.signal, () => ctx.session.browserVersion());
  } catch (err) {
    await state.dropContext(ctx.id);
    throw err;
  }
  state.browser = { browserId: `browser-${crypto.randomUUID()}`, version };
  const notice = notices(p, attached !== null).join(" ");
  return {
    browserId: state.browser.browserId,
    version,
    defaultContext: ctx.id,
    ...notice ? { notice } : {},
    // Which browser this is, whatever was asked for.
    porthole: attached
      ? { browser: "chromium", attached: true, version }
      : { browser: "chromium", channel: "porthole", headless: true, version },
  };
}

/** ContextOptions: the session's options, its emulation included (POST /v1/sessions takes the same). */
const ContextCreate = v.object({
  contextId: v.optional(
    v.pipe(v.string(), v.regex(/^[a-zA-Z0-9-]{1,64}$/, "must match ^[a-zA-Z0-9-]{1,64}$")),
  ),
  // Its origins are the operator's to limit, not the client's.
  options: v.optional(loose(v.omit(CreateSessionInput, ["allowedOrigins"]))),
});

async function contextCreate(call: Call, p: v.InferOutput<typeof ContextCreate>) {
  const state = call.state;
  state.requireBrowser();
  const id = p.contextId ?? contextId();
  if (state.contexts.has(id)) throw invalidParams("contextId", `Context with ID '${id}' already exists`);
  const { storageState, ...options } = p.options ?? {};
  const ctx = state.addContext(id, options, p.options);
  // A saved state goes in as POST /v1/sessions puts it: before any page, whatever the mode.
  await seedStorageState(call.registry, ctx.session, storageState, call.signal, "options.storageState")
    .catch(async (err) => {
      await state.dropContext(id);
      throw toBapError(err);
    });
  return { contextId: id };
}

export const BROWSER_METHODS: Record<string, Method> = {
  "browser/launch": method(Launch, (call, p) => call.state.serialized(() => launch(call, p))),
  "browser/close": method(
    v.object({}),
    (call) => call.state.serialized(async () => (await call.state.closeAll(), {})),
  ),
  "context/create": method(ContextCreate, contextCreate),
  "context/list": method(v.object({}), (call) => {
    const state = call.state;
    const contexts = [...state.contexts.values()].map((c) => ({
      id: c.id,
      pageCount: state.pagesOf(c.id).length,
      created: c.created,
      ...c.options ? { options: c.options } : {},
    }));
    // A connection may hold as many contexts as the sidecar has sessions (the launch default counts).
    const limits = { maxContexts: call.registry.config.limits.maxSessions, currentCount: contexts.length };
    return Promise.resolve({ contexts, limits });
  }),
  /** Porthole's own: a context's mode (plan: observe and read only), as POST /v1/sessions/{id} sets it. */
  "context/setMode": viaOp(
    v.object({ contextId: Str, mode: UpdateSessionInput.entries.mode }),
    "session_update",
    (p) => ({ mode: p.mode }),
    (r: { mode: string }) => ({ mode: r.mode }),
  ),
  "context/destroy": method(v.object({ contextId: v.string() }), async (call, p) => {
    const id = p.contextId;
    if (!call.state.contexts.has(id)) {
      throw new BapError(BAP.ContextNotFound, `Context not found: ${id}`, { details: { contextId: id } });
    }
    return { pagesDestroyed: await call.state.dropContext(id) };
  }),
};
