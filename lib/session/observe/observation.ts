/**
 * Observing a page: capture a frame, keep secrets out of what the page shows, and make the
 * capture the session's one current state.
 */
import type { ObserveInput } from "../../protocol/schemas.ts";
import type { Observation } from "../../protocol/types.ts";
import type { SecretStore } from "../../policy/secrets.ts";
import { captureFrame } from "./capture.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { StateAuthority } from "../core/states.ts";
import { whileResponsive } from "../core/page_health.ts";

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
): Promise<Observation> {
  // A diff base whose page was closed or reset since is no base any more.
  const base = input.since ? host.states.base(input.since) : null;
  // Captured while the renderer is probed side by side: a hung page is refused at once.
  const { state, observation, isMain } = await whileResponsive(rec, signal, (sig) =>
    captureFrame(rec, {
      frameId: input.frameId,
      maxDepth: input.maxDepth ?? 12,
      maxBytes: host.snapshotMaxBytes,
      tier: input.tier ?? "full",
      since: input.since === undefined
        ? undefined
        : { stateId: input.since, base: base && host.pages.get(base.pageId) === rec ? base : null },
    }, sig));
  if (host.secrets) scrubObservation(observation, host.secrets);
  if (isMain) rec.title = observation.title;
  host.states.publish(state);
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
