/**
 * What an MCP client gets back. Porthole's own fields are an explicit projection in snake_case;
 * everything the page wrote (the tree, console text, dialog messages, titles) is wrapped as
 * untrusted data, so a model can tell page text from the tool's word.
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PortholeError } from "../protocol/errors.ts";
import type { ActResult, Observation } from "../protocol/types.ts";
import { snake, snakeText, toSnake } from "./names.ts";

export const UNTRUSTED_OPEN = '<browser_data trust="untrusted">';
export const UNTRUSTED_CLOSE = "</browser_data>";

/** Page text can neither close the wrapper nor open a second one of its own. */
export function neutralise(text: string): string {
  return text.replace(/<(\s*\/?\s*browser_data)/gi, "&lt;$1");
}

/** `text` inside the untrusted wrapper; `block` puts the wrapper tags on lines of their own. */
export function untrusted(text: string, block = false): string {
  const body = neutralise(block ? text.replace(/\n$/, "") : text);
  return block
    ? `${UNTRUSTED_OPEN}\n${body}\n${UNTRUSTED_CLOSE}`
    : `${UNTRUSTED_OPEN}${body}${UNTRUSTED_CLOSE}`;
}

/** browser_observe's answer (and an act's fresh_state): identifiers to copy, then the tree. */
export function observationView(o: Observation): Record<string, unknown> {
  return {
    state_id: o.stateId,
    target_id: o.targetId,
    page_id: o.pageId,
    frame_id: o.frameId,
    document: { loader_id: o.document.loaderId, document_id: o.document.documentId },
    url: o.url,
    origin: o.origin,
    ref_count: o.refCount,
    truncated: o.truncated,
    tree: untrusted(o.tree, true),
  };
}

/** browser_act's answer: the three questions of seed 000, then what to use next. */
export function actView(r: ActResult, known: ReadonlySet<string>): Record<string, unknown> {
  const view: Record<string, unknown> = {
    execution: r.execution,
    observation: r.observation,
    postcondition: r.postcondition,
  };
  if (r.freshState) view.fresh_state = observationView(r.freshState);
  if (r.error) view.error_text = `${r.error.code}: ${snakeText(r.error.message, known)}`;
  if (r.noop) view.noop = true;
  if (r.settle) view.settle = r.settle;
  if (r.fields) {
    view.fields = r.fields.map((f) => ({
      ref: f.ref,
      action: f.action,
      outcome: f.outcome,
      ...(f.error ? { error_text: `${f.error.code}: ${snakeText(f.error.message, known)}` } : {}),
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
    if (BLOCK_KEYS.has(key) && typeof value === "string" && value.startsWith(UNTRUSTED_OPEN)) {
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
  const body = toSnake(err.toBody()) as Record<string, unknown>;
  body.message = snakeText(err.message, known);
  if (typeof body.recovery_hint === "string") body.recovery_hint = snakeText(body.recovery_hint, known);
  const details = body.details as Record<string, unknown> | undefined;
  if (details && typeof details.field === "string") details.field = snakeText(details.field, known);
  if (details && typeof details.suggestion === "string") details.suggestion = snake(details.suggestion);
  return {
    isError: true,
    content: [{ type: "text", text: `${err.code}: ${body.message}` }],
    structuredContent: { error: body },
  };
}
