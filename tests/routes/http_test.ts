/**
 * The HTTP door: /health, token auth, Host and Origin checks, strict bodies, body limits,
 * 404s, the error body shape, never a 500 for client input, and the OpenAPI document.
 */
import assert from "node:assert/strict";
import { OPS } from "../../lib/ops/ops.ts";
import { ERROR_TABLE } from "../../lib/protocol/errors.ts";
import { PORTHOLE_VERSION } from "../../lib/version.ts";
import { browserTest, type Json, Porthole, type Reply } from "../support/harness.ts";

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

interface RawReply {
  status: number;
  headers: Headers;
  body: Json;
}

/**
 * One HTTP/1.1 request over a plain socket, so the test decides every header byte
 * (fetch always sends the real Host).
 */
async function raw(port: number, head: string[], body = ""): Promise<RawReply> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const bytes = new TextEncoder().encode(body);
    const lines = [...head, "Connection: close"];
    if (body) lines.push(`Content-Length: ${bytes.length}`);
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
    if (bytes.length) await conn.write(bytes);
    const text = await new Response(conn.readable).text();
    const [top, ...rest] = text.split("\r\n\r\n");
    const [statusLine, ...headerLines] = top.split("\r\n");
    const headers = new Headers(
      headerLines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
    );
    const payload = rest.join("\r\n\r\n");
    let parsed: Json = payload;
    try {
      parsed = payload ? JSON.parse(payload) : null;
    } catch { /* not JSON */ }
    return { status: Number(statusLine.split(" ")[1]), headers, body: parsed };
  } finally {
    try {
      conn.close();
    } catch { /* already closed by reading to the end */ }
  }
}

/** The contract's error body: {error:{code,message,retryable,...}} with a code from the one table. */
function assertErrorShape(reply: { status: number; body: Json }, context = ""): void {
  const e = reply.body?.error;
  assert.ok(
    e && typeof e === "object",
    `no error object (${reply.status}) ${context}: ${JSON.stringify(reply.body)}`,
  );
  assert.ok(e.code in ERROR_TABLE || e.code === "not_found", `unknown code ${e.code} ${context}`);
  assert.equal(typeof e.message, "string", context);
  assert.ok(e.message.length > 0, context);
  assert.equal(typeof e.retryable, "boolean", context);
  for (const key of Object.keys(e)) {
    assert.ok(
      ["code", "message", "retryable", "retryAfterMs", "recoveryHint", "details"].includes(key),
      `unexpected error member ${key} ${context}`,
    );
  }
  if (e.retryAfterMs !== undefined) {
    assert.ok(Number.isInteger(e.retryAfterMs) && e.retryAfterMs > 0, context);
  }
  if (e.details !== undefined) assert.equal(typeof e.details, "object", context);
}

function assertError(reply: { status: number; body: Json }, status: number, code: string): void {
  assert.equal(
    reply.status,
    status,
    `expected ${status} ${code}, got ${reply.status} ${JSON.stringify(reply.body)}`,
  );
  assertErrorShape(reply);
  assert.equal(reply.body.error.code, code);
}

function assertInvalid(reply: Reply<Json>, field: string): void {
  assertError(reply, 400, "invalid_params");
  assert.equal(reply.body.error.details.field, field, JSON.stringify(reply.body));
  assert.equal(reply.body.error.retryable, false);
}

// ---- /health ----------------------------------------------------------------------------

Deno.test(
  "GET /health answers exactly {status, version 0.9.0, porthole semver}, with no token and any Host",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.token = "health-token"));
    const res = await fetch(`${ph.url}/health`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ["porthole", "status", "version"]);
    assert.equal(body.status, "ok");
    assert.equal(body.version, "0.9.0");
    assert.match(body.porthole, SEMVER);
    assert.equal(body.porthole, PORTHOLE_VERSION);

    // Container probes call it by IP or service name.
    for (const host of ["evil.example", "10.1.2.3:9222", "porthole-svc"]) {
      const r = await raw(ph.server.port, ["GET /health HTTP/1.1", `Host: ${host}`]);
      assert.equal(r.status, 200, host);
      assert.deepEqual(r.body, body);
    }
    assert.equal(ph.server.registry.pool.stats().running, false, "health never starts a browser");
  },
);

