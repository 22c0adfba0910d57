/**
 * Porthole's page functions (the walker, the preflight's reads, the settle's quiet check) are
 * tens of kilobytes of source. Sent whole with every `Runtime.callFunctionOn`, each click carried
 * about 38 KB to Chromium: written to the socket, converted by the browser process, compiled by
 * the renderer, once per call and per session. Instead, a function is sent whole once per world
 * of Porthole's own (an isolated world the page cannot reach), which keeps it under a number, and
 * every later call in that world names the number.
 *
 * Only worlds Porthole made (`Page.createIsolatedWorld` answered through `worldSend`) are used:
 * nothing is ever kept in a page's own world. A world that lost its functions (a context id
 * reused by a new renderer) answers a recognisable error, and the call is sent whole again.
 */

/** Shorter functions gain nothing from being kept. */
const MIN_LENGTH = 400;
/** Where a world keeps the functions, on its own global object. */
const SLOT = "__portholeFunctions";
const MISSING = "porthole: page function not kept";

/** Porthole's page functions are constants: a source made per call would never be called again. */
const MAX_FUNCTIONS = 256;

/** Each distinct source's number, the same in every world. */
const numbers = new Map<string, number>();

/** Per CDP session: Porthole's worlds by execution context id, each with the numbers it keeps. */
const kept = new WeakMap<object, Map<number, Set<number>>>();

type Send = (method: string, params: Record<string, unknown>) => Promise<unknown>;

function numberOf(source: string): number | undefined {
  let n = numbers.get(source);
  if (n === undefined && numbers.size < MAX_FUNCTIONS) numbers.set(source, n = numbers.size);
  return n;
}

/** The call that keeps the function under its number, then runs it. */
function keepAndCall(source: string, n: number): string {
  return `function () { const f = (${source}); ` +
    `(globalThis.${SLOT} || (globalThis.${SLOT} = []))[${n}] = f; return f.apply(this, arguments); }`;
}

/** The call by number. */
function callKept(n: number): string {
  return `function () { const f = globalThis.${SLOT} && globalThis.${SLOT}[${n}]; ` +
    `if (!f) throw new Error(${JSON.stringify(MISSING)}); return f.apply(this, arguments); }`;
}

interface CallAnswer {
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

function missing(answer: unknown): boolean {
  const e = (answer as CallAnswer | undefined)?.exceptionDetails;
  return !!e && ((e.exception?.description ?? "").includes(MISSING) || (e.text ?? "").includes(MISSING));
}

/**
 * Send `method` on a CDP session (`key`: the session object, `send`: its raw send): a world
 * Porthole creates is noted, and a long function called in one of Porthole's worlds is sent whole
 * only the first time. Every other command goes as it is.
 */
export async function worldSend(
  key: object,
  send: Send,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  if (method === "Page.createIsolatedWorld") {
    const r = await send(method, params) as { executionContextId?: number };
    if (typeof r?.executionContextId === "number") {
      let worlds = kept.get(key);
      if (!worlds) kept.set(key, worlds = new Map());
      // A fresh world keeps nothing yet, whatever a context of the same id kept before.
      worlds.set(r.executionContextId, new Set());
    }
    return r;
  }
  const source = params.functionDeclaration;
  const contextId = params.executionContextId;
  if (
    method !== "Runtime.callFunctionOn" || typeof source !== "string" || source.length < MIN_LENGTH ||
    typeof contextId !== "number"
  ) {
    return send(method, params);
  }
  const world = kept.get(key)?.get(contextId);
  if (!world) return send(method, params);
  const n = numberOf(source);
  if (n === undefined) return send(method, params);
  if (!world.has(n)) {
    // CDP keeps a session's order: a call sent after this one finds the function kept.
    world.add(n);
    return send(method, { ...params, functionDeclaration: keepAndCall(source, n) });
  }
  const answer = await send(method, { ...params, functionDeclaration: callKept(n) });
  if (!missing(answer)) return answer;
  return send(method, { ...params, functionDeclaration: keepAndCall(source, n) });
}

/** Forget a world that went away (its frame navigated or was detached). */
export function forgetWorld(key: object, contextId: number): void {
  kept.get(key)?.delete(contextId);
}
