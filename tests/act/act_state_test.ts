/**
 * The act contract's state rules, against real Chromium: one-shot states, the order of checks
 * (timeout before lookup, action-specific params after it), identity and drift checks, origins,
 * the three-part result and `expect`.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  assertNotDispatched,
  browserTest,
  refOf,
  sharedPorthole,
  Site,
  untilPage,
} from "../support/harness.ts";
import { alive } from "../support/proc.ts";

const COUNTER = `<!doctype html><title>Counter</title>
<h1>Counter</h1><p id="count">0</p>
<button id="inc" onclick="count.textContent = String(Number(count.textContent) + 1)">Increment</button>
<input aria-label="Note" id="note">`;

const EXPECT = `<!doctype html><title>Expect</title>
<p id="out">-</p><p class="many">x</p><p class="many">x</p><p id="later">before</p>
<button onclick="out.textContent = ' done '">Finish</button>
<button onclick="setTimeout(() => later.textContent = 'after', 1000)">Slowly</button>
<input aria-label="Entry" id="entry">`;

const FRAMED = `<!doctype html><title>Framed</title><h1>Outer</h1><iframe src="/counter"></iframe>`;

const site = new Site({ "/counter": COUNTER, "/expect": EXPECT, "/framed": FRAMED });
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, browserPid, session } = await sharedPorthole();

/** POST .../act with exactly this body; returns status and body. */
function actRaw(sid: string, body: Record<string, unknown>) {
  return ph.post(`/v1/sessions/${sid}/act`, body);
}

const count = (sid: string): Promise<string> =>
  ph.pageEval(sid, "document.getElementById('count').textContent");

Deno.test("act() refuses a state that was already used", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  const ref = refOf(s.state, /button "Increment"/);
  const first = await ph.act(s.sid, s.state, { action: "click", ref });
  assert.equal(first.execution, "completed");
  const second = await ph.act(s.sid, s.state, {
    action: "click",
    ref,
    expect: { selector: "#count", text: "2" },
  });
  assert.equal(second.execution, "not_dispatched");
  assert.equal(second.observation, "unavailable");
  assert.equal(second.postcondition, "unknown");
  assert.equal(second.error.code, "stale_state");
  assert.equal(second.freshState, undefined);
  assert.equal(await count(s.sid), "1");
});

Deno.test("act() refuses a used state even when its action failed", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  const ref = refOf(s.state, /button "Increment"/);
  const failed = await ph.act(s.sid, s.state, {
    action: "click",
    ref,
    expectedOrigin: "http://elsewhere.test:80",
  });
  assert.equal(failed.error.code, "origin_mismatch");
  const again = await ph.act(s.sid, s.state, { action: "click", ref });
  assert.equal(again.error.code, "stale_state");
  assert.equal(again.execution, "not_dispatched");
  assert.equal(await count(s.sid), "0");
});

Deno.test(
  "act() with a stateId never issued is unknown_state and leaves the current state usable",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const ref = refOf(s.state, /button "Increment"/);
    const unknown = await ph.act(s.sid, { ...s.state, stateId: "st_neverissued" }, { action: "click", ref });
    assert.equal(unknown.execution, "not_dispatched");
    assert.equal(unknown.observation, "unavailable");
    assert.equal(unknown.postcondition, "not_requested");
    assert.equal(unknown.error.code, "unknown_state");
    assert.equal(unknown.error.retryable, true);
    assert.equal(await count(s.sid), "0");
    const real = await ph.act(s.sid, s.state, { action: "click", ref });
    assert.equal(real.execution, "completed");
    assert.equal(await count(s.sid), "1");
  },
);

Deno.test(
  "act() with a replaced state is stale_state and leaves the current state usable",
  browserTest,
  async () => {
    await using s = await session();
    const old = await ph.open(s.sid, site.url("/counter"));
    const current = await ph.observe(s.sid);
    const stale = await ph.actOn(s.sid, old, "click", /button "Increment"/);
    assert.equal(stale.error.code, "stale_state");
    assert.equal(stale.execution, "not_dispatched");
    assert.equal(await count(s.sid), "0");
    const real = await ph.actOn(s.sid, current, "click", /button "Increment"/);
    assert.equal(real.execution, "completed");
    assert.equal(await count(s.sid), "1");
  },
);

