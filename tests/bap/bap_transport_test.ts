/** BAP transport and lifecycle: framing, errors that keep the socket open, size bound, token, handshake. */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { assertErrorEnvelope, BapClient, wsUrl } from "../support/bap_client.ts";
import { assertRpcError } from "../support/bap_fixture.ts";

const ph = await Porthole.start();
const url = wsUrl(ph.url);
globalThis.addEventListener("unload", () => ph.server.close());

Deno.test("GET /health says BAP 0.9.0, and a plain GET / is 426 pointing to /v1 and /ui", async () => {
  const health = await ph.request("GET", "/health");
  assert.equal(health.status, 200);
  assert.equal(health.body.status, "ok");
  assert.equal(health.body.version, "0.9.0");
  const root = await fetch(ph.url + "/");
  const text = await root.text();
  assert.equal(root.status, 426);
  assert.match(text, /\/v1/);
  assert.match(text, /\/ui/);
});

Deno.test("before initialize every method is -32001, unknown ones too", browserTest, async () => {
  await using c = await BapClient.open(url);
  for (const method of ["page/list", "browser/launch", "foo/bar", "shutdown"]) {
    const e = await c.fails(method);
    assert.equal(e.code, -32001, method);
  }
});

Deno.test("unparseable JSON is -32700 with a null id, and the socket stays open", browserTest, async () => {
  await using c = await BapClient.open(url);
  c.sendRaw("{oops");
  const answer = await c.next();
  assert.equal(answer.error.code, -32700);
  assert.ok(answer.id === null || answer.id === 0);
  assertErrorEnvelope(answer.error);
  const init = await c.call("initialize", {
    protocolVersion: "0.9.0",
    clientInfo: { name: "t", version: "1" },
  });
  assert.equal(init.protocolVersion, "0.9.0");
});

Deno.test("invalid requests are -32600 and the socket stays open", browserTest, async () => {
  await using c = await BapClient.open(url);
  c.sendRaw("42");
  assert.equal((await c.next()).error.code, -32600);
  c.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: 7, method: 12 }));
  const bad = await c.next();
  assert.equal(bad.error.code, -32600);
  assert.equal(bad.id, 7);
  c.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: { x: 1 }, method: "page/list" }));
  assert.equal((await c.next()).error.code, -32600);
  assert.equal((await c.fails("page/list")).code, -32001, "the socket still answers");
});

Deno.test("a notification is never answered", browserTest, async () => {
  await using c = await BapClient.open(url);
  c.notify("notifications/initialized");
  c.notify("page/list");
  const answer = await c.request("initialize", { protocolVersion: "0.9.0" }, "first-answer");
  assert.equal(answer.id, "first-answer");
  assert.equal(c.received.length, 1, "only the request was answered");
});

Deno.test(
  "initialize answers 0.9.0 with capabilities and echoes sessionId; a second initialize is -32002",
  browserTest,
  async () => {
    await using c = await BapClient.open(url);
    const r = await c.call("initialize", {
      protocolVersion: "0.9.0",
      clientInfo: { name: "conformance", version: "1" },
      capabilities: { events: ["page"], streaming: false },
      sessionId: "transport-echo",
    });
    assert.equal(r.protocolVersion.split(".")[0], "0");
    assert.equal(r.protocolVersion, "0.9.0");
    assert.equal(typeof r.serverInfo.name, "string");
    assert.equal(typeof r.serverInfo.version, "string");
    assert.equal(typeof r.capabilities, "object");
    assert.equal(r.sessionId, "transport-echo");
    assert.ok(r.capabilities.observations.includes("ariaSnapshot"));
    assert.equal(r.capabilities.features.networkInterception, false);
    const again = await c.fails("initialize", { protocolVersion: "0.9.0" });
    assertRpcError(again, -32002, false);
  },
);

Deno.test(
  "after initialize an unknown method is -32601 and notifications/initialized with an id is answered",
  browserTest,
  async () => {
    await using c = await BapClient.connect(url);
    const e = await c.fails("foo/bar");
    assert.equal(e.code, -32601);
    assert.match(e.message, /foo\/bar/);
    assert.deepEqual(await c.call("notifications/initialized"), {});
  },
);

