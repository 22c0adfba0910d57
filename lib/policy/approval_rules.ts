/**
 * Operator rules that make an action wait for a human decision, matched by action kind, origin
 * pattern, and the consequence of the target (submit, delete, purchase) when it can be told
 * from its role and name. Pure.
 */
import { originAllowed } from "./url.ts";

export type Consequence = "submit" | "delete" | "purchase";

export interface ApprovalRule {
  /** Action kinds the rule applies to; all when absent. */
  actions?: string[];
  /** Origin patterns (exact or `https://*.example.com`); all when absent. */
  origins?: string[];
  /** Consequences the rule applies to; any target when absent. */
  consequences?: Consequence[];
  /** How long to wait for the decision, in ms (default 120 s). */
  timeoutMs?: number;
  /** Shown to the human who decides. */
  description?: string;
}

export interface ActionFacts {
  action: string;
  origin: string;
  role?: string;
  name?: string;
}

const PATTERNS: [Consequence, RegExp][] = [
  ["purchase", /\b(buy|purchase|pay|checkout|check out|order|place order|subscribe|donate)\b/i],
  ["delete", /\b(delete|remove|destroy|erase|discard|drop|unsubscribe|cancel (account|subscription))\b/i],
  ["submit", /\b(submit|send|post|publish|confirm|sign up|register|save|apply)\b/i],
];

/** What clicking or pressing a node is likely to do, from Chromium's role and name. */
export function consequenceOf(role: string | undefined, name: string | undefined): Consequence | null {
  if (!name) return null;
  if (role !== undefined && !["button", "link", "menuitem", "clickable", "option"].includes(role)) {
    return null;
  }
  for (const [kind, re] of PATTERNS) if (re.test(name)) return kind;
  return null;
}

/** The first rule the action falls under, or null. */
export function matchRule(rules: readonly ApprovalRule[], facts: ActionFacts): ApprovalRule | null {
  for (const rule of rules) {
    if (rule.actions && !rule.actions.includes(facts.action)) continue;
    if (rule.origins && !originAllowed(facts.origin, rule.origins)) continue;
    if (rule.consequences) {
      const c = consequenceOf(facts.role, facts.name);
      if (!c || !rule.consequences.includes(c)) continue;
    }
    return rule;
  }
  return null;
}