// ---- token ------------------------------------------------------------------------------

Deno.test(
  "with --token, each of Authorization: Bearer, X-BAP-Token and ?token= is accepted",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.token = "tok-3x4mple"));
    const ways: [string, RequestInit][] = [
      ["/v1/sessions", { headers: { authorization: "Bearer tok-3x4mple" } }],
      ["/v1/sessions", { headers: { "x-bap-token": "tok-3x4mple" } }],
      ["/v1/sessions?token=tok-3x4mple", {}],
    ];
    for (const [path, init] of ways) {
      const res = await fetch(ph.url + path, init);
      assert.equal(res.status, 200, JSON.stringify(init));
      assert.deepEqual(await res.json(), { sessions: [] });
    }
    // A token lets an agent do real work, not just list.
    const created = await fetch(`${ph.url}/v1/sessions?token=tok-3x4mple`, { method: "POST", body: "{}" });
    assert.equal(created.status, 201);
    await created.body?.cancel();
  },
);

Deno.test(
  "with --token, a missing or wrong token is 401 unauthorized on every route but /health",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.token = "tok-3x4mple"));
    const sid = (await ph.post("/v1/sessions", {})).body.sessionId;
    const wrong: RequestInit[] = [
      {},
      { headers: { authorization: "Bearer nope" } },
      { headers: { authorization: "Bearer tok-3x4mple-and-more" } },
      { headers: { authorization: "Basic dG9rLTN4NG1wbGU=" } },
      { headers: { "x-bap-token": "tok-3x4mpl" } },
      { headers: { "x-bap-token": "" } },
    ];
    for (const init of wrong) {
      const res = await fetch(`${ph.url}/v1/sessions`, init);
      const body = await res.json();
      assertError({ status: res.status, body }, 401, "unauthorized");
      assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer/);
    }
    for (
      const path of ["/v1/sessions?token=nope", `/v1/sessions/${sid}`, "/openapi.json", "/no-such-route"]
    ) {
      const res = await fetch(ph.url + path);
      assertError({ status: res.status, body: await res.json() }, 401, "unauthorized");
    }
    const del = await fetch(`${ph.url}/v1/sessions/${sid}`, { method: "DELETE" });
    assertError({ status: del.status, body: await del.json() }, 401, "unauthorized");
    assert.equal(ph.server.registry.size, 1, "the unauthorised DELETE did nothing");
    const health = await fetch(`${ph.url}/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
  },
);

// ---- Host and Origin --------------------------------------------------------------------

Deno.test(
  "a Host that is not loopback or allowed is 403 host_not_allowed (DNS rebinding)",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.allowedHosts = ["porthole.internal"]));
    const port = ph.server.port;
    const get = (host: string) => raw(port, ["GET /v1/sessions HTTP/1.1", `Host: ${host}`]);
    for (
      const host of [
        "evil.example",
        `evil.example:${port}`,
        "127.0.0.1.evil.example",
        "localhost.evil.example",
        "10.0.0.8",
      ]
    ) {
      assertError(await get(host), 403, "host_not_allowed");
    }
    for (
      const host of [
        "localhost",
        `localhost:${port}`,
        `127.0.0.1:${port}`,
        `[::1]:${port}`,
        "app.localhost",
        "LOCALHOST",
      ]
    ) {
      const r = await get(host);
      assert.equal(r.status, 200, `${host}: ${JSON.stringify(r.body)}`);
    }
    // --allowed-host adds exactly that name.
    assert.equal((await get("porthole.internal:8080")).status, 200);
    assert.equal((await get("PORTHOLE.INTERNAL")).status, 200);
    assertError(await get("other.internal"), 403, "host_not_allowed");
    // A refused Host changes nothing.
    const post = await raw(port, ["POST /v1/sessions HTTP/1.1", "Host: evil.example"], "{}");
    assertError(post, 403, "host_not_allowed");
    assert.equal(ph.server.registry.size, 0);
  },
);

Deno.test("a browser Origin that is not allowed is 403 request_origin_not_allowed", browserTest, async () => {
  await using ph = await Porthole.start((c) => (c.allowedRequestOrigins = ["http://ui.example:8080"]));
  const get = (headers: Record<string, string>) =>
    fetch(`${ph.url}/v1/sessions`, { headers }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  for (const origin of ["http://evil.example", "null", "http://ui.example:8081", "https://ui.example:8080"]) {
    assertError(await get({ origin }), 403, "request_origin_not_allowed");
  }
  assert.equal((await get({ origin: "http://ui.example:8080" })).status, 200, "--allowed-origin permits it");
  assert.equal((await get({ origin: ph.url })).status, 200, "the sidecar's own origin (its UI) is allowed");
  // A page's no-cors request carries no Origin, but does say it is cross-site.
  assertError(await get({ "sec-fetch-site": "cross-site" }), 403, "request_origin_not_allowed");
  assert.equal((await get({ "sec-fetch-site": "none" })).status, 200);
  // Nothing happens for a refused origin.
  const post = await fetch(`${ph.url}/v1/sessions`, {
    method: "POST",
    body: "{}",
    headers: { origin: "http://evil.example" },
  });
  assertError({ status: post.status, body: await post.json() }, 403, "request_origin_not_allowed");
  assert.equal(ph.server.registry.size, 0);
});

// ---- bodies -----------------------------------------------------------------------------

Deno.test(
  "bodies are strict: an unknown field like stateID is 400 invalid_params naming it",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const typo = await ph.post(`/v1/sessions/${sid}/act`, {
      stateID: "st_1",
      targetId: "t",
      action: "click",
      ref: "@e1",
    });
    assertInvalid(typo, "stateID");
    assert.match(typo.body.error.message, /stateID/);
    assert.equal(typo.body.error.details.suggestion, "stateId");
    assertInvalid(
      await ph.post("/v1/sessions", { viewport: { width: 800, height: 600, depth: 24 } }),
      "viewport.depth",
    );
    assertInvalid(
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank", observe: { maxdepth: 3 } }),
      "observe.maxdepth",
    );
    assertInvalid(await ph.post(`/v1/sessions/${sid}/observe`, { page: "p_1" }), "page");
  },
);

Deno.test(
  "bodies are strict: a wrong type or an unknown enum value is 400 invalid_params naming the field",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const act = (extra: Record<string, unknown>) =>
      ph.post(`/v1/sessions/${sid}/act`, { stateId: "st_1", targetId: "t", action: "click", ...extra });
    assertInvalid(await ph.post(`/v1/sessions/${sid}/navigate`, { url: 42 }), "url");
    assertInvalid(await ph.post(`/v1/sessions/${sid}/navigate`, {}), "url");
    assertInvalid(
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank", waitUntil: "networkidle0" }),
      "waitUntil",
    );
    assertInvalid(await ph.post(`/v1/sessions/${sid}/observe`, { tier: "everything" }), "tier");
    assertInvalid(await ph.post(`/v1/sessions/${sid}/observe`, { maxDepth: 21 }), "maxDepth");
    assertInvalid(await ph.post(`/v1/sessions/${sid}/observe`, { maxDepth: "3" }), "maxDepth");
    assertInvalid(await act({ action: "tap" }), "action");
    assertInvalid(await act({ ref: 7 }), "ref");
    assertInvalid(await act({ timeoutMs: 60001 }), "timeoutMs");
    assertInvalid(await act({ timeoutMs: -1 }), "timeoutMs");
    assertInvalid(await act({ timeoutMs: 1.5 }), "timeoutMs");
    assertInvalid(await act({ expect: { selector: "#x" } }), "expect.text");
    assertInvalid(
      await ph.post("/v1/sessions", { viewport: { width: "wide", height: 600 } }),
      "viewport.width",
    );
    assertInvalid(await ph.post("/v1/sessions", { allowedOrigins: "https://a.example" }), "allowedOrigins");
    assert.equal(ph.server.registry.size, 1, "no invalid request created a session");
  },
);

Deno.test(
  "invalid JSON and non-object bodies are 400 invalid_params on field (body)",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    for (
      const body of [
        "{",
        "{'url': 'about:blank'}",
        "[]",
        "[{}]",
        "null",
        "true",
        "42",
        '"about:blank"',
        "{}}",
      ]
    ) {
      for (const path of ["/v1/sessions", `/v1/sessions/${sid}/observe`, `/v1/sessions/${sid}/navigate`]) {
        const r = await ph.post(path, body);
        assertInvalid(r, "(body)");
      }
    }
    assert.equal(ph.server.registry.size, 1);
    assert.equal(ph.server.registry.pool.stats().running, false, "nothing reached the browser");
    // An empty body is an empty object where everything is optional.
    assert.equal((await ph.request("POST", "/v1/sessions")).status, 201);
  },
);

Deno.test(
  "a body over --max-body is 413 body_too_large, whether announced by Content-Length or streamed",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.maxBodyBytes = 1024));
    const big = JSON.stringify({ userAgent: "x".repeat(4000) });
    const announced = await fetch(`${ph.url}/v1/sessions`, { method: "POST", body: big });
    assertError({ status: announced.status, body: await announced.json() }, 413, "body_too_large");

    const chunks = Array.from({ length: 8 }, () => new TextEncoder().encode(" ".repeat(512)));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await fetch(`${ph.url}/v1/sessions`, { method: "POST", body: stream });
    const streamedBody = await streamed.json();
    assertError({ status: streamed.status, body: streamedBody }, 413, "body_too_large");
    assert.equal(streamedBody.error.details.maxBytes, 1024);
    assert.equal(ph.server.registry.size, 0);

    // Exactly at the limit is fine.
    const fits = "{}" + " ".repeat(1022);
    assert.equal((await ph.post("/v1/sessions", fits)).status, 201);
  },
);

// ---- 404s -------------------------------------------------------------------------------

Deno.test("an unknown session is 404 session_not_found on every session route", browserTest, async () => {
  await using ph = await Porthole.start();
  const bodies: Record<string, unknown> = {
    navigate: { url: "about:blank" },
    act: { stateId: "st_1", targetId: "t", action: "click", ref: "@e1" },
    wait: { timeMs: 1 },
    inspect: { kind: "console" },
    dialog_policy_set: { action: "accept" },
    cookies_set: { cookies: [] },
    emulate: { offline: false },
    extract: { schema: { type: "string" } },
    element: { locator: { type: "css", value: "a" }, properties: ["text"] },
    takeover_start: { who: "Ana" },
    takeover_input: { events: [{ type: "text", text: "a" }] },
    session_update: { mode: "plan" },
    reconcile: { actionId: "a_1" },
    find: { text: "x" },
  };
  let checked = 0;
  for (const op of OPS) {
    if (!op.path.includes(":sessionId")) continue;
    const path = op.path.replace(":sessionId", "s_nosuchsession").replace(/:(\w+)/g, "x_$1");
    // A GET's input is its query.
    const body = op.input && op.method !== "GET"
      ? bodies[op.name.replace(/^test_browser_/, "")] ?? {}
      : undefined;
    const r = await ph.request(op.method, path, body);
    assertError(r, 404, "session_not_found");
    assert.match(r.body.error.message, /s_nosuchsession/);
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} session routes`);
});

