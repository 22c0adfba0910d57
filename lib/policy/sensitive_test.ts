import assert from "node:assert/strict";
import { credentialReason, refuseTyping } from "./sensitive.ts";

Deno.test("credential fields are recognised by type, autocomplete, and name patterns", () => {
  assert.ok(credentialReason({ tag: "input", type: "password" }));
  assert.ok(credentialReason({ tag: "input", type: "text", autocomplete: "one-time-code" }));
  assert.ok(credentialReason({ tag: "input", autocomplete: "section-pay cc-number" }));
  assert.ok(credentialReason({ tag: "input", name: "cvv" }));
  assert.ok(credentialReason({ tag: "input", id: "api_key" }));
  assert.ok(credentialReason({ tag: "input", accessibleName: "Verification code" }));
  assert.ok(credentialReason({ tag: "input", accessibleName: "Contraseña" }));
  assert.ok(credentialReason({ tag: "input", accessibleName: "密码" }));
  assert.equal(
    credentialReason({ tag: "input", type: "email", name: "email", accessibleName: "Email" }),
    null,
  );
  assert.equal(credentialReason({ tag: "input", name: "keyword", accessibleName: "Search" }), null);
});

Deno.test("typing is refused when the field's name is too long or its label does not resolve", () => {
  assert.ok(refuseTyping({ tag: "input", accessibleName: "x".repeat(257) }));
  assert.ok(refuseTyping({ tag: "input", accessibleName: "Name", labelledbyUnresolved: true }));
  assert.ok(refuseTyping({ tag: "input", accessibleName: null }));
  assert.equal(refuseTyping({ tag: "input", accessibleName: "" }), null, "an unlabelled field is allowed");
  assert.equal(refuseTyping({ tag: "input", accessibleName: "Full name" }), null);
});