Deno.test(
  "a batch is answered as one array, without entries for its notifications; an empty batch is -32600",
  browserTest,
  async () => {
    await using c = await BapClient.open(url);
    c.sendRaw(JSON.stringify([
      { jsonrpc: "2.0", id: "a", method: "initialize", params: { protocolVersion: "0.9.0" } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: "b", method: "page/list" },
      { jsonrpc: "2.0", id: "c", method: 5 },
    ]));
    const batch = await c.next(Array.isArray);
    assert.equal(batch.length, 3);
    const byId = Object.fromEntries(batch.map((m: { id: string }) => [m.id, m]));
    assert.equal(byId.a.result.protocolVersion, "0.9.0");
    assert.equal(byId.c.error.code, -32600);
    // "b" may have run before or after "a" finished: either an answer or -32001.
    assert.ok(byId.b.result?.pages || byId.b.error?.code === -32001);
    c.sendRaw("[]");
    const empty = await c.next();
    assert.equal(empty.error.code, -32600);
  },
);

Deno.test("void methods answer {} and errors keep the envelope", browserTest, async () => {
  await using c = await BapClient.connect(url);
  assert.deepEqual(await c.call("events/subscribe", { events: ["page"] }), {});
  const e = await c.fails("events/subscribe", {});
  assertRpcError(e, -32602, false);
  assert.equal(typeof e.data!.recoveryHint, "string");
});

Deno.test("a message over 10 MiB closes the socket with 1009", browserTest, async () => {
  await using c = await BapClient.connect(url);
  c.sendRaw(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "page/list",
      params: { pad: "x".repeat(10 * 1024 * 1024) },
    }),
  );
  const closed = await c.closed;
  assert.equal(closed.code, 1009);
});

Deno.test("shutdown un-initializes the connection but keeps the socket", browserTest, async () => {
  await using c = await BapClient.connect(url);
  assert.deepEqual(await c.call("shutdown", { saveState: false, closePages: true }), {});
  assert.equal((await c.fails("page/list")).code, -32001);
  await c.call("initialize", { protocolVersion: "0.9.0" });
  assert.deepEqual(await c.call("page/list"), { pages: [], activePage: "" });
});

Deno.test(
  "a lower BAP message bound (BAP_MAX_MESSAGE_SIZE) closes larger messages",
  browserTest,
  async () => {
    await using small = await Porthole.start((c) => (c.bap.maxMessageBytes = 1000));
    await using c = await BapClient.connect(wsUrl(small.url));
    assert.deepEqual((await c.call("page/list")).pages, []);
    c.sendRaw(
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "page/list", params: { pad: "y".repeat(1000) } }),
    );
    assert.equal((await c.closed).code, 1009);
  },
);

Deno.test(
  "with a token: none closes with 1008 after the upgrade; ?token= and X-BAP-Token are accepted",
  browserTest,
  async () => {
    await using guarded = await Porthole.start((c) => (c.token = "s3cret"));
    const none = await BapClient.open(wsUrl(guarded.url));
    const refused = await none.closed;
    assert.equal(refused.code, 1008);
    assert.match(refused.reason, /Unauthorized/);
    const wrong = await BapClient.open(wsUrl(guarded.url, "?token=nope"));
    assert.equal((await wrong.closed).code, 1008);
    await using byQuery = await BapClient.connect(wsUrl(guarded.url, "?token=s3cret"));
    assert.deepEqual((await byQuery.call("page/list")).pages, []);
    await using byHeader = await BapClient.open(wsUrl(guarded.url), { "X-BAP-Token": "s3cret" });
    const init = await byHeader.call("initialize", { protocolVersion: "0.9.0" });
    assert.equal(init.protocolVersion, "0.9.0");
    const plain = await fetch(guarded.url + "/");
    await plain.body?.cancel();
    assert.equal(plain.status, 401, "a plain GET / sits behind the token like every route");
  },
);

Deno.test("a browser Origin is refused before the upgrade", browserTest, async () => {
  const res = await fetch(ph.url + "/", {
    headers: {
      upgrade: "websocket",
      connection: "Upgrade",
      origin: "https://evil.example",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      "sec-websocket-version": "13",
    },
  });
  await res.body?.cancel();
  assert.equal(res.status, 403);
});
