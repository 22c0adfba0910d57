/** What the timeline says of each event: a kind (for its colour) and one line of plain text. */
import type { UiEvent } from "./types.ts";

export type Kind =
  | "action"
  | "outcome"
  | "navigation"
  | "refusal"
  | "dialog"
  | "approval"
  | "page"
  | "person"
  | "other";

const s = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** Codes that mean the policy or the page refused the action (shown as refusals). */
const REFUSALS = new Set([
  "obscured",
  "sensitive_field",
  "secret_not_allowed",
  "origin_mismatch",
  "origin_not_allowed",
  "navigation_blocked",
  "popup_blocked",
  "download_blocked",
  "approval_denied",
  "approval_timeout",
  "address_not_allowed",
  "scheme_not_allowed",
]);

export function describe(ev: UiEvent): { kind: Kind; text: string } {
  const d = ev.data;
  switch (ev.type) {
    case "action.started":
      return {
        kind: "action",
        text: `${s(d.action)}${d.ref ? ` ${s(d.ref)}` : ""} on state ${s(d.stateId)}`,
      };
    case "action.finished": {
      const outcome = `execution ${s(d.execution)} · observation ${s(d.observation)} · postcondition ${
        s(d.postcondition) || "–"
      }`;
      const err = d.error ? ` · ${s(d.error)}` : "";
      return {
        kind: REFUSALS.has(s(d.error)) ? "refusal" : "outcome",
        text: `${s(d.action)}: ${outcome}${err} (${s(d.ms)} ms)`,
      };
    }
    case "navigation.committed":
      return {
        kind: "navigation",
        text: `${d.sameDocument ? "same-document " : ""}navigation to ${s(d.url)}`,
      };
    case "navigation.blocked":
    case "popup.blocked":
      return {
        kind: "refusal",
        text: `${ev.type === "popup.blocked" ? "popup" : "navigation"} to ${s(d.url)} blocked: ${
          s(d.reason)
        }`,
      };
    case "download.blocked":
      return { kind: "refusal", text: `download of ${s(d.url)} blocked` };
    case "dialog.opened":
      return { kind: "dialog", text: `${s(d.type)} dialog “${s(d.message)}”, ${s(d.handled)}` };
    case "approval.requested":
      return {
        kind: "approval",
        text: `approval ${s(d.approvalId)} requested: ${s(d.action)} on ${s(d.origin)}`,
      };
    case "approval.resolved":
      return { kind: "approval", text: `approval ${s(d.approvalId)}: ${s(d.decision)}` };
    case "console":
      return { kind: "page", text: `console.${s(d.level)}: ${s(d.text)}` };
    case "page.error":
      return { kind: "refusal", text: `page error: ${s(d.message)}` };
    case "state.stale":
      return { kind: "other", text: `state ${s(d.stateId)} stale: ${s(d.reason)}` };
    case "page.opened":
      return { kind: "page", text: `page ${s(d.pageId)} opened${d.url ? ` at ${s(d.url)}` : ""}` };
    case "takeover.started":
      return { kind: "person", text: `${s(d.who)} took control; the agent's operations are refused` };
    case "takeover.input":
      return { kind: "person", text: personInput(d) };
    case "takeover.ended": {
      const secs = Math.round(Number(d.ms) / 100) / 10;
      const how = d.reason === "handed back"
        ? `${s(d.who)} handed back`
        : `${s(d.who)}'s control ended: ${s(d.reason)},`;
      return {
        kind: "person",
        text: `${how} after ${secs} s (${plural(d.clicks, "click")}, ${
          plural(d.keys, "key")
        }); the agent observes afresh`,
      };
    }
    case "dropped":
      return { kind: "other", text: `${s(d.count)} events were lost (the reader fell behind)` };
    default: {
      const rest = Object.entries(d).filter(([k]) => k !== "sessionId" && k !== "time");
      return { kind: "other", text: rest.map(([k, v]) => `${k} ${s(v)}`).join(" · ") };
    }
  }
}

const plural = (n: unknown, what: string) => `${s(n)} ${what}${Number(n) === 1 ? "" : "s"}`;

/** One thing the person did. Text into a credential field (or one not read) arrives only as a count. */
function personInput(d: Record<string, unknown>): string {
  const at = d.x !== undefined ? ` at ${Math.round(Number(d.x))},${Math.round(Number(d.y))}` : "";
  switch (d.kind) {
    case "click":
      return `person clicked${d.button && d.button !== "left" ? ` (${s(d.button)})` : ""}${at}`;
    case "scroll":
      return `person scrolled by ${s(d.deltaX ?? 0)},${s(d.deltaY ?? 0)}${at}`;
    case "key":
    case "text": {
      const what = d.kind === "key" ? plural(d.count, "key") : plural(d.count, "character");
      if (d.redacted) return `person typed ${what} (redacted: a credential or unreadable field)`;
      const shown = d.kind === "key" ? s(d.key) : `“${s(d.text)}”`;
      return `person typed ${shown ? `${shown} (${what})` : what}`;
    }
    default:
      return `person input ${s(d.kind)}`;
  }
}
