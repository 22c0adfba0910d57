import assert from "node:assert/strict";
import {
  credentialReason,
  type FieldFacts,
  refuseTyping,
  sensitiveField,
} from "../../lib/policy/sensitive.ts";

const CASES: [string, FieldFacts, "credential" | "unconfirmed" | null][] = [
  ["a password input", { tag: "input", type: "password" }, "credential"],
  ["type is case-insensitive", { tag: "input", type: "PassWord" }, "credential"],
  [
    "data-sensitive",
    { tag: "input", type: "text", dataSensitive: true, accessibleName: "Note" },
    "credential",
  ],
  [
    "a one-time-code autocomplete",
    { tag: "input", type: "text", autocomplete: "one-time-code" },
    "credential",
  ],
  [
    "an autocomplete token among others",
    { tag: "input", autocomplete: "section-pay cc-number" },
    "credential",
  ],
  ["a CVV name", { tag: "input", name: "cvv" }, "credential"],
  ["an API key id", { tag: "input", id: "api_key" }, "credential"],
  ["a token placeholder", { tag: "input", placeholder: "Paste your token" }, "credential"],
  ["a card number aria-label", { tag: "input", ariaLabel: "Card number" }, "credential"],
  ["an OTP label", { tag: "input", accessibleName: "Verification code" }, "credential"],
  ["a Spanish password label", { tag: "input", accessibleName: "Contraseña" }, "credential"],
  ["a Chinese password label", { tag: "input", accessibleName: "密码" }, "credential"],
  ["an unresolvable aria-labelledby", {
    tag: "input",
    accessibleName: "Name",
    labelledbyUnresolved: true,
  }, "unconfirmed"],
  ["an over-long accessible name", { tag: "input", accessibleName: "x".repeat(257) }, "unconfirmed"],
  ["an accessible name that could not be read", { tag: "input", accessibleName: null }, "unconfirmed"],
  ["an e-mail field", { tag: "input", type: "email", name: "email", accessibleName: "Email" }, null],
  ["a keyword search", { tag: "input", name: "keyword", accessibleName: "Search" }, null],
  ["an unlabelled field", { tag: "input", accessibleName: "" }, null],
  ["a 256-character name", { tag: "input", accessibleName: "x".repeat(256) }, null],
  ["a full-name field", { tag: "input", accessibleName: "Full name" }, null],
  [
    "an over-long aria-label, with no accessible name read",
    { tag: "input", ariaLabel: "x".repeat(300) },
    "unconfirmed",
  ],
  ["an over-long <label>", { tag: "input", labelText: "y".repeat(300) }, "unconfirmed"],
  ["a <label> that says security code", { tag: "input", labelText: "Security code" }, "credential"],
  ["a <label> that says CVC", { tag: "input", labelText: "CVC" }, "credential"],
  ["a <label> that says Name", { tag: "input", labelText: "Name", accessibleName: "Name" }, null],
  ["a cc-csc autocomplete", { tag: "input", autocomplete: "cc-csc" }, "credential"],
  ["a new-password autocomplete", { tag: "input", autocomplete: "NEW-PASSWORD" }, "credential"],
  ["an off autocomplete", { tag: "input", autocomplete: "off", accessibleName: "City" }, null],
  ["a client key name", { tag: "input", name: "client-key" }, "credential"],
  ["a key id alone", { tag: "input", id: "key" }, "credential"],
  ["a keyboard layout name", { tag: "input", name: "keyboard", accessibleName: "Layout" }, null],
  ["a 2FA placeholder", { tag: "input", placeholder: "2FA code" }, "credential"],
  ["an expiry aria-label", { tag: "input", ariaLabel: "Expiry date" }, "credential"],
  [
    "data-sensitive beats an innocent name",
    { tag: "textarea", dataSensitive: true, name: "notes" },
    "credential",
  ],
];

for (const [what, facts, want] of CASES) {
  Deno.test(`the credential rule: ${what} is ${want ?? "not sensitive"}`, () => {
    const s = sensitiveField(facts);
    assert.equal(s ? (s.credential ? "credential" : "unconfirmed") : null, want);
    assert.equal(
      refuseTyping(facts),
      s?.reason ?? null,
      "typing is refused exactly when the field is sensitive",
    );
    assert.equal(
      credentialReason(facts) !== null,
      want === "credential",
      "only credential fields take secrets",
    );
  });
}
