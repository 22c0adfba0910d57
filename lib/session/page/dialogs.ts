/**
 * JavaScript dialogs (alert, confirm, prompt, beforeunload). Chromium acknowledges no input while
 * a dialog is open, so an action that opened one would hang until it is answered: every dialog is
 * answered at once, from the policy in force, never from a queue. The answer comes from the
 * running action's own `dialog` option, then a one-shot answer armed ahead, then the session's
 * standing policy, then the default: dismiss alert/confirm/prompt, accept beforeunload (the
 * action that unloads the page asked to leave it).
 */
import type { Protocol } from "devtools-protocol";
import type { DialogPolicyInput } from "../../protocol/schemas.ts";
import type { DialogView } from "../../protocol/types.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { Emitter } from "../core/emit.ts";

/** What dialog answering needs of its session: the list for the running action, and its events. */
export interface DialogHost extends Emitter {
  dialogs: DialogView[];
}

type Answer = "accept" | "dismiss";

/** Answers for the types of dialogs; an unset field defers to the next layer. */
export interface DialogAnswers {
  action?: Answer;
  promptText?: string;
  beforeunload?: Answer;
}

/** The session's policy as the dialog policy route reports it. */
export interface DialogPolicyView {
  action: Answer;
  beforeunload: Answer;
  promptText?: string;
  /** A one-shot answer armed for the next dialog, if any. */
  next: DialogAnswers | null;
}

/** At most this many dialogs are kept for the next action's result. */
const KEEP = 32;
const MESSAGE_MAX = 1024;

class DialogRules {
  standing: Required<Pick<DialogAnswers, "action" | "beforeunload">> & DialogAnswers = {
    action: "dismiss",
    beforeunload: "accept",
  };
  once: DialogAnswers | null = null;
  /** The option of the action being dispatched, while it is. */
  forAction: DialogAnswers | null = null;
  /** Told when a beforeunload prompt was dismissed: the navigation it guarded will not happen. */
  stayed = new Set<() => void>();

  decide(type: string, defaultPrompt: string): { accept: boolean; promptText?: string } {
    const field = type === "beforeunload" ? "beforeunload" : "action";
    let layer: DialogAnswers;
    if (this.forAction?.[field]) layer = this.forAction;
    else if (this.once) {
      layer = { ...this.standing, ...this.once };
      this.once = null;
    } else layer = this.standing;
    const accept = layer[field] === "accept";
    if (!accept || type !== "prompt") return { accept };
    return { accept, promptText: layer.promptText ?? this.standing.promptText ?? defaultPrompt };
  }
}

// One set of rules per session, kept beside it rather than in it.
const RULES = new WeakMap<DialogHost, DialogRules>();

function rules(session: DialogHost): DialogRules {
  let r = RULES.get(session);
  if (!r) RULES.set(session, r = new DialogRules());
  return r;
}

/** Answer a dialog that just opened on a page, list it for the running action, and emit it. */
export function answerDialog(
  session: DialogHost,
  rec: PageRecord,
  e: Protocol.Page.JavascriptDialogOpeningEvent,
) {
  const r = rules(session);
  const { accept, promptText } = r.decide(e.type, e.defaultPrompt ?? "");
  rec.driver.send(
    "Page.handleJavaScriptDialog",
    promptText === undefined ? { accept } : { accept, promptText },
  )
    .catch(() => {});
  const dialog: DialogView = {
    type: e.type,
    message: e.message.slice(0, MESSAGE_MAX),
    handled: accept ? "accepted" : "dismissed",
  };
  session.dialogs.push(dialog);
  if (session.dialogs.length > KEEP) session.dialogs.shift();
  session.emit("dialog.opened", { pageId: rec.pageId, ...dialog });
  if (e.type === "beforeunload" && !accept) { for (const tell of [...r.stayed]) tell(); }
}

/**
 * Dialogs opened while an action is dispatched follow its `dialog` option first. Returns the
 * end of that scope, and a promise of a dismissed beforeunload (the page stays where it is).
 */
export function actionDialogs(
  session: DialogHost,
  option: DialogAnswers | undefined,
): { stayed: Promise<void>; wasStayed: () => boolean; end: () => void } {
  const r = rules(session);
  r.forAction = option ?? null;
  let stayed = false;
  const { promise, resolve } = Promise.withResolvers<void>();
  const tell = () => {
    stayed = true;
    resolve();
  };
  r.stayed.add(tell);
  return {
    stayed: promise,
    wasStayed: () => stayed,
    end: () => {
      r.stayed.delete(tell);
      if (r.forAction === (option ?? null)) r.forAction = null;
    },
  };
}

/** Set the session's standing policy, or (with `once`) the answer to the next dialog only. */
export function setDialogPolicy(session: DialogHost, input: DialogPolicyInput): DialogPolicyView {
  const r = rules(session);
  const promptText = input.promptText !== undefined ? { promptText: input.promptText } : {};
  if (input.once) {
    // The next dialog, whatever its type, gets `action` (a beforeunload may be answered apart).
    r.once = { action: input.action, beforeunload: input.beforeunload ?? input.action, ...promptText };
  } else {
    r.standing = { action: input.action, beforeunload: input.beforeunload ?? "accept", ...promptText };
  }
  return dialogPolicy(session);
}

export function dialogPolicy(session: DialogHost): DialogPolicyView {
  const r = rules(session);
  const view: DialogPolicyView = {
    action: r.standing.action,
    beforeunload: r.standing.beforeunload,
    next: r.once,
  };
  if (r.standing.promptText !== undefined) view.promptText = r.standing.promptText;
  return view;
}
