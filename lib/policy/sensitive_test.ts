import assert from "node:assert/strict";
import { credentialReason, type FieldFacts, refuseTyping, sensitiveField } from "./sensitive.ts";

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
