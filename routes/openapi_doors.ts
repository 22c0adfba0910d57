/**
 * The routes of /openapi.json that are not operations of lib/ops: health, this document, metrics,
 * the SSE event streams, MCP and BAP's WebSocket. Their bodies are described as far as OpenAPI can.
 */
import { PROTOCOL_VERSION } from "../lib/version.ts";

type Json = Record<string, unknown>;

const errors = {
  "401": {
    description: "unauthorized",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
  default: {
    description: "Error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
};

const SSE_DESCRIPTION =
  "Server-sent events. Each event has `id` (rising; send it back as `Last-Event-ID` to " +
  "replay what you missed), `event` (its type, e.g. `navigation.committed`, `action.finished`) and `data`, " +
  "a JSON object `{sessionId, time, …fields of the type}`. A `dropped` event (no id) says how many events " +
  "a slow reader lost. Comment lines keep an idle stream alive.";

const sse = (operationId: string, summary: string, params: Json[] = []): Json => ({
  get: {
    operationId,
    summary,
    tags: ["events"],
    parameters: [
      ...params,
      { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d+$" } },
      { name: "lastEventId", in: "query", required: false, schema: { type: "string", pattern: "^\\d+$" } },
    ],
    responses: {
      "200": {
        description: SSE_DESCRIPTION,
        content: {
          "text/event-stream": {
            schema: { type: "string" },
            example:
              'id: 7\nevent: page.load\ndata: {"sessionId":"s_…","time":"…","pageId":"p_…","state":"load","url":"https://example.com/"}\n\n',
          },
        },
      },
      "404": {
        description: "session_not_found",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
      ...errors,
    },
  },
});

/**
 * A response that carries no body though its status is not 204 (101, 202, 304, MCP's 200 to a
 * DELETE): its schema says so, so that every response of the document has one.
 */
export const noBody = (description: string): Json => ({
  description,
  content: { "text/plain": { schema: { type: "string", maxLength: 0, description: "No body" } } },
});

const jsonBody = (description: string, schema: Json): Json => ({
  description,
  content: { "application/json": { schema } },
});

/** An object schema that requires each of its properties. */
const allRequired = (properties: Record<string, Json>, more: Json = {}): Json => ({
  type: "object",
  required: Object.keys(properties),
  properties,
  ...more,
});

const jsonRpc = allRequired({ jsonrpc: { const: "2.0" } });

export const DOOR_PATHS: Record<string, Json> = {
  "/health": {
    get: {
      operationId: "health",
      summary: "Liveness: open without a token and with any Host",
      tags: ["service"],
      security: [],
      responses: {
        "200": jsonBody(
          "The sidecar is up",
          allRequired({
            status: { const: "ok" },
            version: { const: PROTOCOL_VERSION, description: "BAP protocol version" },
            porthole: { type: "string", description: "Porthole's own version" },
          }, { additionalProperties: false }),
        ),
      },
    },
  },
  "/openapi.json": {
    get: {
      operationId: "openapi",
      summary: "This document",
      tags: ["service"],
      responses: {
        "200": jsonBody(
          "OpenAPI 3.1 document",
          allRequired({ openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" } }),
        ),
        ...errors,
      },
    },
  },
  "/metrics": {
    get: {
      operationId: "metrics",
      summary: "Prometheus metrics (text exposition format 0.0.4)",
      tags: ["service"],
      responses: {
        "200": { description: "Metrics", content: { "text/plain": { schema: { type: "string" } } } },
        ...errors,
      },
    },
  },
  "/v1/events": sse("events_all", "Events of every session"),
  "/v1/sessions/{sessionId}/events": sse("session_events", "Events of one session", [
    { name: "sessionId", in: "path", required: true, schema: { type: "string" } },
  ]),
  "/v1/sessions/{sessionId}/pages/{pageId}/screencast": {
    get: {
      operationId: "page_screencast",
      summary: "Stream a page's live frames as server-sent events `frame` (JSON: data = base64 JPEG of " +
        "the viewport, deviceWidth, deviceHeight, timestamp), about 6 a second; frames are taken only " +
        "while someone reads a stream, and `end` closes it when the page or session goes",
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
        "404": { ...errors.default, description: "session_not_found or page_not_found" },
        "503": {
          ...errors.default,
          description: "browser_not_installed, browser_disconnected or session_disposed",
        },
        ...errors,
      },
    },
  },
  "/mcp": {
    post: {
      operationId: "mcp_post",
      summary: "MCP over Streamable HTTP: a JSON-RPC 2.0 message (`?tools=` narrows the tools)",
      tags: ["mcp"],
      requestBody: { required: true, content: { "application/json": { schema: jsonRpc } } },
      responses: {
        "200": {
          description: "A JSON-RPC response, as JSON or as a text/event-stream",
          content: {
            "application/json": { schema: jsonRpc },
            "text/event-stream": { schema: { type: "string" } },
          },
        },
        "202": noBody("A notification or response was accepted"),
        ...errors,
      },
    },
    get: {
      operationId: "mcp_get",
      summary: "MCP: the server-to-client event stream of an MCP session",
      tags: ["mcp"],
      responses: {
        "200": {
          description: "text/event-stream",
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
        ...errors,
      },
    },
    delete: {
      operationId: "mcp_delete",
      summary: "MCP: end the MCP session named by Mcp-Session-Id",
      tags: ["mcp"],
      responses: { "200": noBody("Ended"), "204": { description: "Ended" }, ...errors },
    },
  },
  "/": {
    get: {
      operationId: "bap_websocket",
      summary: `BAP ${PROTOCOL_VERSION}: JSON-RPC 2.0 over a WebSocket (send Upgrade: websocket)`,
      tags: ["bap"],
      parameters: [{ name: "Upgrade", in: "header", required: true, schema: { const: "websocket" } }],
      responses: {
        "101": noBody("Switching protocols; a bad token closes the socket with 1008"),
        ...errors,
      },
    },
  },
};
