/** Operations on a session's context: cookies, storage state, emulation, frames, history. */
import { TraverseResult } from "../protocol/results.ts";
import {
  CookiesClearResult,
  CookiesGetResult,
  CookiesSetResult,
  EmulateResult,
  FramesResult,
  StorageState,
  StorageStateSetResult,
} from "../protocol/results_context.ts";
import {
  CookiesClearInput,
  CookiesGetInput,
  CookiesSetInput,
  EmulateInput,
  FramesInput,
  StorageStateGetInput,
  StorageStateInput,
  TraverseInput,
} from "../protocol/schemas_context.ts";
import { clearCookies, getCookies, setCookies } from "../session/page/cookies.ts";
import { emulate, emulateOnePage, sessionEmulation } from "../session/page/emulation.ts";
import { listFrames } from "../session/page/frames_list.ts";
import { exportStorageState, importStorageState } from "../session/storage_state.ts";
import { type Traversal, traverse } from "../session/page/traverse.ts";
import { defineOp, inSession } from "./define.ts";

const cookiesGet = defineOp({
  name: "cookies_get",
  readOnly: true,
  description: "Read the session's cookies, or only those a request to one of `urls` would carry",
  method: "POST",
  path: "/v1/sessions/:sessionId/cookies/get",
  input: CookiesGetInput,
  output: CookiesGetResult,
  run: inSession(async (s, input, sig) => ({ cookies: await getCookies(s, sig, input.urls) })),
});

const cookiesSet = defineOp({
  name: "cookies_set",
  description: "Set cookies; one for a host outside the session's allowedOrigins is refused and none is set",
  method: "POST",
  path: "/v1/sessions/:sessionId/cookies",
  input: CookiesSetInput,
  output: CookiesSetResult,
  run: inSession(async (s, input, sig) => {
    await setCookies(s, input.cookies, sig);
    return { set: input.cookies.length };
  }),
});

const cookiesClear = defineOp({
  name: "cookies_clear",
  description: "Delete the session's cookies, or only those a request to one of `urls` would carry",
  method: "DELETE",
  path: "/v1/sessions/:sessionId/cookies",
  input: CookiesClearInput,
  output: CookiesClearResult,
  // MCP's browser_cookies clears all, with no input.
  run: inSession(async (s, input, sig) => ({ cleared: await clearCookies(s, sig, input?.urls) })),
});

const storageStateGet = defineOp({
  name: "storage_state_get",
  readOnly: true,
  description: "Export cookies and the localStorage of the origins open pages show, in Playwright's " +
    "storageState shape (with sessionStorage too when asked); give it to POST /v1/sessions as " +
    "storageState to start logged in",
  method: "GET",
  path: "/v1/sessions/:sessionId/storage-state",
  input: StorageStateGetInput,
  output: StorageState,
  run: inSession((s, input, sig) => exportStorageState(s, sig, { sessionStorage: input?.sessionStorage })),
});

const storageStateSet = defineOp({
  name: "storage_state_set",
  description: "Import a storage state: cookies, and each origin's localStorage through a temporary page " +
    "that navigates there under the session's origin policy",
  method: "POST",
  path: "/v1/sessions/:sessionId/storage-state",
  input: StorageStateInput,
  output: StorageStateSetResult,
  run: inSession(async (s, input, sig) => {
    await importStorageState(s, input, sig, "");
    return { cookies: input.cookies?.length ?? 0, origins: input.origins?.length ?? 0 };
  }),
});

const emulateOp = defineOp({
  name: "emulate",
  description: "Emulate a viewport, user agent, geolocation (granted), offline network, color scheme, " +
    "time zone or locale: on every open page now and on pages opened later, or with pageId a device " +
    "and user agent on that page only; unset fields stay as they are",
  method: "POST",
  path: "/v1/sessions/:sessionId/emulation",
  input: EmulateInput,
  output: EmulateResult,
  run: inSession(async (s, { pageId, deviceScaleFactor, isMobile, ...rest }, sig) => {
    // The device metrics are one override: the scale and mobile flag go with the viewport.
    const input = {
      ...rest,
      ...rest.viewport && { viewport: { ...rest.viewport, deviceScaleFactor, isMobile } },
    };
    if (pageId !== undefined) {
      return { pageId, emulation: await emulateOnePage(s, s.page(pageId), input, sig) };
    }
    await emulate(s, input, sig);
    const { permissions: _, ...now } = sessionEmulation(s);
    return { emulation: now };
  }),
});

const framesOp = defineOp({
  name: "frames",
  readOnly: true,
  description:
    "List a page's frames (frameId, parentId, name, redacted url and origin, whether the session " +
    "may reach it), parents first; or only the frame of an iframe element, or those whose url contains a text",
  method: "POST",
  path: "/v1/sessions/:sessionId/frames",
  input: FramesInput,
  output: FramesResult,
  run: inSession(async (s, input, sig) => ({ frames: await listFrames(s, input, sig) })),
});

const traversal = <const N extends string>(how: Traversal, name: N, path: string, what: string) =>
  defineOp({
    name,
    description: `${what} and wait for the new document's DOMContentLoaded (or load); the destination ` +
      "goes through the same origin policy as navigate and is refused before anything is sent",
    method: "POST",
    path: `/v1/sessions/:sessionId/${path}`,
    input: TraverseInput,
    output: TraverseResult,
    run: inSession((s, input, sig) => traverse(s, how, input, sig)),
  });

/** The operations of this file, for lib/ops/ops.ts. */
export const CONTEXT_OPS = [
  cookiesGet,
  cookiesSet,
  cookiesClear,
  storageStateGet,
  storageStateSet,
  emulateOp,
  framesOp,
  traversal("reload", "reload", "reload", "Reload a page"),
  traversal("back", "go_back", "back", "Go back one history entry (nothing happens when there is none)"),
  traversal(
    "forward",
    "go_forward",
    "forward",
    "Go forward one history entry (nothing happens when there is none)",
  ),
];