Deno.test("an unknown route or method is 404 with the error body", browserTest, async () => {
  await using ph = await Porthole.start();
  for (
    const [method, path] of [["GET", "/nope"], ["GET", "/v2/sessions"], ["PUT", "/v1/sessions"], [
      "PATCH",
      "/health",
    ], ["POST", "/v1/sessions/s_1/frobnicate"]]
  ) {
    const r = await ph.request(method, path);
    assert.equal(r.status, 404, `${method} ${path}`);
    assertErrorShape(r, `${method} ${path}`);
  }
});

// ---- never a 500 ------------------------------------------------------------------------

// Bodies with a url carry a short timeoutMs: to `wait`, a url is a condition that may never be met.
const MALFORMED: (string | Uint8Array<ArrayBuffer>)[] = [
  "",
  " ",
  "{",
  "}",
  "null",
  "true",
  "-1",
  '"x"',
  "[]",
  "[{}]",
  "{}",
  "\uFEFF{}",
  '{"a":1,"a":2}',
  '{"stateID":"x"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"url":5}',
  '{"url":null}',
  '{"url":"http://","timeoutMs":100}',
  '{"url":"http://[::1","timeoutMs":100}',
  '{"url":"javascript:alert(1)","timeoutMs":100}',
  '{"url":"file:///etc/passwd","timeoutMs":100}',
  '{"url":"http://169.254.169.254/latest/meta-data/","timeoutMs":100}',
  '{"url":"about:blank","pageId":""}',
  '{"url":"about:blank","pageId":"p_missing"}',
  '{"timeoutMs":"1"}',
  '{"timeoutMs":1e400}',
  '{"timeoutMs":-5}',
  '{"timeoutMs":60001}',
  '{"maxDepth":0}',
  '{"frameId":"nope"}',
  '{"since":"st_never"}',
  '{"viewport":[]}',
  '{"viewport":{"width":1e400,"height":1e400}}',
  '{"stateId":"","targetId":"","action":"click"}',
  '{"stateId":"st_x","targetId":"t","action":"navigate","url":"not a url"}',
  '{"stateId":"st_x","targetId":"t","action":"type","ref":"@e1","text":"","secretRef":"s"}',
  '{"kind":"network","limit":0}',
  '{"format":"gif"}',
  '{"text":"a","url":"b"}',
  JSON.stringify({ pageId: "p".repeat(5000) }),
  JSON.stringify({ url: "http://127.0.0.1/" + "a".repeat(9000) }),
  "[".repeat(50_000) + "]".repeat(50_000),
  '{"viewport":' + "[".repeat(50_000) + "]".repeat(50_000) + "}",
  new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
];

