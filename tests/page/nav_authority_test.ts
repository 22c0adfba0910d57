import assert from "node:assert/strict";
import { PortholeError } from "../../lib/protocol/errors.ts";
import { checkDestination, ownNavigation } from "../../lib/session/page/nav_authority.ts";
import type { PageRecord } from "../../lib/session/core/page_record.ts";

const notSelf = (_url: URL) => false;

function refusal(url: string, allowed?: readonly string[], isSelf = notSelf): string | null {
  try {
    checkDestination(url, allowed, isSelf);
    return null;
  } catch (err) {
    assert.ok(err instanceof PortholeError, String(err));
    return err.code;
  }
}

Deno.test("checkDestination refuses the metadata and link-local destinations policy/address.ts names", () => {
  for (
    const url of [
      "http://100.100.100.200/",
      "http://metadata.azure.internal/",
      "http://metadata.google.internal./",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/",
      "http://[fd00:ec2::254]/",
      "http://[::ffff:169.254.169.254]/",
    ]
  ) {
    assert.equal(refusal(url), "address_not_allowed", url);
  }
});

Deno.test("checkDestination lets ordinary and private hosts through, and about:blank means no request", () => {
  assert.equal(refusal("https://example.com/"), null);
  assert.equal(refusal("http://127.0.0.1:8080/"), null);
  assert.equal(refusal("http://10.1.2.3/"), null);
  assert.equal(checkDestination("about:blank", undefined, notSelf), null);
});

Deno.test("checkDestination refuses other schemes, the sidecar itself and origins outside allowedOrigins", () => {
  assert.equal(refusal("file:///etc/passwd"), "scheme_not_allowed");
  assert.equal(refusal("not a url"), "invalid_params");
  assert.equal(
    refusal("http://127.0.0.1:9222/health", undefined, (u) => u.port === "9222"),
    "address_not_allowed",
  );
  assert.equal(refusal("https://other.test/", ["https://example.com"]), "origin_not_allowed");
  assert.equal(refusal("https://example.com/a", ["https://example.com"]), null);
});

Deno.test("ownNavigation marks the destination without its fragment, with no hops yet", () => {
  const rec = { navigating: null } as unknown as PageRecord;
  ownNavigation(rec, "https://example.com/a?b=1#c");
  assert.deepEqual(rec.navigating, { url: "https://example.com/a?b=1", hops: new Set() });
  ownNavigation(rec, "about:blank");
  assert.equal(rec.navigating!.url, "about:blank");
});
