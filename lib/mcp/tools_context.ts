/** Cookies, storage state, emulation, frames and history: opt-in MCP tools over the context operations. */
import type * as v from "valibot";
import { findOp } from "../ops/call.ts";
import { PortholeError } from "../protocol/errors.ts";
import { toSnake } from "./names.ts";
import { toolResult, untrusted } from "./present.ts";
import {
  ACTS,
  asIs,
  CookiesInput,
  describe,
  HistoryInput,
  type McpTool,
  needs,
  READ_ONLY,
  runOp,
  StorageInput,
} from "./tool.ts";

export function contextTools(): McpTool[] {
  return [
    {
      name: "browser_cookies",
      title: "Read, set or clear cookies",
      description: `${describe("cookies_get")}; set: ${describe("cookies_set").toLowerCase()}`,
      input: CookiesInput,
      annotations: ACTS,
      optIn: true,
      call: async (ctx, input) => {
        const { action, urls, cookies } = input as v.InferOutput<typeof CookiesInput>;
        if (action === "get") {
          const r = await runOp("cookies_get", ctx, { urls });
          return toolResult({ cookies: untrusted(JSON.stringify(r.cookies.map(toSnake)), true) });
        }
        if (action === "clear") return toolResult(await runOp("cookies_clear", ctx, { urls }));
        if (!cookies) throw needs("cookies", action);
        return toolResult(await runOp("cookies_set", ctx, { cookies }));
      },
    },
    {
      name: "browser_storage_state",
      title: "Export or import cookies and localStorage",
      description: describe("storage_state_get", "import: " + describe("storage_state_set").toLowerCase()),
      input: StorageInput,
      annotations: ACTS,
      optIn: true,
      call: async (ctx, input) => {
        const { action, state, sessionStorage } = input as v.InferOutput<typeof StorageInput>;
        if (action === "export") {
          const r = await runOp("storage_state_get", ctx, { sessionStorage });
          return toolResult({ state: untrusted(JSON.stringify(r), true) });
        }
        if (!state) throw needs("state", action);
        if (sessionStorage !== undefined) {
          throw new PortholeError("invalid_params", "Invalid sessionStorage: only an export reads it", {
            details: { field: "sessionStorage" },
          });
        }
        return toolResult(await runOp("storage_state_set", ctx, state));
      },
    },
    {
      name: "browser_emulate",
      title: "Emulate a device or environment",
      description: describe("emulate"),
      input: findOp("emulate").input,
      annotations: ACTS,
      optIn: true,
      call: asIs("emulate"),
    },
    {
      name: "browser_frames",
      title: "List a page's frames",
      description: describe("frames", "Pass a frame_id to browser_observe to observe that frame."),
      input: findOp("frames").input,
      annotations: READ_ONLY,
      optIn: true,
      call: async (ctx, input) => {
        const { frames } = await runOp("frames", ctx, input);
        return toolResult({
          frames: frames.map((f) => ({ ...toSnake(f) as Record<string, unknown>, name: untrusted(f.name) })),
        });
      },
    },
    {
      name: "browser_history",
      title: "Reload, go back or forward",
      description: describe("reload", "back and forward move one history entry. Observe afterwards to act."),
      input: HistoryInput,
      annotations: ACTS,
      optIn: true,
      call: async (ctx, input) => {
        const { action, ...rest } = input as v.InferOutput<typeof HistoryInput>;
        const name = action === "reload" ? "reload" : action === "back" ? "go_back" : "go_forward";
        return await asIs(name)(ctx, rest);
      },
    },
  ];
}