const BAD_IDS = ["%", "%E0%A4%A", "%00", "..%2F..%2Fetc", "x".repeat(4096), "s_%22%3Cscript%3E"];

Deno.test(
  "nothing a client can send gets a 500: malformed requests on every route",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const nav = await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" });
    assert.equal(nav.status, 200);
    const pageId = nav.body.pageId;
    const failures: string[] = [];
    let sent = 0;

    const send = async (
      method: string,
      path: string,
      body?: string | Uint8Array<ArrayBuffer>,
      headers: Record<string, string> = {},
    ) => {
      sent++;
      const res = await fetch(ph.url + path, { method, body, headers });
      const text = method === "HEAD" ? "" : await res.text();
      const label = `${method} ${path.slice(0, 80)} ${
        typeof body === "string" ? body.slice(0, 60) : body ? "<bytes>" : ""
      }`;
      const allowed5xx = [502, 503, 504].includes(res.status);
      if (res.status >= 500 && !allowed5xx) failures.push(`${res.status} ${label}: ${text.slice(0, 200)}`);
      if (res.status < 300 && text.startsWith("{")) {
        const parsed = JSON.parse(text);
        // Only act results carry an error in a 200, next to their execution outcome.
        if (parsed.error && parsed.execution === undefined) {
          failures.push(
            `error body with ${res.status} ${label}: ${text.slice(0, 200)}`,
          );
        }
      }
      if (res.status >= 400 && method !== "HEAD") {
        try {
          assertErrorShape({ status: res.status, body: JSON.parse(text) }, label);
        } catch (err) {
          failures.push(`bad error body ${res.status} ${label}: ${(err as Error).message}`);
        }
      }
    };

    const routes = OPS.filter((op) => op.method !== "DELETE");
    const fill = (path: string, session: string, page: string) =>
      path.replace(":sessionId", session).replace(":pageId", page).replace(/:(\w+)/g, "x_$1");
    for (const op of routes) {
      const path = fill(op.path, sid, pageId);
      if (op.method === "POST") {
        for (const body of MALFORMED) await send("POST", path, body, { "content-type": "application/json" });
        await send("POST", path, '{"x":1}', { "content-type": "text/plain" });
        await send("POST", path, "a=1&b=2", { "content-type": "application/x-www-form-urlencoded" });
      } else {
        await send(op.method, path);
        await send("HEAD", path);
      }
      for (const method of ["PUT", "PATCH", "OPTIONS"]) await send(method, path);
      for (const bad of BAD_IDS) {
        await send(op.method, fill(op.path, bad, bad), op.method === "POST" ? "{}" : undefined);
        if (op.path.includes(":pageId")) {
          await send(
            op.method,
            fill(op.path, sid, bad),
            op.method === "POST" ? "{}" : undefined,
          );
        }
      }
    }
    for (const bad of BAD_IDS) {
      await send("DELETE", `/v1/sessions/${sid}/pages/${bad}`);
      await send("DELETE", `/v1/sessions/${bad}`);
      await send("GET", `/v1/sessions?token=${bad}`);
    }
    await send("GET", "/%");
    await send("GET", "/health?%");

    assert.deepEqual(failures, [], `${failures.length} of ${sent} requests failed the rule`);
    assert.ok(sent > 500, `only ${sent} requests`);
    // The session survived all of it and still works.
    assert.equal((await ph.post(`/v1/sessions/${sid}/observe`, {})).status, 200);
    assert.equal((({}) as Record<string, unknown>).polluted, undefined, "no prototype pollution");
  },
);

