import assert from "node:assert/strict";
import { Diagnostics, RING_SIZE } from "./diagnostics.ts";

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
