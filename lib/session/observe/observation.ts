/**
 * Observing a page: capture a frame, keep secrets out of what the page shows, and make the
 * capture the session's one current state.
 */
import type { ObserveInput } from "../../protocol/schemas.ts";
import type { Observation } from "../../protocol/types.ts";
import { PortholeError } from "../../protocol/errors.ts";
import type { SecretStore } from "../../policy/secrets.ts";
import { redactUrl } from "../../policy/url.ts";
import { captureFrame, cursorOf } from "./capture.ts";
import type { Prewalk } from "../core/hosts.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateAuthority } from "../core/states.ts";
import { whileResponsive } from "../core/page_health.ts";
import { assertRefOf, findNode } from "../locate/node.ts";

/** What an observation needs of its session. */
export interface ObservationHost {
  readonly states: StateAuthority;
  readonly pages: ReadonlyMap<string, PageRecord>;
  readonly snapshotMaxBytes: number;
  readonly secrets?: SecretStore;
}

export type ObserveOptions = Omit<ObserveInput, "pageId" | "timeoutMs">;

export async function observePage(
  host: ObservationHost,
  rec: PageRecord,
  input: ObserveOptions,
  signal: AbortSignal,
  prewalk?: Prewalk | null,
): Promise<Observation> {
  if (input.cursor !== undefined) return nextPage(host, rec, input);
  const scoped = input.ref !== undefined || input.locator !== undefined;
  if (input.ref !== undefined && input.locator !== undefined) {
    refuse("locator", "give ref or locator, not both");
  }
  if (scoped && input.since !== undefined) refuse("since", "a scoped observe answers its whole subtree");
  // A diff base whose page was closed or reset since is no base any more.
  const base = input.since ? host.states.base(input.since) : null;
  // Captured while the renderer is probed side by side: a hung page is refused at once.
  const { state, observation, isMain } = await whileResponsive(rec, signal, async (sig) => {
    const node = scoped ? await scopeNode(host, rec, input, sig) : undefined;
    return captureFrame(rec, {
      frameId: node ? node.frame.frameId : input.frameId,
      root: node?.backendNodeId,
      maxDepth: input.maxDepth ?? 12,
      maxBytes: host.snapshotMaxBytes,
      tier: input.tier ?? "full",
      since: input.since === undefined
        ? undefined
        : { stateId: input.since, base: base && host.pages.get(base.pageId) === rec ? base : null },
      prewalk: scoped ? null : prewalk,
    }, sig);
  });
  if (input.ref !== undefined) observation.scope = { ref: input.ref };
  if (host.secrets) scrubObservation(observation, host.secrets);
  if (isMain && !scoped) rec.title = observation.title;
  host.states.publish(state);
  return observation;
}

function refuse(field: string, message: string): never {
  throw new PortholeError("invalid_params", `Invalid ${field}: ${message}`, { details: { field } });
}

/** The node a scoped observe names: a ref of the page's current state, or the one element a locator matches. */
async function scopeNode(host: ObservationHost, rec: PageRecord, input: ObserveOptions, signal: AbortSignal) {
  const current = host.states.current?.pageId === rec.pageId ? host.states.current : null;
  const loc = input.ref !== undefined ? { type: "ref" as const, ref: input.ref } : input.locator!;
  const field = input.ref !== undefined ? "ref" : "locator";
  if (loc.type === "ref") assertRefOf(current, loc, field);
  const node = await findNode(rec.driver, current, input.frameId, loc, signal, field);
  if (!node) {
    throw new PortholeError("element_not_found", `No element matches the ${field}`, {
      details: { field },
      recoveryHint: "Observe again, or find the element first",
    });
  }
  return node;
}

/**
 * `observe {cursor}`: the next page of the state the cursor names, which must still be the current
 * one; nothing is captured and the state stays current (its refs, every page's, act once).
 */
function nextPage(host: ObservationHost, rec: PageRecord, input: ObserveOptions): Observation {
  for (const f of ["tier", "maxDepth", "since", "ref", "locator"] as const) {
    if (input[f] !== undefined) refuse(f, "a cursor pages the state it was given with; leave it out");
  }
  const m = /^(.+)~(\d{1,6})$/.exec(input.cursor!);
  if (!m) refuse("cursor", "not a cursor this server gave");
  const [, stateId, at] = m;
  const index = Number(at);
  const status = host.states.status(stateId);
  const state = host.states.peek(stateId);
  if (!state) {
    if (status === undefined) refuse("cursor", `state ${stateId} was never issued`);
    throw new PortholeError(
      "stale_cursor",
      `Cursor ${input.cursor} pages state ${stateId}, which was ${status}; observe again`,
      { details: { field: "cursor", stateId, status } },
    );
  }
  const pages = state.pages ?? [];
  if (state.pageId !== rec.pageId) refuse("pageId", `the cursor's state is of page ${state.pageId}`);
  if (input.frameId !== undefined && input.frameId !== state.frameId) {
    refuse("frameId", `the cursor's state is of frame ${state.frameId}`);
  }
  if (index < 1 || index >= pages.length) refuse("cursor", `state ${stateId} has no page ${index}`);
  const page = pages[index];
  const observation: Observation = {
    stateId,
    targetId: state.targetId,
    pageId: state.pageId,
    frameId: state.frameId,
    document: { loaderId: state.loaderId, documentId: state.documentId },
    url: redactUrl(state.url),
    origin: state.origin,
    title: rec.title,
    tree: state.uncut.slice(pages[index - 1].end, page.end),
    refCount: page.refs,
    truncated: index + 1 < pages.length || state.walkCut,
    bytes: page.bytes,
    generation: state.generation,
    tier: state.tier,
    ...index + 1 < pages.length ? { nextCursor: cursorOf(stateId, index + 1) } : {},
    page: { index, count: pages.length },
  };
  if (host.secrets) scrubObservation(observation, host.secrets);
  return observation;
}

/** A page may echo a secret it was given into its own text: no observation carries it. */
function scrubObservation(observation: Observation, secrets: SecretStore): void {
  if (!secrets.names.length) return;
  observation.tree = secrets.scrub(observation.tree);
  observation.title = secrets.scrub(observation.title);
  if (observation.changes) {
    const c = observation.changes as Record<string, unknown>;
    for (const k of Object.keys(c)) c[k] = JSON.parse(secrets.scrub(JSON.stringify(c[k])));
  }
}
