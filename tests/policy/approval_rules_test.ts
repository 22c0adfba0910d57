import assert from "node:assert/strict";
import { consequenceOf, matchRule } from "../../lib/policy/approval_rules.ts";

Deno.test("the consequence of a target is told from its role and name", () => {
  assert.equal(consequenceOf("button", "Place order"), "purchase");
  assert.equal(consequenceOf("button", "Delete account"), "delete");
  assert.equal(consequenceOf("button", "Submit"), "submit");
  assert.equal(consequenceOf("link", "Home"), null);
  assert.equal(consequenceOf("textbox", "Delete"), null, "typing into a field named Delete deletes nothing");
});

Deno.test("approval rules match by action, origin pattern and consequence", () => {
  const rules = [
    { actions: ["click"], origins: ["https://*.bank.test"], consequences: ["purchase" as const] },
    { actions: ["navigate"] },
  ];
  assert.ok(
    matchRule(rules, {
      action: "click",
      origin: "https://pay.bank.test:443",
      role: "button",
      name: "Pay now",
    }),
  );
  assert.equal(
    matchRule(rules, { action: "click", origin: "https://pay.bank.test:443", role: "button", name: "Back" }),
    null,
  );
  assert.equal(
    matchRule(rules, { action: "click", origin: "https://shop.test:443", role: "button", name: "Pay" }),
    null,
  );
  assert.equal(matchRule(rules, { action: "navigate", origin: "http://x.test:80" }), rules[1]);
  assert.equal(matchRule(rules, { action: "type", origin: "http://x.test:80" }), null);
});
