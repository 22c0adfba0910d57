import assert from "node:assert/strict";
import { EventStream, makeEvent } from "./bus.ts";

const ev = (n: number) => makeEvent("s_1", "page.activated", { pageId: `p_${n}` });

Deno.test("events carry rising ids and reach every reader in order", async () => {
  const stream = new EventStream();
  const a = stream.subscribe();
  const b = stream.subscribe();
  const sent = [ev(1), ev(2), ev(3)];
  for (const e of sent) stream.publish(e);
  for (const sub of [a, b]) {
    const got = [await sub.next(), await sub.next(), await sub.next()];
    assert.deepEqual(got.map((e) => e!.id), sent.map((e) => e.id));
  }
  assert.ok(sent[0].id < sent[1].id && sent[1].id < sent[2].id);
});

Deno.test("a slow reader loses its oldest events and is told how many", async () => {
  const stream = new EventStream(1024, 4);
  const slow = stream.subscribe();
  const sent = Array.from({ length: 10 }, (_, i) => ev(i));
  for (const e of sent) stream.publish(e);
  assert.equal(slow.queued, 4, "the reader's queue stays bounded");
  const first = await slow.next();
  assert.equal(first!.type, "dropped");
  assert.deepEqual(first!.data, { count: 6 });
  const rest = [await slow.next(), await slow.next(), await slow.next(), await slow.next()];
  assert.deepEqual(rest.map((e) => e!.id), sent.slice(6).map((e) => e.id));
});

Deno.test("Last-Event-ID replays from the ring, and says what the ring no longer holds", async () => {
  const stream = new EventStream(3, 16);
  const sent = Array.from({ length: 5 }, (_, i) => ev(i));
  for (const e of sent) stream.publish(e);
  const replay = stream.subscribe(sent[2].id);
  assert.deepEqual([(await replay.next())!.id, (await replay.next())!.id], [sent[3].id, sent[4].id]);
  const late = stream.subscribe(sent[0].id);
  const notice = await late.next();
  assert.equal(notice!.type, "dropped");
  assert.deepEqual(notice!.data, { count: 1 });
  assert.equal((await late.next())!.id, sent[2].id);
});

Deno.test("closing a stream ends its readers", async () => {
  const stream = new EventStream();
  const sub = stream.subscribe();
  const pending = sub.next();
  stream.close();
  assert.equal(await pending, null);
  assert.equal(stream.readers, 0);
});
