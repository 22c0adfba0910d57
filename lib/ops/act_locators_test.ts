import assert from "node:assert/strict";
import { actByLocators } from "./act_locators.ts";
import type { PortholeError } from "../protocol/errors.ts";
import type { ActWaitHost } from "../session/act_wait.ts";
import type { LocatorNames } from "../session/act_locators.ts";

const names: LocatorNames = {
  request: { name: "action/click", details: { method: "action/click" } },
  target: "selector",
  dropTarget: "target",
  field: (i) => `fields.${i}.selector`,
};

/** A session in plan mode that fails the test if anything looks at its page. */
function planSession(): ActWaitHost {
  const never = () => assert.fail("a session in plan mode was observed");
  return { id: "s_plan", mode: "plan", activate: never, observe: never } as unknown as ActWaitHost;
}

Deno.test("plan mode refuses an action by locators before it observes, naming the client's request, and it is counted", async () => {
  const seen: Record<string, string>[] = [];
  const registry = { metrics: { actions: { observe: (_: number, labels = {}) => void seen.push(labels) } } };
  const page = { pageId: "p1" };
  const spec = { action: "click" as const, on: { type: "css" as const, value: "#go" } };
  await assert.rejects(
    actByLocators(
      registry,
      planSession(),
      page,
      spec,
      { timeoutMs: 1000, names },
      new AbortController().signal,
    ),
    (e: PortholeError) => {
      assert.equal(e.code, "plan_mode");
      assert.equal(e.message, "Session s_plan is in plan mode: action/click is refused");
      assert.deepEqual(e.extras.details, { method: "action/click" });
      return true;
    },
  );
  assert.deepEqual(seen, [{ action: "click", outcome: "plan_mode" }]);
});