// ---- OpenAPI ----------------------------------------------------------------------------

Deno.test(
  "GET /openapi.json is OpenAPI 3.1 with every route and its request schema",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const r = await ph.request("GET", "/openapi.json");
    assert.equal(r.status, 200);
    const doc = r.body;
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(doc.info.title, "Porthole");
    assert.match(doc.info.version, SEMVER);
    assert.ok(doc.paths["/health"]?.get, "/health is documented");
    assert.deepEqual(doc.paths["/health"].get.security, [], "/health needs no token");
    assert.ok(doc.components.securitySchemes.bearer);

    const resolve = (schema: Json): Json => {
      if (!schema?.$ref) return schema;
      const name = schema.$ref.replace("#/components/schemas/", "");
      assert.ok(doc.components.schemas[name], `dangling ${schema.$ref}`);
      return doc.components.schemas[name];
    };
    const operationIds = new Set<string>();
    for (const op of OPS) {
      const path = op.path.replace(/:(\w+)/g, "{$1}");
      const entry = doc.paths[path]?.[op.method.toLowerCase()];
      assert.ok(entry, `${op.method} ${path} is missing`);
      assert.ok(!operationIds.has(entry.operationId), `duplicate operationId ${entry.operationId}`);
      operationIds.add(entry.operationId);
      assert.equal(typeof entry.summary, "string");
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const query = op.method === "GET" && op.input; // a GET's input is its query
      const inPath = entry.parameters.filter((p: Json) => p.in === "path");
      assert.deepEqual(inPath.map((p: Json) => p.name), params, `${path} parameters`);
      for (const p of entry.parameters) {
        if (p.in === "header") {
          // Only Prefer (return=minimal), on the operations whose answers it shapes.
          assert.equal(p.name, "Prefer");
          assert.equal(op.method, "POST", op.name);
          continue;
        }
        assert.equal(p.in, query && p.in === "query" ? "query" : "path");
      }
      if (["navigate", "observe", "find", "act"].includes(op.name)) {
        assert.ok(entry.parameters.some((p: Json) => p.name === "Prefer"), `${op.name} documents Prefer`);
      }
      assert.ok(entry.responses[String(op.status ?? 200)], `${op.name} success response`);
      assert.ok(entry.responses.default || entry.responses["400"], `${op.name} error response`);
      if (query) {
        assert.ok(entry.parameters.some((p: Json) => p.in === "query"), `${op.name} has no query schema`);
      } else if (op.input) {
        const schema = resolve(entry.requestBody?.content?.["application/json"]?.schema);
        assert.ok(schema, `${op.name} has no request schema`);
        assert.equal(schema.type, "object");
        assert.equal(schema.additionalProperties, false, `${op.name} schema is not strict`);
        assert.equal(schema.$schema, undefined, "3.1 uses its own dialect");
      } else {
        assert.equal(entry.requestBody, undefined);
      }
    }
    const act = resolve(
      doc.paths["/v1/sessions/{sessionId}/act"].post.requestBody.content["application/json"].schema,
    );
    assert.deepEqual([...act.required].sort(), ["action", "stateId", "targetId"]);
    assert.ok(act.properties.action.enum.includes("click"));
    assert.equal(act.properties.timeoutMs.maximum, 60000);
    assert.equal(doc.paths["/v1/sessions/{sessionId}/act"].post.requestBody.required, true);
    const errorSchema = resolve({ $ref: "#/components/schemas/Error" });
    assert.deepEqual([...errorSchema.properties.error.required].sort(), ["code", "message", "retryable"]);
    assert.ok(errorSchema.properties.error.properties.code.enum.includes("session_not_found"));
  },
);

