import assert from "node:assert/strict";
import {} from "../support/harness.ts";
import { fixtureTest, openedPorthole } from "../support/fixtures.ts";

const COUNTER = `<!doctype html><title>Counter</title>
<h1>Counter</h1><p id="count">0</p>
<button onclick="count.textContent = String(Number(count.textContent) + 1)">Increment</button>`;

fixtureTest(
  "an agent creates a session, navigates, observes and clicks by ref",
  () => openedPorthole({ "/": COUNTER }),
  async ({ ph, sid, state }) => {
    const result = await ph.actOn(sid, state, "click", /button "Increment"/, {
      expect: { selector: "#count", text: "1" },
    });
    assert.equal(result.execution, "completed");
    assert.equal(result.observation, "captured");
    assert.equal(result.postcondition, "met");
    assert.equal(await ph.pageEval(sid, "document.getElementById('count').textContent"), "1");
    const again = await ph.actOn(sid, result.freshState, "click", /button/);
    assert.equal(again.execution, "completed");
    assert.equal(await ph.pageEval(sid, "document.getElementById('count').textContent"), "2");
  },
);
