import assert from "node:assert/strict";
import { classify, exceeds, JsonRpcError, type JsonRpcOptions, JsonRpcPeer } from "../../lib/net/json_rpc.ts";

/** A door's error dressing for these cases: the transport's own codes, -32603 for anything else. */
const toError = (err: unknown, method?: string) =>
  err instanceof JsonRpcError
    ? { code: err.code, message: err.message, data: { from: "transport", method } }
    : { code: -32603, message: (err as Error).message, data: { from: "door", method } };

/** A real loopback: a Deno.serve socket behind a peer, and a client WebSocket reading its answers. */
async function loopback(opts: Partial<JsonRpcOptions> = {}) {
  let peer!: JsonRpcPeer;
  let peerClosed!: () => void;
  const closed = new Promise<void>((r) => peerClosed = r);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    peer = new JsonRpcPeer(socket, {
      maxMessageBytes: 1024,
      idleMs: 10_000,
      handle: (method, params) => Promise.resolve({ method, params }),
      toError,
      ...opts,
      onClose: () => (opts.onClose?.(), peerClosed()),
    });
    return response;
  });
  const ws = new WebSocket(`ws://127.0.0.1:${server.addr.port}/`);
  const inbox: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  };
  const wsClosed = new Promise<CloseEvent>((r) => ws.onclose = r);
  await new Promise((r) => ws.onopen = r);
  // deno-lint-ignore no-explicit-any
  const next = (): Promise<any> =>
    inbox.length ? Promise.resolve(inbox.shift()) : new Promise((r) => waiting.push(r));
  const send = (m: unknown) =>
    ws.send(typeof m === "string" || m instanceof ArrayBuffer ? m : JSON.stringify(m));
  return {
    peer: () => peer,
    send,
    next,
    inbox,
    wsClosed,
    closed,
    async [Symbol.asyncDispose]() {
      if (ws.readyState <= WebSocket.OPEN) ws.close();
      await wsClosed;
      await closed;
      await server.shutdown();
    },
  };
}

Deno.test("requests, notifications, responses and invalid objects are told apart", () => {
  assert.equal(classify({ jsonrpc: "2.0", id: 1, method: "page/list" }).kind, "request");
  assert.equal(classify({ jsonrpc: "2.0", id: null, method: "page/list" }).kind, "request");
  assert.equal(classify({ jsonrpc: "2.0", method: "notifications/initialized" }).kind, "notification");
  assert.equal(classify({ jsonrpc: "2.0", id: 1, result: {} }).kind, "ignore");
  assert.equal(classify({ jsonrpc: "2.0", id: 1 }).kind, "invalid");
  assert.equal(classify({ jsonrpc: "1.0", id: 1, method: "x" }).kind, "invalid");
  assert.equal(classify({ id: [1], method: "x" }).kind, "invalid");
  assert.equal(classify(5).kind, "invalid");
  assert.equal(classify(null).kind, "invalid");
});

Deno.test("void results are the door's voidResult; every error goes through toError, a request's with its method", async () => {
  await using c = await loopback({
    voidResult: {},
    handle: (method) =>
      method === "fails" ? Promise.reject(new Error("no such thing")) : Promise.resolve(undefined),
  });
  c.send({ jsonrpc: "2.0", id: 3, method: "void" });
  assert.deepEqual(await c.next(), { jsonrpc: "2.0", id: 3, result: {} });
  c.send({ jsonrpc: "2.0", id: "a", method: "fails" });
  assert.deepEqual(await c.next(), {
    jsonrpc: "2.0",
    id: "a",
    error: { code: -32603, message: "no such thing", data: { from: "door", method: "fails" } },
  });
  c.send("{oops");
  const parse = await c.next();
  assert.equal(parse.id, null);
  assert.equal(parse.error.code, -32700);
  assert.match(parse.error.message, /^Parse error: /);
  assert.deepEqual(parse.error.data, { from: "transport" });
});

Deno.test("without voidResult a void result is null, never a missing member", async () => {
  await using c = await loopback({ handle: () => Promise.resolve(undefined) });
  c.send({ jsonrpc: "2.0", id: 1, method: "x" });
  assert.deepEqual(await c.next(), { jsonrpc: "2.0", id: 1, result: null });
});