Deno.test(
  "act() rejects an invalid timeoutMs with 400 before looking the state up",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const ref = refOf(s.state, /button "Increment"/);
    for (const timeoutMs of [-1, 60001, 2.5, "1000", null]) {
      for (const stateId of [s.state.stateId, "st_neverissued"]) {
        const r = await actRaw(s.sid, {
          stateId,
          targetId: s.state.targetId,
          action: "click",
          ref,
          timeoutMs,
        });
        assert.equal(r.status, 400, `timeoutMs ${JSON.stringify(timeoutMs)}`);
        assert.equal(r.body.error.code, "invalid_params");
        assert.equal(r.body.error.details.field, "timeoutMs");
      }
    }
    assert.equal(await count(s.sid), "0");
    // None of those consumed the state.
    const ok = await ph.act(s.sid, s.state, { action: "click", ref, timeoutMs: 0 });
    assert.equal(ok.execution, "completed");
    assert.equal(await count(s.sid), "1");
  },
);

Deno.test("act() rejects schema errors with 400 and consumes nothing", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  const ref = refOf(s.state, /button "Increment"/);
  const cases: [Record<string, unknown>, string][] = [
    [{ stateID: s.state.stateId }, "stateID"],
    [{ action: "smash" }, "action"],
    [{ ref: 7 }, "ref"],
  ];
  for (const [patch, field] of cases) {
    const r = await actRaw(s.sid, {
      stateId: s.state.stateId,
      targetId: s.state.targetId,
      action: "click",
      ref,
      ...patch,
    });
    assert.equal(r.status, 400, JSON.stringify(patch));
    assert.equal(r.body.error.details.field, field);
  }
  const ok = await ph.act(s.sid, s.state, { action: "click", ref });
  assert.equal(ok.execution, "completed");
});

Deno.test(
  "act() answers action-specific invalid_params in a 200, not dispatched, with the state consumed",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/counter"));
    const cases: [Record<string, unknown>, string][] = [
      [{ action: "click" }, "ref"],
      [{ action: "type", ref: "@note", text: "" }, "text"],
      [{ action: "fill", ref: "@note" }, "text"],
      [{ action: "navigate", url: "/counter" }, "url"],
      [{ action: "type", ref: "@note", text: "hi", secretRef: "mail" }, "secretRef"],
      [{ action: "click", ref: "@inc", expectedOrigin: `${site.origin}/counter` }, "expectedOrigin"],
      [{ action: "click", ref: "@inc", expectedOrigin: `${site.origin}?a=1` }, "expectedOrigin"],
      [{ action: "click", ref: "@inc", expectedOrigin: "not an origin" }, "expectedOrigin"],
      [{ action: "click", ref: "@e999" }, "ref"],
    ];
    for (const [action, field] of cases) {
      const refs = { "@note": refOf(state, /textbox "Note"/), "@inc": refOf(state, /button "Increment"/) };
      const body: Record<string, unknown> = { ...action, expect: { selector: "#count", text: "0" } };
      if (typeof body.ref === "string" && body.ref in refs) body.ref = refs[body.ref as keyof typeof refs];
      const r = await ph.act(s.sid, state, body);
      const label = JSON.stringify(action);
      assert.equal(r.execution, "not_dispatched", label);
      assert.equal(r.error.code, "invalid_params", label);
      assert.equal(r.error.details.field, field, label);
      assert.equal(r.postcondition, "unknown", label);
      // The state was consumed, so a fresh observation was attempted and replaced it.
      assert.equal(r.observation, "captured", label);
      const again = await ph.act(s.sid, state, { action: "click", ref: refs["@inc"] });
      assert.equal(again.error.code, "stale_state", label);
      state = r.freshState;
    }
    assert.equal(await count(s.sid), "0");
    assert.equal(await ph.pageEval(s.sid, "document.getElementById('note').value"), "");
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/counter");
  },
);

Deno.test(
  "act() with a wrong targetId is target_changed, not dispatched, and consumes the state",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const ref = refOf(s.state, /button "Increment"/);
    const wrong = await ph.act(s.sid, { ...s.state, targetId: "0123456789ABCDEF" }, { action: "click", ref });
    assertNotDispatched(wrong, "target_changed");
    assert.equal(wrong.error.retryable, true);
    assert.equal(await count(s.sid), "0");
    const again = await ph.act(s.sid, s.state, { action: "click", ref });
    assert.equal(again.error.code, "stale_state");
    assert.equal(await count(s.sid), "0");
  },
);

