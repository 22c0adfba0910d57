/**
 * /openapi.json: valid OpenAPI 3.1 by the specification's own JSON Schema, every route with
 * request and response schemas, examples that match them, and real responses that match too.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Validator } from "@seriousme/openapi-schema-validator";
import { OPS } from "../../lib/ops/ops.ts";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

function ajv() {
  // OpenAPI's own keywords (example, discriminator …) are annotations to JSON Schema.
  return new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
}

async function served(): Promise<Json> {
  await using ph = await Porthole.start();
  const r = await ph.request("GET", "/openapi.json");
  assert.equal(r.status, 200);
  return r.body;
}

/** A validator of the document's component `name`, its $refs resolved in the document. */
function componentValidator(doc: Json) {
  const a = ajv();
  a.addSchema({ $id: "porthole:openapi", components: doc.components }, "porthole:openapi");
  return (schema: Json) => a.compile({ $ref: "porthole:openapi#" + String(schema.$ref).slice(1) });
}

Deno.test("/openapi.json is valid OpenAPI 3.1 by the specification's JSON Schema", async () => {
  const doc = await served();
  const validator = new Validator();
  const result = await validator.validate(doc);
  assert.equal(validator.version, "3.1");
  assert.ok(result.valid, JSON.stringify(result.errors, null, 2));
  const broken = structuredClone(doc);
  broken.paths["/health"].get.responses = { "200": { content: {} } };
  assert.equal((await new Validator().validate(broken)).valid, false, "the validator refuses a bad document");
});

Deno.test("every component schema of /openapi.json is a valid JSON Schema 2020-12", async () => {
  const doc = await served();
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    const a = ajv();
    assert.ok(a.validateSchema(schema as Json), `${name}: ${JSON.stringify(a.errors)}`);
  }
});

Deno.test("every route has a response schema, every body a request schema, 204s included", async () => {
  const doc = await served();
  for (
    const route of ["/health", "/openapi.json", "/metrics", "/v1/events", "/v1/sessions/{sessionId}/events"]
  ) {
    const ok = doc.paths[route]?.get?.responses?.["200"];
    assert.ok(ok?.content, `${route} has a 200 with a body`);
    assert.ok(
      Object.values(ok.content).every((m) => (m as Json).schema),
      `${route}: every media type has a schema`,
    );
  }
  assert.ok(doc.paths["/mcp"].post.requestBody.content["application/json"].schema);
  assert.ok(doc.paths["/"].get.responses["101"]);
  for (const op of OPS) {
    const entry = doc.paths[op.path.replace(/:(\w+)/g, "{$1}")][op.method.toLowerCase()];
    const status = String(op.status ?? 200);
    const res = entry.responses[status];
    assert.ok(res, `${op.name} documents ${status}`);
    assert.ok(res.description, `${op.name} ${status} has a description`);
    if (status !== "204") {
      const media = Object.values(res.content ?? {}) as Json[];
      assert.ok(media.length && media.every((m) => m.schema), `${op.name} ${status} has a body schema`);
    } else assert.equal(res.content, undefined, `${op.name} 204 has no body`);
    assert.ok(entry.responses["400"].content["application/json"].schema, `${op.name} documents its errors`);
    if (op.input && op.method === "GET") {
      assert.ok(entry.parameters.some((p: Json) => p.in === "query"), `${op.name} query schema`);
    } else if (op.input) {
      assert.ok(entry.requestBody.content["application/json"].schema, `${op.name} request schema`);
    }
  }
});

Deno.test("no response in /openapi.json lacks a schema: only a 204 has no content", async () => {
  const doc = await served();
  const lacking: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, entry] of Object.entries(methods as Record<string, Json>)) {
      for (const [status, res] of Object.entries((entry as Json).responses as Record<string, Json>)) {
        const media = Object.values(res.content ?? {}) as Json[];
        const described = media.length > 0 && media.every((m) => m.schema && Object.keys(m.schema).length);
        if (status === "204" ? media.length > 0 : !described) lacking.push(`${method} ${path} ${status}`);
      }
    }
  }
  assert.deepEqual(lacking, [], "responses without a schema (or a 204 with a body)");
});