Deno.test("message size is measured in UTF-8 bytes, only as far as needed", () => {
  assert.equal(exceeds("abc", 3), false);
  assert.equal(exceeds("abcd", 3), true);
  assert.equal(exceeds("é", 1), true);
  assert.equal(exceeds(new ArrayBuffer(10), 9), true);
});

Deno.test("invalid requests are -32600 and the socket stays open; notifications are not answered", async () => {
  const seen: string[] = [];
  await using c = await loopback({ handle: (m) => (seen.push(m), Promise.resolve({ ok: m })) });
  c.send("42");
  const notObject = await c.next();
  assert.equal(notObject.error.code, -32600);
  assert.equal(notObject.error.message, "Invalid Request: a JSON-RPC message must be an object");
  c.send({ jsonrpc: "2.0", id: 7, method: 12 });
  const bad = await c.next();
  assert.equal(bad.error.code, -32600);
  assert.equal(bad.id, 7);
  c.send({ jsonrpc: "2.0", method: "note" });
  c.send({ jsonrpc: "2.0", id: 1, result: {} });
  c.send({ jsonrpc: "2.0", id: "after", method: "ask" });
  assert.deepEqual(await c.next(), { jsonrpc: "2.0", id: "after", result: { ok: "ask" } });
  assert.deepEqual(seen, ["ask"], "a notification never reaches the handler");
});

Deno.test("a batch is one array without its notifications; an empty batch is -32600", async () => {
  await using c = await loopback();
  c.send([
    { jsonrpc: "2.0", id: "a", method: "one", params: { n: 1 } },
    { jsonrpc: "2.0", method: "note" },
    { jsonrpc: "2.0", id: "c", method: 5 },
  ]);
  const batch = await c.next();
  assert.ok(Array.isArray(batch));
  assert.equal(batch.length, 2);
  assert.deepEqual(batch[0], { jsonrpc: "2.0", id: "a", result: { method: "one", params: { n: 1 } } });
  assert.equal(batch[1].id, "c");
  assert.equal(batch[1].error.code, -32600);
  c.send([{ jsonrpc: "2.0", method: "note" }]);
  c.send("[]");
  const empty = await c.next();
  assert.equal(empty.error.code, -32600);
  assert.equal(empty.error.message, "Invalid Request: empty batch");
  assert.equal(c.inbox.length, 0, "a batch of notifications only is not answered");
});

Deno.test("a message over the bound closes with 1009 and aborts the life signal with the door's reason", async () => {
  const reason = new Error("the door's reason");
  await using c = await loopback({ maxMessageBytes: 64, closeReason: () => reason });
  c.send({ jsonrpc: "2.0", id: 1, method: "x", params: { pad: "x".repeat(100) } });
  const closed = await c.wsClosed;
  assert.equal(closed.code, 1009);
  assert.equal(closed.reason, "Message too big: the limit is 64 bytes");
  await c.closed;
  assert.equal(c.peer().signal.reason, reason);
});

Deno.test("idle without a request closes with 1008; a request moves the deadline", async () => {
  await using c = await loopback({ idleMs: 500 });
  await new Promise((r) => setTimeout(r, 300));
  c.send({ jsonrpc: "2.0", id: 1, method: "x" });
  await c.next();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(c.peer().signal.aborted, false, "the request touched the idle timer");
  const closed = await c.wsClosed;
  assert.equal(closed.code, 1008);
  assert.equal(closed.reason, "Session expired: idle timeout");
  assert.ok(c.peer().signal.reason instanceof Error);
});

Deno.test("close() closes the socket, aborts the signal, calls onClose once; notify sends", async () => {
  let calls = 0;
  await using c = await loopback({ onClose: () => calls++ });
  c.peer().notify("events/page", { type: "load" });
  assert.deepEqual(await c.next(), { jsonrpc: "2.0", method: "events/page", params: { type: "load" } });
  c.peer().close(4001, "replaced");
  assert.equal(c.peer().signal.aborted, true);
  const closed = await c.wsClosed;
  assert.equal(closed.code, 4001);
  await c.closed;
  c.peer().send({ late: true });
  assert.equal(calls, 1);
});

Deno.test("a binary message is read as UTF-8 text", async () => {
  await using c = await loopback();
  const bytes = new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id: "bin", method: "é" }));
  c.send(bytes.buffer);
  assert.deepEqual(await c.next(), { jsonrpc: "2.0", id: "bin", result: { method: "é" } });
});
