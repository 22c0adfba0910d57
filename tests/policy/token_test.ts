import assert from "node:assert/strict";
import { sameToken } from "../../lib/policy/token.ts";

Deno.test("sameToken() accepts only the exact token", () => {
  assert.equal(sameToken("s3cret", "s3cret"), true);
  assert.equal(sameToken("s3cre", "s3cret"), false);
  assert.equal(sameToken("s3cretX", "s3cret"), false);
  assert.equal(sameToken("S3cret", "s3cret"), false);
  assert.equal(sameToken("", "s3cret"), false);
  assert.equal(sameToken("ü", "ü"), true);
});