Deno.test(
  "act() on a page that is no longer the active page is target_changed and clicks nothing",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const opened = await ph.post(`/v1/sessions/${s.sid}/pages`);
    assert.equal(opened.status, 201);
    const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/);
    assertNotDispatched(r, "target_changed");
    const activated = await ph.post(`/v1/sessions/${s.sid}/pages/${s.state.pageId}/activate`);
    assert.equal(activated.status, 200);
    assert.equal(await count(s.sid), "0");
  },
);

Deno.test({
  name: "act() after a same-URL reload is document_changed and clicks nothing",
  ...browserTest,
  fn: async () => {
    await using s = await session(site.url("/counter"));
    const before = await ph.pageEval(s.sid, "performance.timeOrigin");
    await ph.pageEval(s.sid, "location.reload()");
    await untilPage(ph, s.sid, `performance.timeOrigin !== ${before} && document.readyState === "complete"`);
    const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/);
    assertNotDispatched(r, "document_changed");
    assert.equal(r.observation, "captured");
    assert.notEqual(r.freshState.document.documentId, s.state.document.documentId);
    assert.equal(await count(s.sid), "0");
  },
});

Deno.test(
  "act() on a frame that loaded a new document is document_changed and clicks nothing",
  browserTest,
  async () => {
    await using s = await session();
    const top = await ph.open(s.sid, site.url("/framed"));
    const frameId = await ph.frameOf(s.sid, "/counter");
    const state = await ph.observe(s.sid, { frameId });
    assert.equal(state.frameId, frameId);
    assert.notEqual(state.frameId, top.frameId);
    const frameCount =
      "document.querySelector('iframe').contentDocument.getElementById('count')?.textContent";
    const before = await ph.pageEval(
      s.sid,
      "document.querySelector('iframe').contentWindow.performance.timeOrigin",
    );
    await ph.pageEval(s.sid, "document.querySelector('iframe').contentWindow.location.reload()");
    await untilPage(
      ph,
      s.sid,
      `(() => { const w = document.querySelector('iframe').contentWindow;
      return w.performance.timeOrigin !== ${before} && w.document.readyState === "complete"; })()`,
    );
    const r = await ph.actOn(s.sid, state, "click", /button "Increment"/);
    assertNotDispatched(r, "document_changed");
    assert.equal(r.observation, "captured");
    assert.equal(r.freshState.frameId, frameId);
    assert.notEqual(r.freshState.document.loaderId, state.document.loaderId);
    assert.equal(await ph.pageEval(s.sid, frameCount), "0");
  },
);

Deno.test(
  "a removed button is element_detached and never replaced by an identical new one",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const ref = refOf(s.state, /button "Increment"/);
    await ph.pageEval(
      s.sid,
      `(() => {
      const old = document.getElementById("inc");
      const twin = old.cloneNode(true);
      old.remove();
      twin.onclick = () => { window.twinClicks = (window.twinClicks || 0) + 1; };
      document.body.append(twin);
    })()`,
    );
    const r = await ph.act(s.sid, s.state, { action: "click", ref });
    assertNotDispatched(r, "element_detached");
    assert.equal(await ph.pageEval(s.sid, "window.twinClicks ?? 0"), 0);
    assert.equal(await count(s.sid), "0");
    // The twin is a new node with a new ref.
    assert.notEqual(refOf(r.freshState, /button "Increment"/), ref);
  },
);

Deno.test("a button whose name changed is element_changed and is not clicked", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  await ph.pageEval(s.sid, `document.getElementById("inc").textContent = "Delete everything"`);
  const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/);
  assertNotDispatched(r, "element_changed");
  assert.equal(await count(s.sid), "0");
});

Deno.test("a button whose role changed is element_changed and is not clicked", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  await ph.pageEval(s.sid, `document.getElementById("inc").setAttribute("role", "link")`);
  const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/);
  assertNotDispatched(r, "element_changed");
  assert.equal(await count(s.sid), "0");
});

Deno.test(
  "an expectedOrigin other than the page's origin is origin_mismatch and clicks nothing",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const port = new URL(site.origin).port;
    const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/, {
      expectedOrigin: `http://localhost:${port}`,
    });
    assertNotDispatched(r, "origin_mismatch");
    assert.equal(r.error.retryable, false);
    assert.equal(await count(s.sid), "0");
  },
);

Deno.test("expectedOrigin is compared in canonical form", browserTest, async () => {
  await using s = await session(site.url("/counter"));
  assert.equal(s.state.origin, site.origin);
  const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/, {
    expectedOrigin: site.origin.toUpperCase().replace("HTTP:", "http:") + "/",
  });
  assertCompleted(r);
  assert.equal(await count(s.sid), "1");
});

