/**
 * An act's fresh state, lean: the agent quoted the state it acted on and holds its fields, so a field
 * the fresh state shares with it is not said again.
 *
 * - `fresh: "changes"`: `stateId`, `since` and `changes` always; `budget` when the operator set one; and
 *   each of `targetId`, `pageId`, `frameId`, `document`, `url`, `origin`, `title`, `generation`, `tier`
 *   and `truncated` only when it differs from the consumed state's (absent: unchanged). `tree` (empty
 *   beside changes), `refCount` and `bytes` (the whole tree's, not read) are left out, as are
 *   `nextCursor` and `page` (a changes answer has no pages). A fresh state without changes
 *   (`sinceUnavailable`: another document) is whole, and is returned as it is.
 * - `fresh: "stateId"`: the same, without `since` and `changes`, whatever document the act left: the
 *   agent goes on blind, and reads the page (`observe {since}` the state it last read) when it needs to.
 *
 * Pure.
 */
import type { LeanObservation, Observation } from "../../protocol/types.ts";
import { redactUrl } from "../../policy/url.ts";
import type { StateRecord } from "../core/states.ts";

export function leanFresh(
  fresh: Observation,
  consumed: Readonly<StateRecord>,
  answer: "changes" | "stateId" = "changes",
): Observation | LeanObservation {
  if (answer === "changes" && (!fresh.changes || fresh.since === undefined)) return fresh;
  const lean: LeanObservation = answer === "changes"
    ? { stateId: fresh.stateId, since: fresh.since, changes: fresh.changes }
    : { stateId: fresh.stateId };
  const differs = <K extends keyof Observation & keyof LeanObservation>(key: K, was: unknown) => {
    if (fresh[key] !== was) (lean as Record<string, unknown>)[key] = fresh[key];
  };
  differs("targetId", consumed.targetId);
  differs("pageId", consumed.pageId);
  differs("frameId", consumed.frameId);
  if (
    fresh.document.loaderId !== consumed.loaderId || fresh.document.documentId !== consumed.documentId
  ) lean.document = fresh.document;
  differs("url", redactUrl(consumed.url));
  differs("origin", consumed.origin);
  if (consumed.title === undefined || fresh.title !== consumed.title) lean.title = fresh.title;
  differs("generation", consumed.generation);
  differs("tier", consumed.tier);
  differs("truncated", consumed.truncated);
  if (fresh.budget) lean.budget = fresh.budget;
  return lean;
}
