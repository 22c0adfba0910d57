/** OpenAPI 3.1, generated from the same operation definitions and schemas the routes validate with. */
import { toJsonSchema } from "@valibot/to-json-schema";
import { OPS } from "../lib/ops/ops.ts";
import { ERROR_TABLE } from "../lib/protocol/errors.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../lib/version.ts";

type Json = Record<string, unknown>;

let cached: Json | null = null;

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
});

/** `session_create` → `SessionCreateInput`. */
function schemaName(opName: string): string {
  return opName.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("") + "Input";
}

/** A request schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without a `$schema` of its own. */
// deno-lint-ignore no-explicit-any
function requestSchema(schema: any): Json {
  const json = toJsonSchema(schema, { target: "draft-2020-12", errorMode: "ignore" }) as Json;
  delete json.$schema;
  return json;
}

/** The live view's stream: a route of its own, since an operation answers once. */
const SCREENCAST_ENTRY: Json = {
  operationId: "page_screencast",
  summary: "Stream a page's live frames as server-sent events `frame` (JSON: data = base64 JPEG of at " +
    "most 1280×720, deviceWidth, deviceHeight, timestamp), at most 15 a second; the page's screencast " +
    "runs only while someone reads a stream, and `end` closes it when the page or session goes",
  tags: ["pages"],
  parameters: ["sessionId", "pageId"].map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  })),
  responses: {
    "200": {
      description: "An event stream",
      content: { "text/event-stream": { schema: { type: "string" } } },
    },
    "404": errorResponse("session_not_found or page_not_found"),
    "503": errorResponse("browser_not_installed, browser_disconnected or session_disposed"),
    default: errorResponse("Error"),
  },
};

export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {
    "/health": {
      get: {
        operationId: "health",
        summary: "Liveness: open without a token and with any Host",
        security: [],
        responses: {
          "200": {
            description: "The sidecar is up",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["status", "version", "porthole"],
                  properties: {
                    status: { const: "ok" },
                    version: { const: PROTOCOL_VERSION, description: "BAP protocol version" },
                    porthole: { type: "string", description: "Porthole's own version" },
                  },
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    },
    "/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This document",
        responses: { "200": { description: "OpenAPI 3.1 document" }, default: errorResponse("Error") },
      },
    },
  };
  const schemas: Record<string, Json> = {};
  for (const op of OPS) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    const params = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const status = String(op.status ?? 200);
    const entry: Json = {
      operationId: op.name,
      summary: op.description,
      tags: [op.path.includes("/pages") ? "pages" : /:sessionId\/\w/.test(op.path) ? "tools" : "sessions"],
      parameters: params,
      responses: {
        [status]: status === "204" ? { description: "Done" } : {
          description: "Success",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "400": errorResponse("invalid_params: the failing field is in error.details.field"),
        "401": errorResponse("unauthorized"),
        "403": errorResponse("host_not_allowed, request_origin_not_allowed, or a policy refusal"),
        "404": errorResponse("session_not_found, page_not_found, or another unknown id"),
        "413": errorResponse("body_too_large"),
        "429": errorResponse("context_limit, page_limit or queue_full; see Retry-After"),
        "503": errorResponse("browser_not_installed, browser_disconnected or session_disposed"),
        default: errorResponse("Error"),
      },
    };
    if (op.input) {
      const name = schemaName(op.name);
      const schema = requestSchema(op.input);
      schemas[name] = schema;
      const required = Array.isArray(schema.required) && schema.required.length > 0;
      entry.requestBody = {
        required,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
      };
    }
    (paths[path] ??= {})[op.method.toLowerCase()] = entry;
  }
  paths["/v1/sessions/{sessionId}/pages/{pageId}/screencast"] = { get: SCREENCAST_ENTRY };
  cached = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Porthole",
      version: PORTHOLE_VERSION,
      description: `A browser for AI agents, as a sidecar (BAP ${PROTOCOL_VERSION}). When a token is ` +
        "configured, every route but /health needs it, in any one of the three ways below.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { bapToken: [] }, { queryToken: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        bapToken: { type: "apiKey", in: "header", name: "X-BAP-Token" },
        queryToken: { type: "apiKey", in: "query", name: "token" },
      },
      schemas: {
        ...schemas,
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message", "retryable"],
              properties: {
                code: { type: "string", enum: Object.keys(ERROR_TABLE) },
                message: { type: "string" },
                retryable: { type: "boolean" },
                retryAfterMs: { type: "integer" },
                recoveryHint: { type: "string" },
                details: { type: "object" },
              },
            },
          },
        },
      },
    },
  };
  return cached;
}
