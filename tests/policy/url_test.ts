import assert from "node:assert/strict";
import {
  canonicalOrigin,
  checkScheme,
  originAllowed,
  parseOriginInput,
  redactUrl,
} from "../../lib/policy/url.ts";

Deno.test("redactUrl keeps query keys in order and replaces every value", () => {
  assert.equal(
    redactUrl("https://u:p@shop.test/cart?item=42&flag&b=x#frag"),
    "https://shop.test/cart?item=[redacted]&flag=[redacted]&b=[redacted]",
  );
  assert.equal(redactUrl("http://127.0.0.1:8080/a"), "http://127.0.0.1:8080/a");
  assert.equal(redactUrl("about:blank"), "about:blank");
  assert.equal(redactUrl("data:text/html,<b>secret</b>"), "data:[redacted]");
});

Deno.test("canonicalOrigin always names the port", () => {
  assert.equal(canonicalOrigin("https://Example.com/x"), "https://example.com:443");
  assert.equal(canonicalOrigin("http://127.0.0.1:9/x"), "http://127.0.0.1:9");
  assert.equal(canonicalOrigin("about:blank"), "null");
});

Deno.test("parseOriginInput refuses paths, queries and userinfo", () => {
  assert.deepEqual(parseOriginInput("https://x.test"), { origin: "https://x.test:443" });
  assert.deepEqual(parseOriginInput("https://x.test:443/"), { origin: "https://x.test:443" });
  assert.ok("error" in parseOriginInput("https://x.test/a"));
  assert.ok("error" in parseOriginInput("https://x.test?q=1"));
  assert.ok("error" in parseOriginInput("https://a@x.test"));
  assert.ok("error" in parseOriginInput("ftp://x.test"));
});

Deno.test("checkScheme allows only http, https and about:blank", () => {
  assert.equal(checkScheme("https://a.test/"), "ok");
  assert.equal(checkScheme("about:blank"), "about_blank");
  for (const bad of ["file:///etc/passwd", "javascript:alert(1)", "data:text/html,x", "chrome://version"]) {
    assert.equal(checkScheme(bad), "refused", bad);
  }
});

Deno.test("originAllowed matches exact origins and wildcard subdomains", () => {
  assert.ok(originAllowed("https://a.test:443", undefined));
  assert.ok(originAllowed("https://a.test:443", ["https://a.test:443"]));
  assert.ok(
    originAllowed("https://a.test:443", ["https://a.test"]),
    "a pattern without a port means the default one",
  );
  assert.ok(!originAllowed("https://a.test:8443", ["https://a.test"]));
  assert.ok(originAllowed("https://x.a.test:443", ["https://*.a.test"]));
  assert.ok(!originAllowed("https://a.test:443", ["https://*.a.test"]));
  assert.ok(!originAllowed("http://x.a.test:80", ["https://*.a.test"]));
});

Deno.test("redactUrl gives what the URL parser gives, for plain links and for those it must normalise", () => {
  const cases: [string, string][] = [
    ["http://127.0.0.1:4000/item/7?ref=list", "http://127.0.0.1:4000/item/7?ref=[redacted]"],
    ["https://shop.test/a/b#x?y=1", "https://shop.test/a/b"],
    ["https://shop.test/a?", "https://shop.test/a"],
    ["https://shop.test:443/a?k=v", "https://shop.test/a?k=[redacted]"],
    ["http://shop.test:080/a", "http://shop.test/a"],
    ["http://shop.test:8080/a", "http://shop.test:8080/a"],
    ["http://1.2.3/a", "http://1.2.0.3/a"],
    ["http://0x7f.0.0.1/a", "http://127.0.0.1/a"],
    ["http://shop.test/a/./b/../c", "http://shop.test/a/c"],
    ["http://shop.test/a/%2e%2E/c", "http://shop.test/c"],
    ["http://shop.test/a b", "http://shop.test/a%20b"],
    ["http://shop.test/a?\t", "http://shop.test/a"],
    ["http://shop.test/a? ", "http://shop.test/a"],
    ["HTTP://Shop.TEST/A", "http://shop.test/A"],
    ["http://u@shop.test/a?k", "http://shop.test/a?k=[redacted]"],
  ];
  for (const [raw, want] of cases) assert.equal(redactUrl(raw), want, raw);
});
