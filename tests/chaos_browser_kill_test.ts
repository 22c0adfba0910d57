/**
 * Chromium killed (SIGKILL) in the middle of act, observe and navigate, a few times each: every
 * answer is one of the contract's codes (never a 500, never a hang), a new session works right
 * after, and no process of the killed browser is left behind.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, refOf, type Reply, Site } from "./harness.ts";
import { alive, processTree } from "./proc.ts";

export const KILL_SITE = {
  "/": `<!doctype html><title>Chaos</title><button onclick="location.href='/slow'">Go</button>`,
  "/slow": async () => {
    await new Promise((r) => setTimeout(r, 300));
    return new Response("<title>Slow</title><p>slow</p>", { headers: { "content-type": "text/html" } });
  },
};

/** A definite answer: a 2xx, or an error body with a code of the contract (never `internal`). */
export function assertDefinite(r: Reply<Json>, what: string): string {
  assert.notEqual(r.status, 500, `${what}: ${JSON.stringify(r.body)}`);
  if (r.status >= 400) {
    assert.equal(typeof r.body?.error?.code, "string", `${what}: ${JSON.stringify(r.body)}`);
    assert.notEqual(r.body.error.code, "internal", what);
    return r.body.error.code;
  }
  return r.body?.error?.code ?? r.body?.execution ?? "ok";
}

type Op = (ph: Porthole, sid: string, state: Json, url: string) => Promise<Reply<Json>>;

export const OPS: Record<string, Op> = {
  act: (ph, sid, state) =>
    ph.post(`/v1/sessions/${sid}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: refOf(state, /button "Go"/),
    }),
  observe: (ph, sid) => ph.post(`/v1/sessions/${sid}/observe`, {}),
  navigate: (ph, sid, _state, url) => ph.post(`/v1/sessions/${sid}/navigate`, { url, observe: true }),
};

/** Kill the browser `delayMs` into `op`; the op's answer, and how long until a new session observes. */
export async function killDuring(
  ph: Porthole,
  site: Site,
  op: Op,
  delayMs: number,
): Promise<{ answer: Reply<Json>; recoveryMs: number }> {
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const pid = ph.server.registry.pool.stats().pid!;
  const tree = processTree(pid);
  const pending = op(ph, sid, state, site.url("/slow"));
  await new Promise((r) => setTimeout(r, delayMs));
  const killedAt = performance.now();
  Deno.kill(pid, "SIGKILL");
  const answer = await pending;
  // The next session of any client works at once.
  const fresh = await ph.session();
  const seen = await ph.open(fresh, site.url("/"));
  assert.match(seen.tree, /button "Go"/);
  const recoveryMs = performance.now() - killedAt;
  await eventually("every process of the killed browser to exit", () => tree.every((p) => !alive(p)));
  await ph.request("DELETE", `/v1/sessions/${sid}`);
  await ph.request("DELETE", `/v1/sessions/${fresh}`);
  return { answer, recoveryMs };
}

Deno.test(
  "SIGKILL of the browser during act, observe and navigate: a contract code every time, and the next session works",
  browserTest,
  async () => {
    await using site = new Site(KILL_SITE);
    await using ph = await Porthole.start();
    // The browser outlives each round's sessions, so each kill hits a browser in use.
    const keeper = await ph.session();
    await ph.post(`/v1/sessions/${keeper}/pages`);
    for (const [name, op] of Object.entries(OPS)) {
      for (const delayMs of [0, 80]) {
        const { answer } = await killDuring(ph, site, op, delayMs);
        assertDefinite(answer, `${name} killed after ${delayMs} ms`);
        await ph.post(`/v1/sessions/${keeper}/pages`);
      }
    }
  },
);
