/**
 * Schema fuzzing of every operation, door by door: each field of each operation's published
 * schema (OpenAPI for HTTP, tools/list for MCP) given a value of the wrong kind is a 400
 * invalid_params that names that field, never a 5xx or a hang; BAP methods given wrong params
 * and malformed frames answer with BAP's codes; afterwards every door still works.
 * `fuzzRounds` sets how many generated values each field gets (the soak runs more).
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type Json, Porthole } from "../support/harness.ts";
import { fixtureTest, openedPorthole } from "../support/fixtures.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { METHODS } from "../../lib/bap/methods.ts";

const PAGE = "<!doctype html><title>Fuzz</title><button>Go</button>";

/** What the doors answered, counted. */
export interface FuzzTally {
  requests: number;
  fivexx: number;
  hangs: number;
  imprecise: string[];
}

/** Values of the wrong kind for a JSON Schema node; `round` varies them. */
export function wrongValues(node: Json, round: number): unknown[] {
  const type = Array.isArray(node?.type) ? node.type : node?.type ? [node.type] : [];
  const out: unknown[] = [];
  if (node?.enum || node?.const !== undefined) out.push(`__not_one_${round}__`);
  if (type.includes("string")) out.push(round % 2 ? 12345 : { s: round });
  if (type.includes("integer") || type.includes("number")) {
    out.push(round % 2 ? "NaN" : [round]);
    if (node.minimum !== undefined) out.push(node.minimum - 1 - round);
    if (node.maximum !== undefined) out.push(node.maximum + 1 + round);
    if (type.includes("integer")) out.push(0.5 + round);
  }
  if (type.includes("boolean")) out.push(round % 2 ? "yes" : 1);
  if (type.includes("array")) out.push(round % 2 ? "not-an-array" : { 0: "x" });
  if (type.includes("object")) out.push(round % 2 ? 42 : "object");
  if (!type.length && (node?.anyOf || node?.oneOf)) out.push([[[`deep-${round}`]]]);
  return out.filter((v) => !(type.includes("null") && v === null));
}

/** Whether `field` names the bad property `prop` (or a path inside it), or a required one left out. */
function precise(field: unknown, prop: string, required: string[]): boolean {
  if (typeof field !== "string") return false;
  return field === prop || field.startsWith(`${prop}.`) || field.startsWith(`${prop}[`) ||
    required.includes(field.split(".")[0]);
}

async function timed<T>(
  tally: FuzzTally,
  what: string,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T | null> {
  tally.requests++;
  try {
    return await fn(AbortSignal.timeout(15_000));
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError") {
      tally.hangs++;
      tally.imprecise.push(`${what}: no answer in 15 s`);
      return null;
    }
    throw err;
  }
}

