/**
 * `Prefer: return=minimal` (RFC 7240) on the HTTP door: the same answer without what an agent that
 * acts on it does not read. Every token an agent reads costs it, and most of an observation's
 * envelope is bookkeeping (the frame, the document's ids, the tree's byte count); the agent needs
 * the state to quote, the target to quote with it, where it is and what it sees.
 *
 * - An observation (observe, find, elements, navigate's `state`, an act's `freshState`) leaves out
 *   `pageId`, `frameId`, `document`, `origin`, `refCount`, `bytes`, `generation`, `tier` and `since`
 *   (the state the agent named itself); `tree` when it is empty beside `changes`; `truncated` unless
 *   true; `budget` unless the operator set a limit. It keeps the rest: `stateId`, `targetId`, `url`,
 *   `title`, `tree` or `changes` (without its empty lists), `sinceUnavailable`, `nextCursor`, `page`,
 *   `scope`, find's `total`, and any field an operation adds. Find's `matches` go when its tree is whole:
 *   the tree has a line a match, with its path and ref. Find's `replaced` (the agent's last state, which
 *   this one replaced) goes too, and with it the `targetId`, `url` and `title` that state has alike. A
 *   lean fresh state (act with `fresh: "changes"` or `"stateId"`) keeps its fields by the same rule:
 *   absent still means unchanged. An answer of changes (`observe {since}`) is lean too: `targetId`, `url` and `title` only
 *   when they differ from those of the state it is against (the agent named it, and holds them).
 * - An act's result keeps its answers (`execution`, `observation`, and `postcondition` when one was
 *   declared: absent, the agent asked none) and every other field, except `actionId` (the journal's, for
 *   reconcile), `budget` without a limit, and `settle` when the page went quiet or no settle ran (it is
 *   kept when the budget ran out: the page may still be busy).
 * - A navigation's result keeps `navigation` and `httpStatus` when they are not the usual (a committed
 *   document answered 200: absent, that is what happened), and `url` only when it has no `state` (which
 *   carries it); `pageId` goes as an observation's does. Its state's `url` goes when it is the URL the
 *   agent asked for (`requested`): absent, the page is where it was sent.
 *
 * Pure: it shapes an answer already made (finding a `since` answer's base with `baseOf`), and says
 * whether it shaped anything.
 */

/** Whether a `Prefer` header asks for `return=minimal` (among other preferences, any case). */
export function prefersMinimal(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((pref) => {
    const [token] = pref.split(";");
    const [name, value = ""] = token.split("=").map((s) => s.trim().toLowerCase());
    return name === "return" && value.replace(/^"|"$/g, "") === "minimal";
  });
}

/** What an observation says that an agent acting on it does not read. */
const BOOKKEEPING = new Set([
  "pageId",
  "frameId",
  "document",
  "origin",
  "refCount",
  "bytes",
  "generation",
  "tier",
  "since",
  "replaced",
]);

type Obj = Record<string, unknown>;

const isObject = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** A budget the operator set a limit for (`--session-budget`): the agent is told what it has left. */
const limited = (budget: unknown) =>
  isObject(budget) && budget.bytesLimit !== null && budget.bytesLimit !== undefined;

/** What an agent holds of the state a `since` answer is against: the fields a lean answer leaves out when equal. */
export interface SinceBase {
  targetId: string;
  url: string;
  title?: string;
}

/** Finds the state a `since` answer is against (null when it is no longer kept). */
export type BaseOf = (stateId: string) => SinceBase | null;

function minimalObservation(o: Obj, baseOf?: BaseOf): Obj {
  const out: Obj = {};
  const base = o.changes !== undefined && typeof o.since === "string"
    ? baseOf?.(o.since)
    : typeof o.replaced === "string"
    ? baseOf?.(o.replaced)
    : undefined;
  for (const [key, value] of Object.entries(o)) {
    if (BOOKKEEPING.has(key)) continue;
    if (base && (key === "targetId" || key === "url" || key === "title") && base[key] === value) continue;
    if (key === "truncated" && value !== true) continue;
    if (key === "tree" && value === "" && o.changes !== undefined) continue;
    if (key === "budget" && !limited(value)) continue;
    if (key === "matches" && typeof o.tree === "string" && o.tree !== "" && o.truncated !== true) continue;
    out[key] = key === "changes" && isObject(value) ? withoutEmptyLists(value) : value;
  }
  return out;
}

/** `changes` without its empty lists (absent: none added, removed or changed). */
function withoutEmptyLists(changes: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(changes)) {
    if (!Array.isArray(value) || value.length) out[key] = value;
  }
  return out;
}

/**
 * Whether answers with these fields are ones `minimalAnswer` shapes (an act's, a navigation's, an
 * observation's): the operations OpenAPI documents the header on, from their result schemas.
 */
export function shapesAnswer(fields: Iterable<string>): boolean {
  const has = new Set(fields);
  return has.has("execution") || has.has("httpStatus") || (has.has("stateId") && has.has("targetId"));
}

/**
 * The minimal form of an operation's answer, or undefined when the answer is not one it shapes.
 * `request`: the operation's input (a navigation's `url` is the one the agent asked for).
 */
export function minimalAnswer(result: unknown, baseOf?: BaseOf, request?: unknown): Obj | undefined {
  if (!isObject(result)) return undefined;
  if (typeof result.execution === "string") {
    const out: Obj = {};
    for (const [key, value] of Object.entries(result)) {
      if (key === "actionId" || (key === "postcondition" && value === "not_requested")) continue;
      if (key === "settle" && isObject(value) && value.state !== "budget") continue;
      if (key === "budget" && !limited(value)) continue;
      out[key] = key === "freshState" && isObject(value) ? minimalObservation(value, baseOf) : value;
    }
    return out;
  }
  if (typeof result.navigation === "string" && "httpStatus" in result) {
    const out: Obj = {};
    for (const [key, value] of Object.entries(result)) {
      if (key === "pageId" || (key === "url" && isObject(result.state))) continue;
      if ((key === "navigation" && value === "committed") || (key === "httpStatus" && value === 200)) {
        continue;
      }
      out[key] = key === "state" && isObject(value) ? minimalObservation(value, baseOf) : value;
    }
    const asked = isObject(request) ? request.url : undefined;
    if (isObject(out.state) && typeof asked === "string" && out.state.url === asked) {
      const { url: _, ...state } = out.state;
      out.state = state;
    }
    return out;
  }
  if (typeof result.stateId === "string" && typeof result.targetId === "string") {
    return minimalObservation(result, baseOf);
  }
  return undefined;
}
