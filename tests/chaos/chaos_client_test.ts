/**
 * Clients that misbehave must not hurt the server: one that leaves mid-act cancels what has not
 * reached the page yet and still leaves a definite outcome in the session's event stream; one that
 * sends its headers a byte at a time (slowloris) or opens event streams it never reads is bounded.
 */
import assert from "node:assert/strict";
import { browserTest, eventsOf, eventually, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { fixtureTest, openedPorthole } from "../support/fixtures.ts";

const SHOP = `<!doctype html><title>Shop</title>
<p id="orders">0</p>
<button onclick="orders.textContent = String(Number(orders.textContent) + 1)">Place order</button>
<button onclick="setTimeout(() => location.href = '/slow', 0)">Slow</button>`;

const SLOW = async () => {
  await new Promise((r) => setTimeout(r, 1500));
  return new Response("<title>Slow</title><p>arrived</p>", { headers: { "content-type": "text/html" } });
};

/** POST an act and drop the connection after `ms`, as a client that goes away does. */
async function actAndLeave(ph: Porthole, sid: string, body: Json, ms: number): Promise<void> {
  const ctl = new AbortController();
  const res = fetch(`${ph.url}/v1/sessions/${sid}/act`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${ph.token}` },
    body: JSON.stringify(body),
    signal: ctl.signal,
  });
  await new Promise((r) => setTimeout(r, ms));
  ctl.abort();
  await res.then((r) => r.body?.cancel(), () => {});
}

/**
 * Click the element matching `pattern` in an observed state, leave after `leaveMs`, and
 * wait up to `withinMs` for the action.finished event that tells the outcome.
 */
async function clickAndLeave(
  ph: Porthole,
  sid: string,
  state: Json,
  pattern: RegExp,
  leaveMs: number,
  withinMs: number,
): Promise<Json> {
  const ref = refOf(state, pattern);
  await actAndLeave(
    ph,
    sid,
    { stateId: state.stateId, targetId: state.targetId, action: "click", ref },
    leaveMs,
  );
  return await eventually(
    "a definite outcome",
    () => eventsOf(ph, sid).find((e) => e.type === "action.finished"),
    Boolean,
    withinMs,
  );
}

Deno.test(
  "a client that leaves while its action waits for approval cancels it: the request is withdrawn, nothing is clicked, action.finished says so",
  browserTest,
  async () => {
    await using site = new Site({ "/": SHOP }),
      ph = await Porthole.start((c) => {
        c.operator.approvals = [{ actions: ["click"], consequences: ["purchase"], timeoutMs: 30_000 }];
      });
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const finished = await clickAndLeave(ph, sid, state, /button "Place order"/, 500, 5_000);
    assert.equal(finished.data.execution, "not_dispatched");
    assert.equal(finished.data.error, "cancelled");
    assert.deepEqual((await ph.request("GET", "/v1/approvals")).body.approvals, []);
    assert.equal(await ph.pageEval(sid, "orders.textContent"), "0");
    // The session's gate is free again.
    assert.match((await ph.observe(sid)).tree, /button "Place order"/);
  },
);

fixtureTest(
  "a client that leaves after its click reached the page: the action runs to its end, and action.finished tells the outcome",
  () => openedPorthole({ "/": SHOP, "/slow": SLOW }),
  async ({ ph, sid, state }) => {
    const finished = await clickAndLeave(ph, sid, state, /button "Slow"/, 400, 10_000);
    assert.equal(finished.data.execution, "completed");
    assert.equal((await ph.observe(sid)).title, "Slow");
  },
);

Deno.test(
  "slowloris: fifty clients that never finish their headers do not stop the server answering others",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const { port } = new URL(ph.url);
    const conns: Deno.Conn[] = [];
    for (let i = 0; i < 50; i++) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
      await conn.write(new TextEncoder().encode("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: "));
      conns.push(conn);
    }
    try {
      const t0 = performance.now();
      const r = await ph.request("GET", "/health");
      assert.equal(r.status, 200);
      assert.ok(performance.now() - t0 < 2000);
    } finally {
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed by the server */ }
      }
    }
  },
);
