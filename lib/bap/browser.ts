/**
 * `browser/*` and `context/*`. A launch takes a lease in Porthole's shared browser pool: its
 * default context is a Porthole session, as is every context/create. Launch options that would
 * leave the sandbox or touch the disk are refused.
 */
import * as v from "valibot";
import { CreateSessionInput, UpdateSessionInput } from "../protocol/schemas.ts";
import { seedStorageState } from "../session/storage_state.ts";
import { type Call, type Method, method, viaOp } from "./call.ts";
import { BAP, BapError, invalidParams, toBapError } from "../protocol/errors.ts";
import { Flag, loose, Str } from "./schema.ts";

/** A new context id: eight random hex digits. */
const contextId = () => `ctx-${crypto.randomUUID().slice(0, 8)}`;

const Launch = v.object({
  browser: v.optional(v.picklist(["chromium", "firefox", "webkit"]), "chromium"),
  channel: Str,
  headless: Flag,
  // No flags and an empty list of them are the same ask.
  args: v.optional(v.pipe(v.array(v.string()), v.transform((a) => a.length ? a : undefined))),
  userDataDir: v.optional(v.unknown()),
  downloadsPath: v.optional(v.unknown()),
  cdpUrl: Str,
  proxy: v.optional(v.unknown()),
});
type Launch = v.InferOutput<typeof Launch>;

/**
 * What a launch may ask for, field by field: the values Porthole takes, and why it refuses the
 * others. The shared browser is headless, sandboxed, temporary and Porthole's.
 */
const TAKES: [keyof Launch, unknown[], string][] = [
  ["browser", ["chromium"], "browser: Porthole drives Chromium only"],
  ["channel", [undefined, "chromium"], "channel: Porthole drives its own Chromium only, in no other channel"],
  ["headless", [undefined, true], "headless: false is refused: Porthole runs Chromium headless only"],
  ["args", [undefined], "args are refused: the shared browser's flags are Porthole's"],
  ["userDataDir", [undefined], "userDataDir is refused: Porthole's contexts are temporary"],
  ["downloadsPath", [undefined], "downloadsPath is refused: Porthole blocks every download"],
  ["proxy", [undefined], "proxy is not supported: pages reach the network directly"],
];

async function launch(call: Call, p: Launch) {
  for (const [field, takes, why] of TAKES) if (!takes.includes(p[field])) throw invalidParams(field, why);
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
  return { browserId: state.browser.browserId, version, defaultContext: ctx.id };
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
