import assert from "node:assert/strict";
import { findOp, type OpName } from "../../lib/ops/call.ts";
import { parseInput } from "../../lib/protocol/validate.ts";
import type { Call } from "../../lib/bap/call.ts";
import { METHODS } from "../../lib/bap/methods.ts";
import { readParams } from "../../lib/bap/schema.ts";
import type { PageTarget } from "../../lib/bap/context.ts";

const page = { pageId: "p_1" } as PageTarget;
const call = {} as Call;

/** A method's params as BAP reads them, then as the core operation it maps onto receives them. */
function mapped(method: string, params: Record<string, unknown>): { op: string; input: unknown } {
  const m = METHODS[method];
  assert.ok(m.op, `${method} is a core operation`);
  const input = m.op.input(readParams(m.params, params), call, page);
  const schema = findOp(m.op.name).input; // null: the operation takes no body
  return { op: m.op.name, input: schema ? parseInput(schema, input) : input };
}

Deno.test("every BAP method that is a core operation names one the core has", () => {
  const ops = Object.entries(METHODS).flatMap(([name, m]) => m.op ? [[name, m.op.name]] : []);
  assert.ok(ops.length >= 14, `${ops.length} methods are core operations`);
  for (const [, op] of ops) assert.doesNotThrow(() => findOp(op as OpName));
});

Deno.test("page/reload, goBack and goForward are the core's history operations, commit waiting for DOMContentLoaded", () => {
  assert.deepEqual(mapped("page/reload", { waitUntil: "networkidle", timeout: 2500.4 }), {
    op: "reload",
    input: { pageId: "p_1", waitUntil: "networkidle", timeoutMs: 2500 },
  });
  assert.deepEqual(mapped("page/goBack", { waitUntil: "commit" }), {
    op: "go_back",
    input: { pageId: "p_1", waitUntil: "domcontentloaded", timeoutMs: 30_000 },
  });
  assert.equal(mapped("page/goForward", {}).op, "go_forward");
});

Deno.test("page/create is the core's page_open, with its URL and the page's own emulation", () => {
  const viewport = { width: 640, height: 480 };
  assert.deepEqual(mapped("page/create", { contextId: "ctx-a", url: "https://example.com/", viewport }), {
    op: "page_open",
    input: { url: "https://example.com/", viewport },
  });
  assert.deepEqual(mapped("page/close", { pageId: "p_1", runBeforeUnload: true }), {
    op: "page_close",
    input: {},
  });
  assert.equal(mapped("page/activate", { pageId: "p_1" }).op, "page_activate");
});

Deno.test("agent/extract is the core's extract in the page's selected frame, its selector the core locator", () => {
  const selected = { state: { frames: new Map([["p_1", "F2"]]) } } as unknown as Call;
  const m = METHODS["agent/extract"];
  const params = {
    instruction: "x",
    schema: { type: "string" },
    selector: { type: "css", value: "h2" },
    timeout: 0,
  };
  const input = m.op!.input(readParams(m.params, params), selected, page);
  assert.equal(m.op!.name, "extract");
  assert.deepEqual(parseInput(findOp("extract").input!, input), {
    pageId: "p_1",
    frameId: "F2",
    schema: { type: "string" },
    mode: "single",
    locator: { type: "css", value: "h2" },
    includeSources: undefined,
    timeoutMs: 1,
  });
});
