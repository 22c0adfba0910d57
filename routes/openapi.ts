/** OpenAPI 3.1, generated from the same operation definitions and schemas the routes validate with. */
import { toJsonSchema } from "@valibot/to-json-schema";
import { OPS } from "../lib/ops/ops.ts";
import { ERROR_TABLE } from "../lib/protocol/errors.ts";
import { PORTHOLE_VERSION } from "../lib/version.ts";

let cached: Record<string, unknown> | null = null;

export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPS) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    const params = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const entry: Record<string, unknown> = {
      operationId: op.name,
      summary: op.description,
      parameters: params,
      responses: {
        [String(op.status ?? 200)]: { description: "Success" },
        default: { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    };
    if (op.input) {
      entry.requestBody = {
        required: false,
        content: { "application/json": { schema: toJsonSchema(op.input, { errorMode: "ignore" }) } },
      };
    }
    (paths[path] ??= {})[op.method.toLowerCase()] = entry;
  }
  cached = {
    openapi: "3.1.0",
    info: { title: "Porthole", version: PORTHOLE_VERSION, description: "A browser for AI agents, as a sidecar" },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: {
          type: "object",
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
