import assert from "node:assert/strict";
import { EventStream, makeEvent, type PortholeEvent } from "../../lib/events/bus.ts";

const ev = (n: number) => makeEvent("s_1", "page.activated", { pageId: `p_${n}` });
const publishAll = (stream: EventStream, n: number) =>
  Array.from({ length: n }, (_, i) => stream.publish(ev(i)));

Deno.test("each stream numbers its events 1, 2, 3… and every reader gets them in order", async () => {
  const stream = new EventStream();
  const other = new EventStream();
  other.publish(ev(0));
  const a = stream.subscribe();
  const b = stream.subscribe();
  const sent = publishAll(stream, 3);
  assert.deepEqual(sent.map((e) => e.id), [1, 2, 3], "another stream's events leave no gaps here");
  for (const sub of [a, b]) {
    const got = [await sub.next(), await sub.next(), await sub.next()];
    assert.deepEqual(got.map((e) => e!.id), [1, 2, 3]);
    assert.deepEqual(got.map((e) => (e!.data as { pageId: string }).pageId), ["p_0", "p_1", "p_2"]);
  }
  assert.equal(stream.lastId, 3);
});

Deno.test("one event published on two streams gets each stream's own id", () => {
  const session = new EventStream();
  const all = new EventStream();
  all.publish(ev(0));
  const e = ev(1);
  assert.equal(session.publish(e).id, 1);
  assert.equal(all.publish(e).id, 2);
  assert.equal(e.id, 0, "the caller's event is not changed");
});

Deno.test("a slow reader loses its oldest events, keeps a bounded queue, and is told how many", async () => {
  const stream = new EventStream(1024, 4);
  const slow = stream.subscribe();
  publishAll(stream, 10);
  assert.equal(slow.queued, 4, "the reader's queue stays bounded");
  assert.equal(stream.deepestQueue, 4);
  const first = await slow.next();
  assert.equal(first!.type, "dropped");
  assert.deepEqual(first!.data, { count: 6 });
  const rest = [await slow.next(), await slow.next(), await slow.next(), await slow.next()];
  assert.deepEqual(rest.map((e) => e!.id), [7, 8, 9, 10]);
  assert.equal(slow.poll(), null);
});

Deno.test("Last-Event-ID replays from the ring, and says what the ring no longer holds", async () => {
  const stream = new EventStream(3, 16);
  publishAll(stream, 5);
  const replay = stream.subscribe(3);
  assert.deepEqual([(await replay.next())!.id, (await replay.next())!.id], [4, 5]);
  const late = stream.subscribe(1);
  const notice = await late.next();
  assert.equal(notice!.type, "dropped");
  assert.deepEqual(notice!.data, { count: 1 }, "event 2 is gone; 3, 4 and 5 are replayed");
  assert.deepEqual([(await late.next())!.id, (await late.next())!.id, (await late.next())!.id], [3, 4, 5]);
  const current = stream.subscribe(5);
  assert.equal(current.queued, 0, "nothing to replay for a reader that saw everything");
  const ahead = stream.subscribe(99);
  assert.equal(ahead.queued, 0, "a cursor from another life of the stream replays nothing");
});

Deno.test("a replay longer than a reader's queue is delivered whole, then the bound applies again", () => {
  const stream = new EventStream(20, 4);
  publishAll(stream, 20);
  const sub = stream.subscribe(0);
  const got: PortholeEvent[] = [];
  for (let e = sub.poll(); e; e = sub.poll()) got.push(e);
  assert.deepEqual(got.map((e) => e.id), Array.from({ length: 20 }, (_, i) => i + 1));
  publishAll(stream, 10);
  assert.equal(sub.queued, 4);
});

Deno.test("closing a stream ends its readers after they drained their queues, and refuses new ones", async () => {
  const stream = new EventStream();
  const idle = stream.subscribe();
  const pending = idle.next();
  const busy = stream.subscribe();
  stream.publish(ev(1));
  await pending;
  stream.close();
  assert.equal((await busy.next())!.id, 1, "queued events are still delivered");
  assert.equal(await busy.next(), null);
  assert.equal(await idle.next(), null);
  assert.equal(stream.readers, 0);
  const after = stream.subscribe(0);
  assert.equal((await after.next())!.id, 1, "a late reader still gets the replay");
  assert.equal(await after.next(), null);
  assert.equal(stream.readers, 0);
});

Deno.test("ready() wakes a waiting reader when an event comes or it closes", async () => {
  const stream = new EventStream();
  const sub = stream.subscribe();
  const woke = sub.ready();
  stream.publish(ev(1));
  await woke;
  assert.equal(sub.poll()!.id, 1);
  const closed = sub.ready();
  sub.close();
  await closed;
  assert.equal(sub.closed, true);
});