/** Every operation of the OpenAPI document, each field with wrong values, over HTTP. */
export async function fuzzHttp(ph: Porthole, sid: string, rounds: number, tally: FuzzTally): Promise<void> {
  const doc = (await ph.request("GET", "/openapi.json")).body;
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      // MCP's JSON-RPC envelope is fuzzed through its tools below, not as an HTTP body.
      if (op.tags?.includes("mcp")) continue;
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (!schema?.properties) continue;
      const url = path.replace("{sessionId}", sid).replace(/\{(\w+)\}/g, "nope_$1");
      const required: string[] = schema.required ?? [];
      const cases: [string, unknown][] = [["__bogus", { __bogus: 1 }]];
      for (const [prop, node] of Object.entries<Json>(schema.properties)) {
        for (let r = 0; r < rounds; r++) {
          for (const bad of wrongValues(node, r)) cases.push([prop, { [prop]: bad }]);
        }
      }
      for (const [prop, body] of cases) {
        const what = `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`;
        const r = await timed(tally, what, () => ph.request(method.toUpperCase(), url, body));
        if (!r) continue;
        if (r.status >= 500) tally.fivexx++;
        const e = r.body?.error;
        if (prop === "__bogus" && schema.additionalProperties !== false) continue;
        if (r.status !== 400 || e?.code !== "invalid_params" || !precise(e.details?.field, prop, required)) {
          tally.imprecise.push(`${what} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        }
      }
    }
  }
}

/** Every MCP tool, each argument with wrong values. */
export async function fuzzMcp(ph: Porthole, rounds: number, tally: FuzzTally): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp`));
  const client = new Client({ name: "porthole-fuzz", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const schema: Json = tool.inputSchema;
      const required: string[] = schema.required ?? [];
      for (const [prop, node] of Object.entries<Json>(schema.properties ?? {})) {
        for (let r = 0; r < rounds; r++) {
          for (const bad of wrongValues(node, r)) {
            const what = `${tool.name} ${JSON.stringify({ [prop]: bad })}`;
            const res: Json = await timed(
              tally,
              what,
              (signal) =>
                client.callTool({ name: tool.name, arguments: { [prop]: bad } }, undefined, { signal }),
            ).catch((err) => ({ thrown: String(err) }));
            if (!res) continue;
            const e = res.structuredContent?.error;
            if (e?.code === "internal") tally.fivexx++;
            if (!res.isError || e?.code !== "invalid_params" || !precise(e.details?.field, prop, required)) {
              tally.imprecise.push(`${what} → ${JSON.stringify(res).slice(0, 200)}`);
            }
          }
        }
      }
    }
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}

const GARBAGE = [
  "",
  "{",
  "[]",
  "null",
  "42",
  '"x"',
  '{"jsonrpc":"2.0"}',
  '{"jsonrpc":"2.0","id":{},"method":"initialize"}',
  '{"jsonrpc":"1.0","id":1,"method":"initialize"}',
  '[{"jsonrpc":"2.0","id":1,"method":"nope"},7]',
  "[" + "[".repeat(2000) + "]".repeat(2000) + "]",
];

/** BAP: malformed frames, repeated initialize and launch, then every method with wrong params. */
export async function fuzzBap(
  ph: Porthole,
  methods: string[],
  rounds: number,
  tally: FuzzTally,
): Promise<void> {
  await using c = await BapClient.open(wsUrl(ph.url));
  for (const frame of GARBAGE) c.sendRaw(frame);
  const init = {
    protocolVersion: "0.9.0",
    clientInfo: { name: "porthole-fuzz", version: "1.0.0" },
    capabilities: { events: [], streaming: false, compression: false },
  };
  const answers = [
    c.request("initialize", init),
    c.request("browser/launch", {}),
    c.request("browser/launch", {}),
  ];
  answers.push(c.request("initialize", init));
  for (const a of await Promise.all(answers)) {
    tally.requests++;
    if (a.error?.code === -32603) tally.fivexx++;
  }
  const wrong = [42, "x", [1, 2], { url: 7, selector: 9, timeout: "soon", pageId: {} }, { options: "x" }];
  for (const method of methods) {
    for (let r = 0; r < rounds; r++) {
      for (const params of wrong) {
        const what = `${method} ${JSON.stringify(params)}`;
        const a: Json = await timed(tally, what, (signal) =>
          Promise.race([
            c.request(method, params),
            new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
          ]));
        if (!a) continue;
        if (a.error?.code === -32603) {
          tally.fivexx++;
          tally.imprecise.push(`${what} → ${JSON.stringify(a.error).slice(0, 200)}`);
        }
      }
    }
  }
  const { contexts } = await c.call("context/list", {}).catch(() => ({ contexts: [] }));
  assert.ok(Array.isArray(contexts), "the connection still answers");
}

/** A new session of each door navigates and observes the page. */
export async function everyDoorWorks(ph: Porthole, url: string): Promise<void> {
  const sid = await ph.session();
  assert.match((await ph.open(sid, url)).tree, /button "Go"/);
  await ph.request("DELETE", `/v1/sessions/${sid}`);
  {
    await using bap = await BapClient.connect(wsUrl(ph.url));
    await bap.call("browser/launch", {});
    await bap.call("page/create", {});
    await bap.call("page/navigate", { url });
    assert.match(JSON.stringify((await bap.call("observe/accessibility", {})).tree), /Go/);
  }
  const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp`));
  const client = new Client({ name: "porthole-fuzz", version: "1.0.0" });
  await client.connect(transport);
  try {
    const nav: Json = await client.callTool({ name: "browser_navigate", arguments: { url } });
    assert.ok(!nav.isError, JSON.stringify(nav.content));
    const seen: Json = await client.callTool({ name: "browser_observe", arguments: {} });
    assert.match(seen.structuredContent.tree, /button "Go"/);
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}

/** Every BAP method Porthole answers, and one it does not. */
export const BAP_FUZZ_METHODS = [...Object.keys(METHODS).filter((m) => m !== "initialize"), "nope/nope"];

fixtureTest(
  "fuzzing every operation's fields over HTTP, MCP and BAP: a precise invalid_params each time, no 5xx, no hang, and every door works after",
  () => openedPorthole({ "/": PAGE }),
  async ({ site, ph, sid }) => {
    const tally: FuzzTally = { requests: 0, fivexx: 0, hangs: 0, imprecise: [] };
    await fuzzHttp(ph, sid, 1, tally);
    await fuzzMcp(ph, 1, tally);
    await fuzzBap(ph, BAP_FUZZ_METHODS, 1, tally);
    assert.deepEqual(tally.imprecise, []);
    assert.equal(tally.fivexx, 0);
    assert.equal(tally.hangs, 0);
    assert.ok(tally.requests > 300, `only ${tally.requests} requests`);
    await everyDoorWorks(ph, site.url("/"));
    assert.match((await ph.observe(sid)).tree, /button "Go"/, "the fuzzed session kept its page");
  },
);
