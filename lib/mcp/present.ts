/**
 * What an MCP client gets back. Porthole's own fields are an explicit projection in snake_case;
 * everything the page wrote (the tree, console text, dialog messages, titles) is wrapped as
 * untrusted data, so a model can tell page text from the tool's word.
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PortholeError } from "../protocol/errors.ts";
import type { ActResult, LeanObservation, Observation } from "../protocol/types.ts";
import { snake, snakeText, toSnake } from "./names.ts";

/** How every untrusted wrapper starts; its tags also carry a nonce (see `untrusted`). */
export const UNTRUSTED_PREFIX = '<browser_data trust="untrusted"';

/** A fresh nonce per wrapper: page text cannot guess it, so it cannot print a closing tag that matches. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Page text can neither close the wrapper nor open a second one of its own. */
export function neutralise(text: string): string {
  return text.replace(/<(\s*\/?\s*browser_data)/gi, "&lt;$1");
}

/**
 * `text` inside the untrusted wrapper, `<browser_data trust="untrusted" nonce="N">` …
 * `</browser_data nonce="N">`; `block` puts the wrapper tags on lines of their own.
 */
export function untrusted(text: string, block = false): string {
  const body = neutralise(block ? text.replace(/\n$/, "") : text);
  const n = nonce();
  const open = `${UNTRUSTED_PREFIX} nonce="${n}">`;
  const close = `</browser_data nonce="${n}">`;
  return block ? `${open}\n${body}\n${close}` : `${open}${body}${close}`;
}

/**
 * Detail keys that carry only Porthole's own facts (a field name, a code, a ref, a box). Any
 * other detail may hold page text (names, ids, classes, URLs, dialog text): MCP shows those
 * only inside the untrusted wrapper.
 */
const OWN_DETAILS = new Set([
  "field",
  "suggestion",
  "cause",
  "box",
  "ref",
  "reason",
  "limit",
  "retryAfterMs",
]);

/** An error's details split into Porthole's own and the page's (null when there are none). */
export function splitDetails(
  details: Record<string, unknown> | undefined,
): { own: Record<string, unknown>; page: Record<string, unknown> | null } {
  const own: Record<string, unknown> = {};
  const page: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details ?? {})) (OWN_DETAILS.has(k) ? own : page)[k] = v;
  return { own, page: Object.keys(page).length ? page : null };
}

/**
 * browser_observe's answer (and an act's fresh_state): identifiers to copy, then the tree. A lean fresh
 * state (act with fresh "changes") says only what changed: its absent fields are the acted-on state's.
 */
export function observationView(o: Observation | LeanObservation): Record<string, unknown> {
  const view: Record<string, unknown> = { state_id: o.stateId };
  const copy = (key: string, value: unknown) => {
    if (value !== undefined) view[key] = value;
  };
  copy("target_id", o.targetId);
  copy("page_id", o.pageId);
  copy("frame_id", o.frameId);
  if (o.document) view.document = { loader_id: o.document.loaderId, document_id: o.document.documentId };
  copy("url", o.url);
  copy("origin", o.origin);
  copy("ref_count", o.refCount);
  copy("truncated", o.truncated);
  if (o.budget) view.budget = budgetView(o.budget);
  copy("next_cursor", o.nextCursor);
  copy("since", o.since);
  if (o.sinceUnavailable) view.since_unavailable = o.sinceUnavailable.reason;
  if (o.tree !== undefined) view.tree = untrusted(o.tree, true);
  if (o.changes) view.changes = untrusted(JSON.stringify(o.changes), true);
  return view;
}

/** The session's observation budget, in snake_case. */
function budgetView(b: NonNullable<Observation["budget"]>): Record<string, unknown> {
  return { bytes_used: b.bytesUsed, bytes_limit: b.bytesLimit, ...b.notice ? { notice: b.notice } : {} };
}

/** browser_act's answer: the three questions of seed 000, then what to use next. */
export function actView(r: ActResult, known: ReadonlySet<string>): Record<string, unknown> {
  const view: Record<string, unknown> = {
    ...r.actionId ? { action_id: r.actionId } : {},
    execution: r.execution,
    observation: r.observation,
    postcondition: r.postcondition,
  };
  if (r.freshState) view.fresh_state = observationView(r.freshState);
  if (r.error) {
    view.error_text = `${r.error.code}: ${snakeText(r.error.message, known)}`;
    const { page } = splitDetails(r.error.details as Record<string, unknown> | undefined);
    if (page) view.error_details = untrusted(JSON.stringify(toSnake(page)));
  }
  if (r.noop) view.noop = true;
  if (r.settle) view.settle = r.settle;
  if (r.budget) view.budget = budgetView(r.budget);
  if (r.fields) {
    view.fields = r.fields.map((f) => ({
      ref: f.ref,
      action: f.action,
      outcome: f.outcome,
      ...(f.error ? { error_text: `${f.error.code}: ${snakeText(f.error.message, known)}` } : {}),
    }));
  }
  if (r.downloads?.length) {
    view.downloads = r.downloads.map((a) => ({
      artifact_id: a.id,
      href: a.href,
      mime_type: a.mimeType,
      bytes: a.bytes,
    }));
  }
  if (r.dialogs?.length) {
    view.dialogs = r.dialogs.map((d) => ({
      type: d.type,
      handled: d.handled,
      message: untrusted(d.message),
    }));
  }
  return view;
}

/** Keys whose value is a block of page data: shown after the JSON, not inside it. */
const BLOCK_KEYS = new Set(["tree", "entries"]);

/**
 * A result for both kinds of client: `structuredContent` for programs, and text for models,
 * where the untrusted block follows the JSON as it is rather than escaped inside it.
 */
export function toolResult(view: Record<string, unknown>): CallToolResult {
  let block = "";
  const json = JSON.stringify(view, (key, value) => {
    if (BLOCK_KEYS.has(key) && typeof value === "string" && value.startsWith(UNTRUSTED_PREFIX)) {
      block = value;
      return "(below)";
    }
    return value;
  });
  return {
    content: [{ type: "text", text: block ? `${json}\n${block}` : json }],
    structuredContent: view,
  };
}

/** A failure that produced no result: an MCP tool error carrying Porthole's error object. */
export function errorResult(err: PortholeError, known: ReadonlySet<string>): CallToolResult {
  const body = toSnake({ ...err.toBody(), details: undefined }) as Record<string, unknown>;
  body.message = snakeText(err.message, known);
  if (typeof body.recovery_hint === "string") body.recovery_hint = snakeText(body.recovery_hint, known);
  const { own, page } = splitDetails(err.extras.details);
  const details = toSnake(own) as Record<string, unknown>;
  if (typeof details.field === "string") details.field = snakeText(details.field, known);
  if (typeof details.suggestion === "string") details.suggestion = snake(details.suggestion);
  const pageData = page ? untrusted(JSON.stringify(toSnake(page)), true) : null;
  if (pageData) details.page_data = pageData;
  if (Object.keys(details).length) body.details = details;
  else delete body.details;
  const text = `${err.code}: ${body.message}`;
  return {
    isError: true,
    content: [{ type: "text", text: pageData ? `${text}\n${pageData}` : text }],
    structuredContent: { error: body },
  };
}
