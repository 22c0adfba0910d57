import assert from "node:assert/strict";
import { Diagnostics, RING_SIZE } from "../../lib/session/core/diagnostics.ts";

Deno.test("each diagnostics ring keeps the latest 256 entries and says how many were lost", () => {
  const d = new Diagnostics();
  for (let i = 1; i <= 300; i++) d.console("log", `line ${i}`);
  const first = d.read("console", 100, 0);
  assert.equal(first.dropped, 300 - RING_SIZE);
  assert.equal(first.entries.length, 100);
  assert.equal((first.entries[0] as { text: string }).text, "line 45");
  const next = d.read("console", 100, first.nextSeq);
  assert.equal(next.dropped, 0);
  assert.equal((next.entries[0] as { text: string }).text, "line 145");
});

Deno.test("one inspect response stays under 64 KiB", () => {
  const d = new Diagnostics();
  for (let i = 0; i < 100; i++) d.error("x".repeat(4000));
  const r = d.read("errors", 100);
  assert.ok(new TextEncoder().encode(JSON.stringify(r)).length <= 64 * 1024);
  assert.equal(r.truncated, true);
  assert.ok(r.entries.length < 100);
});

Deno.test("dropped counts what the ring lost after the cursor, also when reading from the start", () => {
  const d = new Diagnostics();
  for (let i = 1; i <= 300; i++) d.console("log", `line ${i}`);
  const start = d.read("console", 10);
  assert.equal(start.dropped, 44);
  assert.equal(start.entries[0].seq, 45);
  assert.equal(d.read("console", 10, 44).dropped, 0);
  assert.equal(d.read("console", 10, 100).dropped, 0);
});

Deno.test("nextSeq moves to the newest entry when nothing is left, also from a cursor past it", () => {
  const d = new Diagnostics();
  assert.deepEqual(d.read("errors", 10), { entries: [], nextSeq: 0, dropped: 0 });
  d.error("one");
  d.error("two");
  assert.equal(d.read("errors", 10, 2).nextSeq, 2);
  const cursor = d.read("errors", 10, 50).nextSeq;
  assert.equal(cursor, 2, "a cursor from the future comes back to the ring");
  d.error("three");
  assert.deepEqual(d.read("errors", 10, cursor).entries.map((e) => (e as { message: string }).message), [
    "three",
  ]);
});

Deno.test("a network entry keeps method, resource type, status and URL, and nothing else", () => {
  const d = new Diagnostics();
  d.network({
    method: "GET",
    resourceType: "fetch",
    status: null,
    url: "https://a.test/x?k=[redacted]",
    failed: true,
  });
  d.network({ method: "POST", resourceType: "xhr", status: 201, url: "https://a.test/" + "p".repeat(5000) });
  const [failed, long] = d.read("network", 10).entries as { url: string }[];
  assert.deepEqual(failed, {
    seq: 1,
    method: "GET",
    resourceType: "fetch",
    status: null,
    url: "https://a.test/x?k=[redacted]",
  });
  assert.ok(long.url.length <= 2048, "URLs are cut to 2048 characters");
  assert.ok(long.url.endsWith("…"));
});

Deno.test("every entry fits in a response, so paging always moves on", () => {
  const d = new Diagnostics();
  d.console("log", "\u0001".repeat(100_000), "https://a.test/" + "u".repeat(100_000));
  d.error("\u{1F600}".repeat(50_000), "https://a.test/");
  for (const kind of ["console", "errors"] as const) {
    const r = d.read(kind, 100);
    assert.equal(r.entries.length, 1, kind);
    assert.ok(new TextEncoder().encode(JSON.stringify(r)).length <= 64 * 1024, kind);
  }
  const emoji = (d.read("errors", 1).entries[0] as { message: string }).message;
  assert.ok(!/[\ud800-\udbff]…$/.test(emoji), "no half surrogate pair before the cut mark");
});
