/**
 * The bounded front, on real sockets: a request head must arrive whole within the header
 * deadline, slow clients by the hundred do not hold up others, and keep-alive, SSE, WebSocket
 * (BAP) and MCP work through it.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, Porthole } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

async function connect(ph: Porthole): Promise<Deno.Conn> {
  return await Deno.connect({ hostname: "127.0.0.1", port: ph.server.port });
}

/** Everything the server sends until it closes the connection (or `ms` pass). */
async function readToEnd(conn: Deno.Conn, ms: number): Promise<{ text: string; closed: boolean }> {
  const buf = new Uint8Array(8192);
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"late">((r) => setTimeout(() => r("late"), deadline - Date.now())),
    ]);
    if (n === "late") return { text, closed: false };
    if (n === null) return { text, closed: true };
    text += dec.decode(buf.subarray(0, n));
  }
  return { text, closed: false };
}

/** One request on an open connection: its status and body (Content-Length framed). */
async function roundTrip(conn: Deno.Conn, path: string): Promise<{ status: number; body: string }> {
  await conn.write(enc.encode(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
  let text = "";
  const buf = new Uint8Array(8192);
  while (true) {
    const end = text.indexOf("\r\n\r\n");
    if (end >= 0) {
      const len = Number(text.slice(0, end).match(/content-length: (\d+)/i)?.[1] ?? 0);
      if (text.length >= end + 4 + len) {
        return { status: Number(text.slice(9, 12)), body: text.slice(end + 4, end + 4 + len) };
      }
    }
    const n = await conn.read(buf);
    if (n === null) throw new Error(`closed after ${JSON.stringify(text)}`);
    text += dec.decode(buf.subarray(0, n));
  }
}

Deno.test("a client that never finishes its request head is answered 408 and closed after the deadline", async () => {
  await using ph = await Porthole.start((c) => (c.headerTimeoutMs = 500));
  const conn = await connect(ph);
  const t0 = performance.now();
  await conn.write(enc.encode("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "));
  const { text, closed } = await readToEnd(conn, 5000);
  const ms = performance.now() - t0;
  conn.close();
  assert.ok(closed, "the connection is closed");
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.ok(ms >= 450 && ms < 2000, `closed after ${ms.toFixed(0)} ms`);
  assert.equal(ph.server.front!.stats.headTimeouts, 1);
});

Deno.test("the deadline holds for a slow client that comes after every connection closed (the sweep restarts)", async () => {
  await using ph = await Porthole.start((c) => (c.headerTimeoutMs = 500));
  for (const round of [1, 2]) {
    const conn = await connect(ph);
    await conn.write(enc.encode("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    const { text, closed } = await readToEnd(conn, 5000);
    conn.close();
    assert.ok(closed, `round ${round}: the connection is closed`);
    assert.match(text, /^HTTP\/1\.1 408 /, `round ${round}`);
    assert.equal(ph.server.front!.stats.headTimeouts, round);
    await eventually("the front to hold no connection", () => ph.server.front!.connections === 0);
  }
});

Deno.test("200 clients sending half a request head do not stop others; all are closed after the deadline", async () => {
  await using ph = await Porthole.start((c) => (c.headerTimeoutMs = 1000));
  const slow = await Promise.all(Array.from({ length: 200 }, () => connect(ph)));
  for (const c of slow) await c.write(enc.encode("POST /v1/sessions HTTP/1.1\r\nHost: x\r\n"));
  const t0 = performance.now();
  const r = await ph.request("GET", "/health");
  assert.equal(r.status, 200);
  assert.ok(performance.now() - t0 < 500, "an ordinary request is answered at once");
  const ends = await Promise.all(slow.map((c) => readToEnd(c, 5000)));
  for (const c of slow) c.close();
  assert.ok(ends.every((e) => e.closed && /^HTTP\/1\.1 408 /.test(e.text)));
  assert.equal(ph.server.front!.connections <= 1, true, "no slow connection is left open");
});

Deno.test("a request head past the size cap is answered 431", async () => {
  await using ph = await Porthole.start();
  const conn = await connect(ph);
  await conn.write(enc.encode(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70 * 1024)}\r\n\r\n`))
    .catch(() => {});
  const { text } = await readToEnd(conn, 3000);
  conn.close();
  assert.match(text, /^HTTP\/1\.1 431 /);
});

Deno.test("a keep-alive client makes request after request on one connection; half a second head is timed out too", async () => {
  await using ph = await Porthole.start((c) => (c.headerTimeoutMs = 500));
  const conn = await connect(ph);
  for (let i = 0; i < 5; i++) {
    const r = await roundTrip(conn, "/health");
    assert.equal(r.status, 200);
    assert.match(r.body, /"status":"ok"/);
  }
  await conn.write(enc.encode("GET /health HTTP/1.1\r\nHo"));
  const { text, closed } = await readToEnd(conn, 5000);
  conn.close();
  assert.ok(closed);
  assert.match(text, /^HTTP\/1\.1 408 /);
});

Deno.test("SSE, a BAP WebSocket and MCP work through the front", browserTest, async () => {
  await using ph = await Porthole.start((c) => (c.headerTimeoutMs = 500));
  const sid = await ph.session();
  const events = await fetch(`${ph.url}/v1/sessions/${sid}/events`);
  assert.equal(events.headers.get("content-type"), "text/event-stream");
  const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
  assert.match((await reader.read()).value!, /porthole events/);
  await ph.post(`/v1/sessions/${sid}/pages`);
  let seen = "";
  while (!seen.includes("page.opened")) seen += (await reader.read()).value;
  await reader.cancel();

  await using bap = await BapClient.connect(wsUrl(ph.url));
  // Past the header deadline, an upgraded connection is the server's: it stays open.
  await new Promise((r) => setTimeout(r, 1200));
  const launched = await bap.call("browser/launch", {});
  assert.ok(launched);

  const mcp = await fetch(`${ph.url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
  assert.equal(mcp.status, 200);
  assert.match(await mcp.text(), /serverInfo/);
});
