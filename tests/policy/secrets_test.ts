import assert from "node:assert/strict";
import { SecretStore } from "../../lib/policy/secrets.ts";

Deno.test("a secret is given only for the origins it was configured for", () => {
  const store = new SecretStore({ shop: { value: "hunter2!", origins: ["https://shop.test"] } });
  assert.deepEqual(store.lookup("shop", "https://shop.test:443"), { value: "hunter2!" });
  assert.ok("error" in store.lookup("shop", "https://evil.test:443"));
  assert.ok("error" in store.lookup("nope", "https://shop.test:443"));
  assert.equal(store.scrub("typed hunter2! here"), "typed [secret] here");
});

Deno.test("a secret can come from the environment, and a missing one is a startup error", () => {
  const env = (k: string) => (k === "SHOP_PW" ? "s3cret-value" : undefined);
  const store = new SecretStore({ shop: { env: "SHOP_PW", origins: ["https://shop.test"] } }, env);
  assert.deepEqual(store.lookup("shop", "https://shop.test:443"), { value: "s3cret-value" });
  assert.throws(() => new SecretStore({ x: { env: "NOPE", origins: ["https://a.test"] } }, env), /NOPE/);
  assert.throws(() => new SecretStore({ x: { value: "v", origins: [] } }), /origins/);
});
