import assert from "node:assert/strict";
import { refuseAddress, refuseName } from "../../lib/policy/address.ts";

const open = { blockPrivate: false, selfPorts: new Set([9222]), selfHosts: new Set<string>() };

Deno.test("metadata and link-local addresses are always refused", () => {
  for (
    const a of [
      "169.254.169.254",
      "169.254.0.1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "[::ffff:a9fe:a9fe]",
      "100.100.100.200",
      "0.0.0.0",
    ]
  ) {
    assert.ok(refuseAddress(a, 80, open), a);
  }
  assert.ok(refuseName("metadata.google.internal"));
  assert.ok(refuseName("metadata.azure.internal"));
  assert.equal(refuseName("example.com"), null);
});

Deno.test("the sidecar's own port on loopback is refused, other loopback ports are not", () => {
  assert.ok(refuseAddress("127.0.0.1", 9222, open));
  assert.ok(refuseAddress("::1", 9222, open));
  assert.equal(refuseAddress("127.0.0.1", 8080, open), null);
});

Deno.test("private ranges and loopback are allowed unless blocked by flag", () => {
  const blocked = { ...open, blockPrivate: true };
  for (const a of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "fd12::1"]) {
    assert.equal(refuseAddress(a, 80, open), null, a);
    assert.ok(refuseAddress(a, 80, blocked), a);
  }
  assert.equal(refuseAddress("93.184.216.34", 443, blocked), null);
});

Deno.test("an IPv4-mapped IPv6 address is judged as its IPv4 address, in either notation", () => {
  const blocked = { ...open, blockPrivate: true };
  assert.ok(refuseAddress("::ffff:7f00:1", 9222, open), "loopback, the sidecar's port");
  assert.ok(refuseAddress("::ffff:a00:1", 80, blocked), "10.0.0.1");
  assert.equal(refuseAddress("::ffff:5db8:d822", 443, blocked), null, "93.184.216.34");
});