Deno.test(
  "every act result answers execution, observation and postcondition separately",
  browserTest,
  async () => {
    await using s = await session(site.url("/counter"));
    const r = await ph.actOn(s.sid, s.state, "click", /button "Increment"/);
    assert.deepEqual(
      { execution: r.execution, observation: r.observation, postcondition: r.postcondition, error: r.error },
      { execution: "completed", observation: "captured", postcondition: "not_requested", error: undefined },
    );
    // The fresh state is the session's new current state, of the same page and document.
    assert.equal(r.freshState.pageId, s.state.pageId);
    assert.equal(r.freshState.document.documentId, s.state.document.documentId);
    assert.notEqual(r.freshState.stateId, s.state.stateId);
    const next = await ph.actOn(s.sid, r.freshState, "click", /button "Increment"/);
    assert.equal(next.execution, "completed");
    assert.equal(await count(s.sid), "2");
  },
);

// ---- expect ---------------------------------------------------------------------------

/** Click a button of /expect with an `expect`; returns the postcondition. */
async function clickExpect(button: RegExp, expect: { selector: string; text: string }): Promise<string> {
  await using s = await session(site.url("/expect"));
  const r = await ph.act(s.sid, s.state, { action: "click", ref: refOf(s.state, button), expect });
  assert.equal(r.execution, "completed");
  assert.equal(r.observation, "captured");
  return r.postcondition;
}

Deno.test("expect is met by the exact, untrimmed textContent of the single match", browserTest, async () => {
  assert.equal(await clickExpect(/button "Finish"/, { selector: "#out", text: " done " }), "met");
  assert.equal(await clickExpect(/button "Finish"/, { selector: "#out", text: "done" }), "unmet");
});

Deno.test("expect is unmet when the selector matches nothing", browserTest, async () => {
  assert.equal(await clickExpect(/button "Finish"/, { selector: "#missing", text: "" }), "unmet");
});

Deno.test(
  "expect is unmet when the selector matches several elements, even with equal text",
  browserTest,
  async () => {
    assert.equal(await clickExpect(/button "Finish"/, { selector: ".many", text: "x" }), "unmet");
  },
);

Deno.test("expect with an invalid selector is unknown", browserTest, async () => {
  assert.equal(await clickExpect(/button "Finish"/, { selector: "p[", text: " done " }), "unknown");
});

Deno.test("expect is evaluated once, without waiting for a later value", browserTest, async () => {
  await using s = await session(site.url("/expect"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Slowly"/, {
    expect: { selector: "#later", text: "after" },
  });
  assert.equal(r.execution, "completed");
  assert.equal(r.postcondition, "unmet");
  // The page does reach the expected text later: only the waiting was missing.
  await untilPage(ph, s.sid, `document.getElementById("later").textContent === "after"`);
});

Deno.test("expect never compares input values", browserTest, async () => {
  await using s = await session(site.url("/expect"));
  const r = await ph.actOn(s.sid, s.state, "fill", /textbox "Entry"/, {
    text: "typed",
    expect: { selector: "#entry", text: "typed" },
  });
  assert.equal(r.execution, "completed");
  assert.equal(await ph.pageEval(s.sid, `document.getElementById("entry").value`), "typed");
  assert.equal(r.postcondition, "unmet");
});

Deno.test("expect is unknown when the action was not dispatched", browserTest, async () => {
  await using s = await session(site.url("/expect"));
  await ph.pageEval(s.sid, `document.querySelector("button").disabled = true`);
  const r = await ph.actOn(s.sid, s.state, "click", /button "Finish"/, {
    expect: { selector: "#out", text: "-" },
  });
  assert.equal(r.execution, "not_dispatched");
  assert.equal(r.observation, "captured");
  assert.equal(r.postcondition, "unknown");
});

Deno.test("expect is not_requested when no expect was given", browserTest, async () => {
  await using s = await session(site.url("/expect"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Finish"/);
  assert.equal(r.postcondition, "not_requested");
  assert.equal(await ph.pageEval(s.sid, `document.getElementById("out").textContent`), " done ");
});

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
  if (browserPid) {
    // SIGKILL is sent to the browser's process group; the kernel may take a moment to end it.
    for (let i = 0; i < 100 && alive(browserPid); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(alive(browserPid), false);
  }
});
