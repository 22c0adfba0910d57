/**
 * `reconcile`: after an act whose answer was uncertain (`dispatched_unknown`, or no observation),
 * look at the page, never act on it, and report the evidence for what the action did: whether a
 * navigation committed, whether the field holds what was typed, whether the target is still there,
 * and whether the page started a request after the input. Each is yes, no or unknown, with why.
 */
import { PortholeError, toPortholeError } from "../../protocol/errors.ts";
import type { ReconcileInput } from "../../protocol/schemas_journal.ts";
import type { ReconcileResult } from "../../protocol/types.ts";
import { redactUrl } from "../../policy/url.ts";
import type { SecretStore } from "../../policy/secrets.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { deadline, effectiveTimeout } from "../core/deadline.ts";
import { framesOf } from "../core/frame_doors.ts";
import type { Journal } from "../core/journal.ts";
import type { NavigationHost } from "../core/hosts.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { NetworkEntry } from "../core/diagnostics.ts";
import { readRef } from "./read_ref.ts";
import { Stop } from "./params.ts";

type Evidence = ReconcileResult["navigation"];

export interface ReconcileHost extends Pick<NavigationHost, "captureFresh"> {
  readonly journal: Pick<Journal, "memo">;
  readonly pages: ReadonlyMap<string, PageRecord>;
  readonly deps: { readonly secrets?: SecretStore };
  /** Text as every answer shows it: scrubbed of the configured secrets. */
  scrub(text: string): string;
}

/** What a field holds now (null: it has no value to read). Never echoed: only compared. */
const FIELD_VALUE = `function () {
  if ("value" in this && typeof this.value === "string") return this.value;
  return this.isContentEditable ? this.textContent : null;
}`;

const unknown = (reason: string): Evidence => ({ answer: "unknown", reason });

export async function reconcile(
  host: ReconcileHost,
  input: ReconcileInput,
  signal: AbortSignal,
): Promise<ReconcileResult> {
  const found = await host.journal.memo(input.actionId);
  if (!found) {
    throw new PortholeError(
      "action_not_found",
      `No act ${input.actionId} is remembered in this session (its newest 64 acts are)`,
      { details: { field: "actionId" } },
    );
  }
  const { memo, laterOnPage } = found;
  const scrub = (text: string) => host.scrub(text);
  const result: ReconcileResult = {
    actionId: input.actionId,
    action: memo.action,
    navigation: unknown("the page is gone"),
    value: unknown("the page is gone"),
    target: unknown("the page is gone"),
    request: unknown("the page is gone"),
    observation: "unavailable",
  };
  const rec = host.pages.get(memo.pageId);
  if (!rec || rec.driver.closed) return result;
  const dl = deadline(effectiveTimeout(input.timeoutMs), signal);
  try {
    const doors = await framesOf(rec.driver, dl.signal);
    const door = doors.find((d) => d.info.frameId === memo.frameId);
    const frameUrl = door ? scrub(redactUrl(door.info.url)) : undefined;
    result.navigation = laterOnPage
      ? unknown("a later navigate or act on this page may have navigated it since")
      : !door
      ? unknown("the frame the action was taken in is gone")
      : door.info.loaderId !== memo.loaderId
      ? { answer: "yes", reason: "the frame holds another document than the one acted on", url: frameUrl }
      : door.info.parentId === null && frameUrl !== memo.urlBefore
      ? { answer: "yes", reason: "a same-document navigation changed the URL", url: frameUrl }
      : { answer: "no", reason: "the frame still holds the document the action was taken on", url: frameUrl };
    result.request = requestSince(rec, memo.networkSeq, scrub);
    const ref = memo.ref as RefTarget | undefined;
    let objectId: string | null = null;
    if (!ref) {
      result.target = unknown("the action named no element");
    } else {
      try {
        objectId = (await readRef(rec, doors, ref, dl.signal)).objectId;
        result.target = objectId
          ? { answer: "yes", reason: `${ref.ref} is still connected in its document` }
          : { answer: "no", reason: `${ref.ref} left its document` };
      } catch (err) {
        result.target = err instanceof Stop && err.code === "document_changed"
          ? { answer: "no", reason: "the frame loaded another document, without the element" }
          : unknown(`the element could not be read: ${toPortholeError(err).code}`);
      }
    }
    result.value = await valueEvidence(host, rec, memo, objectId, dl.signal);
    if (objectId) rec.driver.release(objectId);
    const frameId = door?.info.frameId ?? doors.find((d) => d.info.parentId === null)?.info.frameId;
    if (frameId) {
      try {
        result.freshState = await host.captureFresh(rec, frameId, dl.signal);
        result.observation = "captured";
      } catch (err) {
        result.error = toPortholeError(err).toBody();
      }
    }
    return result;
  } finally {
    dl.dispose();
  }
}

/** The first request of the page whose entry was written after the input. */
function requestSince(rec: PageRecord, afterSeq: number, scrub: (t: string) => string) {
  const seen = rec.diag.read("network", 1, afterSeq);
  const first = seen.entries[0] as NetworkEntry | undefined;
  if (first) {
    return {
      answer: "yes" as const,
      reason: "the page made a request after the input",
      method: first.method,
      url: scrub(first.url),
    };
  }
  return {
    answer: "no" as const,
    reason: "no request of the page ended after the input (in-flight ones are not seen)",
  };
}

async function valueEvidence(
  host: ReconcileHost,
  rec: PageRecord,
  memo: NonNullable<Awaited<ReturnType<Journal["memo"]>>>["memo"],
  objectId: string | null,
  signal: AbortSignal,
): Promise<Evidence> {
  if (!memo.typed) return unknown("the action typed nothing");
  if (!objectId) return unknown("the field is gone, so its value cannot be read");
  let expected = memo.typed.text;
  if (memo.typed.secretRef !== undefined) {
    const origin = rec.authorizedOrigin ?? "";
    const secret = host.deps.secrets?.lookup(memo.typed.secretRef, origin);
    expected = secret && "value" in secret ? secret.value : undefined;
  }
  if (expected === undefined) return unknown("what was typed is not known any more");
  try {
    const now = await rec.driver.callOn<string | null>(objectId, FIELD_VALUE, [], signal);
    if (now === null) return unknown("the element has no value to read");
    // fill replaces the value; type adds to it where the caret was.
    const holds = memo.action === "type" ? now.includes(expected) : now === expected;
    return holds
      ? {
        answer: "yes",
        reason: `the field's value now ${memo.action === "type" ? "contains" : "equals"} what was typed`,
      }
      : { answer: "no", reason: "the field's value is not what was typed" };
  } catch (err) {
    return unknown(`the field could not be read: ${toPortholeError(err).code}`);
  }
}
