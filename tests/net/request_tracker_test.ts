import assert from "node:assert/strict";
import { RequestTracker } from "../../lib/net/request_tracker.ts";

const LIMITS = { headerTimeoutMs: 1_000, idleTimeoutMs: 5_000, maxHeadBytes: 1024, maxConnections: 10 };
const bytes = (s: string) => new TextEncoder().encode(s);
const later = (ms: number) => performance.now() + ms;

Deno.test("a head not complete within the header deadline has passed it", () => {
  const t = new RequestTracker(LIMITS);
  t.fromClient(bytes("GET / HTTP/1.1\r\nHost: x\r\n"));
  assert.equal(t.headSeen, false);
  assert.equal(t.expired(later(500)), null);
  assert.equal(t.expired(later(1_500)), "head");
});

Deno.test("a request whose answer has not begun has no deadline: the server is working", () => {
  const t = new RequestTracker(LIMITS);
  t.fromClient(bytes("POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"));
  assert.equal(t.headSeen, true);
  assert.equal(t.expired(later(60_000)), null);
});

Deno.test("a keep-alive connection idle after its answer began passes the idle deadline", () => {
  const t = new RequestTracker(LIMITS);
  t.fromClient(bytes("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"));
  t.fromServer(bytes("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok"));
  assert.equal(t.expired(later(1_000)), null);
  assert.equal(t.expired(later(6_000)), "idle");
});

Deno.test("an event stream (GET accepting text/event-stream) is not idle between requests, however quiet", () => {
  const t = new RequestTracker(LIMITS);
  t.fromClient(bytes("GET /mcp HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"));
  t.fromServer(bytes("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n"));
  assert.equal(t.expired(later(60_000)), null);
});

Deno.test("a head past the size cap is too large", () => {
  const t = new RequestTracker(LIMITS);
  assert.equal(t.fromClient(bytes(`GET / HTTP/1.1\r\nX: ${"a".repeat(2_000)}`)), "too_large");
});
