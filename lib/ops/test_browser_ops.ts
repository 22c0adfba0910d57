/**
 * The human test browser of seed 003: the agent's own operations, mounted a second time under
 * `/v1/test-browser/sessions` on a second registry (`registry.testBrowser`) with its own
 * Chromium and context limit. One engine: the same `run`, another registry; so cookies, pages
 * and state ids of one never reach the other, and errors keep the one table's statuses (not
 * installed, disconnected, disposed → 503; context capacity → 429; invalid parameters → 400;
 * any other state conflict → 409).
 */
import type { OpDef } from "./define.ts";

/** What a person's Test panel drives: create, navigate, observe, act, screenshot, close. */
const MOUNTED = new Set([
  "session_create",
  "session_list",
  "session_get",
  "session_delete",
  "page_list",
  "navigate",
  "observe",
  "act",
  "screenshot",
  "artifact_get",
]);

export const TEST_BROWSER_BASE = "/v1/test-browser/sessions";

// deno-lint-ignore no-explicit-any
export function testBrowserOps(ops: readonly OpDef<any, any>[]): OpDef<any, any>[] {
  return ops.filter((op) => MOUNTED.has(op.name)).map((op) => ({
    ...op,
    name: `test_browser_${op.name}`,
    description: `The test browser's \`${op.name}\`: the same operation, on its own registry and Chromium`,
    path: op.path.replace(/^\/v1\/sessions/, TEST_BROWSER_BASE),
    run: (ctx) => op.run({ ...ctx, registry: ctx.registry.testBrowser }),
  }));
}