Deno.test(
  "CORS is off unless an origin is allowed; then preflights pass before the token",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => {
      c.allowedRequestOrigins = ["http://ui.example:8080"];
      c.token = "t0ken";
    });
    const plain = await fetch(`${ph.url}/v1/sessions`, { headers: { authorization: "Bearer t0ken" } });
    await plain.body?.cancel();
    assert.equal(
      plain.headers.get("access-control-allow-origin"),
      null,
      "no CORS header without an allowed Origin",
    );
    const preflight = await fetch(`${ph.url}/v1/sessions`, {
      method: "OPTIONS",
      headers: { origin: "http://ui.example:8080", "access-control-request-method": "POST" },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "http://ui.example:8080");
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /authorization/);
    const real = await fetch(`${ph.url}/v1/sessions`, {
      headers: { origin: "http://ui.example:8080", authorization: "Bearer t0ken" },
    });
    await real.body?.cancel();
    assert.equal(real.status, 200);
    assert.equal(real.headers.get("access-control-allow-origin"), "http://ui.example:8080");
    const refused = await fetch(`${ph.url}/v1/sessions`, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example" },
    });
    await refused.body?.cancel();
    assert.equal(refused.status, 403);
  },
);

Deno.test("routes/op_routes.gen.ts lists every operation of lib/ops as it is (run `deno task routes`)", async () => {
  const { OP_ROUTES } = await import("../../routes/op_routes.gen.ts");
  const { opRoutesModule, ROUTES_MODULE } = await import("../../build/op_routes.ts");
  assert.deepEqual(
    OP_ROUTES.map((r) => [...r]),
    OPS.map((op) => [op.name, op.method, op.path]),
    "the HTTP routes are stale: run `deno task routes`",
  );
  // The file itself is what the generator writes (formatted as deno fmt leaves it).
  const written = await Deno.readTextFile(ROUTES_MODULE);
  const fresh = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext", "ts", "-"],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = fresh.stdin.getWriter();
  await w.write(new TextEncoder().encode(await opRoutesModule()));
  await w.close();
  assert.equal(new TextDecoder().decode((await fresh.output()).stdout), written);
});
