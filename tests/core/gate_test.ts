import assert from "node:assert/strict";
import { FifoGate } from "../../lib/session/core/gate.ts";
import { PortholeError } from "../../lib/protocol/errors.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

Deno.test("the FIFO gate runs operations one at a time in arrival order", async () => {
  const gate = new FifoGate(32);
  const order: string[] = [];
  let active = 0;
  const op = (name: string) =>
    gate.run(async () => {
      active++;
      assert.equal(active, 1, "two operations ran at once");
      order.push(name);
      await tick();
      active--;
    });
  await Promise.all([op("a"), op("b"), op("c"), op("d")]);
  assert.deepEqual(order, ["a", "b", "c", "d"]);
});

Deno.test("the FIFO gate answers queue_full past its queue bound", async () => {
  const gate = new FifoGate(2);
  let release!: () => void;
  const running = gate.run(() => new Promise<void>((r) => (release = r)));
  const queued = [gate.run(async () => {}), gate.run(async () => {})];
  await assert.rejects(gate.run(async () => {}), (e: PortholeError) => e.code === "queue_full");
  release();
  await Promise.all([running, ...queued]);
});

Deno.test("a queued operation whose client went away leaves the queue", async () => {
  const gate = new FifoGate(4);
  let release!: () => void;
  const running = gate.run(() => new Promise<void>((r) => (release = r)));
  const ctl = new AbortController();
  let ran = false;
  const leaving = gate.run(() => {
    ran = true;
    return Promise.resolve();
  }, ctl.signal);
  assert.equal(gate.queued, 1);
  ctl.abort(new PortholeError("session_disposed", "gone"));
  await assert.rejects(leaving);
  assert.equal(gate.queued, 0);
  release();
  await running;
  assert.equal(ran, false);
});

Deno.test("closing the gate fails queued work and refuses new work", async () => {
  const gate = new FifoGate(4);
  let release!: () => void;
  const running = gate.run(() => new Promise<void>((r) => (release = r)));
  const queued = gate.run(async () => {});
  gate.close(new PortholeError("session_disposed", "closed"));
  await assert.rejects(queued, (e: PortholeError) => e.code === "session_disposed");
  await assert.rejects(gate.run(async () => {}), (e: PortholeError) => e.code === "session_disposed");
  release();
  await running;
});

Deno.test("a hold on the gate refuses every caller it does not admit, and nobody once it is off", () => {
  const gate = new FifoGate(4);
  const pass = new AbortController().signal;
  gate.hold({
    admits: (caller) => caller === pass,
    refusal: () => new PortholeError("human_in_control", "held"),
  });
  assert.throws(() => gate.admit(undefined), (e: PortholeError) => e.code === "human_in_control");
  assert.throws(
    () => gate.admit(new AbortController().signal),
    (e: PortholeError) => e.code === "human_in_control",
  );
  gate.admit(pass);
  gate.hold(null);
  gate.admit(undefined);
});
