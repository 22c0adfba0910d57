/**
 * WebMCP discovery: the tools a page declares — forms with `toolname` (read in Porthole's
 * isolated world) and `navigator.modelContext.getTools()` (the page's own object, so read in its
 * main world, briefly and by value). Every string the page provides is bounded; all of it is
 * page content, never instructions.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";
import { deadline } from "../core/deadline.ts";
import { callInFrame, type FrameDoor } from "../core/frame_doors.ts";

export interface WebMCPTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  source: "webmcp-declarative" | "webmcp-imperative";
  formSelector?: string;
}

const DECLARATIVE = `function (schemas) {
  const cut = (s, n) => (typeof s === "string" ? s.slice(0, n) : undefined);
  return [...document.querySelectorAll("form[toolname]")].map((form) => {
    const name = cut(form.getAttribute("toolname"), 256);
    const tool = { name, source: "webmcp-declarative" };
    const d = form.getAttribute("tooldescription");
    if (d) tool.description = cut(d, 4096);
    tool.formSelector = form.id ? "#" + CSS.escape(form.id) : 'form[toolname="' + name.replace(/["\\\\]/g, "\\\\$&") + '"]';
    if (schemas) {
      const properties = {}, required = [];
      for (const el of form.querySelectorAll("input[name], textarea[name], select[name]")) {
        const type = (el.getAttribute("type") || "").toLowerCase();
        const prop = { type: type === "number" ? "number" : type === "checkbox" ? "boolean" : "string" };
        const pd = el.getAttribute("toolparamdescription");
        if (pd) prop.description = cut(pd, 1024);
        properties[cut(el.getAttribute("name"), 256)] = prop;
        if (el.hasAttribute("required")) required.push(el.getAttribute("name"));
      }
      if (Object.keys(properties).length) {
        tool.inputSchema = { type: "object", properties };
        if (required.length) tool.inputSchema.required = required;
      }
    }
    return tool;
  });
}`;

const IMPERATIVE = `(async () => {
  const mc = navigator.modelContext;
  if (!mc) return null;
  const list = typeof mc.getTools === "function" ? await mc.getTools() : [];
  const out = [];
  for (const t of Array.isArray(list) ? list.slice(0, 500) : []) {
    if (!t || typeof t.name !== "string") continue;
    const tool = { name: t.name.slice(0, 256), source: "webmcp-imperative" };
    if (typeof t.description === "string") tool.description = t.description.slice(0, 4096);
    if (t.inputSchema && typeof t.inputSchema === "object") {
      try {
        const json = JSON.stringify(t.inputSchema);
        if (json.length <= 65536) tool.inputSchema = JSON.parse(json);
      } catch (_) {}
    }
    out.push(tool);
  }
  return { version: typeof mc.version === "string" ? mc.version.slice(0, 64) : undefined, tools: out };
})()`;

export interface Discovered {
  tools: WebMCPTool[];
  totalDiscovered: number;
  apiVersion?: string;
}

/**
 * The tools a frame declares (read on the frame's own target, so a cross-site frame's too), at
 * most `maxTools` of them; none when the page cannot be read.
 */
export async function discoverTools(
  driver: PageDriver,
  door: FrameDoor,
  opts: { maxTools: number; schemas: boolean },
  signal: AbortSignal,
): Promise<Discovered> {
  const declared = await callInFrame<WebMCPTool[]>(door, DECLARATIVE, [opts.schemas], signal).catch(() => []);
  let imperative: { version?: string; tools: WebMCPTool[] } | null = null;
  if (door.info.parentId === null) {
    const dl = deadline(2000, signal);
    try {
      const r = await driver.send<Protocol.Runtime.EvaluateResponse>("Runtime.evaluate", {
        expression: IMPERATIVE,
        returnByValue: true,
        awaitPromise: true,
      }, dl.signal);
      imperative = r.exceptionDetails ? null : r.result.value ?? null;
    } catch {
      /* no imperative tools */
    } finally {
      dl.dispose();
    }
  }
  const all = [...declared, ...(imperative?.tools ?? [])];
  if (!opts.schemas) { for (const tool of all) delete tool.inputSchema; }
  const out: Discovered = {
    tools: all.slice(0, opts.maxTools),
    totalDiscovered: all.length,
  };
  if (imperative?.version) out.apiVersion = imperative.version;
  return out;
}
