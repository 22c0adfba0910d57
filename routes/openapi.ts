/** OpenAPI 3.1, generated from the same operation definitions and schemas the routes validate with. */
import { toJsonSchema, toJsonSchemaDefs } from "@valibot/to-json-schema";
import { OPS } from "../lib/ops/ops.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../lib/version.ts";
import { shapesAnswer } from "../lib/protocol/minimal.ts";
import { OP_EXAMPLES } from "./openapi_examples.ts";
import { RESULT_COMPONENTS } from "./openapi_result_names.ts";
import { DOOR_PATHS, noBody } from "./openapi_doors.ts";

type Json = Record<string, unknown>;

let cached: Json | null = null;

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
});

/** The error statuses every operation may answer, besides its own success. */
const OP_ERRORS = {
  "400": errorResponse("invalid_params: the failing field is in error.details.field"),
  "401": errorResponse("unauthorized"),
  "403": errorResponse("host_not_allowed, request_origin_not_allowed, or a policy refusal"),
  "404": errorResponse("session_not_found, page_not_found, or another unknown id"),
  "413": errorResponse("body_too_large"),
  "429": errorResponse("context_limit, page_limit or queue_full; see Retry-After"),
  "503": errorResponse("browser_not_installed, browser_disconnected or session_disposed"),
  default: errorResponse("Error"),
};

/** `session_create` → `SessionCreate`. */
function schemaName(opName: string): string {
  return opName.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

/** A request schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without a `$schema` of its own. */
// deno-lint-ignore no-explicit-any
function requestSchema(schema: any): Json {
  const json = toJsonSchema(schema, { target: "draft-2020-12", errorMode: "ignore" }) as Json;
  delete json.$schema;
  return json;
}

/** Result schemas name the shared shapes (Observation, ArtifactRef, …) as components. */
const RESULT_CONFIG = {
  target: "draft-2020-12",
  errorMode: "ignore",
  definitions: RESULT_COMPONENTS,
  overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
} as const;

/** An operation's output schema as JSON Schema, its shared shapes as $refs to the components. */
// deno-lint-ignore no-explicit-any
function resultSchema(schema: any): Json {
  const json = toJsonSchema(schema, RESULT_CONFIG) as Json;
  delete json.$schema;
  delete json.$defs;
  return json;
}

function tagOf(path: string): string {
  if (path.startsWith("/v1/test-browser/")) return "test-browser";
  if (path.includes("/takeover")) return "takeover";
  return path.includes("/pages") ? "pages" : /:sessionId\/\w/.test(path) ? "tools" : "sessions";
}

// deno-lint-ignore no-explicit-any
function success(op: any, schemas: Record<string, Json>): Json {
  const status = String(op.status ?? 200);
  if (status === "204") return { [status]: { description: "Done; no body" } };
  // The test browser mounts the agent's operations again under test_browser_*: same bodies.
  const base = String(op.name).replace(/^test_browser_/, "");
  if (base === "artifact_get") {
    return {
      [status]: {
        description:
          "The artifact's bytes (image/png, image/jpeg, image/webp, application/pdf or a JSON trace)",
        headers: { ETag: { schema: { type: "string" } } },
        content: {
          "application/octet-stream": {
            schema: { type: "string", contentMediaType: "application/octet-stream" },
          },
        },
      },
      "304": noBody("Not modified: If-None-Match named this artifact"),
    };
  }
  if (!op.output) throw new Error(`openapi: ${op.name} answers ${status} without an output schema`);
  const name = schemaName(op.name) + "Result";
  schemas[name] = resultSchema(op.output);
  const example = OP_EXAMPLES[base]?.response;
  return {
    [status]: {
      description: "Success",
      content: {
        "application/json": {
          schema: { $ref: `#/components/schemas/${name}` },
          ...(example ? { example } : {}),
        },
      },
    },
  };
}

/** Whether an operation's answer is one `Prefer: return=minimal` shapes (lib/protocol/minimal.ts). */
function answersMinimal(output: unknown): boolean {
  const entries = (output as { entries?: Record<string, unknown> } | null)?.entries;
  return entries !== undefined && shapesAnswer(Object.keys(entries));
}

export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = structuredClone(DOOR_PATHS);
  const schemas: Record<string, Json> = {};
  for (const op of OPS) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    const params: Json[] = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    if (answersMinimal(op.output)) {
      params.push({
        name: "Prefer",
        in: "header",
        required: false,
        schema: { type: "string", examples: ["return=minimal"] },
        description:
          "return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); " +
          "the response then says Preference-Applied: return=minimal",
      });
    }
    const entry: Json = {
      operationId: op.name,
      summary: op.description,
      tags: [tagOf(op.path)],
      parameters: params,
      responses: { ...success(op, schemas), ...OP_ERRORS },
    };
    if (op.input && op.method === "GET") {
      // A GET's input is its query string (routes/http.ts reads each value as JSON where it is JSON).
      const { properties = {}, required = [] } = requestSchema(op.input) as {
        properties?: Record<string, Json>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(properties)) {
        params.push({
          name,
          in: "query",
          required: required.includes(name),
          schema,
          description: schema.description,
        });
      }
    } else if (op.input) {
      const name = schemaName(op.name) + "Input";
      const schema = requestSchema(op.input);
      schemas[name] = schema;
      const required = Array.isArray(schema.required) && schema.required.length > 0;
      const example = OP_EXAMPLES[op.name]?.request;
      entry.requestBody = {
        required,
        content: {
          "application/json": {
            schema: { $ref: `#/components/schemas/${name}` },
            ...(example ? { example } : {}),
          },
        },
      };
    }
    (paths[path] ??= {})[op.method.toLowerCase()] = entry;
  }
  const results = toJsonSchemaDefs(RESULT_COMPONENTS, RESULT_CONFIG);
  cached = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Porthole",
      version: PORTHOLE_VERSION,
      description: `A browser for AI agents, as a sidecar (BAP ${PROTOCOL_VERSION}). When a token is ` +
        "configured, every route but /health needs it, in any one of the three ways below. While a person " +
        "holds a session (POST /v1/sessions/{sessionId}/takeover), its operations answer 409 human_in_control " +
        "unless the request carries the takeover id in the `X-Porthole-Takeover` header (the TakeoverPass " +
        "parameter); the test browser's routes (/v1/test-browser/sessions) use a registry and a Chromium of their own.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { bapToken: [] }, { queryToken: [] }],
    paths,
    components: {
      parameters: {
        TakeoverPass: {
          name: "X-Porthole-Takeover",
          in: "header",
          required: false,
          description: "The takeoverId of the person in control: their calls pass the session's gate",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        bapToken: { type: "apiKey", in: "header", name: "X-BAP-Token" },
        queryToken: { type: "apiKey", in: "query", name: "token" },
      },
      schemas: {
        ...schemas,
        ...results,
        // Inline in Error too, so a reader of Error sees the whole shape without a jump.
        Error: { type: "object", required: ["error"], properties: { error: results.ErrorBody } },
      },
    },
  };
  return cached;
}
