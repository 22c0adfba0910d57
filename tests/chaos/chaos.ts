/**
 * Chaos fixtures shared by the quick chaos tests and the soak: the sites, the operations a kill
 * or crash lands in, what counts as a definite answer, and the kill and crash rounds themselves.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  eventually,
  type Json,
  type Porthole,
  refOf,
  type Reply,
  type Site,
} from "../support/harness.ts";
import { alive, processTree } from "../support/proc.ts";

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

export const STORM_SITE = {
  "/": `<!doctype html><title>Chaos</title><button onclick="location.href='/slow'">Go</button>`,
  "/slow": async () => {
    await new Promise((r) => setTimeout(r, 300));
    return new Response("<title>Slow</title><p>slow</p>", { headers: { "content-type": "text/html" } });
  },
  "/popups": `<!doctype html><title>Popups</title>
    <button onclick="for (let i = 0; i < 40; i++) window.open('/child?' + i)">Storm</button>`,
  "/child": "<title>Child</title><p>child</p>",
  "/downloads": `<!doctype html><title>Downloads</title>
    <a id="f" href="/file.csv" download>f</a>
    <button onclick="for (let i = 0; i < 40; i++) document.getElementById('f').click()">Storm</button>`,
  "/file.csv": () => new Response("a,b\n1,2\n", { headers: { "content-type": "text/csv" } }),
};

/** A bystander session with a page and a state it will act on at the end. */
export async function bystander(ph: Porthole, site: Site) {
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  return {
    sid,
    /** Its state is still current and actionable (a click on it completes). */
    async intact(): Promise<void> {
      const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Go"/) });
      assertCompleted(r);
    },
  };
}

/** Crash the renderer of `sid`'s page `delayMs` into `op`; the answer, and the time navigate took to recover. */
export async function crashDuring(
  ph: Porthole,
  site: Site,
  name: string,
  delayMs: number,
): Promise<{ answer: Json; recoveryMs: number }> {
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const rec = ph.server.registry.get(sid).pages.get(state.pageId)!;
  const events = ph.server.registry.get(sid).events.subscribe();
  const pending = OPS[name](ph, sid, state, site.url("/slow"));
  await new Promise((r) => setTimeout(r, delayMs));
  rec.driver.send("Page.crash").catch(() => {});
  const answer = await pending;
  // The op may have ended before the crash (or a navigation it started outran it): give the
  // crash a moment to be reported, then recover as a client would, following the hint.
  const end = Date.now() + 2_000;
  let crashed = false;
  while (!crashed && Date.now() < end) {
    for (let ev = events.poll(); ev; ev = events.poll()) crashed ||= ev.type === "page.crashed";
    if (!crashed) await new Promise((r) => setTimeout(r, 25));
  }
  events.close();
  const t0 = performance.now();
  const go = () => ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/"), observe: true });
  let nav = await go();
  if (nav.body?.error?.code === "page_unresponsive") nav = await go();
  assert.equal(nav.status, 200, `navigate after a crash: ${JSON.stringify(nav.body)}`);
  assert.match(nav.body.state.tree, /button "Go"/);
  const recoveryMs = performance.now() - t0;
  await ph.request("DELETE", `/v1/sessions/${sid}`);
  return { answer, recoveryMs };
}