Deno.test("results stay open: no response schema, nor a shape it names, forbids an added field", async () => {
  const doc = await served();
  const closed: string[] = [];
  const seen = new Set<string>();
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    const n = node as Json;
    if (n.additionalProperties === false) closed.push(where);
    if (typeof n.$ref === "string" && !seen.has(n.$ref)) {
      seen.add(n.$ref);
      walk(doc.components.schemas[n.$ref.split("/").pop()!], n.$ref);
    }
    for (const v of Object.values(n)) walk(v, where);
  };
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
    if (!path.startsWith("/v1/")) continue;
    for (const entry of Object.values(methods as Record<string, Json>)) {
      for (const [status, res] of Object.entries((entry as Json).responses as Record<string, Json>)) {
        if (/^2/.test(status)) walk(res.content, `${path} ${status}`);
      }
    }
  }
  assert.ok(seen.has("#/components/schemas/Observation"), "the walk follows $refs");
  assert.deepEqual(closed, []);
});

Deno.test("the observe and act examples match their own schemas", async () => {
  const doc = await served();
  const compile = componentValidator(doc);
  for (
    const [path, name] of [["/v1/sessions/{sessionId}/observe", "observe"], [
      "/v1/sessions/{sessionId}/act",
      "act",
    ]]
  ) {
    const entry = doc.paths[path].post;
    const req = entry.requestBody.content["application/json"];
    const res = entry.responses["200"].content["application/json"];
    assert.ok(req.example && res.example, `${name} has examples`);
    for (const m of [req, res]) {
      const v = compile(m.schema);
      assert.ok(v(m.example), `${name}: ${JSON.stringify(v.errors)}`);
    }
  }
});

Deno.test("real responses of the agent loop match the documented response schemas", browserTest, async () => {
  await using site = new Site({
    "/":
      `<title>Start</title><h1>Start</h1><button onclick="document.querySelector('h1').textContent='Done'">Go</button>`,
  });
  await using ph = await Porthole.start();
  const doc = (await ph.request("GET", "/openapi.json")).body;
  const compile = componentValidator(doc);
  const check = async (opName: string, method: string, path: string, body?: unknown) => {
    const op = OPS.find((o) => o.name === opName)!;
    const r = await ph.request(method, path, body);
    assert.equal(r.status, op.status ?? 200, `${opName}: ${JSON.stringify(r.body)}`);
    if (r.status === 204) return r.body;
    const entry = doc.paths[op.path.replace(/:(\w+)/g, "{$1}")][method.toLowerCase()];
    const v = compile(entry.responses[String(r.status)].content["application/json"].schema);
    assert.ok(v(r.body), `${opName}: ${JSON.stringify(v.errors)} in ${JSON.stringify(r.body).slice(0, 300)}`);
    return r.body;
  };
  const s = await check("session_create", "POST", "/v1/sessions", {});
  const base = `/v1/sessions/${s.sessionId}`;
  await check("session_list", "GET", "/v1/sessions");
  await check("navigate", "POST", `${base}/navigate`, { url: site.url("/"), observe: true });
  const state = await check("observe", "POST", `${base}/observe`, {});
  await check("act", "POST", `${base}/act`, {
    stateId: state.stateId,
    targetId: state.targetId,
    action: "click",
    ref: refOf(state, /button "Go"/),
    expect: { selector: "h1", text: "Done" },
  });
  await check("page_list", "GET", `${base}/pages`);
  await check("screenshot", "POST", `${base}/screenshot`, {});
  await check("elements", "POST", `${base}/elements`, {});
  await check("frames", "POST", `${base}/frames`, {});
  await check("storage_state_get", "GET", `${base}/storage-state`);
  await check("dialog_policy_get", "GET", `${base}/dialog-policy`);
  await check("wait", "POST", `${base}/wait`, { text: "Done" });
  await check("inspect", "POST", `${base}/inspect`, { kind: "console" });
  await check("reload", "POST", `${base}/reload`, {});
  await check("session_delete", "DELETE", base);
  const gone = await ph.request("GET", base);
  const v = compile({ $ref: "#/components/schemas/Error" });
  assert.ok(v(gone.body), JSON.stringify(v.errors));
});
