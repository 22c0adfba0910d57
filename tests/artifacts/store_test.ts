import assert from "node:assert/strict";
import { ArtifactStore } from "../../lib/artifacts/store.ts";
import type { PortholeError } from "../../lib/protocol/errors.ts";

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

Deno.test("artifacts are addressed by the SHA-256 of their bytes and stored once", async () => {
  const store = new ArtifactStore("/v1/sessions/s_1/artifacts");
  const a = await store.put(new TextEncoder().encode("abc"), "text/plain");
  assert.equal(a.id, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(a.href, `/v1/sessions/s_1/artifacts/${a.id}`);
  const again = await store.put(new TextEncoder().encode("abc"), "text/plain");
  assert.equal(again.id, a.id);
  assert.equal(store.count, 1);
  assert.equal(store.totalBytes, 3);
});

Deno.test("an artifact over 8 MiB is artifact_too_large", async () => {
  const store = new ArtifactStore("/x");
  await assert.rejects(
    store.put(bytes(8 * 1024 * 1024 + 1), "image/png"),
    (e: PortholeError) => e.code === "artifact_too_large",
  );
});

Deno.test("past 32 items or 64 MiB a session gets artifact_limit", async () => {
  const store = new ArtifactStore("/x", { maxItemBytes: 100, maxItems: 3, maxTotalBytes: 250 });
  await store.put(bytes(100, 1), "a/b");
  await store.put(bytes(100, 2), "a/b");
  await assert.rejects(store.put(bytes(100, 3), "a/b"), (e: PortholeError) => e.code === "artifact_limit");
  await store.put(bytes(50, 4), "a/b");
  await assert.rejects(store.put(bytes(10, 5), "a/b"), (e: PortholeError) => e.code === "artifact_limit");
});

Deno.test("artifact ids cannot traverse", () => {
  const store = new ArtifactStore("/x");
  assert.throws(() => store.get("../../etc/passwd"), (e: PortholeError) => e.code === "artifact_not_found");
});

Deno.test("a deleted artifact frees its place and its bytes", async () => {
  const store = new ArtifactStore("/x", { maxItemBytes: 100, maxItems: 1, maxTotalBytes: 100 });
  const a = await store.put(bytes(100, 1), "a/b");
  store.delete(a.id);
  assert.equal(store.count, 0);
  assert.equal(store.totalBytes, 0);
  await store.put(bytes(100, 2), "a/b");
});
